/* app: the main loop.  Its state, struct app, is in src/core/app_state.h
 * (plain data: the core may read it).
 *
 * One struct app lives in main for the program's lifetime.  Screens change
 * progress through app_progress_changed() so it is saved after every change
 * that matters. */
#ifndef CK_APP_H
#define CK_APP_H
#include <stdbool.h>
#include "app_state.h"

/* Saves progress now (atomic); failures go to app->status, never abort. */
void app_progress_changed(struct app *app);
/* Runs the TUI starting at screen/lesson `start` (NULL: the menu, resuming).
 * Returns the process exit status. */
int app_run(struct app *app, const char *start);

struct options;
/* The TUI as a command of main (src/cli): checks the terminal, loads the
 * course and progress, runs app_run.  Returns the process exit status. */
int cmd_tui(const struct options *opt, const char *start);
#endif
