/* screen_reader: one lesson, page by page.  The page is laid out by
 * layout.c for the current width (again after a resize, keeping the same
 * item at the top) and drawn line by line; code lines are highlighted and
 * cropped with a marker.  Every page change is saved in progress, and
 * the lesson is done once every page's end was on screen; the last page
 * ends with a marker naming the next lesson.  Blocks, demos and `see`
 * links open through ACT_OPEN; `o`/Enter opens the page's block even when
 * it is scrolled out of view. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "highlight.h"
#include "layout.h"
#include "page_lines.h"
#include "lesson_find.h"
#include "search.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define MAXW 100 /* a readable measure on wide terminals */
#define HSTEP 8   /* columns [ and ] scroll code sideways */

struct reader {
	const struct lesson *l;
	size_t page;
	int top;         /* first visible line */
	int focus;       /* focused link, -1 for none */
	int want_item;   /* the learner's place: the item at the top ... */
	int want_sub;    /* ... and how many of its lines are scrolled past */
	int hscroll;     /* columns of code lines scrolled past ([ and ]) */
	bool laid;       /* lay holds page `page` at lay.width */
	bool to_end;     /* the next layout shows the page's end */
	struct search search;    /* `/`: the prompt and the text searched for */
	struct lesson_spot hit;  /* the last place found, where n and N go on from */
	bool has_hit;
	bool *seen;      /* [npages]: the page's end was on screen (or it was
	                    read before: the pages before the saved place) */
	struct layout lay;
};

static int view_h(void) { return LINES - 3; }
static int text_w(void) { return COLS - 4 < MAXW ? COLS - 4 : MAXW; }
static int left_x(void) { return 2; }

/* Read means every page's end was on screen, not only the last page opened. */
static bool all_seen(const struct reader *r)
{
	for (size_t i = 0; i < r->l->npages; i++)
		if (!r->seen[i])
			return false;
	return true;
}

static void save_place(struct app *app, struct reader *r)
{
	if (r->l->broken)
		return;
	struct lesson_progress *lp = progress_lesson(&app->progress, r->l->id);
	if (!lp) {   /* a fixed limit says so, never drops progress silently */
		snprintf(app->status, sizeof app->status, tr(MSG_PLACE_NOT_KEPT), PROGRESS_MAX_LESSONS);
		return;
	}
	lp->page = (int)r->page;
	lp->item = r->want_item > 0 ? r->want_item : 0;
	lp->line = r->want_sub > 0 ? r->want_sub : 0;
	if (all_seen(r))
		lp->done = true;
	progress_unread_format(r->seen, r->page, lp->unread, sizeof lp->unread); /* skipped pages */
	if (lp->done)
		lp->unread[0] = '\0';
	app_progress_changed(app);
}

/* The status line at a place found: which match of how many, on which
 * page ("\"warp\": match 3 of 7 · page 4/6"), and `more` (the wrap's words). */
static void say_found(struct app *app, const struct reader *r, const char *more)
{
	const char *q = r->search.query;
	snprintf(app->status, sizeof app->status, tr(MSG_RD_FOUND), q, lesson_rank(r->l, q, r->hit),
		 lesson_count(r->l, q), r->page + 1, r->l->npages);
	size_t n = strlen(app->status);
	snprintf(app->status + n, sizeof app->status - n, "%s", more);
}

/* Opens at the place the course search found, the search on there: the
 * text marked, n and N going on from it. */
static void open_found(struct app *app, struct reader *r)
{
	const char *q = app->open_find.query;
	r->page = app->open_find.page;
	r->want_item = app->open_find.item;
	r->want_sub = 0;
	if (!q[0])
		return;
	snprintf(r->search.query, sizeof r->search.query, "%s", q);
	r->hit = (struct lesson_spot){ r->page, app->open_find.item };
	r->has_hit = true;
	say_found(app, r, "");
}

static void *reader_enter(struct app *app, const char *arg)
{
	const struct lesson *l = arg ? course_find(&app->course, arg) : NULL;
	if (!l)
		return NULL;
	struct reader *r = calloc(1, sizeof *r);
	bool *seen = calloc(l->npages ? l->npages : 1, sizeof *seen);
	if (!r || !seen) {
		free(r);
		free(seen);
		return NULL;
	}
	enum open_at at = app->open_at;
	app->open_at = OPEN_SAVED;   /* taken */
	r->l = l;
	r->seen = seen;
	r->focus = -1;
	r->want_item = -1; /* the top of the page */
	struct lesson_progress *lp = l->broken ? NULL : progress_lesson(&app->progress, l->id);
	if (lp && lp->page >= 0 && (size_t)lp->page < l->npages) {
		for (int i = 0; i < lp->page; i++)                             /* read before, to reach the saved place, */
			seen[i] = !progress_unread_has(lp->unread, (size_t)i); /* but those skipped */
		if (at == OPEN_SAVED) {
			r->page = (size_t)lp->page;
			if (lp->item > 0 || lp->line > 0) { /* where the learner left off */
				r->want_item = lp->item;
				r->want_sub = lp->line;
			}
		}
	}
	if (at == OPEN_FIND && app->open_find.page < l->npages)   /* from the course search */
		open_found(app, r);
	if (at == OPEN_END && l->npages > 0) {   /* back from the next lesson */
		r->page = l->npages - 1;
		r->to_end = true;         /* relayout puts the page's end in view */
	}
	save_place(app, r);
	return r;
}

/* The page's lines less the blank ones at its end: a page one blank line
 * longer than the screen does not scroll (Space would show only that).
 * The last page has two more: a blank and the end-of-lesson marker, so
 * Space stops there before it moves on. */
static int used_lines(const struct reader *r)
{
	int n = (int)r->lay.n;
	while (n > 0 && r->lay.line[n - 1].kind == L_BLANK)
		n--;
	return n + (r->page + 1 >= r->l->npages ? 2 : 0);
}

static void clamp_top(struct reader *r)
{
	int max = used_lines(r) - view_h();
	if (r->top > max)
		r->top = max;
	if (r->top < 0)
		r->top = 0;
}

/* After the learner scrolls: clamp, and remember the place by content, so
 * a resize (even through a size where the page fits) comes back to it. */
static void settle(struct reader *r)
{
	clamp_top(r);
	r->want_item = -1;
	r->want_sub = r->top;
	if ((size_t)r->top < r->lay.n) {
		r->want_item = r->lay.line[r->top].item;
		r->want_sub = r->top - (int)layout_item_line(&r->lay, r->want_item);
	}
}

/* Lays the page out for the current width, at the learner's place. */
static void relayout(struct app *app, struct reader *r)
{
	int w = text_w();
	if (r->laid && r->lay.width == w)
		return;
	layout_free(&r->lay);
	layout_page(&r->lay, r->l, r->page, &app->course, w, ui_ascii());
	r->laid = true;
	r->top = (int)layout_item_line(&r->lay, r->want_item) + r->want_sub;
	if (r->to_end) {
		r->to_end = false;
		r->top = used_lines(r);
		settle(r);
	}
}

static void draw_broken(struct app *app, struct reader *r)
{
	ui_title(r->l->id ? r->l->id : tr(MSG_READER_LESSON), tr(MSG_MENU_BROKEN));
	ui_text(2, 2, COLS - 4, C_WRONG, tr(MSG_READER_BROKEN));
	struct text_lines tl = { 0 };
	text_wrap(r->l->error ? r->l->error : tr(MSG_READER_UNKNOWN_ERROR), COLS - 4, &tl);
	for (size_t i = 0; i < tl.n && (int)i < LINES - 6; i++)
		ui_text(4 + (int)i, 2, COLS - 4, C_NORMAL, tl.line[i]);
	text_lines_free(&tl);
	char hints[HINTS_MAX];
	screen_hints(&screen_reader, app, r, hints, sizeof hints);
	ui_status(app->status[0] ? app->status : "", hints);
}

/* The end-of-lesson marker on row y: a rule with what Space does next. */
static void draw_end(struct app *app, const struct reader *r, int y)
{
	const struct lesson *next = course_next(&app->course, r->l);
	char msg[320];
	char unread[64], pages[120] = ""; /* pages skipped (a search jumped): the lesson is not read yet */
	progress_unread_format(r->seen, r->page, unread, sizeof unread);
	if (unread[0])
		snprintf(pages, sizeof pages, tr(progress_unread_many(unread) ? MSG_RD_UNREAD_MANY : MSG_RD_UNREAD_ONE),
			 unread);
	char end[200];
	if (next)
		snprintf(end, sizeof end, tr(MSG_RD_END_NEXT), next->title ? next->title : next->id);
	else
		snprintf(end, sizeof end, "%s", tr(MSG_RD_END));
	snprintf(msg, sizeof msg, "%s%s", pages, end);
	/* too wide for one rule: the unread pages on the row below it, when there is one */
	if (pages[0] && ui_width(msg) + 2 > text_w() && y + 1 < LINES - 2) {
		page_end_rule(y, left_x(), text_w(), end);
		size_t k = strlen(pages);
		while (k && (pages[k - 1] == ' ' || pages[k - 1] == ';'))
			pages[--k] = '\0';
		if (k >= 3 && !strcmp(pages + k - 3, "；"))
			pages[k - 3] = '\0';
		ui_text(y + 1, left_x() + (text_w() - ui_width(pages)) / 2, text_w(), C_ACCENT, pages);
		return;
	}
	page_end_rule(y, left_x(), text_w(), msg);
}

static void reader_draw(struct app *app, void *st)
{
	struct reader *r = st;
	if (r->l->broken || r->l->npages == 0) {
		draw_broken(app, r);
		return;
	}
	relayout(app, r);
	clamp_top(r);
	char pos[48];
	snprintf(pos, sizeof pos, tr(MSG_READER_PAGE), r->page + 1, r->l->npages);
	char right[96];   /* an English lesson (or page) in a translated course says so */
	bool en = r->l->fallback || (r->l->english_from && r->page >= r->l->english_from);
	snprintf(right, sizeof right, "%s%s%s", en ? tr(MSG_FALLBACK_MARK) : "", en ? "  " : "", pos);
	ui_title(r->l->title, right);
	int h = view_h();
	for (int i = 0; i < h && r->top + i < (int)r->lay.n; i++) {
		const struct lline *ln = &r->lay.line[r->top + i];
		page_line_draw(1 + i, left_x(), text_w(), ln, r->focus >= 0 && ln->link == r->focus, r->hscroll,
			       r->search.query);
	}
	int n = used_lines(r), end = r->top + h < n ? r->top + h : n;
	if (r->page + 1 >= r->l->npages && n - 1 - r->top < h)
		draw_end(app, r, 1 + n - 1 - r->top);
	if (end >= n && !r->seen[r->page]) {   /* the page's end is on screen */
		r->seen[r->page] = true;
		save_place(app, r);
	}
	ui_scroll_pos(LINES - 2, n ? r->top + 1 : 0, end, n, POS_LINES);   /* the page is in the title */
	char hints[HINTS_MAX];
	if (search_status(&r->search))   /* the prompt takes the status line */
		return;
	screen_hints(&screen_reader, app, r, hints, sizeof hints);
	ui_status(app->status[0] ? app->status : "", hints);
}

static void go_page(struct app *app, struct reader *r, long page, bool at_end)
{
	if (page < 0 || (size_t)page >= r->l->npages)
		return;
	r->page = (size_t)page;
	r->hscroll = 0;
	r->laid = false;
	r->focus = -1;
	r->want_item = -1;
	r->want_sub = 0;
	relayout(app, r);
	r->top = at_end ? used_lines(r) : 0;
	settle(r);
	save_place(app, r);
}

static enum act open_link(struct app *app, struct reader *r)
{
	int pick = layout_pick_link(&r->lay, r->focus, r->top, view_h());
	if (pick < 0) {   /* links off screen are there, just not in view */
		snprintf(app->status, sizeof app->status, "%s",
			 tr(r->lay.nlinks ? MSG_READER_LINKS_AWAY : MSG_READER_NOTHING));
		return ACT_NONE;
	}
	snprintf(app->open_id, sizeof app->open_id, "%s", r->lay.link[pick].target);
	if (!r->lay.link[pick].block)
		app->open_at = OPEN_START;   /* a `see` lesson from its start */
	else                                 /* a class's demo is titled after the class's lesson */
		snprintf(app->opened_from, sizeof app->opened_from, "%s", r->l->title ? r->l->title : "");
	return ACT_OPEN;
}

static void next_focus(struct reader *r)
{
	if (r->lay.nlinks == 0)
		return;
	r->focus = (r->focus + 1) % (int)r->lay.nlinks;
	const struct llink *k = &r->lay.link[r->focus];
	if (k->first < r->top || k->last >= r->top + view_h())
		r->top = k->first - view_h() / 3;
	settle(r);
}

static enum act mouse_key(struct app *app, struct reader *r, const struct input *in)
{
	if (in->mouse == MOUSE_WHEEL_UP || in->mouse == MOUSE_WHEEL_DOWN) {
		r->top += in->mouse == MOUSE_WHEEL_UP ? -3 : 3;
		settle(r);
	} else if (in->mouse == MOUSE_PRESS) {
		int i = r->top + in->my - 1;
		if (in->my >= 1 && in->my <= view_h() && i < (int)r->lay.n && r->lay.line[i].link >= 0) {
			r->focus = r->lay.line[i].link;
			return open_link(app, r);
		}
	}
	return ACT_NONE;
}

enum { RK_NEXT = KEY_OWN, RK_NEXT_LESSON, RK_PREV, RK_LINK, RK_OPEN, RK_CODE_LEFT, RK_CODE_RIGHT,
       RK_SEARCH, RK_MATCH_NEXT, RK_MATCH_PREV, RK_SEARCH_END };

/* The reader's keys (screen.h).  While a search is on, n, N and Esc are
 * its own (the rows before the page keys win), as in less. */
static const struct screen_key reader_keys[] = {
	{ .id = RK_MATCH_NEXT, .keys = "n", .label = MSG_ST_MATCH, .help = MSG_HK_RD_MATCH_NEXT, .needed = true },
	{ .id = RK_MATCH_PREV, .keys = "N", .label = MSG_ST_MATCH, .help = MSG_HK_RD_MATCH_PREV, .needed = true },
	{ .id = RK_SEARCH_END, .keys = "Esc", .label = MSG_ST_END_SEARCH, .help = MSG_HK_RD_SEARCH_END, .needed = true },
	{ .id = RK_NEXT, .keys = "n Right", .label = MSG_ST_PAGE, .help = MSG_KEY_CMD_NEXT },
	{ .id = RK_NEXT_LESSON, .keys = "n Right", .label = MSG_ST_NEXT_LESSON, .help = MSG_HK_RD_NEXT_LESSON },
	{ .id = RK_PREV, .keys = "p Left", .label = MSG_ST_PAGE, .help = MSG_HK_RD_PREV },
	{ .cmd = CMD_PGDN, .label = MSG_ST_MORE, .help = MSG_HELP_READER_SPACE },
	{ .cmd = CMD_PGUP, .help = MSG_HELP_READER_B },
	{ .id = RK_OPEN, .keys = "Enter o", .label = MSG_ST_OPEN, .help = MSG_HELP_OPEN, .needed = true },
	{ .id = RK_LINK, .keys = "Tab", .help = MSG_HELP_READER_TAB },
	{ .id = RK_CODE_LEFT, .keys = "[", .label = MSG_ST_CODE, .help = MSG_HK_RD_CODE_LEFT },
	{ .id = RK_CODE_RIGHT, .keys = "]", .label = MSG_ST_CODE, .help = MSG_HK_RD_CODE_RIGHT },
	{ .id = RK_SEARCH, .keys = "/", .help = MSG_HK_RD_SEARCH }, /* as in less: on the help page */
	{ .cmd = CMD_UP },
	{ .cmd = CMD_DOWN },
	{ .cmd = CMD_TOP },
	{ .cmd = CMD_BOTTOM },
};

/* Whether a code line in view is cut at the right at the current sideways
 * scroll: then ] shows more of it. */
static bool code_cut(const struct reader *r)
{
	int w = text_w();
	for (int i = r->top; i < r->top + view_h() && i < (int)r->lay.n; i++) {
		const struct lline *ln = &r->lay.line[i];
		if (ln->kind == L_CODE && text_width(ln->text ? ln->text : "") - r->hscroll >
		    w - ln->indent - (r->hscroll > 0))
			return true;
	}
	return false;
}

static bool reader_on(struct app *app, void *st, int id, enum msg *why)
{
	struct reader *r = st;
	if (r->l->broken || r->l->npages == 0)
		return false;   /* nothing but back and quit */
	switch (id) {
	case RK_NEXT: return r->page + 1 < r->l->npages && !r->search.query[0];
	case RK_NEXT_LESSON:   /* the last page leads on to the next lesson */
		return r->page + 1 >= r->l->npages && course_next(&app->course, r->l) &&
		       !r->search.query[0];
	case RK_PREV: return r->page > 0 || course_prev(&app->course, r->l);
	case CMD_PGDN: /* nothing below, no page after, no lesson after: Space does nothing */
		return r->top + view_h() < used_lines(r) || r->page + 1 < r->l->npages || course_next(&app->course, r->l);
	case RK_MATCH_NEXT: case RK_MATCH_PREV: case RK_SEARCH_END:
		return r->search.query[0] != '\0';
	case RK_CODE_LEFT: return r->hscroll > 0;
	case RK_CODE_RIGHT: return code_cut(r);
	case RK_LINK: return r->lay.nlinks > 0;
	case RK_OPEN:
		*why = MSG_READER_NOTHING;
		return r->lay.nlinks > 0;
	default: return true;
	}
}

/* From the last page on to the next lesson, in place of this one, at its
 * start (page 1, top), as a See-also link opens one. */
static enum act next_lesson(struct app *app, struct reader *r)
{
	const struct lesson *n = course_next(&app->course, r->l);
	if (!n)
		return ACT_NONE;
	snprintf(app->open_id, sizeof app->open_id, "%s", n->id);
	app->open_at = OPEN_START;
	return ACT_REPLACE;
}

/* Goes to the next (dir 1) or previous (-1) place the search text occurs,
 * from the item at the top of the view, and says where it is. */
static void find_next(struct app *app, struct reader *r, int dir, bool first)
{
	struct lesson_spot at = { r->page, -1 }, to;
	if ((size_t)r->top < r->lay.n)
		at.item = r->lay.line[r->top].item;
	if (first && at.item >= 0)
		at.item--;   /* a new search finds the item at the top of the view too */
	if (!first && r->has_hit && r->hit.page == r->page)
		at = r->hit;   /* on from the last place (the view may not scroll to it) */
	const char *q = r->search.query;
	if (!lesson_find(r->l, q, at, dir, &to)) {
		snprintf(app->status, sizeof app->status, tr(MSG_RD_NOT_FOUND), q);
		return;
	}
	bool wrapped = dir > 0 ? to.page < at.page || (to.page == at.page && to.item <= at.item)
			       : to.page > at.page || (to.page == at.page && to.item >= at.item);
	r->hit = to;
	r->has_hit = true;
	if (to.page != r->page)
		go_page(app, r, (long)to.page, false);
	r->want_item = to.item;
	r->want_sub = 0;
	r->laid = false;
	relayout(app, r);
	settle(r);
	say_found(app, r, search_wrap_note(wrapped, dir));
}

/* From the first page back to the previous lesson's last page. */
static enum act prev_lesson(struct app *app, struct reader *r)
{
	const struct lesson *p = course_prev(&app->course, r->l);
	if (!p)
		return ACT_NONE;
	snprintf(app->open_id, sizeof app->open_id, "%s", p->id);
	app->open_at = OPEN_END;
	return ACT_REPLACE;
}

static enum act reader_key(struct app *app, void *st, const struct input *in)
{
	struct reader *r = st;
	int h = view_h();
	if (r->search.typing) {   /* the prompt takes every key */
		if (search_type(&r->search, in) > 0)
			find_next(app, r, 1, true);
		return ACT_NONE;
	}
	if (in->mouse != MOUSE_NONE)
		return mouse_key(app, r, in);
	bool at_bottom = r->top + h >= used_lines(r);
	switch (in->id) {
	case CMD_UP: r->top--; break;
	case CMD_DOWN: r->top++; break;
	case CMD_PGDN:
		if (at_bottom && r->page + 1 >= r->l->npages && course_next(&app->course, r->l))
			return next_lesson(app, r);
		if (at_bottom) go_page(app, r, (long)r->page + 1, false);
		else r->top += h - 1;
		break;
	case CMD_PGUP:
		if (r->top == 0 && r->page == 0)
			return prev_lesson(app, r);
		if (r->top == 0) go_page(app, r, (long)r->page - 1, true);
		else r->top -= h - 1;
		break;
	case CMD_TOP: r->top = 0; break;
	case CMD_BOTTOM: r->top = (int)r->lay.n; break;
	case RK_NEXT: go_page(app, r, (long)r->page + 1, false); break;
	case RK_NEXT_LESSON:   /* stops at the end-of-lesson marker first, as Space does */
		if (at_bottom)
			return next_lesson(app, r);
		r->top = used_lines(r);
		break;
	case RK_CODE_LEFT: r->hscroll = r->hscroll > HSTEP ? r->hscroll - HSTEP : 0; break;
	case RK_CODE_RIGHT: r->hscroll += HSTEP; break;
	case RK_PREV:
		if (r->page == 0)
			return prev_lesson(app, r);
		go_page(app, r, (long)r->page - 1, false);
		break;
	case RK_LINK: next_focus(r); break;
	case RK_OPEN: return open_link(app, r);
	case RK_SEARCH: search_open(&r->search); return ACT_NONE;
	case RK_MATCH_NEXT: find_next(app, r, 1, false); return ACT_NONE;
	case RK_MATCH_PREV: find_next(app, r, -1, false); return ACT_NONE;
	case RK_SEARCH_END:
		r->search.query[0] = '\0';
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_RD_SEARCH_ENDED));
		return ACT_NONE;
	default: return ACT_IGNORED;
	}
	settle(r);
	return ACT_NONE;
}

static void reader_leave(struct app *app, void *st)
{
	struct reader *r = st;
	save_place(app, r); /* the scroll position too, for the next start */
	layout_free(&r->lay);
	free(r->seen);
	free(r);
}

const struct screen screen_reader = {
	.name = "reader", .enter = reader_enter, .draw = reader_draw, .key = reader_key, .leave = reader_leave,
	SCREEN_KEYS(reader_keys), .key_on = reader_on,
};
