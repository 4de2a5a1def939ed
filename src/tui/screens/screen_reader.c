/* screen_reader: one lesson, page by page.  The page is laid out by
 * layout.c for the current width (again after a resize, keeping the same
 * item at the top) and drawn line by line; code lines are highlighted and
 * cropped with a marker.  Every page change is saved in progress, and
 * reaching the last page marks the lesson done.  Blocks, demos and `see`
 * links open through ACT_OPEN; `o`/Enter opens the page's block even when
 * it is scrolled out of view. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "highlight.h"
#include "layout.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define MAXW 100 /* a readable measure on wide terminals */

struct reader {
	const struct lesson *l;
	size_t page;
	int top;         /* first visible line */
	int focus;       /* focused link, -1 for none */
	int want_item;   /* the learner's place: the item at the top ... */
	int want_sub;    /* ... and how many of its lines are scrolled past */
	bool laid;       /* lay holds page `page` at lay.width */
	struct layout lay;
};

static int view_h(void) { return LINES - 3; }
static int text_w(void) { return COLS - 4 < MAXW ? COLS - 4 : MAXW; }
static int left_x(void) { return 2; }

static void save_place(struct app *app, struct reader *r)
{
	if (r->l->broken)
		return;
	struct lesson_progress *lp = progress_lesson(&app->progress, r->l->id);
	if (!lp)
		return;
	lp->page = (int)r->page;
	if (r->page + 1 >= r->l->npages)
		lp->done = true;
	app_progress_changed(app);
}

static void *reader_enter(struct app *app, const char *arg)
{
	const struct lesson *l = arg ? course_find(&app->course, arg) : NULL;
	if (!l)
		return NULL;
	struct reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->l = l;
	r->focus = -1;
	r->want_item = -1; /* the top of the page */
	struct lesson_progress *lp = l->broken ? NULL : progress_lesson(&app->progress, l->id);
	if (lp && lp->page > 0 && (size_t)lp->page < l->npages)
		r->page = (size_t)lp->page;
	save_place(app, r);
	return r;
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
}

static void clamp_top(struct reader *r)
{
	int max = (int)r->lay.n - view_h();
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

static void draw_code(int y, int x, int w, const struct lline *ln)
{
	const char *s = ln->text ? ln->text : "";
	bool crop = text_width(s) > w, in_comment = ln->in_comment;
	int lim = crop ? w - 1 : w, col = 0;
	for (const char *p = s; *p && col < lim;) {
		enum role role;
		const char *q = hl_next(s, p, &in_comment, &role);
		char *tok = strndup(p, (size_t)(q - p));
		if (!tok)
			return;
		col += ui_text(y, x + col, lim - col, role, tok);
		free(tok);
		p = q;
	}
	if (crop)
		ui_text(y, x + w - 1, 1, C_DIM, ui_glyph(G_ELLIPSIS));
}

static void draw_box_edge(int y, int x, int w, enum role r, bool top, const char *label)
{
	ui_text(y, x, 1, r, ui_glyph(top ? G_TL : G_BL));
	ui_hline(y, x + 1, w - 2, r);
	ui_text(y, x + w - 1, 1, r, ui_glyph(top ? G_TR : G_BR));
	if (label) {
		char buf[80];
		snprintf(buf, sizeof buf, " %s ", label);
		ui_text(y, x + 2, w - 4, r, buf);
	}
}

static void draw_line(int y, const struct lline *ln, bool focused)
{
	int x = left_x(), w = text_w();
	enum role r = focused ? C_SELECT : ln->role;
	switch (ln->kind) {
	case L_BLANK:
		break;
	case L_TEXT:
		if (ln->bullet)
			ui_text(y, x + ln->indent - 2, 1, C_ACCENT, ui_glyph(G_BULLET));
		ui_text(y, x + ln->indent, w - ln->indent, r, ln->text);
		break;
	case L_BAR:
		ui_text(y, x, 1, C_NOTE, ui_glyph(G_VLINE));
		ui_text(y, x + ln->indent, w - ln->indent, r, ln->text);
		break;
	case L_CODE:
		draw_code(y, x + ln->indent, w - ln->indent, ln);
		break;
	case L_BOX_TOP: case L_BOX_BOT:
		draw_box_edge(y, x, ln->boxw, ln->role, ln->kind == L_BOX_TOP, ln->text);
		break;
	case L_BOX_MID:
		ui_text(y, x, 1, ln->role, ui_glyph(G_VLINE));
		ui_text(y, x + ln->indent, ln->boxw - 4, r, ln->text);
		ui_text(y, x + ln->boxw - 1, 1, ln->role, ui_glyph(G_VLINE));
		break;
	case L_FACT:
		ui_text(y, x + ln->indent, ln->keyw, C_ACCENT, ln->text);
		ui_text(y, x + ln->indent + ln->keyw + 3, w - ln->indent - ln->keyw - 3, C_NORMAL, ln->text2);
		break;
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
	ui_status(app->status[0] ? app->status : "", tr(MSG_HINTS_BACK_QUIT));
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
		draw_line(1 + i, ln, r->focus >= 0 && ln->link == r->focus);
	}
	char foot[160];
	int end = r->top + h < (int)r->lay.n ? r->top + h : (int)r->lay.n;
	snprintf(foot, sizeof foot, tr(MSG_READER_FOOT), pos, r->lay.n ? r->top + 1 : 0, end, r->lay.n);
	ui_hline(LINES - 2, 0, COLS, C_DIM);
	ui_text(LINES - 2, COLS - 2 - ui_width(foot), ui_width(foot), C_DIM, foot);
	/* after a link, Esc goes back to the lesson it came from */
	bool back = app->below && strcmp(app->below, "menu");
	ui_status(app->status[0] ? app->status : "",
		  tr(back ? MSG_READER_HINTS_BACK : MSG_READER_HINTS));
}

static void go_page(struct app *app, struct reader *r, long page, bool at_end)
{
	if (page < 0 || (size_t)page >= r->l->npages)
		return;
	r->page = (size_t)page;
	r->laid = false;
	r->focus = -1;
	r->want_item = -1;
	r->want_sub = 0;
	relayout(app, r);
	r->top = at_end ? (int)r->lay.n : 0;
	settle(r);
	save_place(app, r);
}

/* Lines between link k and the top of the view (0 when it reaches it). */
static int view_distance(const struct llink *k, int top)
{
	return k->first > top ? k->first - top : k->last < top ? top - k->last : 0;
}

/* What Enter/o opens: the focused link if it is on screen; else the
 * page's block or demo (the first one visible, or off screen the one
 * nearest the top of the view: help promises "the block on this page");
 * else the first `see` link visible.  -1 for none. */
static int pick_link(const struct reader *r)
{
	int see = -1, seen_block = -1, near = -1;
	for (size_t i = 0; i < r->lay.nlinks; i++) {
		const struct llink *k = &r->lay.link[i];
		bool visible = k->last >= r->top && k->first < r->top + view_h();
		if (visible && (int)i == r->focus)
			return (int)i;
		if (visible && !k->block && see < 0)
			see = (int)i;
		if (visible && k->block && seen_block < 0)
			seen_block = (int)i;
		if (k->block && (near < 0 || view_distance(k, r->top) < view_distance(&r->lay.link[near], r->top)))
			near = (int)i;
	}
	return seen_block >= 0 ? seen_block : near >= 0 ? near : see;
}

static enum act open_link(struct app *app, struct reader *r)
{
	int pick = pick_link(r);
	if (pick < 0) {   /* links off screen are there, just not in view */
		snprintf(app->status, sizeof app->status, "%s",
			 tr(r->lay.nlinks ? MSG_READER_LINKS_AWAY : MSG_READER_NOTHING));
		return ACT_NONE;
	}
	snprintf(app->open_id, sizeof app->open_id, "%s", r->lay.link[pick].target);
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

static enum act reader_key(struct app *app, void *st, const struct input *in)
{
	struct reader *r = st;
	int h = view_h();
	if (in->mouse != MOUSE_NONE)
		return mouse_key(app, r, in);
	bool at_bottom = r->top + h >= (int)r->lay.n;
	switch (in->cmd) {
	case CMD_QUIT: return ACT_QUIT;
	case CMD_HELP: return ACT_HELP;
	case CMD_BACK: return ACT_BACK;
	case CMD_UP: r->top--; break;
	case CMD_DOWN: r->top++; break;
	case CMD_PGDN:
		if (at_bottom) go_page(app, r, (long)r->page + 1, false);
		else r->top += h - 1;
		break;
	case CMD_PGUP:
		if (r->top == 0) go_page(app, r, (long)r->page - 1, true);
		else r->top -= h - 1;
		break;
	case CMD_TOP: r->top = 0; break;
	case CMD_BOTTOM: r->top = (int)r->lay.n; break;
	case CMD_NEXT: case CMD_RIGHT: go_page(app, r, (long)r->page + 1, false); break;
	case CMD_PREV: case CMD_LEFT: go_page(app, r, (long)r->page - 1, false); break;
	case CMD_TAB: next_focus(r); break;
	case CMD_ENTER: return open_link(app, r);
	case CMD_NONE:
		if (!in->is_key_code && in->key == 'o')
			return open_link(app, r);
		break;
	default: break;
	}
	settle(r);
	return ACT_NONE;
}

static void reader_leave(struct app *app, void *st)
{
	struct reader *r = st;
	(void)app;
	layout_free(&r->lay);
	free(r);
}

/* The reader's own lines on the help page (screen.h). */
static bool reader_help(int i, const char **keys, const char **what)
{
	static const struct help_line lines[] = {
		{ NULL, MSG_HELP_O_KEY, MSG_HELP_OPEN },
		{ "Tab", 0, MSG_HELP_READER_TAB },
	};
	return screen_help_line(lines, sizeof lines / sizeof *lines, i, keys, what);
}

const struct screen screen_reader = {
	.name = "reader", .enter = reader_enter, .draw = reader_draw, .key = reader_key, .leave = reader_leave,
	.help = reader_help,
};
