/* screen_found: the menu's search across the course, as `/` in less but
 * over every lesson of the course being run (the built-in one or a class,
 * in the learner's language): one row per page that holds the text, with
 * the lesson's number and title, the page's title and how many places it
 * has; below, the first place on the chosen page with the text marked.
 * Enter opens the lesson at that place with the search on (the reader's n
 * and N go on from there); `/` searches again.  The finding is
 * lesson_find.c's; this screen only lists and chooses. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "lesson_find.h"
#include "screens.h"
#include "search.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define FOUND_MAX 400   /* rows kept; the title says how many there are in all */

struct found {
	struct search search;
	struct find_hit hit[FOUND_MAX];
	size_t n, all;        /* rows kept, pages found in all */
	int lessons;          /* lessons with a row */
	int cursor, top;
};

static int list_y(void) { return 2; }
static int list_h(void) { return LINES - 7; }

/* Finds q across the course into f; false when it is nowhere. */
static bool find_all(struct app *app, struct found *f, const char *text)
{
	char q[sizeof f->search.query];   /* text may be f->search.query itself */
	snprintf(q, sizeof q, "%s", text);
	size_t all = course_find_all(&app->course, q, f->hit, FOUND_MAX);
	if (!all)
		return false;
	memcpy(f->search.query, q, sizeof q);
	f->all = all;
	f->n = all < FOUND_MAX ? all : FOUND_MAX;
	f->lessons = 0;
	for (size_t i = 0; i < f->n; i++)
		f->lessons += i == 0 || f->hit[i].lesson != f->hit[i - 1].lesson;
	f->cursor = f->top = 0;
	return true;
}

static void *found_enter(struct app *app, const char *arg)
{
	(void)arg;   /* the text is app->open_find.query (the menu's prompt) */
	struct found *f = calloc(1, sizeof *f);
	if (f && !find_all(app, f, app->open_find.query)) {
		free(f);
		return NULL;
	}
	return f;
}

static void draw_row(struct app *app, const struct found *f, int y, int i)
{
	const struct find_hit *h = &f->hit[i];
	const struct lesson *l = &app->course.lessons[h->lesson];
	bool sel = i == f->cursor;
	enum role base = sel ? C_SELECT : C_NORMAL;
	int w = ui_cols();
	ui_fill(y, 0, 1, w, base);
	char num[16], right[64], text[400];
	snprintf(num, sizeof num, "%2zu", h->lesson + 1);
	ui_text(y, 2, 2, sel ? base : C_DIM, num);
	if (h->about)
		snprintf(right, sizeof right, "%s", tr(MSG_FOUND_ABOUT));
	else if (h->count == 1)
		snprintf(right, sizeof right, tr(MSG_FOUND_PAGE_ONE), h->page + 1, l->npages);
	else
		snprintf(right, sizeof right, tr(MSG_FOUND_PAGE), h->page + 1, l->npages, h->count);
	int rw = ui_width(right);
	ui_text(y, w - 2 - rw, rw, sel ? base : C_DIM, right);
	const char *pt = h->about ? NULL : l->pages[h->page].title;
	snprintf(text, sizeof text, "%s%s%s", l->title ? l->title : l->id, pt ? tr(MSG_FOUND_SEP) : "",
		 pt ? pt : "");
	ui_text_match_more(y, 6, w - 6 - rw - 3, base, text, f->search.query);
}

/* Where the shown part of s starts: a little before its first match, at a
 * space, when the match would not show in the rows the pane has. */
static const char *snippet_start(const char *s, const char *q, int room)
{
	const char *m = find_at(s, q);
	if (!m)
		return s;
	char *pre = strndup(s, (size_t)(m - s));
	int pw = pre ? text_width(pre) : 0, used = 0;
	const char *start = s;
	if (pre && pw > room / 2) {
		start = s + text_fit(pre, pw - room / 4, &used);
		while (*start && *start != ' ' && start < m)
			start++;
		while (*start == ' ')
			start++;
	}
	free(pre);
	return start;
}

/* The detail pane: the chosen row's first place, text marked. */
static void draw_detail(struct app *app, const struct found *f, int y)
{
	const struct find_hit *h = &f->hit[f->cursor];
	const struct lesson *l = &app->course.lessons[h->lesson];
	const char *q = f->search.query;
	const char *t = h->about ? (find_in(l->summary, q) ? l->summary : find_in(l->analogy, q)
				    ? l->analogy : l->title)
		: lesson_spot_text(l, (struct lesson_spot){ h->page, h->item }, q);
	char *flow = text_reflow(t ? t : "");
	const char *s = flow ? flow : t ? t : "";
	int w = ui_cols() - 4;
	const char *start = snippet_start(s, q, 3 * w);
	size_t len = strlen(start) + 8;
	char *shown = start != s ? malloc(len) : NULL;   /* "…" and the rest */
	if (shown)
		snprintf(shown, len, "%s%s", ui_glyph(G_ELLIPSIS), start);
	struct text_lines tl = { 0 };
	text_wrap(shown ? shown : start, w, &tl);
	for (size_t i = 0; i < tl.n && i < 3; i++) {
		if (i == 2 && tl.n > 3)
			ui_text_match_more(y + 1 + (int)i, 2, w, C_NORMAL, tl.line[i], q);
		else
			ui_text_match(y + 1 + (int)i, 2, w, C_NORMAL, tl.line[i], q);
	}
	text_lines_free(&tl);
	free(shown);
	free(flow);
}

static void found_draw(struct app *app, void *st)
{
	struct found *f = st;
	int h = list_h();
	if (f->cursor < f->top)
		f->top = f->cursor;
	if (f->cursor >= f->top + h)
		f->top = f->cursor - h + 1;
	char title[160], right[96];
	snprintf(title, sizeof title, tr(MSG_FOUND_TITLE), f->search.query);
	snprintf(right, sizeof right, tr(MSG_FOUND_COUNT), f->all, f->lessons);
	ui_title(title, right);
	for (int r = 0; r < h && f->top + r < (int)f->n; r++)
		draw_row(app, f, list_y() + r, f->top + r);
	int y = list_y() + h, last = f->top + h < (int)f->n ? f->top + h : (int)f->n;
	ui_scroll_pos(y, f->top + 1, last, (int)f->n, POS_PAGES);
	draw_detail(app, f, y);
	if (search_status(&f->search))
		return;
	char hints[HINTS_MAX];
	screen_hints(&screen_found, app, f, hints, sizeof hints);
	ui_status(app->status, hints);
}

static enum act open_hit(struct app *app, const struct found *f)
{
	const struct find_hit *h = &f->hit[f->cursor];
	const struct lesson *l = &app->course.lessons[h->lesson];
	snprintf(app->open_id, sizeof app->open_id, "%s", l->id);
	app->open_at = OPEN_FIND;
	app->open_find.page = h->page;
	app->open_find.item = h->item;
	snprintf(app->open_find.query, sizeof app->open_find.query, "%s", h->about ? "" : f->search.query);
	return ACT_OPEN;
}

enum { FK_OPEN = KEY_OWN, FK_SEARCH };

static const struct screen_key found_keys[] = {
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, { .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
	{ .id = FK_OPEN, .keys = "Enter Right", .label = MSG_ST_OPEN, .help = MSG_HK_FOUND_OPEN },
	{ .id = FK_SEARCH, .keys = "/", .label = MSG_ST_SEARCH, .help = MSG_HK_MENU_SEARCH },
};

/* Enter on the prompt: the new text's places, or the old list kept with
 * "not found". */
static void search_again(struct app *app, struct found *f)
{
	char keep[sizeof f->search.query];
	snprintf(keep, sizeof keep, "%s", f->search.query);
	if (!find_all(app, f, f->search.query)) {
		snprintf(app->status, sizeof app->status, tr(MSG_FOUND_NONE), f->search.query);
		snprintf(f->search.query, sizeof f->search.query, "%s", keep);
	}
}

static enum act found_key(struct app *app, void *st, const struct input *in)
{
	struct found *f = st;
	int h = list_h(), n = (int)f->n;
	if (f->search.typing) {   /* the prompt takes every key */
		if (search_type(&f->search, in) > 0)
			search_again(app, f);
		return ACT_NONE;
	}
	if (in->mouse == MOUSE_PRESS) {   /* a click chooses, a second opens */
		int i = f->top + in->my - list_y();
		if (in->my < list_y() || in->my >= list_y() + h || i >= n)
			return ACT_NONE;
		if (i == f->cursor)
			return open_hit(app, f);
		f->cursor = i;
		return ACT_NONE;
	}
	switch (in->id) {
	case CMD_UP: f->cursor--; break;
	case CMD_DOWN: f->cursor++; break;
	case CMD_PGUP: f->cursor -= h; break;
	case CMD_PGDN: f->cursor += h; break;
	case CMD_TOP: f->cursor = 0; break;
	case CMD_BOTTOM: f->cursor = n - 1; break;
	case FK_OPEN: return open_hit(app, f);
	case FK_SEARCH: search_open(&f->search); break;
	default: return ACT_IGNORED;
	}
	f->cursor = f->cursor < 0 ? 0 : f->cursor >= n ? n - 1 : f->cursor;
	return ACT_NONE;
}

static void found_leave(struct app *app, void *st)
{
	(void)app;
	free(st);
}

const struct screen screen_found = {
	.name = "found", .enter = found_enter, .draw = found_draw, .key = found_key, .leave = found_leave,
	SCREEN_KEYS(found_keys), .help_title = MSG_SCREEN_FOUND,
};
