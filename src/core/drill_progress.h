/* drill_progress: what a drill check, a hint or a shown reference does to
 * the learner's progress (progress.h's drill_record), and the state the
 * drill list shows.  The pure part works on a struct progress (the TUI's
 * own); the drill_progress_* commands below load, lock, change and save
 * progress.yaml for the command line, and say on stderr when another
 * cudakitchen holds it (nothing is recorded then). */
#ifndef CK_DRILL_PROGRESS_H
#define CK_DRILL_PROGRESS_H
#include <stdbool.h>
#include "drill.h"
#include "drill_check.h"
#include "progress.h"

enum drill_state { DRILL_NEW, DRILL_FAILING, DRILL_PASSED, DRILL_PASSED_FAST };

enum drill_state drill_state_in(const struct progress *p, const char *id);
/* "not started", "failing", "passed", "passed fast" in the language */
const char *drill_state_word(enum drill_state s);
/* a check: one more attempt; a first pass adds its points, less the hints
 * paid for (none after the reference was shown), to the drill's skills */
void drill_apply_check(struct progress *p, const struct drill *dr, const struct drill_result *r);
void drill_apply_hint(struct progress *p, const struct drill *dr, int n);
void drill_apply_give_up(struct progress *p, const struct drill *dr);
/* the points a pass earns now */
int drill_points_left(const struct progress *p, const struct drill *dr);

/* The hands-on share of each skill: of the points earned on that skill,
 * the percentage earned by passing drills (-1: nothing earned there yet);
 * *passed gets the drills passed.  For the radar. */
void drill_hands_on(const struct progress *p, const struct drill_set *s,
		    int pct[PROGRESS_SKILLS], int *passed);

struct drill_progress_file {
	struct progress p;
	char dir[4096], file[4096];
	int lock_fd;
	bool write;
};
void drill_progress_open(struct drill_progress_file *f, bool write);
void drill_progress_close(struct drill_progress_file *f);
enum drill_state drill_state_of(const struct drill_progress_file *f, const char *id);

void drill_progress_record(const struct drill *dr, const struct drill_result *r);
int drill_progress_hints(const char *id);
void drill_progress_hint(const struct drill *dr, int n);
bool drill_progress_passed(const char *id);
void drill_progress_give_up(const struct drill *dr);
#endif
