/* screen_quiz: the five-level quiz.  A level list (locked, open, in
 * progress, passed with the best score), then one question at a time, the
 * explanation after each answer, and a result at the end of a level.
 *
 * Grading, shuffles and level rules are quiz.h's; this file maps keys to
 * those calls and draws.  Progress is saved after every answer, so quitting
 * anywhere resumes at the same question with the same order.  A prediction
 * starts its demo through runner.h after the learner answers and is judged
 * when the results arrive (quiz_run.c finds the measurement). */
#include <curses.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include "app.h"
#include "quiz.h"
#include "quiz_lang.h"
#include "quiz_run.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

enum phase { PH_LIST, PH_ASK, PH_MEASURE, PH_FEEDBACK, PH_RESULT };

struct qs {
	enum phase phase;
	int sel;                          /* level list cursor */
	struct quiz lv[QUIZ_LEVELS];
	char error[QUIZ_LEVELS][300];     /* "" when the level loaded */
	int level;                        /* the level being taken */
	int order[QUIZ_MAX_QUESTIONS];
	int qi;                           /* file index of the current question */
	int rowmap[QUIZ_MAX_ITEMS], nrows, cursor, grabbed;
	struct quiz_response resp;
	bool hint;
	bool correct, judged;             /* feedback */
	int earned, pct;
	char measured[300];               /* prediction: value and its source */
	double measured_num;              /* prediction: the measured number, 0 when none */
	struct quiz_run run;
};

static const struct quiz_question *cur(const struct qs *s)
{
	return &s->lv[s->level].q[s->qi];
}

static void *quiz_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct qs *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	/* English itself: no translation to fall back from, nothing marked */
	bool english = !app->opt.lang || !strcmp(app->opt.lang, "en");
	for (int i = 0; i < QUIZ_LEVELS; i++) {
		char tr_path[4200], en_path[4200];
		struct diags d = { 0 };
		if (!quiz_run_level_paths(app, i + 1, tr_path, en_path, sizeof tr_path))
			snprintf(s->error[i], sizeof s->error[i], tr(MSG_QUIZ_MISSING), i + 1);
		else if (!(english && en_path[0]
				   ? quiz_load(en_path, &s->lv[i], &d)
				   : quiz_load_lang(tr_path[0] ? tr_path : NULL,
						    en_path[0] ? en_path : NULL, &s->lv[i], &d)) && d.n)
			diag_format(&d.v[0], s->error[i], sizeof s->error[i]);
		diags_free(&d);
	}
	quiz_run_init(&s->run);
	for (int i = 0; i < QUIZ_LEVELS; i++)   /* the furthest open level... */
		if (quiz_unlocked(&app->progress, i))
			s->sel = i;
	for (int i = QUIZ_LEVELS - 1; i >= 0; i--) /* ...unless one is under way */
		if (app->progress.levels[i].in_progress && quiz_unlocked(&app->progress, i))
			s->sel = i;
	return s;
}

static void quiz_leave(struct app *app, void *st)
{
	(void)app;
	struct qs *s = st;
	quiz_run_free(&s->run);
	for (int i = 0; i < QUIZ_LEVELS; i++)
		quiz_free(&s->lv[i]);
	free(s);
}

/* Draws s wrapped to w columns from row y, stopping before row ymax. */
static int para(int y, int x, int w, int ymax, enum role r, const char *s)
{
	struct text_lines tl = { 0 };
	text_wrap(s ? s : "", w, &tl);
	for (size_t i = 0; i < tl.n && y < ymax; i++)
		ui_text(y++, x, w, r, tl.line[i]);
	text_lines_free(&tl);
	return y;
}

/* ---- the level list ---- */

static void draw_list(struct app *app, struct qs *s)
{
	ui_title(tr(MSG_QUIZ_TITLE), tr(MSG_QUIZ_RULE));
	for (int i = 0; i < QUIZ_LEVELS; i++) {
		int y = 2 + 2 * i;
		bool sel = i == s->sel, open = quiz_unlocked(&app->progress, i) && !s->error[i][0];
		enum role base = sel ? C_SELECT : C_NORMAL;
		ui_fill(y, 0, 1, COLS, base);
		char state[64], name[160];
		quiz_level_state(&app->progress, i, s->error[i][0] ? 0 : s->lv[i].n, state, sizeof state);
		snprintf(name, sizeof name, tr(MSG_QUIZ_LEVEL_NAME), i + 1, s->lv[i].title ? s->lv[i].title : "");
		ui_text(y, 2, 1, sel ? base : C_ACCENT, sel ? ">" : " ");
		int sw = text_width(state);
		ui_text(y, 4, COLS - sw - 8, sel ? base : open ? C_NORMAL : C_DIM, name);
		bool passed = app->progress.levels[i].best >= QUIZ_PASS_PCT;
		ui_text(y, COLS - 2 - sw, sw, sel ? base : passed ? C_OK : s->error[i][0] ? C_WRONG : C_DIM, state);
	}
	int y = 2 + 2 * QUIZ_LEVELS;
	ui_hline(y++, 0, COLS, C_DIM);
	const char *about = s->error[s->sel][0] ? s->error[s->sel] : s->lv[s->sel].summary;
	y = para(y, 2, COLS - 4, LINES - 2, s->error[s->sel][0] ? C_WRONG : C_NORMAL, about);
	if (!quiz_unlocked(&app->progress, s->sel))
		para(y, 2, COLS - 4, LINES - 2, C_DIM, tr(MSG_QUIZ_LOCKED_NOTE));
	ui_status(app->status[0] ? app->status : "", tr(MSG_QUIZ_LIST_HINTS));
}

/* ---- one question ---- */

static void setup_question(struct app *app, struct qs *s)
{
	const struct level_progress *lp = &app->progress.levels[s->level];
	s->qi = s->order[lp->question];
	s->nrows = quiz_rows_init(cur(s), lp->seed, s->qi, s->rowmap, &s->resp);
	s->cursor = 0;
	s->grabbed = -1;
	s->hint = false;
	s->phase = PH_ASK;
}

static void finish_level(struct app *app, struct qs *s)
{
	s->pct = quiz_finish(&app->progress.levels[s->level]);
	app_progress_changed(app);
	s->phase = PH_RESULT;
}

static void open_level(struct app *app, struct qs *s, int i)
{
	struct level_progress *lp = &app->progress.levels[i];
	s->level = i;
	if (!lp->in_progress || lp->question < 0) {
		unsigned entropy = (unsigned)time(NULL) ^ ((unsigned)getpid() << 12);
		quiz_start_attempt(lp, quiz_new_seed(entropy, lp->attempt));
		app_progress_changed(app);
	}
	quiz_attempt_order(lp->seed, s->lv[i].n, s->order);
	if ((size_t)lp->question >= s->lv[i].n)
		finish_level(app, s);
	else
		setup_question(app, s);
}

static const char *row_text(const struct qs *s, int r, char *buf, size_t size)
{
	const struct quiz_question *q = cur(s);
	int k = s->rowmap[r];
	switch (q->type) {
	case QT_SINGLE: case QT_MULTI: return q->options[k];
	case QT_TRUEFALSE: return tr(k ? MSG_QUIZ_TRUE : MSG_QUIZ_FALSE);
	case QT_PREDICT: return q->nbands ? q->bands[k].label : q->choices[k].label;
	case QT_ORDER: return q->items[s->resp.seq[r]];
	case QT_MATCH: {
		int lw = 0;
		for (size_t i = 0; i < q->npairs; i++)
			if (text_width(q->left[i]) > lw)
				lw = text_width(q->left[i]);
		int pad = (lw > 30 ? 30 : lw) - text_width(q->left[r]);
		snprintf(buf, size, "%s%*s %s %s", q->left[r], pad > 0 ? pad : 0, "",
			 ui_glyph(G_ARROW), q->right[s->resp.seq[r]]);
		return buf;
	}
	default: return "";
	}
}

/* Rows wrap when long; the cursor's highlight covers all their lines. */
static void draw_rows(struct qs *s, int y)
{
	const struct quiz_question *q = cur(s);
	int w = COLS - 11;
	for (int r = 0; r < s->nrows && y < LINES - 3; r++) {
		char buf[600], mark[8] = "";
		bool at = r == s->cursor;
		enum role role = at ? C_SELECT : C_NORMAL;
		if (q->type == QT_MULTI)
			snprintf(mark, sizeof mark, "[%s]", quiz_row_chosen(q, s->rowmap, r, &s->resp) ? "x" : " ");
		else if (q->type == QT_ORDER || q->type == QT_MATCH)
			snprintf(mark, sizeof mark, "%s%d", r == s->grabbed ? "*" : " ", r + 1);
		struct text_lines tl = { 0 };
		text_wrap(row_text(s, r, buf, sizeof buf), w, &tl);
		for (size_t i = 0; i < (tl.n ? tl.n : 1) && y < LINES - 3; i++, y++) {
			ui_fill(y, 2, 1, COLS - 4, role);
			if (i == 0) {
				ui_text(y, 2, 2, at ? role : C_ACCENT, at ? ">" : " ");
				ui_text(y, 4, 4, role, mark);
			}
			if (tl.n)
				ui_text(y, 9, w, r == s->grabbed ? C_ACCENT : role, tl.line[i]);
		}
		text_lines_free(&tl);
	}
}

static void draw_entry(struct qs *s, int y)
{
	const struct quiz_question *q = cur(s);
	ui_text(y, 2, 8, C_HEADING, tr(MSG_QUIZ_ANSWER_LABEL));
	int w = COLS - 14;
	const char *t = s->resp.text;
	while (text_width(t) > w - 1) { /* keep the end of a long answer visible */
		t++;
		while (((unsigned char)*t & 0xC0) == 0x80)
			t++;
	}
	ui_fill(y, 10, 1, w, C_CODE);
	int used = ui_text(y, 10, w, C_CODE, t);
	ui_text(y, 10 + used, 1, C_SELECT, " ");
	if (q->type == QT_PREDICT && q->unit && *q->unit)
		ui_text(y, 11 + used, 8, C_DIM, q->unit);
}

static void draw_ask(struct app *app, struct qs *s)
{
	const struct quiz_question *q = cur(s);
	const struct level_progress *lp = &app->progress.levels[s->level];
	char title[200], right[64];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	snprintf(right, sizeof right, tr(MSG_QUIZ_QUESTION_POS), lp->question + 1, s->lv[s->level].n, q->points);
	ui_title(title, right);
	int y = 2, w = COLS - 4, bottom = LINES - 3;
	if (q->fallback)   /* English in a translated quiz: say so */
		y = para(y, 2, w, bottom, C_DIM, tr(MSG_QUIZ_FALLBACK));
	if (q->scenario)
		y = para(y, 2, w, bottom, C_ANALOGY, q->scenario) + 1;
	y = para(y, 2, w, bottom, C_HEADING, q->prompt);
	if (q->type == QT_PREDICT) {
		char tol[160];
		quiz_run_tolerance(q, tol, sizeof tol);
		y = para(y, 2, w, bottom, C_DIM, tol);
	}
	y = para(y + 1, 2, w, bottom, C_DIM, quiz_instruction(q));
	if (quiz_text_entry(q))
		draw_entry(s, y + 1);
	else
		draw_rows(s, y + 1);
	char hint[600];
	if (s->hint)
		snprintf(hint, sizeof hint, tr(MSG_QUIZ_HINT), q->hint);
	else
		snprintf(hint, sizeof hint, tr(MSG_QUIZ_HINT_AVAILABLE),
			 tr(quiz_text_entry(q) ? MSG_QUIZ_HINT_KEYS_TAB : MSG_QUIZ_HINT_KEYS_H), q->hint_cost,
			 tr(q->hint_cost == 1 ? MSG_POINT : MSG_POINTS));
	para(LINES - 3, 2, w, LINES - 1, s->hint ? C_NOTE : C_DIM, hint);
	ui_status(app->status[0] ? app->status : "",
		  tr(quiz_text_entry(q) ? MSG_QUIZ_ASK_HINTS_TEXT : MSG_QUIZ_ASK_HINTS));
}

static void draw_measure(struct app *app, struct qs *s)
{
	const struct quiz_question *q = cur(s);
	ui_title(tr(MSG_QUIZ_TITLE), tr(MSG_QUIZ_MEASURING));
	int y = para(2, 2, COLS - 4, LINES - 2, C_HEADING, q->prompt) + 1;
	char msg[200];
	snprintf(msg, sizeof msg, tr(MSG_QUIZ_RUNNING),
		 q->demo, quiz_run_elapsed_s(&s->run));
	para(y, 2, COLS - 4, LINES - 2, C_NORMAL, msg);
	ui_status(app->status[0] ? app->status : "", tr(MSG_QUIZ_STOP_HINT));
}

static void draw_feedback(struct app *app, struct qs *s)
{
	const struct quiz_question *q = cur(s);
	const struct level_progress *lp = &app->progress.levels[s->level];
	char title[200], right[64], line[700];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	snprintf(right, sizeof right, tr(MSG_QUIZ_POINTS_SO_FAR), lp->points, lp->max_points);
	ui_title(title, right);
	int y = 2, w = COLS - 4, bottom = LINES - 1;
	y = para(y, 2, w, bottom, C_DIM, q->prompt) + 1;
	if (!s->judged)
		snprintf(line, sizeof line, "%s", tr(MSG_QUIZ_NOT_JUDGED));
	else if (s->correct)
		snprintf(line, sizeof line, tr(MSG_QUIZ_RIGHT), ui_glyph(G_CHECK), s->earned,
			 tr(s->earned == 1 ? MSG_POINT : MSG_POINTS), s->hint && q->hint_cost ? tr(MSG_QUIZ_HINT_USED) : "");
	else
		snprintf(line, sizeof line, tr(MSG_QUIZ_NOT_QUITE), ui_glyph(G_CROSS));
	y = para(y, 2, w, bottom, !s->judged ? C_NOTE : s->correct ? C_OK : C_WRONG, line);
	if (s->measured[0])
		y = para(y, 2, w, bottom, C_ACCENT, s->measured);
	char ans[600];
	if (!s->correct && quiz_text_entry(q) && s->resp.text[0]) {   /* echo what was typed */
		snprintf(line, sizeof line, tr(MSG_QUIZ_YOU_TYPED), s->resp.text);
		y = para(y, 2, w, bottom, C_NORMAL, line);
	}
	quiz_accepted_range(q, s->measured_num, ans, sizeof ans);   /* the range, when measured */
	if (ans[0] && s->judged) {
		y = para(y, 2, w, bottom, C_NORMAL, ans);
	} else {
		quiz_answer_text(q, ans, sizeof ans);
		if (!s->correct && ans[0]) {
			snprintf(line, sizeof line, tr(MSG_QUIZ_ANSWER), ans);
			y = para(y, 2, w, bottom, C_NORMAL, line);
		}
	}
	para(y + 1, 2, w, bottom, C_NORMAL, q->explanation);
	ui_status(app->status[0] ? app->status : "",
		  (size_t)lp->question >= s->lv[s->level].n ? tr(MSG_QUIZ_SEE_SCORE_HINTS) : tr(MSG_QUIZ_NEXT_HINTS));
}

static void draw_result(struct app *app, struct qs *s)
{
	char title[200], line[300];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	ui_title(title, tr(MSG_QUIZ_RESULT));
	bool pass = s->pct >= QUIZ_PASS_PCT;
	snprintf(line, sizeof line, tr(MSG_QUIZ_SCORE), ui_glyph(pass ? G_CHECK : G_CROSS), s->pct,
		 tr(pass ? MSG_QUIZ_PASSED : MSG_QUIZ_NOT_PASSED));
	int y = para(3, 4, COLS - 8, LINES - 2, pass ? C_OK : C_WRONG, line) + 1;
	snprintf(line, sizeof line, tr(MSG_QUIZ_BEST), app->progress.levels[s->level].best);
	y = para(y, 4, COLS - 8, LINES - 2, C_NORMAL, line);
	if (pass && s->level + 1 < QUIZ_LEVELS)
		snprintf(line, sizeof line, tr(MSG_QUIZ_LEVEL_OPEN), s->level + 2);
	else if (pass)
		snprintf(line, sizeof line, "%s", tr(MSG_QUIZ_ALL_PASSED));
	else
		snprintf(line, sizeof line, "%s", tr(MSG_QUIZ_RETRY));
	para(y + 1, 4, COLS - 8, LINES - 2, C_HEADING, line);
	ui_status(app->status[0] ? app->status : "", tr(MSG_QUIZ_CONTINUE_HINTS));
}

static void quiz_draw(struct app *app, void *st)
{
	struct qs *s = st;
	switch (s->phase) {
	case PH_LIST: draw_list(app, s); break;
	case PH_ASK: draw_ask(app, s); break;
	case PH_MEASURE: draw_measure(app, s); break;
	case PH_FEEDBACK: draw_feedback(app, s); break;
	case PH_RESULT: draw_result(app, s); break;
	}
}

/* ---- answering ---- */

/* Records the answer (saved at once) and shows the explanation. */
static void conclude(struct app *app, struct qs *s, bool judged, bool correct)
{
	const struct quiz_question *q = cur(s);
	s->judged = judged;
	s->correct = judged && correct;
	s->earned = quiz_points(q, s->correct, s->hint);
	quiz_record(&app->progress, s->level, q, judged, s->earned);
	app_progress_changed(app);
	s->phase = PH_FEEDBACK;
}

static void judge_prediction(struct app *app, struct qs *s)
{
	struct quiz_value v;
	bool judged = quiz_run_measure(&s->run, app, cur(s), &v, s->measured, sizeof s->measured);
	s->measured_num = judged && v.numeric && isfinite(v.num) ? v.num : 0;
	conclude(app, s, judged, judged && quiz_grade_predict(cur(s), &s->resp, &v));
}

static void submit(struct app *app, struct qs *s)
{
	const struct quiz_question *q = cur(s);
	bool text = quiz_text_entry(q);
	if ((text && !s->resp.text[0]) || (!text && q->type != QT_MULTI && q->type != QT_MATCH &&
					   q->type != QT_ORDER && s->resp.choice < 0)) {
		snprintf(app->status, sizeof app->status, "%s", tr(text ? MSG_QUIZ_TYPE_FIRST : MSG_QUIZ_CHOOSE_FIRST));
		return;
	}
	if (!quiz_entry_submittable(q, &s->resp)) {   /* "abc" as a prediction */
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_QUIZ_TYPE_NUMBER));
		return;
	}
	s->measured[0] = '\0';
	s->measured_num = 0;
	if (q->type != QT_PREDICT) {
		conclude(app, s, true, quiz_grade(q, &s->resp));
	} else if (quiz_run_start(&s->run, app, q->demo)) {
		s->phase = PH_MEASURE;
	} else {
		judge_prediction(app, s);
	}
}

static enum act key_text(struct app *app, struct qs *s, const struct input *in)
{
	if (!in->is_key_code && in->key >= 32 && in->key != 127) {
		char mb[MB_LEN_MAX];
		mbstate_t ps;
		memset(&ps, 0, sizeof ps);
		size_t n = wcrtomb(mb, (wchar_t)in->key, &ps);
		if (n != (size_t)-1 && !quiz_text_put(&s->resp, mb, n))
			snprintf(app->status, sizeof app->status, "%s", tr(MSG_QUIZ_LONG_ENOUGH));
		return ACT_NONE;
	}
	if ((in->is_key_code && in->key == KEY_BACKSPACE) || (!in->is_key_code && (in->key == 127 || in->key == 8))) {
		quiz_text_backspace(&s->resp);
		return ACT_NONE;
	}
	if (in->cmd == CMD_TAB)
		s->hint = true;
	else if (in->cmd == CMD_ENTER)
		submit(app, s);
	else if (!in->is_key_code && in->key == 27)
		s->phase = PH_LIST;
	return ACT_NONE;
}

static enum act key_rows(struct app *app, struct qs *s, const struct input *in)
{
	const struct quiz_question *q = cur(s);
	bool swaps = q->type == QT_MATCH || q->type == QT_ORDER;
	if (!in->is_key_code && (in->key == 'h' || in->key == '\t')) {
		s->hint = true;
		return ACT_NONE;
	}
	switch (in->cmd) {
	case CMD_QUIT: return ACT_QUIT;
	case CMD_HELP: return ACT_HELP;
	case CMD_BACK: s->phase = PH_LIST; return ACT_NONE;
	case CMD_UP: if (s->cursor > 0) s->cursor--; return ACT_NONE;
	case CMD_DOWN: if (s->cursor + 1 < s->nrows) s->cursor++; return ACT_NONE;
	case CMD_PGDN: /* Space */
		if (!swaps) {
			quiz_row_choose(q, s->rowmap, s->cursor, &s->resp);
		} else if (s->grabbed < 0) {
			s->grabbed = s->cursor;
		} else {
			quiz_row_swap(&s->resp, s->grabbed, s->cursor);
			s->grabbed = -1;
		}
		return ACT_NONE;
	case CMD_ENTER:
		if (q->type != QT_MULTI && !swaps)
			quiz_row_choose(q, s->rowmap, s->cursor, &s->resp);
		submit(app, s);
		return ACT_NONE;
	default:
		return ACT_NONE;
	}
}

static enum act after_level(struct app *app, struct qs *s)
{
	const struct screen *cert = screen_find("cert");
	if (s->level == QUIZ_LEVELS - 1 && s->pct >= QUIZ_PASS_PCT && cert && cert != &screen_placeholder) {
		s->phase = PH_LIST;
		snprintf(app->open_id, sizeof app->open_id, "cert");
		return ACT_OPEN;
	}
	s->phase = PH_LIST;
	if (s->pct >= QUIZ_PASS_PCT && s->level + 1 < QUIZ_LEVELS)
		s->sel = s->level + 1;
	return ACT_NONE;
}

static enum act key_list(struct app *app, struct qs *s, const struct input *in)
{
	switch (in->cmd) {
	case CMD_QUIT: return ACT_QUIT;
	case CMD_HELP: return ACT_HELP;
	case CMD_BACK: return ACT_BACK;
	case CMD_UP: if (s->sel > 0) s->sel--; break;
	case CMD_DOWN: if (s->sel + 1 < QUIZ_LEVELS) s->sel++; break;
	case CMD_TOP: s->sel = 0; break;
	case CMD_BOTTOM: s->sel = QUIZ_LEVELS - 1; break;
	case CMD_ENTER: case CMD_RIGHT:
		if (s->error[s->sel][0])
			snprintf(app->status, sizeof app->status, tr(MSG_QUIZ_CANNOT_LOAD_LEVEL), s->sel + 1);
		else if (!quiz_unlocked(&app->progress, s->sel))
			snprintf(app->status, sizeof app->status, tr(MSG_QUIZ_LOCKED_WHY),
				 s->sel + 1, s->sel);
		else
			open_level(app, s, s->sel);
		break;
	default: break;
	}
	return ACT_NONE;
}

static enum act quiz_key(struct app *app, void *st, const struct input *in)
{
	struct qs *s = st;
	if (in->mouse == MOUSE_PRESS && s->phase == PH_LIST) {   /* a click picks a level */
		int i = (in->my - 2) / 2;
		if (in->my >= 2 && (in->my - 2) % 2 == 0 && i < QUIZ_LEVELS) {
			if (i != s->sel) {
				s->sel = i;
				return ACT_NONE;
			}
			struct input enter = { .cmd = CMD_ENTER };
			return key_list(app, s, &enter);
		}
	}
	if (in->mouse != MOUSE_NONE && in->mouse != MOUSE_WHEEL_UP && in->mouse != MOUSE_WHEEL_DOWN)
		return ACT_NONE;   /* wheel events arrive as Up/Down */
	switch (s->phase) {
	case PH_LIST:
		return key_list(app, s, in);
	case PH_ASK:
		return quiz_text_entry(cur(s)) ? key_text(app, s, in) : key_rows(app, s, in);
	case PH_MEASURE:
		if (in->cmd == CMD_BACK || in->cmd == CMD_QUIT)
			quiz_run_cancel(&s->run);
		return ACT_NONE;
	case PH_FEEDBACK:
		if (in->cmd == CMD_QUIT)
			return ACT_QUIT;
		if (in->cmd == CMD_BACK)
			s->phase = PH_LIST;
		else if (in->cmd == CMD_ENTER || in->cmd == CMD_PGDN) {
			if ((size_t)app->progress.levels[s->level].question >= s->lv[s->level].n)
				finish_level(app, s);
			else
				setup_question(app, s);
		}
		return ACT_NONE;
	case PH_RESULT:
		if (in->cmd == CMD_QUIT)
			return ACT_QUIT;
		return in->cmd == CMD_ENTER || in->cmd == CMD_BACK ? after_level(app, s) : ACT_NONE;
	}
	return ACT_NONE;
}

static void quiz_tick(struct app *app, void *st)
{
	struct qs *s = st;
	if (s->phase == PH_MEASURE && !quiz_run_poll(&s->run)) {
		quiz_run_speedups(&s->run, app->progress.speedups, sizeof app->progress.speedups);
		judge_prediction(app, s);   /* saves progress, speedups included */
	}
}

/* The quiz screen's own lines on the help page (screen.h). */
static bool quiz_help(int i, const char **keys, const char **what)
{
	static const struct help_line lines[] = {
		{ "Enter", 0, MSG_HK_QZ_ENTER },
		{ "g G", 0, MSG_HK_QZ_LEVELS },
		{ "h Tab", 0, MSG_HK_QZ_HINT },
		{ NULL, MSG_HK_SPACE, MSG_HK_QZ_SPACE },
		{ "Esc", 0, MSG_HK_QZ_ESC },
	};
	return screen_help_line(lines, sizeof lines / sizeof *lines, i, keys, what);
}

const struct screen screen_quiz = {
	.name = "quiz", .enter = quiz_enter, .draw = quiz_draw, .key = quiz_key,
	.tick = quiz_tick, .leave = quiz_leave,
	.help = quiz_help,
};
