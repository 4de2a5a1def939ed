/* screen_help: the key help, generated from the one key table in keys.h so
 * it always says what the keys really do.  Scrolls when the terminal is
 * short. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

struct help {
	int top;
	char from[64]; /* the screen that asked for help */
};

/* Lines that are not key bindings but belong on the help page. */
static const enum msg extra_keys[][2] = {
	{ MSG_HELP_O_KEY, MSG_HELP_OPEN },
	{ MSG_HELP_MOUSE_KEY, MSG_HELP_MOUSE },
};
#define NEXTRA ((int)(sizeof extra_keys / sizeof *extra_keys))

static void *help_enter(struct app *app, const char *arg)
{
	(void)app;
	struct help *h = calloc(1, sizeof *h);
	if (h)
		snprintf(h->from, sizeof h->from, "%s", arg ? arg : "");
	return h;
}

static int help_rows(void)
{
	return keys_count() + NEXTRA;
}

static void help_draw(struct app *app, void *st)
{
	struct help *h = st;
	int view = LINES - 4, n = help_rows();
	if (h->top > n - view)
		h->top = n - view;
	if (h->top < 0)
		h->top = 0;
	int kw = 0;
	for (int i = 0; i < keys_count(); i++)
		if (text_width(keys_label(i)) > kw)
			kw = text_width(keys_label(i));
	char title[96];
	static const struct { const char *name; enum msg text; } names[] = {
		{ "menu", MSG_SCREEN_MENU }, { "reader", MSG_SCREEN_READER }, { "quiz", MSG_SCREEN_QUIZ },
		{ "radar", MSG_SCREEN_RADAR }, { "cert", MSG_SCREEN_CERT }, { "gpu-map", MSG_SCREEN_GPUMAP },
		{ "tiling", MSG_SCREEN_TILING },
	};
	const char *from = h->from;   /* the screen's name in the learner's language */
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(from, names[i].name))
			from = tr(names[i].text);
	if (h->from[0])
		snprintf(title, sizeof title, tr(MSG_HELP_FOR), from);
	else
		snprintf(title, sizeof title, "%s", tr(MSG_HELP_TITLE));
	ui_title(title, tr(MSG_HELP_KEYS));
	for (int r = 0; r < view && h->top + r < n; r++) {
		int i = h->top + r, y = 2 + r;
		const char *k = i < keys_count() ? keys_label(i) : tr(extra_keys[i - keys_count()][0]);
		const char *d = i < keys_count() ? keys_help(i) : tr(extra_keys[i - keys_count()][1]);
		ui_text(y, 4, kw, C_ACCENT, k);
		ui_text(y, 4 + kw + 3, COLS - kw - 9, C_NORMAL, d);
	}
	ui_status(app->status[0] ? app->status : "", tr(MSG_HINTS_BACK_QUIT));
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
	case CMD_TOP: h->top = 0; break;
	case CMD_BOTTOM: h->top = help_rows(); break;
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
