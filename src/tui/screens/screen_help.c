/* screen_help: the key help of the screen below it, made from that
 * screen's key table in its current state (keymap_lines): the keys that
 * work on it now (and those that do not, with the reason), then the
 * global keys and the mouse.  Descriptions wrap to the width; the page
 * scrolls when the terminal is short, and `/`, n, N search it (search.h). */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "keymap.h"
#include "search.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define MAXROWS 256
#define MAXLINES 96

struct help {
	int top, n;           /* first row shown; rows at the last draw */
	char from[64];        /* the screen that asked for help */
	struct key_line line[MAXLINES];   /* keymap_lines(), taken when opened */
	int nlines;
	char text[MAXLINES][320];         /* a line's description, with its reason when off */
	struct search search;
	int hit;                          /* the line a search found, -1 for none */
	bool show_hit;                    /* the next draw scrolls the hit into view */
	char scratch[420];                /* a line's keys and text, for the search */
};

/* One row of the page: a key column (NULL on continuation rows) and a
 * line of its description; both point into storage that outlives the draw
 * (the help's lines, or the wrapped lines in struct rows). */
struct rows {
	const char *key[MAXROWS];
	const char *text[MAXROWS];
	enum role role[MAXROWS];
	int entry[MAXROWS];               /* the help line a row belongs to */
	struct text_lines wrapped[MAXROWS];
	int n, nw;
};

void *help_open(struct app *app, const struct screen *s, void *st, bool can_back)
{
	struct help *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	snprintf(h->from, sizeof h->from, "%s", s->help_title ? tr(s->help_title) : s->name);
	h->hit = -1;
	h->nlines = keymap_lines(s, app, st, can_back, h->line, MAXLINES);
	for (int i = 0; i < h->nlines; i++) {
		const struct key_line *l = &h->line[i];
		if (l->why != KEY_NO_MSG) {
			char off[200];
			snprintf(off, sizeof off, tr(MSG_KEY_OFF_HELP), tr(l->why));
			snprintf(h->text[i], sizeof h->text[i], "%s %s", l->what, off);
		} else {
			snprintf(h->text[i], sizeof h->text[i], "%s", l->what ? l->what : "");
		}
	}
	return h;
}

static void *help_enter(struct app *app, const char *arg)
{
	/* `open help` is not a name; the help screen comes from help_open */
	(void)app; (void)arg;
	return NULL;
}

/* The i-th line: keys, description and its role.  False past the end. */
static bool entry(const struct help *h, int i, const char **k, const char **d, enum role *r)
{
	if (i < 0 || i >= h->nlines)
		return false;
	const struct key_line *l = &h->line[i];
	*k = l->heading ? "" : l->keys;
	*d = h->text[i];
	*r = l->heading ? C_HEADING : l->why != KEY_NO_MSG ? C_DIM : C_NORMAL;
	return true;
}

/* Lays the entries out: descriptions wrapped to what is left of the width. */
static int key_width(const struct help *h)
{
	int kw = 0;
	const char *k, *d;
	enum role r;
	for (int i = 0; entry(h, i, &k, &d, &r); i++)
		if (ui_width(k) > kw)
			kw = ui_width(k);
	return kw;
}

static void build_rows(const struct help *h, int dw, struct rows *r)
{
	const char *k, *d;
	enum role role;
	r->n = r->nw = 0;
	for (int i = 0; entry(h, i, &k, &d, &role) && r->nw < MAXROWS; i++) {
		struct text_lines *tl = &r->wrapped[r->nw++];
		text_wrap(d, dw > 1 ? dw : 1, tl);
		for (size_t j = 0; (j < tl->n || j == 0) && r->n < MAXROWS; j++, r->n++) {
			r->key[r->n] = j == 0 ? k : NULL;
			r->text[r->n] = j < tl->n ? tl->line[j] : "";
			r->role[r->n] = role;
			r->entry[r->n] = i;
		}
	}
}

static void free_rows(struct rows *r)
{
	for (int i = 0; i < r->nw; i++)
		text_lines_free(&r->wrapped[i]);
}

static void draw_title(const struct help *h)
{
	static const struct { const char *name; enum msg text; } names[] = {
		{ "menu", MSG_SCREEN_MENU }, { "reader", MSG_SCREEN_READER }, { "quiz", MSG_SCREEN_QUIZ },
		{ "radar", MSG_SCREEN_RADAR }, { "cert", MSG_SCREEN_CERT }, { "gpu-map", MSG_SCREEN_GPUMAP },
		{ "tiling", MSG_SCREEN_TILING }, { "drills", MSG_SCREEN_DRILLS },
	};
	const char *from = h->from;   /* the screen's name in the learner's language */
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(from, names[i].name))
			from = tr(names[i].text);
	char title[96], name[64];
	/* a Latin name (a demo's id) keeps a space from the Chinese after it,
	 * as elsewhere ("matmul 的帮助"); the format has none for 课程阅读的帮助 */
	size_t fl = strlen(from);
	bool latin = fl && (unsigned char)from[fl - 1] < 0x80 && i18n_lang() == LANG_ZH;
	snprintf(name, sizeof name, "%s%s", from, latin ? " " : "");
	if (h->from[0])
		snprintf(title, sizeof title, tr(MSG_HELP_FOR), name);
	else
		snprintf(title, sizeof title, "%s", tr(MSG_HELP_TITLE));
	ui_title(title, tr(MSG_HELP_KEYS));
}

/* The first row of the line a search found, to bring into view. */
static void show_hit(struct help *h, const struct rows *r, int view)
{
	if (!h->show_hit)
		return;
	h->show_hit = false;
	for (int i = 0; i < r->n; i++)
		if (r->entry[i] == h->hit) {
			if (i < h->top || i >= h->top + view)
				h->top = i - view / 3;
			return;
		}
}

static void help_draw(struct app *app, void *st)
{
	struct help *h = st;
	struct rows *r = calloc(1, sizeof *r);
	if (!r)
		return;
	int kw = key_width(h), view = LINES - 4, w = ui_cols();
	build_rows(h, w - kw - 9, r);
	h->n = r->n;
	show_hit(h, r, view);
	if (h->top > h->n - view)
		h->top = h->n - view;
	if (h->top < 0)
		h->top = 0;
	draw_title(h);
	const char *q = h->search.query;
	for (int i = 0; i < view && h->top + i < r->n; i++) {
		int y = 2 + i;
		int at = h->top + i;
		if (r->role[at] == C_HEADING) {   /* "On this screen", "Everywhere" */
			ui_text_match(y, 2, w - 4, C_HEADING, r->text[at], q);
			continue;
		}
		if (r->key[at])
			ui_text_match(y, 4, kw, r->role[at] == C_DIM ? C_DIM : C_ACCENT, r->key[at], q);
		ui_text_match(y, 4 + kw + 3, w - kw - 9, r->role[at], r->text[at], q);
	}
	int last = h->top + view < h->n ? h->top + view : h->n;
	ui_scroll_pos(LINES - 2, h->n ? h->top + 1 : 0, last, h->n, POS_LINES);
	free_rows(r);
	free(r);
	if (search_status(&h->search))
		return;
	char hints[HINTS_MAX];
	keymap_hints(&screen_help, app, h, HINTS_ALL, true, w - 2, hints, sizeof hints);
	ui_status(app->status, hints);
}

enum { HK_CLOSE = KEY_OWN, HK_SEARCH, HK_MATCH_NEXT, HK_MATCH_PREV, HK_SEARCH_END };

/* While a search is on, n, N and Esc are its own (Esc ends it before it
 * closes the page), as in the reader. */
static const struct screen_key help_keys[] = {
	{ .id = HK_MATCH_NEXT, .keys = "n", .label = MSG_ST_MATCH, .help = MSG_HK_RD_MATCH_NEXT },
	{ .id = HK_MATCH_PREV, .keys = "N", .label = MSG_ST_MATCH, .help = MSG_HK_RD_MATCH_PREV },
	{ .id = HK_SEARCH_END, .keys = "Esc", .label = MSG_ST_END_SEARCH, .help = MSG_HK_SEARCH_END, .needed = true },
	{ .cmd = CMD_UP },
	{ .cmd = CMD_DOWN },
	{ .cmd = CMD_PGDN },
	{ .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP },
	{ .cmd = CMD_BOTTOM },
	{ .id = HK_SEARCH, .keys = "/", .label = MSG_ST_SEARCH, .help = MSG_HK_HELP_SEARCH },
	{ .id = HK_CLOSE, .keys = "? Enter", .label = MSG_ST_CLOSE, .help = MSG_HELP_CLOSE },
};

static bool help_on(struct app *app, void *st, int id, enum msg *why)
{
	(void)app; (void)why;
	struct help *h = st;
	switch (id) {
	case HK_MATCH_NEXT: case HK_MATCH_PREV: case HK_SEARCH_END: return h->search.query[0] != '\0';
	default: return true;
	}
}

static const char *help_row(void *ctx, int i)
{
	struct help *h = ctx;
	snprintf(h->scratch, sizeof h->scratch, "%s %s", h->line[i].heading ? "" : h->line[i].keys,
		 h->text[i]);
	return h->scratch;
}

/* The next (dir 1) or previous (-1) line holding the search text, from
 * the last one found (a new search: from the top), said on the status line. */
static void help_find(struct app *app, struct help *h, int dir, bool first)
{
	bool wrapped;
	int from = first ? -1 : h->hit;
	int i = search_rows(&h->search, h->nlines, from, dir, help_row, h, &wrapped);
	int rank = 0, count = search_count(&h->search, h->nlines, i, help_row, h, &rank);
	search_say(&h->search, i, rank, count, wrapped, dir, app->status, sizeof app->status);
	if (i < 0)
		return;
	h->hit = i;
	h->show_hit = true;
}

static enum act help_key(struct app *app, void *st, const struct input *in)
{
	struct help *h = st;
	if (h->search.typing) {   /* the prompt takes every key */
		if (search_type(&h->search, in) > 0)
			help_find(app, h, 1, true);
		return ACT_NONE;
	}
	switch (in->id) {
	case HK_CLOSE: return ACT_BACK;
	case HK_SEARCH: search_open(&h->search); break;
	case HK_MATCH_NEXT: help_find(app, h, 1, false); break;
	case HK_MATCH_PREV: help_find(app, h, -1, false); break;
	case HK_SEARCH_END:
		h->search.query[0] = '\0';
		h->hit = -1;
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_SEARCH_ENDED));
		break;
	case CMD_UP: h->top--; break;
	case CMD_DOWN: h->top++; break;
	case CMD_PGUP: h->top -= LINES - 5; break;
	case CMD_PGDN: h->top += LINES - 5; break;
	case CMD_TOP: h->top = 0; break;
	case CMD_BOTTOM: h->top = h->n; break;
	default: return ACT_IGNORED;
	}
	return ACT_NONE;
}

static void help_leave(struct app *app, void *st)
{
	(void)app;
	free(st);
}

const struct screen screen_help = {
	.name = "help", .enter = help_enter, .draw = help_draw, .key = help_key, .leave = help_leave,
	SCREEN_KEYS(help_keys), .key_on = help_on,
};
