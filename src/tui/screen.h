/* screen: the contract between the main loop and each screen.
 *
 * A screen is a small table of functions (tig's view_ops, ncdu's
 * init/draw/key).  It keeps its own state in the pointer enter() returns
 * (freed by leave()), draws everything from that state in draw() (so a
 * resize is only a redraw), and turns input into an action in key().  Only
 * the main loop (app.c) switches screens. */
#ifndef CK_SCREEN_H
#define CK_SCREEN_H
#include <stdbool.h>
#include <stddef.h>
#include "keys.h"
#include "i18n.h"

struct app;

enum act {
	ACT_NONE,      /* handled, redraw */
	ACT_QUIT,      /* leave the program */
	ACT_BACK,      /* pop this screen */
	ACT_OPEN,      /* push the screen/lesson named in app->open_id (set by the screen) */
	ACT_HELP,      /* show the help screen for this screen's keys */
};

struct screen {
	const char *name;
	void *(*enter)(struct app *app, const char *arg); /* returns state, NULL on failure */
	void (*draw)(struct app *app, void *st);          /* draw the whole screen */
	enum act (*key)(struct app *app, void *st, const struct input *in);
	void (*tick)(struct app *app, void *st);          /* optional: timers, children; ~10/s */
	void (*leave)(struct app *app, void *st);         /* optional: save, free state */
	/* optional: this screen's own key lines for the help page, shown above
	 * the shared key table.  Fills the i-th line (*keys as the learner
	 * types them, *what they do, in the learner's language: tr()) and
	 * returns true; false when there is no i-th line. */
	bool (*help)(int i, const char **keys, const char **what);
};

/* The registry of screens and interactive blocks, in screens.c.  Lessons
 * name blocks (`gpu-map`, `tiling`, `matmul`, `conv`, `devinfo`) and
 * `cudakitchen open ID` names a block, `quiz`, or a lesson id. */
const struct screen *screen_find(const char *name);
/* The i-th name screen_find knows (for `open` with an unknown ID); NULL
 * past the last. */
const char *screen_name(size_t i);
/* One of a screen's own help lines: literal key names (keys), or, when keys
 * is NULL, a message id for key names that are translated; and what they do.
 * screen_help_line() serves a help hook from a table of them: it fills line
 * i and returns false past the end. */
struct help_line {
	const char *keys;
	enum msg key, what;
};
bool screen_help_line(const struct help_line *lines, size_t n, int i,
		      const char **keys, const char **what);
#endif
