/* screens: the registry that turns a name from a lesson or from
 * `cudakitchen open NAME` into a screen, and the placeholder shown for a
 * known name whose screen is not in this build.
 *
 * To add a screen: define `const struct screen screen_xxx` in its own
 * screen_xxx.c, add one X line below and its name to lesson_reserved_ids
 * (src/core/lesson.c), the one list of names that open a screen.  The demos' screens come from
 * their registry (demos/demos.h, made in screens/demo_ops.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include "screens.h"
#include "app.h"
#include "demo.h"
#include "keymap.h"
#include "ui.h"
#include "i18n.h"
#include "lesson.h"

/* X(name as lessons and `open` spell it, the screen's object); add one
 * line per implemented screen, like  X("quiz", screen_quiz) \  */
#define DEMO_SCREEN_(id, ...) X(#id, screen_##id)
#define CK_SCREENS(X) \
	X("quiz", screen_quiz) \
	X("radar", screen_radar) \
	X("cert", screen_cert) \
	CK_DEMOS(DEMO_SCREEN_) \
	X("gpu-map", screen_gpumap) \
	X("tiling", screen_tiling) \
	X("drills", screen_drill) \
	/* end of the list */


#define X(n, s) extern const struct screen s;
CK_SCREENS(X)
#undef X

static const struct { const char *name; const struct screen *screen; } registry[] = {
#define X(n, s) { n, &s },
	CK_SCREENS(X)
#undef X
	{ NULL, NULL }
};

const struct screen *screen_find(const char *name)
{
	/* Only the names lessons may not take (lesson_reserved_ids) open a
	 * screen, so lint's refusal and `open` never disagree; a reserved
	 * name with no screen yet gets the placeholder. */
	size_t r = 0;
	while (name && lesson_reserved_ids[r] && strcmp(lesson_reserved_ids[r], name))
		r++;
	if (!name || !lesson_reserved_ids[r])
		return NULL;
	for (size_t i = 0; registry[i].name; i++)
		if (!strcmp(registry[i].name, name))
			return registry[i].screen;
	return &screen_placeholder;
}

const char *screen_name(size_t i)
{
	size_t n = 0;
	while (lesson_reserved_ids[n])
		n++;
	return i < n ? lesson_reserved_ids[i] : NULL;
}

/* The placeholder keeps the block's name as its state. */
static void *ph_enter(struct app *app, const char *arg)
{
	(void)app;
	return strdup(arg ? arg : "?");
}

static void ph_draw(struct app *app, void *st)
{
	char msg[160];
	snprintf(msg, sizeof msg, tr(MSG_BLOCK_UNAVAILABLE), (const char *)st);
	ui_title("cudakitchen", (const char *)st);
	int w = COLS - 8 < 70 ? COLS - 8 : 70;
	int y = LINES / 2 - 3;
	ui_box(y, 4, 5, w, C_DIM);
	ui_text(y + 2, 6, w - 4, C_HEADING, msg);
	char hints[HINTS_MAX];
	screen_hints(&screen_placeholder, app, st, hints, sizeof hints);
	ui_status(app->status[0] ? app->status : "", hints);
}

static const struct screen_key ph_keys[] = {
	{ .cmd = CMD_ENTER, .help = MSG_KEY_CMD_BACK },
};

static enum act ph_key(struct app *app, void *st, const struct input *in)
{
	(void)app; (void)st;
	return in->id == CMD_ENTER ? ACT_BACK : ACT_IGNORED;
}

static void ph_leave(struct app *app, void *st)
{
	(void)app;
	free(st);
}

const struct screen screen_placeholder = {
	.name = "placeholder", .enter = ph_enter, .draw = ph_draw, .key = ph_key, .leave = ph_leave,
	SCREEN_KEYS(ph_keys),
};

void screen_hints(const struct screen *s, struct app *app, void *st, char *buf, size_t size)
{
	keymap_hints(s, app, st, HINTS_ALL, app->below != NULL, ui_cols() - 2, buf, size);
}
