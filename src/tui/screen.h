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
	ACT_REPLACE,   /* pop this screen, then open app->open_id in its place */
	ACT_IGNORED,   /* not this screen's key: app.c's one driver handles the
	                  global keys (q quit, ? help, Esc/Backspace back) */
};

/* One row of a screen's key table: one thing the learner can do, declared
 * once.  The dispatch (app.c sets input.id to the first row that matches
 * and works now), the status-line hints and the help page (keymap.h) are
 * all made from it.
 *
 * Message fields left out are 0, which means "none": the first message,
 * MSG_TOO_SMALL, is never a key's text. */
#define KEY_NO_MSG ((enum msg)0)
#define KEY_OWN 100   /* a screen's own ids start here; below are enum cmd */
struct screen_key {
	int id;           /* what key() finds in in->id; 0: the value of cmd */
	enum cmd cmd;     /* a shared command (keys.h) whose keys these are ... */
	const char *keys; /* ... or the keys themselves, named as keys.h reads them */
	enum msg cap;     /* the keys as the status line names them ("n/p"); 0: the first key */
	enum msg label;   /* the short word on the status line; 0: on the help page only */
	enum msg help;    /* the line on the help page; 0: the shared command's text */
	bool needed;      /* while on, the state's own way on (Enter on a block in view,
	                     Esc ending a search): the status line keeps it before the
	                     way back, and drops it only after every other key */
};

struct screen {
	const char *name;
	void *(*enter)(struct app *app, const char *arg); /* returns state, NULL on failure */
	void (*draw)(struct app *app, void *st);          /* draw the whole screen */
	enum act (*key)(struct app *app, void *st, const struct input *in);
	void (*tick)(struct app *app, void *st);          /* optional: timers, children; ~10/s */
	void (*leave)(struct app *app, void *st);         /* optional: save, free state */
	/* the screen's key table (above); key() returns ACT_IGNORED for keys
	 * that are not its own. */
	const struct screen_key *keys;
	size_t nkeys;
	/* optional: whether row id of the table does something now.  False
	 * hides the row (from the status line, the help page and the
	 * dispatch); with *why set to a message, the help page still shows it,
	 * as unavailable for that reason, and pressing it says the reason. */
	bool (*key_on)(struct app *app, void *st, int id, enum msg *why);
	/* optional: how to read what the screen shows (its columns, marks),
	 * a paragraph each, at the end of its help page under "Reading this
	 * screen"; 0 ends the list (each under 300 bytes: a help line's) */
#define SCREEN_NOTES 6
	enum msg help_notes[SCREEN_NOTES];
	/* optional: the screen's name in its help page's title, in the
	 * learner's language; 0: its name */
	enum msg help_title;
};
#define SCREEN_KEYS(table) .keys = (table), .nkeys = sizeof (table) / sizeof *(table)

/* The registry of screens and interactive blocks, in screens.c.  Lessons
 * name blocks (`gpu-map`, `tiling` and the demos of demos/demos.h) and
 * `cudakitchen open ID` names a block, `quiz`, or a lesson id. */
const struct screen *screen_find(const char *name);
/* The i-th name screen_find knows (for `open` with an unknown ID); NULL
 * past the last. */
const char *screen_name(size_t i);
/* The status line's hints of screen s in state st, from its key table, as
 * many as fit the readable width (keymap_hints, ui_cols).  buf: HINTS_MAX bytes. */
#define HINTS_MAX 256
void screen_hints(const struct screen *s, struct app *app, void *st, char *buf, size_t size);
#endif
