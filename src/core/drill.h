/* drill: the kernel drills a learner writes (drills/README.md): the
 * catalogue read from DATA/drills (and a class's CLASS/drills), the
 * learner's own copy of each, and the check that judges it.
 *
 * A drill is a folder drills/NN-ID/ (drill.yaml: what does not depend on
 * the language; starter.cu, reference.cu, harness.cu) and its statement
 * drills/LANG/NN-ID.yaml (English when the language has none).  Loading
 * reports every problem as a diag with FILE:LINE:COL, as lessons do; lint
 * reads the same way.  Pure: no curses, nothing run. */
#ifndef CK_DRILL_H
#define CK_DRILL_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

#define DRILL_MAX_SIZES  12
#define DRILL_MAX_HINTS  3
#define DRILL_MAX_CAUSES 12
#define DRILL_MAX_SKILLS 6
#define DRILL_MAX_NEEDS  3

struct drill_cause {
	char *code, *text;
};

struct drill {
	char *id;
	int num;                 /* NN of NN-ID */
	char *dir;               /* the folder: starter.cu, harness.cu, ... */
	char *neutral_file;      /* its drill.yaml */
	char *text_file;         /* the statement read (maybe English's) */
	bool fallback;           /* the statement is English's, not the language's */
	char *lesson;
	char *skills[DRILL_MAX_SKILLS];
	int nskills;
	bool gpu_only;           /* judge: gpu */
	char *needs[DRILL_MAX_NEEDS];  /* cublas, cudnn */
	int nneeds;
	char *sizes[DRILL_MAX_SIZES];
	int nsizes;
	char *timing_size;
	int timeout_s, points, hint_cost;
	bool goal_gflops;        /* else GB/s */
	double goal_value;
	char *cmp_demo, *cmp_variant;  /* NULL when none */
	double ref_h200_ms;      /* < 0: not recorded yet */
	/* the statement */
	char *title, *kitchen, *task, *signature;
	char *hints[DRILL_MAX_HINTS];
	int nhints;
	struct drill_cause causes[DRILL_MAX_CAUSES];
	int ncauses;
};

struct drill_set {
	struct drill *v;
	size_t n;
};

/* Every drill of DIR/drills (data_dir where not NULL, then class_dir
 * where not NULL: a class drill with a built-in id replaces it),
 * statements in lang.  A
 * drill with errors is left out and its errors are added to d; true when
 * none were added.  Sorted by NN, then id. */
bool drill_set_load(struct drill_set *s, const char *data_dir, const char *class_dir,
		    const char *lang, struct diags *d);
/* One drill folder (DIR/drills/NN-ID) with its statements; for lint. */
bool drill_load(const char *drills_dir, const char *folder, const char *lang,
		struct drill *out, struct diags *d);
void drill_free(struct drill *dr);
/* The drills the running course counts: a class's own (CLASS/drills;
 * none unless it adds some), else the built-in ones.  For the radar, the
 * certificate and the menu (the drills screen lists the built-in ones
 * too, with drill_set_load). */
bool drill_set_load_course(struct drill_set *s, const char *data_dir, const char *class_dir,
			   const char *lang, struct diags *d);
/* How many of them there are; 0 when none load. */
int drill_count(const char *data_dir, const char *class_dir);
void drill_set_free(struct drill_set *s);
const struct drill *drill_find(const struct drill_set *s, const char *id);

/* Copies src into dst[size], cut at a character boundary, NUL-ended. */
void drill_copy(char *dst, size_t size, const char *src);
#define DRILL_COPY(dst, src) drill_copy((dst), sizeof(dst), (src))

/* The drill's own words for cause code, or NULL. */
const char *drill_cause_text(const struct drill *dr, const char *code);
/* DIR/NAME as a new string (starter.cu, reference.cu, harness.cu). */
char *drill_file(const struct drill *dr, const char *name);

/* The learner's copies: ${XDG_DATA_HOME:-$HOME/.local/share}/cudakitchen/
 * drills (a relative XDG_DATA_HOME ignored).  False when neither is set. */
bool drill_work_dir(char *out, size_t size);
/* WORK/ID.cu into out. */
bool drill_copy_path(const struct drill *dr, char *out, size_t size);
/* Makes the learner's copy from the starter unless it exists; never
 * writes over one.  *made says whether it was made now.  0 or an errno. */
int drill_start(const struct drill *dr, bool *made);
/* Keeps the copy as ID.cu.N.bak (the first free N; backup receives its
 * path) and makes a fresh one from the starter.  0 or an errno. */
int drill_reset(const struct drill *dr, char *backup, size_t size);
/* Writes data as path's new content: a temporary file in the same
 * directory, fsync, rename, so a kill leaves the old or the new whole. */
int drill_write_atomic(const char *path, const char *data, size_t len);
#endif
