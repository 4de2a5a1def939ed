/* quiz_review: the review at the end of a quiz level and the full view of
 * one answer (quiz_screen.h's state).  A row says what is true: a
 * true/false statement is shown with its verdict ("FALSE: ..."), so a
 * learner revising from the list never reads a misconception as fact; under
 * every row the learner's answer and the right one.  Rows are in the order
 * the questions were asked; Enter shows the chosen one whole. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"
#include "lesson_find.h"
#include "quiz_screen.h"
#include "text.h"
#include "ui.h"

#define REVIEW_ROWS (3 * QUIZ_MAX_QUESTIONS + 1)

struct review_row {
	char text[700];
	enum role role;
	int answer;       /* the index in s->review of the answer it belongs to, -1 */
	int place;        /* that answer's place in the review, 1-based; 0 for none */
};

/* The question as one line: a statement with its verdict first. */
static void question_line(const struct quiz_question *q, char *buf, size_t size)
{
	if (q->type == QT_TRUEFALSE)
		snprintf(buf, size, tr(q->answer ? MSG_QZ_STATEMENT_TRUE : MSG_QZ_STATEMENT_FALSE), q->prompt);
	else
		snprintf(buf, size, "%s", q->prompt);
}

/* The answers of this attempt in the order they were asked: indices into
 * s->review, sorted by their place in the attempt. */
static int by_place(const struct qs *s, int *idx)
{
	int n = 0;
	for (int i = 0; i < s->nreview; i++) {
		int j = n++;
		while (j > 0 && s->review[idx[j - 1]].pos > s->review[i].pos) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	return n;
}

/* The index in s->review of the answer the review's cursor is on. */
static int by_sel(const struct qs *s)
{
	int idx[QUIZ_MAX_QUESTIONS], n = by_place(s, idx);
	return n == 0 ? -1 : idx[s->review_sel < 0 ? 0 : s->review_sel >= n ? n - 1 : s->review_sel];
}

static int review_rows(const struct qs *s, struct review_row *row)
{
	const struct quiz *lv = &s->lv[s->level];
	int n = 0, idx[QUIZ_MAX_QUESTIONS], na = by_place(s, idx);
	char q[600];
	if (s->earlier > 0) {
		snprintf(row[n].text, sizeof row[n].text, tr(MSG_QZ_REVIEW_EARLIER), s->earlier);
		row[n].answer = -1;
		row[n].place = 0;
		row[n++].role = C_DIM;
	}
	for (int k = 0; k < na && n + 3 <= REVIEW_ROWS; k++) {
		const struct qs_answer *a = &s->review[idx[k]];
		const struct quiz_question *qq = &lv->q[a->qi];
		question_line(qq, q, sizeof q);
		snprintf(row[n].text, sizeof row[n].text, "%s %d. %d/%d  %s",
			 ui_glyph(!a->judged ? G_BULLET : a->correct ? G_CHECK : G_CROSS),
			 a->pos + 1, a->earned, qq->points, q);
		row[n].role = !a->judged ? C_NOTE : a->correct ? C_OK : C_WRONG;
		snprintf(row[n + 1].text, sizeof row[n + 1].text, tr(MSG_QZ_REVIEW_YOURS), a->mine);
		row[n + 1].role = C_DIM;
		snprintf(row[n + 2].text, sizeof row[n + 2].text, tr(MSG_QZ_REVIEW_ANSWER), a->answer);
		row[n + 2].role = C_NORMAL;
		for (int j = 0; j < 3; j++, n++) {
			row[n].answer = idx[k];
			row[n].place = k + 1;
		}
	}
	return n;
}

/* Rows y to y1 (y1 the rule with the position): the chosen answer
 * highlighted and kept in view; cut lines end in …; the search text's
 * places marked. */
void quiz_review_draw(struct qs *s, int y, int y1)
{
	struct review_row *row = calloc(REVIEW_ROWS, sizeof *row);
	if (!row)
		return;
	int n = review_rows(s, row), view = y1 - y, first = -1, last = -1, na = 0;
	for (int i = 0; i < n; i++) {
		na = row[i].place > na ? row[i].place : na;
		if (row[i].answer >= 0 && row[i].answer == by_sel(s)) {
			if (first < 0)
				first = i;
			last = i;
		}
	}
	if (first >= 0 && first < s->review_top)
		s->review_top = first > 0 && row[first - 1].answer < 0 ? 0 : first;
	if (last >= 0 && last >= s->review_top + view)
		s->review_top = last - view + 1;
	if (s->review_top > n - view)
		s->review_top = n - view;
	if (s->review_top < 0)
		s->review_top = 0;
	int top_place = 0, end_place = 0, w = ui_cols() - 8;
	for (int i = 0; i < view && s->review_top + i < n; i++) {
		const struct review_row *r = &row[s->review_top + i];
		bool sel = s->review_top + i == first;
		ui_text(y + i, 2, 2, sel ? C_SELECT : C_ACCENT, sel ? ">" : " ");
		ui_text_match_more(y + i, 4, w, sel ? C_SELECT : r->role, r->text, s->search.query);
		if (r->place && !top_place)
			top_place = r->place;
		end_place = r->place ? r->place : end_place;
	}
	ui_scroll_pos(y1, top_place, end_place, na, POS_ANSWERS);
	free(row);
}

/* The answer at place k of the review as one text: its three rows. */
static const char *answer_text(void *ctx, int k)
{
	struct qs *s = ctx;
	int idx[QUIZ_MAX_QUESTIONS], n = by_place(s, idx);
	if (k < 0 || k >= n)
		return "";
	const struct qs_answer *a = &s->review[idx[k]];
	char q[600], mine[400], answer[1400];
	question_line(&s->lv[s->level].q[a->qi], q, sizeof q);
	snprintf(mine, sizeof mine, tr(MSG_QZ_REVIEW_YOURS), a->mine);
	snprintf(answer, sizeof answer, tr(MSG_QZ_REVIEW_ANSWER), a->answer);
	snprintf(s->scratch, sizeof s->scratch, "%s\n%s\n%s", q, mine, answer);
	return s->scratch;
}

void quiz_review_find(struct app *app, struct qs *s, int dir, bool first)
{
	int idx[QUIZ_MAX_QUESTIONS], n = by_place(s, idx);
	bool wrapped;
	int sel = s->review_sel < 0 ? 0 : s->review_sel >= n ? n - 1 : s->review_sel;
	int from = first ? sel - 1 : sel;   /* a new search finds the chosen answer too */
	int k = search_rows(&s->search, n, from, dir, answer_text, s, &wrapped);
	int rank = 0, count = search_count(&s->search, n, k, answer_text, s, &rank);
	search_say(&s->search, k, rank, count, wrapped, dir, app->status, sizeof app->status);
	if (k >= 0)
		s->review_sel = k;
}

/* ---- one answer, whole ---- */

struct para_list {
	struct { const char *text; enum role role; int indent; } p[QUIZ_MAX_ITEMS + 12];
	int n;
};

static void add(struct para_list *l, enum role r, int indent, const char *text)
{
	if (text && *text && l->n < (int)(sizeof l->p / sizeof l->p[0]))
		l->p[l->n].text = text, l->p[l->n].role = r, l->p[l->n++].indent = indent;
}

/* Draws the paragraphs wrapped from row y to y1 (the rule with the
 * position), skipping the first *top lines (clamped so the last line can
 * reach the bottom), the search text q marked. */
static void draw_paras(const struct para_list *l, int y, int y1, int *top, const char *q)
{
	int total = 0, w = ui_cols() - 4;
	for (int pass = 0; pass < 2; pass++) {
		int line = 0;
		for (int i = 0; i < l->n; i++) {
			struct text_lines tl = { 0 };
			text_wrap(l->p[i].text, w - l->p[i].indent, &tl);
			for (size_t k = 0; k < tl.n; k++, line++)
				if (pass && line >= *top && y + line - *top < y1)
					ui_text_match(y + line - *top, 2 + l->p[i].indent, w - l->p[i].indent,
						      l->p[i].role, tl.line[k], q);
			text_lines_free(&tl);
		}
		total = line;
		if (!pass && *top > total - (y1 - y))
			*top = total - (y1 - y) > 0 ? total - (y1 - y) : 0;
	}
	int last = *top + (y1 - y) < total ? *top + (y1 - y) : total;
	ui_scroll_pos(y1, total ? *top + 1 : 0, last, total, POS_LINES);
}

void quiz_detail_draw(struct app *app, struct qs *s)
{
	(void)app;
	int i = by_sel(s);
	if (i < 0)
		return;
	const struct qs_answer *a = &s->review[i];
	const struct quiz_question *q = &s->lv[s->level].q[a->qi];
	char title[200], right[64], verdict[200], mine[400], answer[1400];
	char opts[QUIZ_MAX_ITEMS][600];
	snprintf(title, sizeof title, tr(MSG_QUIZ_LEVEL_TITLE), s->level + 1, s->lv[s->level].title);
	snprintf(right, sizeof right, tr(MSG_QUIZ_QUESTION_POS), a->pos + 1, s->lv[s->level].n, q->points);
	ui_title(title, right);
	struct para_list l = { .n = 0 };
	add(&l, C_ANALOGY, 0, q->scenario);
	add(&l, C_HEADING, 0, q->prompt);
	for (size_t k = 0; (q->type == QT_SINGLE || q->type == QT_MULTI) && k < q->noptions; k++) {
		bool right_one = q->type == QT_SINGLE ? (int)k == q->answer : (q->answers >> k) & 1;
		bool picked = q->type == QT_SINGLE ? a->resp.choice == (int)k : (a->resp.mask >> k) & 1;
		snprintf(opts[k], sizeof opts[k], "%s %s%s", right_one ? ui_glyph(G_CHECK) : " ",
			 q->options[k], picked ? tr(MSG_QZ_PICKED) : "");
		add(&l, right_one ? C_OK : C_NORMAL, 2, opts[k]);
	}
	snprintf(verdict, sizeof verdict, "%s %d/%d", ui_glyph(!a->judged ? G_BULLET : a->correct ? G_CHECK : G_CROSS),
		 a->earned, q->points);
	add(&l, !a->judged ? C_NOTE : a->correct ? C_OK : C_WRONG, 0, verdict);
	snprintf(mine, sizeof mine, tr(MSG_QZ_REVIEW_YOURS), a->mine);
	add(&l, C_NORMAL, 0, mine);
	snprintf(answer, sizeof answer, tr(MSG_QZ_REVIEW_ANSWER), a->answer);
	add(&l, C_NORMAL, 0, answer);
	if (a->measured[0])   /* a prediction's measurement, whole */
		add(&l, C_ACCENT, 0, a->measured);
	add(&l, C_NORMAL, 0, q->explanation);
	draw_paras(&l, 2, LINES - 2, &s->detail_top, s->search.query);
}
