/* screens: the screens app.c starts by itself (the menu, the reader, help
 * and the placeholder for blocks not in this build), as opposed to the
 * blocks and screens found by name through screen_find (screen.h). */
#ifndef CK_SCREENS_H
#define CK_SCREENS_H
#include "screen.h"

extern const struct screen screen_menu;        /* screen_menu.c: the lesson list */
extern const struct screen screen_reader;      /* screen_reader.c: arg is a lesson id */
extern const struct screen screen_help;        /* screen_help.c: arg is the caller's name */
extern const struct screen screen_placeholder; /* screens.c: arg is the block's name */
extern const struct screen screen_found;       /* screen_found.c: the course search; its text
                                                  is app->open_find.query, opened as "/" */
/* The help page's state for screen s in state st (screen_help.c): its
 * lines as they are now, so the help screen can be pushed over s.
 * can_back: there is a screen below s. */
void *help_open(struct app *app, const struct screen *s, void *st, bool can_back);
#endif
