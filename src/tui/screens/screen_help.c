/* screen_help: the key help.  The calling screen's own key lines (its
 * optional `help` hook, screen.h) come first, then the shared table
 * generated from the one key table in keys.h, so it always says what the
 * keys really do.  Descriptions wrap to the width; the page scrolls when
 * the terminal is short. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define MAXROWS 256
#define MAXSHARED 64

struct help {
	int top, n;           /* first row shown; rows at the last draw */
	char from[64];        /* the screen that asked for help */
	const struct screen *s;
	/* the shared table without the keys the screen gives its own meaning
	 * (the quiz's h is the hint, not Left): entry i of keys.h, its label */
	int nshared, shared[MAXSHARED];
	char shared_key[MAXSHARED][64];
};

static bool own_word(const struct help *h, const char *tok, size_t len);

/* Whether the screen's own help lines claim the key tok (len bytes): by its
 * name, or by the words they use for it ("Space"/"空格", "Left/Right",
 * "arrows"/"方向键"). */
static bool own_key(const struct help *h, const char *tok, size_t len)
{
	if (own_word(h, tok, len))
		return true;
	const char *space = tr(MSG_HK_SPACE), *lr = tr(MSG_HK_LEFT_RIGHT), *arrows = tr(MSG_HK_ARROWS);
	bool is_lr = (len == 4 && !strncmp(tok, "Left", 4)) || (len == 5 && !strncmp(tok, "Right", 5));
	bool is_ud = (len == 2 && !strncmp(tok, "Up", 2)) || (len == 4 && !strncmp(tok, "Down", 4));
	if (len == 5 && !strncmp(tok, "Space", 5) && own_word(h, space, strlen(space)))
		return true;
	if (is_lr && (own_word(h, lr, strlen(lr)) || own_word(h, arrows, strlen(arrows))))
		return true;
	return is_ud && own_word(h, arrows, strlen(arrows));
}

/* Whether the screen's own help lines have the word tok (len bytes). */
static bool own_word(const struct help *h, const char *tok, size_t len)
{
	const char *k, *d;
	for (int i = 0; h->s && h->s->help && h->s->help(i, &k, &d); i++)
		for (const char *p = k; *p;) {
			size_t n = strcspn(p, " ");
			if (n == len && !strncmp(p, tok, len))
				return true;
			p += n;
			p += strspn(p, " ");
		}
	return false;
}

/* The shared entries, each label less the keys the screen claims; an
 * entry whose keys are all claimed is left out. */
static void filter_shared(struct help *h)
{
	h->nshared = 0;
	for (int i = 0; i < keys_count() && h->nshared < MAXSHARED; i++) {
		char *out = h->shared_key[h->nshared];
		size_t o = 0;
		out[0] = '\0';
		for (const char *p = keys_label(i); *p;) {
			size_t n = strcspn(p, " ");
			if (n && !own_key(h, p, n) && o + n + 2 < sizeof h->shared_key[0]) {
				o += (size_t)snprintf(out + o, sizeof h->shared_key[0] - o, "%s%.*s",
						      o ? " " : "", (int)n, p);
			}
			p += n;
			p += strspn(p, " ");
		}
		if (o)
			h->shared[h->nshared++] = i;
	}
}

/* One row of the page: a key column (NULL on continuation rows) and a
 * line of its description; both point into storage that outlives the draw
 * (key tables, or the wrapped lines in struct rows). */
struct rows {
	const char *key[MAXROWS];
	const char *text[MAXROWS];
	struct text_lines wrapped[MAXROWS];
	int n, nw;
};

static void *help_enter(struct app *app, const char *arg)
{
	(void)app;
	struct help *h = calloc(1, sizeof *h);
	if (!h)
		return NULL;
	snprintf(h->from, sizeof h->from, "%s", arg ? arg : "");
	if (!strcmp(h->from, "menu"))
		h->s = &screen_menu;
	else if (!strcmp(h->from, "reader"))
		h->s = &screen_reader;
	else
		h->s = screen_find(h->from);
	filter_shared(h);
	return h;
}

/* The i-th key line: the screen's own first, a blank row, the shared
 * table, then the mouse.  False past the end. */
static bool entry(const struct help *h, int i, const char **k, const char **d)
{
	int own = 0;
	while (h->s && h->s->help && h->s->help(own, k, d))
		own++;
	if (i < own)
		return h->s->help(i, k, d);
	if (own && i == own) {
		*k = *d = "";
		return true;
	}
	i -= own + (own ? 1 : 0);
	if (i < h->nshared) {
		*k = h->shared_key[i];
		*d = keys_help(h->shared[i]);
		return true;
	}
	if (i == h->nshared) {
		*k = tr(MSG_HELP_MOUSE_KEY);
		*d = tr(MSG_HELP_MOUSE);
		return true;
	}
	return false;
}

/* Lays the entries out: descriptions wrapped to what is left of the width. */
static int key_width(const struct help *h)
{
	int kw = 0;
	const char *k, *d;
	for (int i = 0; entry(h, i, &k, &d); i++)
		if (ui_width(k) > kw)
			kw = ui_width(k);
	return kw;
}

static void build_rows(const struct help *h, int dw, struct rows *r)
{
	const char *k, *d;
	r->n = r->nw = 0;
	for (int i = 0; entry(h, i, &k, &d) && r->nw < MAXROWS; i++) {
		struct text_lines *tl = &r->wrapped[r->nw++];
		text_wrap(d, dw > 1 ? dw : 1, tl);
		for (size_t j = 0; (j < tl->n || j == 0) && r->n < MAXROWS; j++, r->n++) {
			r->key[r->n] = j == 0 ? k : NULL;
			r->text[r->n] = j < tl->n ? tl->line[j] : "";
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
		{ "tiling", MSG_SCREEN_TILING },
	};
	const char *from = h->from;   /* the screen's name in the learner's language */
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(from, names[i].name))
			from = tr(names[i].text);
	char title[96];
	if (h->from[0])
		snprintf(title, sizeof title, tr(MSG_HELP_FOR), from);
	else
		snprintf(title, sizeof title, "%s", tr(MSG_HELP_TITLE));
	ui_title(title, tr(MSG_HELP_KEYS));
}

static void help_draw(struct app *app, void *st)
{
	struct help *h = st;
	struct rows *r = calloc(1, sizeof *r);
	if (!r)
		return;
	int kw = key_width(h), view = LINES - 4;
	build_rows(h, COLS - kw - 9, r);
	h->n = r->n;
	if (h->top > h->n - view)
		h->top = h->n - view;
	if (h->top < 0)
		h->top = 0;
	draw_title(h);
	for (int i = 0; i < view && h->top + i < r->n; i++) {
		int y = 2 + i;
		if (r->key[h->top + i])
			ui_text(y, 4, kw, C_ACCENT, r->key[h->top + i]);
		ui_text(y, 4 + kw + 3, COLS - kw - 9, C_NORMAL, r->text[h->top + i]);
	}
	char more[64] = "";
	if (h->n > view)
		snprintf(more, sizeof more, tr(MSG_HELP_MORE), h->top + 1,
			 h->top + view < h->n ? h->top + view : h->n, h->n);
	ui_status(app->status[0] ? app->status : more, tr(MSG_HINTS_BACK_QUIT));
	free_rows(r);
	free(r);
}

static enum act help_key(struct app *app, void *st, const struct input *in)
{
	(void)app;
	struct help *h = st;
	switch (in->cmd) {
	case CMD_QUIT: return ACT_QUIT;
	case CMD_BACK: case CMD_HELP: case CMD_ENTER: return ACT_BACK;
	case CMD_UP: h->top--; break;
	case CMD_DOWN: h->top++; break;
	case CMD_PGUP: h->top -= LINES - 5; break;
	case CMD_PGDN: h->top += LINES - 5; break;
	case CMD_TOP: h->top = 0; break;
	case CMD_BOTTOM: h->top = h->n; break;
	default: break;
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
};
