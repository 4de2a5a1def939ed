/* screen_quiz: the five-level quiz.  A level list (locked, open, in
 * progress, passed with the best score), then one question at a time, the
 * explanation after each answer, and a result at the end of a level.
 *
 * Grading, shuffles and level rules are quiz.h's; this file maps keys to
 * those calls, and quiz_view.c draws (the state is quiz_screen.h's).  Progress is saved after every answer, so quitting
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
#include "i18n.h"
#include "quiz_lang.h"
#include "quiz_screen.h"
#include "screens.h"
#include "text.h"
#include "ui.h"

static void *quiz_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct qs *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->confirm = -1;
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

/* ---- one question ---- */

static void setup_question(struct app *app, struct qs *s)
{
	const struct level_progress *lp = &app->progress.levels[s->level];
	s->qi = s->order[lp->question];
	s->nrows = quiz_rows_init(qs_cur(s), lp->seed, s->qi, s->rowmap, &s->resp);
	s->cursor = 0;
	s->grabbed = -1;
	s->hint = lp->hint;   /* a hint once shown stays shown, and paid for */
	s->phase = PH_ASK;
}

/* Shows the hint and saves that it was seen, so leaving the level or
 * quitting cannot offer it again as unused. */
static void show_hint(struct app *app, struct qs *s)
{
	struct level_progress *lp = &app->progress.levels[s->level];
	s->hint = true;
	if (!lp->hint) {
		lp->hint = true;
		app_progress_changed(app);
	}
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

static void quiz_draw(struct app *app, void *st)
{
	quiz_view_draw(app, st);
}

/* ---- answering ---- */

/* Records the answer (saved at once) and shows the explanation. */
static void conclude(struct app *app, struct qs *s, bool judged, bool correct)
{
	const struct quiz_question *q = qs_cur(s);
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
	bool judged = quiz_run_measure(&s->run, app, qs_cur(s), &v, s->measured, sizeof s->measured);
	s->measured_num = judged && v.numeric && isfinite(v.num) ? v.num : 0;
	conclude(app, s, judged, judged && quiz_grade_predict(qs_cur(s), &s->resp, &v));
}

static void submit(struct app *app, struct qs *s)
{
	const struct quiz_question *q = qs_cur(s);
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
		show_hint(app, s);
	else if (in->cmd == CMD_ENTER)
		submit(app, s);
	else if (!in->is_key_code && in->key == 27)
		s->phase = PH_LIST;
	return ACT_NONE;
}

static enum act key_rows(struct app *app, struct qs *s, const struct input *in)
{
	const struct quiz_question *q = qs_cur(s);
	bool swaps = q->type == QT_MATCH || q->type == QT_ORDER;
	if (!in->is_key_code && (in->key == 'h' || in->key == '\t')) {
		show_hint(app, s);
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

/* A passed level that is not under way is retaken only on a second Enter:
 * the first says what a retake does. */
static bool retake_asked(struct app *app, struct qs *s)
{
	const struct level_progress *lp = &app->progress.levels[s->sel];
	if (lp->best < QUIZ_PASS_PCT || lp->in_progress || s->confirm == s->sel)
		return true;
	s->confirm = s->sel;
	snprintf(app->status, sizeof app->status, tr(MSG_QUIZ_RETAKE_ASK), s->sel + 1, lp->best);
	return false;
}

static enum act key_list(struct app *app, struct qs *s, const struct input *in)
{
	int asked = s->confirm;
	s->confirm = -1;   /* any key but a second Enter drops the question */
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
		else {
			s->confirm = asked;
			if (retake_asked(app, s)) {
				s->confirm = -1;
				open_level(app, s, s->sel);
			}
		}
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
		return quiz_text_entry(qs_cur(s)) ? key_text(app, s, in) : key_rows(app, s, in);
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
