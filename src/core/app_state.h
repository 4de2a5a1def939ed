/* app_state: the state the main loop owns and every screen may read:
 * options, the course, progress and where things live.  Plain data with
 * no terminal in it, so the core (quiz_run.c) can take it too; the loop
 * that drives it is src/tui/app.c. */
#ifndef CK_APP_STATE_H
#define CK_APP_STATE_H
#include <stdbool.h>
#include "demo.h"
#include "options.h"
#include "lesson.h"
#include "progress.h"

#define APP_STACK 16

struct sweep;

struct app {
	struct options opt;
	struct course course;      /* lessons, broken ones included */
	struct diags course_diags; /* problems found while loading */
	struct progress progress;
	char progress_file[4096];  /* "" when progress cannot be saved */
	char open_id[64];          /* target of ACT_OPEN */
	enum open_at { OPEN_SAVED, OPEN_START, OPEN_END, OPEN_FIND } open_at; /* where the
	                              reader opens open_id: the learner's place, the first page
	                              (a `see` link), the last page (back from the next lesson's
	                              first), a place the course search found (open_find); the
	                              reader takes it and sets it back to OPEN_SAVED */
	struct {
		size_t page;
		int item;              /* the page's item, -1 its title */
		char query[64];        /* the text searched for ("" none); also the text of
		                          the course search the menu opens as "/" */
	} open_find;
	char opened_from[160];     /* the title of the lesson whose page opens the screen
	                              being entered ("" none); cleared once it is entered */
	char status[256];          /* one-line message for the status bar, "" for none */
	char notice[512];          /* a notice that matters (progress will not be saved...):
	                              the menu shows it whole, boxed, until a key acknowledges it */
	char course_name[128];     /* a class's name (its directory's), shown in the menu's
	                              title; "" for the built-in course */
	char datadir[4096];        /* where lessons/ and quizzes/ live */
	char demodir[4096];        /* where the demo programs live */
	const char *below;         /* the screen Esc goes back to ("menu", "reader"...), or NULL */
	struct sweep *sweeps[CK_NDEMOS]; /* by registry row (demo.h), for demos with a size
	                              sweep: the learner's results at each size run this
	                              session (sweep.h); NULL before the first; freed at exit */
	/* Another window held progress.lock at start: progress is kept here,
	 * not saved, and the lock is tried again now and then; when it comes
	 * free, the file's progress is merged in and saving starts
	 * (app.c).  wait_dir "" when not waiting. */
	char wait_dir[4096], wait_file[4096];
	int lock_fd;               /* progress.lock held, -1 when none */
	int quiz_levels;           /* levels of the running course's quiz: 5, or a
	                              class's level marked `last: true` (quiz_run.h) */
	int course_drills;         /* drills the running course counts (drill.h's
	                              drill_count: a class's own only) */
};

#endif
