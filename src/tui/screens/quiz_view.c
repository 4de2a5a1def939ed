/* quiz_view: drawing the quiz screen (quiz_screen.h): the level list, a
 * question with its rows or entry line, the measuring state of a
 * prediction, the feedback with the explanation, and a level's result. */
#include <curses.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "i18n.h"
#include "quiz_lang.h"
#include "quiz_screen.h"
#include "runner.h"
#include "screens.h"
#include "text.h"
#include "ui.h"

/* The status line: the app's message and the hints of the phase's keys. */
static void status(struct app *app, struct qs *s)
{
	if (s->phase == PH_RESULT && search_status(&s->search))
		return;   /* the search prompt takes the status line */
	char hints[HINTS_MAX];
	screen_hints(&screen_quiz, app, s, hints, sizeof hints);
	ui_status(app->status[0] ? app->status : "", hints);
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

/* A level with no question translated: the learner's language had no file
 * for it (quiz_lang.h), so its title is English too. */
static bool level_in_english(const struct quiz *z)
{
	for (size_t i = 0; i < z->n; i++)
		if (!z->q[i].fallback)
			return false;
	return z->n > 0;
}

static void draw_list(struct app *app, struct qs *s)
{
	char rule[120];
	snprintf(rule, sizeof rule, tr(s->nlevels == 1 ? MSG_QUIZ_RULE_1 : MSG_QUIZ_RULE_N), s->nlevels);
	ui_title(tr(MSG_QUIZ_TITLE), s->nlevels == QUIZ_LEVELS ? tr(MSG_QUIZ_RULE) : rule);
	int cols = ui_cols(); /* a readable width on a wide terminal, as the menu's */
	for (int i = 0; i < s->nlevels; i++) {
		int y = 2 + 2 * i;
		bool sel = i == s->sel, open = quiz_unlocked(&app->progress, i) && !s->error[i][0];
		enum role base = sel ? C_SELECT : C_NORMAL;
		ui_fill(y, 0, 1, cols, base);
		char state[64], name[160];
		quiz_level_state(&app->progress, i, s->error[i][0] ? 0 : s->lv[i].n, state, sizeof state);
		snprintf(name, sizeof name, tr(MSG_QUIZ_LEVEL_NAME), i + 1, s->lv[i].title ? s->lv[i].title : "");
		ui_text(y, 2, 1, sel ? base : C_ACCENT, sel ? ">" : " ");
		int sw = text_width(state);
		int nw = cols - sw - 8; /* a long title at 60x20 ends in … */
		/* an English level marked as an English lesson is in the menu, the
		 * mark kept whole after a cut title */
		const char *mark = s->inherited[i] ? tr(MSG_QZ_BUILTIN_MARK)
			: level_in_english(&s->lv[i]) ? tr(MSG_FALLBACK_MARK) : "";
		int mw = *mark ? text_width(mark) + 1 : 0;
		int tw = text_width(name) > nw - mw ? nw - mw : text_width(name);
		if (text_width(name) > tw)
			ui_text_more(y, 4, tw, sel ? base : open ? C_NORMAL : C_DIM, name);
		else
			ui_text(y, 4, tw, sel ? base : open ? C_NORMAL : C_DIM, name);
		if (*mark)
			ui_text(y, 4 + tw + 1, mw - 1, sel ? base : C_DIM, mark);
		bool passed = app->progress.levels[i].best >= QUIZ_PASS_PCT;
		ui_text(y, cols - 2 - sw, sw, sel ? base : passed ? C_OK
				: s->error[i][0]                  ? C_WRONG
								  : C_DIM,
			state);
	}
	int y = 2 + 2 * s->nlevels;
	ui_hline(y++, 0, cols, C_DIM);
	const char *about = s->error[s->sel][0] ? s->error[s->sel] : s->lv[s->sel].summary;
	y = para(y, 2, cols - 4, LINES - 2, s->error[s->sel][0] ? C_WRONG : C_NORMAL, about);
	if (!quiz_unlocked(&app->progress, s->sel))
		para(y, 2, cols - 4, LINES - 2, C_DIM, tr(MSG_QUIZ_LOCKED_NOTE));
	status(app, s);
}

/* ---- one question ---- */

/* A match row's left side padded to the widest left (at most 30 columns)
 * and the arrow: "GPU    → " */
static const char *match_prefix(const struct quiz_question *q, int r, char *buf, size_t size)
{
	int lw = 0;
	for (size_t i = 0; i < q->npairs; i++)
		if (text_width(q->left[i]) > lw)
			lw = text_width(q->left[i]);
	int pad = (lw > 30 ? 30 : lw) - text_width(q->left[r]);
	snprintf(buf, size, "%s%*s %s ", q->left[r], pad > 0 ? pad : 0, "", ui_glyph(G_ARROW));
	return buf;
}

static const char *row_text(const struct qs *s, int r, char *buf, size_t size)
{
	const struct quiz_question *q = qs_cur(s);
	int k = s->rowmap[r];
	switch (q->type) {
	case QT_SINGLE: case QT_MULTI: return q->options[k];
	case QT_TRUEFALSE: return tr(k ? MSG_QUIZ_TRUE : MSG_QUIZ_FALSE);
	case QT_PREDICT: return q->nbands ? q->bands[k].label : q->choices[k].label;
	case QT_ORDER: return q->items[s->resp.seq[r]];
	case QT_MATCH: {
		char pre[600];
		snprintf(buf, size, "%s%s", match_prefix(q, r, pre, sizeof pre), q->right[s->resp.seq[r]]);
		return buf;
	}
	default: return "";
	}
}

/* A match row in w columns: the left column's width (the widest left, at
 * most 30 and at most half the row, so the right side keeps room); the
 * arrow and its spaces follow it, then the right column. */
static int match_left_w(const struct quiz_question *q, int w)
{
	int lw = 0;
	for (size_t i = 0; i < q->npairs; i++)
		if (text_width(q->left[i]) > lw)
			lw = text_width(q->left[i]);
	lw = lw > 30 ? 30 : lw;
	return lw + 3 > w / 2 ? w / 2 - 3 : lw;
}

/* Lines row r takes when wrapped (a match row: its taller column). */
static int row_lines(struct qs *s, int r, int w)
{
	const struct quiz_question *q = qs_cur(s);
	char buf[600];
	struct text_lines tl = { 0 }, tr_ = { 0 };
	int n;
	if (q->type == QT_MATCH) {
		int lw = match_left_w(q, w);
		text_wrap(q->left[r], lw, &tl);
		text_wrap(q->right[s->resp.seq[r]], w - lw - 3, &tr_);
		n = tl.n > tr_.n ? (int)tl.n : (int)tr_.n;
	} else {
		text_wrap(row_text(s, r, buf, sizeof buf), w, &tl);
		n = (int)tl.n;
	}
	text_lines_free(&tl);
	text_lines_free(&tr_);
	return n ? n : 1;
}

/* A match row from row y (not past bottom): the left side wrapped in its
 * column, the arrow on the first line, the right side wrapped in its own
 * column, never back under the left.  Returns the next row. */
static int draw_match_row(struct qs *s, int r, int y, int bottom, int w, enum role role)
{
	const struct quiz_question *q = qs_cur(s);
	int lw = match_left_w(q, w);
	enum role text = r == s->grabbed ? C_ACCENT : role;
	struct text_lines l = { 0 }, rt = { 0 };
	text_wrap(q->left[r], lw, &l);
	text_wrap(q->right[s->resp.seq[r]], w - lw - 3, &rt);
	size_t n = l.n > rt.n ? l.n : rt.n;
	for (size_t i = 0; i < (n ? n : 1) && y < bottom; i++, y++) {
		if (i)
			ui_fill(y, 2, 1, COLS - 4, role);
		if (i < l.n)
			ui_text(y, 9, lw, text, l.line[i]);
		if (!i)
			ui_text(y, 9 + lw + 1, 1, text, ui_glyph(G_ARROW));
		if (i < rt.n)
			ui_text(y, 9 + lw + 3, w - lw - 3, text, rt.line[i]);
	}
	text_lines_free(&l);
	text_lines_free(&rt);
	return y;
}

/* Rows wrap when long; the cursor's highlight covers all their lines.
 * When they do not all fit, the list starts late enough that the cursor's
 * row is whole, with a … row above and below for what is out of view. */
static void draw_rows(struct qs *s, int y)
{
	const struct quiz_question *q = qs_cur(s);
	int w = COLS - 11, first = 0, room = LINES - 3 - y, total = 0;
	for (int r = 0; r < s->nrows; r++)
		total += row_lines(s, r, w);
	if (total > room) {
		room -= 2;   /* the two … rows */
		for (int used = -1; first < s->cursor; first++) {
			used = 0;
			for (int r = first; r <= s->cursor; r++)
				used += row_lines(s, r, w);
			if (used <= room)
				break;
		}
		if (first > 0)
			ui_text(y, 4, 4, C_DIM, ui_glyph(G_ELLIPSIS));
		y++;
	}
	int bottom = total > room ? LINES - 4 : LINES - 3;
	bool cut = false;
	for (int r = first; r < s->nrows; r++) {
		if (y >= bottom) {
			cut = true;
			break;
		}
		char buf[600], mark[8] = "";
		bool at = r == s->cursor;
		enum role role = at ? C_SELECT : C_NORMAL;
		if (q->type == QT_MULTI)
			snprintf(mark, sizeof mark, "[%s]", quiz_row_chosen(q, s->rowmap, r, &s->resp) ? "x" : " ");
		else if (q->type == QT_SINGLE || q->type == QT_TRUEFALSE || q->type == QT_PREDICT)
			snprintf(mark, sizeof mark, "(%s)", quiz_row_chosen(q, s->rowmap, r, &s->resp)
				 ? ui_glyph(G_BULLET) : " ");
		else if (q->type == QT_ORDER || q->type == QT_MATCH)
			snprintf(mark, sizeof mark, "%s%d", r == s->grabbed ? "*" : " ", r + 1);
		if (q->type == QT_MATCH) { /* each side wraps in its own column */
			ui_fill(y, 2, 1, COLS - 4, role);
			ui_text(y, 2, 2, at ? role : C_ACCENT, at ? ">" : " ");
			ui_text(y, 4, 4, role, mark);
			y = draw_match_row(s, r, y, bottom, w, role);
			continue;
		}
		struct text_lines tl = { 0 };
		text_wrap(row_text(s, r, buf, sizeof buf), w, &tl);
		for (size_t i = 0; i < (tl.n ? tl.n : 1) && y < bottom; i++, y++) {
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
	if (cut)
		ui_text(bottom, 4, 4, C_DIM, ui_glyph(G_ELLIPSIS));
}

static void draw_entry(struct qs *s, int y)
{
	const struct quiz_question *q = qs_cur(s);
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
	const struct quiz_question *q = qs_cur(s);
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
		if (!runner_gpu_likely())   /* said before the answer, not only after */
			y = para(y, 2, w, bottom, C_NOTE,
				 tr(quiz_measure_on_cpu(q->measure) ? MSG_QUIZ_PREDICT_ON_CPU : MSG_QUIZ_PREDICT_RECORDED));
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
			 quiz_text_entry(q) ? "Ctrl-T" : "h", q->hint_cost,
			 tr(q->hint_cost == 1 ? MSG_POINT : MSG_POINTS));
	para(LINES - 3, 2, w, LINES - 1, s->hint ? C_NOTE : C_DIM, hint);
	status(app, s);
}

static void draw_measure(struct app *app, struct qs *s)
{
	const struct quiz_question *q = qs_cur(s);
	ui_title(tr(MSG_QUIZ_TITLE), tr(MSG_QUIZ_MEASURING));
	int y = para(2, 2, COLS - 4, LINES - 2, C_HEADING, q->prompt) + 1;
	char msg[200];
	snprintf(msg, sizeof msg, tr(MSG_QUIZ_RUNNING),
		 q->demo, quiz_run_elapsed_s(&s->run));
	para(y, 2, COLS - 4, LINES - 2, C_NORMAL, msg);
	status(app, s);
}

static void draw_feedback(struct app *app, struct qs *s)
{
	const struct quiz_question *q = qs_cur(s);
	const struct level_progress *lp = &app->progress.levels[s->level];
	char title[200], right[64], line[700];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	snprintf(right, sizeof right, tr(MSG_QUIZ_POINTS_SO_FAR), lp->points, lp->max_points);
	ui_title(title, right);
	int y = 2, w = COLS - 4, bottom = LINES - 1;
	/* a true/false statement is about its scenario: both stay in view */
	if (q->type == QT_TRUEFALSE && q->scenario)
		y = para(y, 2, w, bottom, C_DIM, q->scenario);
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
	char ans[600], mine[600];
	if (quiz_text_entry(q) && s->resp.text[0]) {   /* echo what was typed */
		const char *typed = s->resp.text + strspn(s->resp.text, " \t"); /* as graded */
		snprintf(line, sizeof line, tr(MSG_QUIZ_YOU_TYPED), typed);
		y = para(y, 2, w, bottom, C_NORMAL, line);
	} else if (!quiz_text_entry(q)) {              /* and what was chosen */
		quiz_response_text(q, &s->resp, mine, sizeof mine);
		snprintf(line, sizeof line, tr(MSG_QZ_YOU_CHOSE), mine);
		y = para(y, 2, w, bottom, C_NORMAL, line);
	}
	quiz_accepted_range(q, s->measured_num, ans, sizeof ans);   /* the range, when measured */
	if (ans[0] && s->judged) {
		y = para(y, 2, w, bottom, C_NORMAL, ans);
	} else if (q->type == QT_PREDICT && s->judged && !s->correct && s->right[0]) {
		snprintf(line, sizeof line, tr(MSG_QUIZ_ANSWER), s->right); /* the band it fell in */
		y = para(y, 2, w, bottom, C_NORMAL, line);
	} else {
		quiz_answer_text(q, ans, sizeof ans);
		if (!s->correct && ans[0]) {
			snprintf(line, sizeof line, tr(MSG_QUIZ_ANSWER), ans);
			y = para(y, 2, w, bottom, C_NORMAL, line);
		}
	}
	para(y + 1, 2, w, bottom, C_NORMAL, q->explanation);
	status(app, s);
}

static void draw_result(struct app *app, struct qs *s)
{
	char title[200], line[300];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	ui_title(title, tr(MSG_QUIZ_RESULT));
	bool pass = s->pct >= QUIZ_PASS_PCT;
	snprintf(line, sizeof line, tr(MSG_QUIZ_SCORE), ui_glyph(pass ? G_CHECK : G_CROSS), s->pct,
		 tr(pass ? MSG_QUIZ_PASSED : MSG_QUIZ_NOT_PASSED));
	int y = para(2, 4, COLS - 8, LINES - 2, pass ? C_OK : C_WRONG, line);
	snprintf(line, sizeof line, tr(MSG_QUIZ_BEST), app->progress.levels[s->level].best);
	y = para(y, 4, COLS - 8, LINES - 2, C_NORMAL, line);
	if (pass && s->level + 1 < s->nlevels)
		snprintf(line, sizeof line, tr(MSG_QUIZ_LEVEL_OPEN), s->level + 2);
	else if (pass && s->nlevels != QUIZ_LEVELS)
		snprintf(line, sizeof line, tr(s->nlevels == 1 ? MSG_QUIZ_ALL_PASSED_1 : MSG_QUIZ_ALL_PASSED_N), s->nlevels);
	else if (pass)
		snprintf(line, sizeof line, "%s", tr(MSG_QUIZ_ALL_PASSED));
	else
		snprintf(line, sizeof line, "%s", tr(MSG_QUIZ_RETRY));
	y = para(y, 4, COLS - 8, LINES - 2, C_HEADING, line);   /* the review's heading follows */
	if (y + 2 < LINES - 1) {
		ui_text(y++, 2, COLS - 4, C_HEADING, tr(MSG_QZ_REVIEW));
		quiz_review_draw(s, y, LINES - 2);
	}
	status(app, s);
}

void quiz_view_draw(struct app *app, struct qs *s)
{
	switch (s->phase) {
	case PH_LIST: draw_list(app, s); break;
	case PH_ASK: draw_ask(app, s); break;
	case PH_MEASURE: draw_measure(app, s); break;
	case PH_FEEDBACK: draw_feedback(app, s); break;
	case PH_RESULT: draw_result(app, s); break;
	case PH_DETAIL: quiz_detail_draw(app, s); status(app, s); break;
	}
}
