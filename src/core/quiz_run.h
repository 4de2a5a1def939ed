/* quiz_run: what the quiz screen needs besides grading: where the level
 * files are, and the measurement behind a prediction (the demo started
 * through runner.h, its results parsed with results.h, the recorded H200
 * results as the fallback), with a label saying where the value came from.
 * No ncurses; the screen polls it from its tick. */
#ifndef CK_QUIZ_RUN_H
#define CK_QUIZ_RUN_H
#include <stdbool.h>
#include <stddef.h>
#include "quiz.h"
#include "demo.h"
#include "results.h"
#include "runner.h"

struct app;

#define QUIZ_RUN_TIMEOUT_MS (300 * 1000)

/* Results of each demo (by its registry row, demo.h), from this session's
 * run (at most one run per demo per quiz screen), and the recorded H200
 * file, loaded when first needed. */
struct quiz_run {
	struct runner r;
	int running;                 /* demo index being run, -1 when none */
	struct results live[CK_NDEMOS];
	bool ran[CK_NDEMOS];
	char why[CK_NDEMOS][600];  /* why a run gave no results ("" when it did) */
	struct results rec;
	int rec_state;               /* 0 not tried, 1 loaded, -1 missing or bad */
};

void quiz_run_init(struct quiz_run *qr);
void quiz_run_free(struct quiz_run *qr);   /* stops a running demo */

/* The file for level (1..5): with --lessons DIR, DIR/quizzes/<lang>/,
 * DIR/quizzes/en/ or DIR/quizzes/; else the built-in quizzes/<lang>/ then
 * quizzes/en/.  The first that exists; false when none does. */
/* The files of a level in the learner's language: en gets the English
 * file and tr the translation next to it ("" for either that does not
 * exist, and tr "" when the language is English), both from the first of
 * --lessons DIR and the data directory that has the level.  False when
 * neither has it.  quiz_load_lang merges them per question. */
bool quiz_run_level_paths(const struct app *app, int level, char *tr, char *en, size_t size);
bool quiz_run_level_path(const struct app *app, int level, char *out, size_t size);
/* The tolerance, stated before the learner answers. */
/* The course level (1..5) belongs to, for progress (progress.h): the
 * class directory's real path when the level's file comes from
 * --lessons DIR, "" (the built-in course) otherwise. */
void quiz_run_level_course(const struct app *app, int level, char *key, size_t size);
/* The running course's key: the class directory's real path (its SHA-256
 * when too long for size), "" for the built-in course. */
void quiz_run_course_key(const struct app *app, char *key, size_t size);
void quiz_run_tolerance(const struct quiz_question *q, char *buf, size_t size);
/* The levels of the running course's quiz: QUIZ_LEVELS, or, in a class,
 * the first of its own levels whose file says `last: true`.  titles[i]
 * (when not NULL) gets level i+1's title when the class has that level
 * itself, "" when it comes from the built-in quiz. */
int quiz_run_course_levels(const struct app *app, char titles[][160]);

/* Starts the demo unless its results are already here; true when a run
 * started (then poll until it returns false). */
bool quiz_run_start(struct quiz_run *qr, const struct app *app, const char *demo);
bool quiz_run_poll(struct quiz_run *qr);
void quiz_run_cancel(struct quiz_run *qr);
long long quiz_run_elapsed_s(const struct quiz_run *qr);
/* q's measured value: from a live GPU run; else from the CPU run when it
 * has the value; else from the recorded H200 results.  label gets the value
 * and its source; false (label says why) when nothing has it. */
bool quiz_run_measure(struct quiz_run *qr, const struct app *app, const struct quiz_question *q,
		      struct quiz_value *v, char *label, size_t size);
/* Merges the measured speedups of every demo run here into dst
 * (progress.speedups, for the certificate); CPU-fallback runs count too,
 * since they are the learner's own measurements. */
void quiz_run_speedups(const struct quiz_run *qr, char *dst, size_t size);
#endif
