/* keymap: what the screens' key tables (struct screen_key, screen.h) make:
 * the dispatch of a raw key to a row, the status-line hints and the rows
 * of the help page, plus the global keys handled once by app.c (back,
 * help, quit, redraw).  A row that does not work in the screen's current
 * state (its key_on hook) is left out of all three, or shown on the help
 * page as unavailable with the reason.  No drawing here. */
#ifndef CK_KEYMAP_H
#define CK_KEYMAP_H
#include <stdbool.h>
#include <stddef.h>
#include "screen.h"

/* The global keys, the same on every screen, handled by app.c when a
 * screen's key() returns ACT_IGNORED. */
enum global_key { GK_NONE, GK_BACK, GK_HELP, GK_QUIT, GK_REDRAW };

/* The row's id (its cmd when id is 0). */
int keymap_id(const struct screen_key *r);
/* Whether row r of s works now; *why (may be NULL) the reason when not,
 * KEY_NO_MSG when the row is simply hidden. */
bool keymap_on(const struct screen *s, struct app *app, void *st,
	       const struct screen_key *r, enum msg *why);
/* The first row of s's table that in matches and that works now; NULL
 * when none.  *off: a matching row that does not work now for a reason
 * the learner should hear (NULL when none). */
const struct screen_key *keymap_find(const struct screen *s, struct app *app, void *st,
				     const struct input *in, const struct screen_key **off);
/* Which global key in is, GK_NONE for none. */
enum global_key keymap_global(const struct input *in);
/* "t: <reason>" for a row that does not work now, pressed as in, into buf. */
void keymap_why(const struct screen_key *r, enum msg why, const struct input *in,
		char *buf, size_t size);

/* The status line's hints: the labelled rows of s that work now ("n/p
 * page" for neighbours with one label), then the global keys the screen
 * does not take itself (back only when there is a screen below), as many
 * as fit in width columns: the screen's own from the last row up go
 * first, then back; help and quit always stay. */
enum hints { HINTS_ALL, HINTS_OWN, HINTS_GLOBAL };   /* which of them */
void keymap_hints(const struct screen *s, struct app *app, void *st, enum hints which,
		  bool can_back, int width, char *buf, size_t size);

/* One line of the help page. */
struct key_line {
	char keys[96];      /* the keys as the learner reads them; "" for a gap */
	const char *what;   /* what they do, in the learner's language */
	enum msg why;       /* KEY_NO_MSG, or why it does not work now */
	bool heading;       /* a heading line: what is the heading's text */
};
/* The help page of s in its current state: its own rows, then the global
 * keys and the mouse.  Returns the number of lines (at most max). */
int keymap_lines(const struct screen *s, struct app *app, void *st, bool can_back,
		 struct key_line *out, int max);
#endif
