/* screen_quiz: the five-level quiz.  A level list (locked, open, in
 * progress, passed with the best score), then one question at a time, the
 * explanation after each answer, and a result at the end of a level.
 *
 * Grading, shuffles and level rules are quiz.h's; this file maps keys to
 * those calls, quiz_answer.c takes an answer in, and quiz_view.c draws
 * (the state is quiz_screen.h's).  Progress is saved after every answer,
 * so quitting anywhere resumes at the same question with the same order.  A prediction
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
	s->review_level = -1;
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
	s->nlevels = app->quiz_levels > 0 && app->quiz_levels <= QUIZ_LEVELS ? app->quiz_levels : QUIZ_LEVELS;
	for (int i = 0; app->opt.lessons_dir && i < QUIZ_LEVELS; i++) {
		char key[PROGRESS_COURSE_MAX];
		quiz_run_level_course(app, i + 1, key, sizeof key);
		s->inherited[i] = !key[0];
	}
	for (int i = 0; i < s->nlevels; i++)   /* the furthest open level... */
		if (quiz_unlocked(&app->progress, i))
			s->sel = i;
	for (int i = s->nlevels - 1; i >= 0; i--) /* ...unless one is under way */
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
	s->cursor = 0;        /* the focus is shown, but nothing is chosen: Enter */
	s->touched = false;   /* before a move or a choice submits nothing */
	s->unchanged_ask = false;
	s->hint_ask = false;
	s->grabbed = -1;
	s->hint = lp->hint;   /* a hint once shown stays shown, and paid for */
	s->phase = PH_ASK;
}

/* Shows the hint and saves that it was seen, so leaving the level or
 * quitting cannot offer it again as unused.  A hint that costs points is
 * shown on the second press only: the first says what it costs. */
static void show_hint(struct app *app, struct qs *s, const char *key)
{
	struct level_progress *lp = &app->progress.levels[s->level];
	const struct quiz_question *q = qs_cur(s);
	if (s->hint)
		return;
	if (q->hint_cost > 0 && !s->hint_ask) {
		s->hint_ask = true;
		snprintf(app->status, sizeof app->status, tr(MSG_QZ_HINT_CONFIRM), q->hint_cost,
			 tr(q->hint_cost == 1 ? MSG_POINT : MSG_POINTS), key);
		return;
	}
	s->hint_ask = false;
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
	if (s->review_level != i || s->review_attempt != lp->attempt) {
		/* a new attempt, or one begun in an earlier session: the review
		 * lists what is answered from here on */
		s->review_level = i;
		s->review_attempt = lp->attempt;
		s->nreview = 0;
		s->earlier = lp->question;
	}
	s->review_top = 0;
	s->review_sel = 0;
	s->search = (struct search){ 0 };
	if ((size_t)lp->question >= s->lv[i].n)
		finish_level(app, s);
	else
		setup_question(app, s);
}

static void quiz_draw(struct app *app, void *st)
{
	quiz_view_draw(app, st);
}

/* The quiz's keys (screen.h); which rows work depends on the phase. */
enum {
	QK_START = KEY_OWN, QK_NEXT_ROW, QK_CHOOSE, QK_SUBMIT, QK_HINT_ROWS, QK_HINT_TEXT, QK_TYPE,
	QK_DELETE, QK_LEVELS, QK_LEVELS_BS, QK_NEXTQ, QK_STOP, QK_CONTINUE, QK_DETAIL, QK_REVIEW,
	QK_SEARCH, QK_MATCH_NEXT, QK_MATCH_PREV, QK_SEARCH_END,
};

static const struct screen_key quiz_keys[] = {
	{ .id = QK_START, .keys = "Enter Right", .label = MSG_ST_START, .help = MSG_HK_QZ_START },
	{ .cmd = CMD_UP },
	{ .cmd = CMD_DOWN },
	{ .id = QK_NEXT_ROW, .keys = "Tab", .help = MSG_HK_QZ_TAB },
	{ .cmd = CMD_TOP, .help = MSG_HK_QZ_FIRST },
	{ .cmd = CMD_BOTTOM, .help = MSG_HK_QZ_LAST },
	{ .cmd = CMD_PGDN },
	{ .cmd = CMD_PGUP },
	{ .id = QK_CHOOSE, .keys = "Space", .label = MSG_ST_CHOOSE, .help = MSG_HK_QZ_SPACE },
	{ .id = QK_SUBMIT, .keys = "Enter", .label = MSG_ST_SUBMIT, .help = MSG_HK_QZ_SUBMIT },
	{ .id = QK_HINT_ROWS, .keys = "h", .label = MSG_ST_HINT, .help = MSG_HK_QZ_HINT },
	{ .id = QK_HINT_TEXT, .keys = "Ctrl-T", .label = MSG_ST_HINT, .help = MSG_HK_QZ_HINT },
	{ .id = QK_TYPE, .keys = "q ?", .help = MSG_HK_QZ_TYPE },
	{ .id = QK_DELETE, .keys = "Backspace", .help = MSG_HK_QZ_DELETE },
	{ .id = QK_NEXTQ, .keys = "Enter", .label = MSG_ST_NEXT, .help = MSG_HK_QZ_NEXTQ },
	{ .id = QK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_QUIZ_STOP_HINT },
	{ .id = QK_DETAIL, .keys = "Enter", .label = MSG_ST_QUESTION, .help = MSG_HK_QZ_DETAIL },
	{ .id = QK_REVIEW, .keys = "Enter Esc Backspace", .label = MSG_ST_REVIEW, .help = MSG_HK_QZ_REVIEW },
	/* the review's search, as in less: Esc ends it before it leaves */
	{ .id = QK_MATCH_NEXT, .keys = "n", .label = MSG_ST_MATCH, .help = MSG_HK_QZ_MATCH_NEXT },
	{ .id = QK_MATCH_PREV, .keys = "N", .label = MSG_ST_MATCH, .help = MSG_HK_QZ_MATCH_PREV },
	{ .id = QK_SEARCH_END, .keys = "Esc", .label = MSG_ST_END_SEARCH, .help = MSG_HK_SEARCH_END, .needed = true },
	{ .id = QK_SEARCH, .keys = "/", .label = MSG_ST_SEARCH, .help = MSG_HK_QZ_SEARCH },
	{ .id = QK_CONTINUE, .keys = "Esc Backspace", .label = MSG_ST_CONTINUE, .help = MSG_HK_QZ_CONTINUE },
	{ .id = QK_LEVELS, .keys = "Esc", .label = MSG_ST_LEVELS, .help = MSG_HK_QZ_ESC },
	{ .id = QK_LEVELS_BS, .keys = "Backspace", .help = MSG_HK_QZ_ESC }, /* not under a typed answer */
};

static bool quiz_on(struct app *app, void *st, int id, enum msg *why)
{
	(void)app;
	struct qs *s = st;
	bool text = s->phase == PH_ASK && quiz_text_entry(qs_cur(s));
	bool rows = s->phase == PH_ASK && !text;
	switch (id) {
	case QK_START: return s->phase == PH_LIST;
	case CMD_UP: case CMD_DOWN: case CMD_TOP: case CMD_BOTTOM:
		return s->phase == PH_LIST || rows || s->phase == PH_RESULT || s->phase == PH_DETAIL;
	case CMD_PGDN: case CMD_PGUP: return s->phase == PH_RESULT || s->phase == PH_DETAIL;
	case QK_NEXT_ROW: case QK_CHOOSE: return rows;
	case QK_HINT_ROWS: case QK_HINT_TEXT:
		if (!(id == QK_HINT_ROWS ? rows : text))
			return false;   /* not a question of that kind: not listed */
		*why = MSG_QZ_HINT_SHOWN;
		return !s->hint;
	case QK_TYPE: case QK_DELETE: return text;
	case QK_SUBMIT: return s->phase == PH_ASK;
	case QK_LEVELS: return s->phase == PH_ASK || s->phase == PH_FEEDBACK;
	case QK_LEVELS_BS: return rows || s->phase == PH_FEEDBACK;
	case QK_NEXTQ: return s->phase == PH_FEEDBACK;
	case QK_STOP: return s->phase == PH_MEASURE;
	case QK_CONTINUE: return s->phase == PH_RESULT;
	case QK_DETAIL: return s->phase == PH_RESULT && s->nreview > 0;
	case QK_REVIEW: return s->phase == PH_DETAIL;
	case QK_SEARCH: return s->phase == PH_RESULT && s->nreview > 0;
	case QK_MATCH_NEXT: case QK_MATCH_PREV: case QK_SEARCH_END:
		return s->phase == PH_RESULT && s->search.query[0];
	default: return false;
	}
}

static enum act key_text(struct app *app, struct qs *s, const struct input *in)
{
	if (in->id != QK_HINT_TEXT)
		s->hint_ask = false;   /* any other key drops the question */
	if (!in->is_key_code && in->key >= 32 && in->key != 127) {
		char mb[MB_LEN_MAX];
		mbstate_t ps;
		memset(&ps, 0, sizeof ps);
		size_t n = wcrtomb(mb, (wchar_t)in->key, &ps);
		if (n != (size_t)-1 && !quiz_text_put(&s->resp, mb, n))
			snprintf(app->status, sizeof app->status, "%s", tr(MSG_QUIZ_LONG_ENOUGH));
		return ACT_NONE;
	}
	switch (in->id) {
	case QK_DELETE: quiz_text_backspace(&s->resp); break;
	case QK_HINT_TEXT: show_hint(app, s, "Ctrl-T"); break;
	case QK_SUBMIT: quiz_submit(app, s); break;
	case QK_LEVELS: s->phase = PH_LIST; break;
	default: return ACT_IGNORED;
	}
	return ACT_NONE;
}

/* Moves the cursor to row r (clamped); the first move lands on a row. */
static void move_to(struct qs *s, int r)
{
	s->cursor = r < 0 ? 0 : r >= s->nrows ? s->nrows - 1 : r;
	s->touched = true;
}

static enum act key_rows(struct app *app, struct qs *s, const struct input *in)
{
	const struct quiz_question *q = qs_cur(s);
	bool swaps = q->type == QT_MATCH || q->type == QT_ORDER;
	if (in->id != QK_HINT_ROWS)
		s->hint_ask = false;   /* any other key drops the question */
	switch (in->id) {
	case QK_HINT_ROWS: show_hint(app, s, "h"); return ACT_NONE;
	case QK_LEVELS: case QK_LEVELS_BS: s->phase = PH_LIST; return ACT_NONE;
	case CMD_UP: move_to(s, s->cursor - 1); return ACT_NONE;
	case CMD_DOWN: move_to(s, s->cursor + 1); return ACT_NONE;
	case QK_NEXT_ROW: move_to(s, s->cursor + 1 < s->nrows ? s->cursor + 1 : 0); return ACT_NONE;
	case CMD_TOP: move_to(s, 0); return ACT_NONE;
	case CMD_BOTTOM: move_to(s, s->nrows - 1); return ACT_NONE;
	case QK_CHOOSE:
		s->touched = true;
		if (!swaps)
			quiz_row_choose(q, s->rowmap, s->cursor, &s->resp);
		else if (s->grabbed < 0)
			s->grabbed = s->cursor;
		else {
			quiz_row_swap(&s->resp, s->grabbed, s->cursor);
			s->grabbed = -1;
		}
		return ACT_NONE;
	case QK_SUBMIT:   /* moved to a row and nothing chosen: Enter takes that row */
		if (q->type != QT_MULTI && !swaps && s->touched && s->resp.choice < 0)
			quiz_row_choose(q, s->rowmap, s->cursor, &s->resp);
		quiz_submit(app, s);
		return ACT_NONE;
	default:
		return ACT_IGNORED;
	}
}

static enum act after_level(struct app *app, struct qs *s)
{
	const struct screen *cert = screen_find("cert");
	if (s->level == s->nlevels - 1 && s->pct >= QUIZ_PASS_PCT && cert && cert != &screen_placeholder) {
		s->phase = PH_LIST;
		snprintf(app->open_id, sizeof app->open_id, "cert");
		return ACT_OPEN;
	}
	s->phase = PH_LIST;
	if (s->pct >= QUIZ_PASS_PCT && s->level + 1 < s->nlevels)
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
	switch (in->id) {
	case CMD_UP: if (s->sel > 0) s->sel--; break;
	case CMD_DOWN: if (s->sel + 1 < s->nlevels) s->sel++; break;
	case CMD_TOP: s->sel = 0; break;
	case CMD_BOTTOM: s->sel = s->nlevels - 1; break;
	case QK_START:
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
	default: return ACT_IGNORED;
	}
	return ACT_NONE;
}

/* The review: Up/Down choose an answer, Enter shows its question whole. */
static enum act key_result(struct app *app, struct qs *s, const struct input *in)
{
	int last = s->nreview > 0 ? s->nreview - 1 : 0, page = LINES / 4 > 1 ? LINES / 4 : 1;
	if (s->search.typing) {   /* the prompt takes every key */
		if (search_type(&s->search, in) > 0)
			quiz_review_find(app, s, 1, true);
		return ACT_NONE;
	}
	switch (in->id) {
	case QK_SEARCH: search_open(&s->search); return ACT_NONE;
	case QK_MATCH_NEXT: quiz_review_find(app, s, 1, false); return ACT_NONE;
	case QK_MATCH_PREV: quiz_review_find(app, s, -1, false); return ACT_NONE;
	case QK_SEARCH_END:
		s->search.query[0] = '\0';
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_SEARCH_ENDED));
		return ACT_NONE;
	case QK_CONTINUE: s->search = (struct search){ 0 }; return after_level(app, s);
	case QK_DETAIL: s->detail_top = 0; s->phase = PH_DETAIL; return ACT_NONE;
	case CMD_UP: s->review_sel--; break;
	case CMD_DOWN: s->review_sel++; break;
	case CMD_PGUP: s->review_sel -= page; break;
	case CMD_PGDN: s->review_sel += page; break;
	case CMD_TOP: s->review_sel = 0; break;
	case CMD_BOTTOM: s->review_sel = last; break;
	default: return ACT_IGNORED;
	}
	s->review_sel = s->review_sel < 0 ? 0 : s->review_sel > last ? last : s->review_sel;
	return ACT_NONE;
}

/* One answer's full question: scrolled; Enter or Esc goes back to the review. */
static enum act key_detail(struct qs *s, const struct input *in)
{
	switch (in->id) {
	case QK_REVIEW: s->phase = PH_RESULT; return ACT_NONE;
	case CMD_UP: s->detail_top--; break;
	case CMD_DOWN: s->detail_top++; break;
	case CMD_PGUP: s->detail_top -= LINES / 2; break;
	case CMD_PGDN: s->detail_top += LINES / 2; break;
	case CMD_TOP: s->detail_top = 0; break;
	case CMD_BOTTOM: s->detail_top = 1000; break;
	default: return ACT_IGNORED;
	}
	if (s->detail_top < 0)
		s->detail_top = 0;
	return ACT_NONE;
}

static enum act quiz_key(struct app *app, void *st, const struct input *in)
{
	struct qs *s = st;
	if (in->mouse == MOUSE_PRESS && s->phase == PH_LIST) {   /* a click picks a level */
		int i = (in->my - 2) / 2;
		if (in->my >= 2 && (in->my - 2) % 2 == 0 && i < s->nlevels) {
			if (i != s->sel) {
				s->sel = i;
				return ACT_NONE;
			}
			struct input enter = { .cmd = CMD_ENTER, .id = QK_START };
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
		if (in->id != QK_STOP)
			return ACT_IGNORED;
		quiz_run_cancel(&s->run);
		return ACT_NONE;
	case PH_FEEDBACK:
		if (in->id == QK_LEVELS || in->id == QK_LEVELS_BS)
			s->phase = PH_LIST;
		else if (in->id == QK_NEXTQ) {
			if ((size_t)app->progress.levels[s->level].question >= s->lv[s->level].n)
				finish_level(app, s);
			else
				setup_question(app, s);
		} else
			return ACT_IGNORED;
		return ACT_NONE;
	case PH_RESULT:
		return key_result(app, s, in);
	case PH_DETAIL:
		return key_detail(s, in);
	}
	return ACT_IGNORED;
}

static void quiz_tick(struct app *app, void *st)
{
	struct qs *s = st;
	if (s->phase == PH_MEASURE && !quiz_run_poll(&s->run)) {
		quiz_run_speedups(&s->run, app->progress.speedups, sizeof app->progress.speedups);
		quiz_judge_prediction(app, s); /* saves progress, speedups included */
	}
}

const struct screen screen_quiz = {
	.name = "quiz", .enter = quiz_enter, .draw = quiz_draw, .key = quiz_key,
	.tick = quiz_tick, .leave = quiz_leave,
	SCREEN_KEYS(quiz_keys), .key_on = quiz_on,
};
