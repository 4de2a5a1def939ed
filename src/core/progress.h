/* progress: what the learner has done, saved as YAML in
 * ${XDG_STATE_HOME:-~/.local/state}/cudakitchen/progress.yaml (a relative
 * XDG_STATE_HOME is ignored; directories 0700, file 0600).
 *
 * Saved atomically: a temporary file in the same directory, fsync, rename,
 * fsync of the directory.  A corrupt, truncated, empty or binary file is
 * kept as progress.corrupt-<UTC time> and the learner starts fresh, with a
 * one-line notice.  A file whose format_version is newer than ours is read
 * as far as possible and never overwritten (progress.readonly is set). */
#ifndef CK_PROGRESS_H
#define CK_PROGRESS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "diag.h"
#include "doc.h"

/* 2: quiz levels belong to a course (`courses`); a file of format 1 has
 * only the built-in course's levels and loads as such.
 * 3: the drills (`drills`, progress_drills.c); a file of format 1 or 2 has
 * none and loads with none.
 * 4: the certificates this learner wrote (`certificates`,
 * progress_certs.c); an older file has none and loads with none. */
#define PROGRESS_FORMAT 4
#define PROGRESS_MAX_DRILLS 64
#define PROGRESS_MAX_LESSONS 256
#define PROGRESS_MAX_COURSES 16     /* classes whose levels are kept; the oldest goes first */
#define PROGRESS_COURSE_MAX 512     /* bytes of a course key */
#define PROGRESS_LEVELS 5
#define PROGRESS_SKILLS 6
/* Every counter (attempts of a level, gpu-map drops) stops here: read
 * larger, it is taken as this; counted on, it stays (progress_count). */
#define PROGRESS_COUNT_MAX 1000000000

/* Adds one to a counter, which stays at PROGRESS_COUNT_MAX once there. */
static inline void progress_count(int *c)
{
	if (*c < 0)
		*c = 0;
	if (*c < PROGRESS_COUNT_MAX)
		(*c)++;
}

/* The six skill axes of DESIGN.md, in this order everywhere. */
enum skill { SK_CONCEPTS, SK_ARCHITECTURE, SK_THREADS, SK_MEMORY, SK_LIBRARIES, SK_PERFORMANCE };
extern const char *const skill_names[PROGRESS_SKILLS]; /* "concepts", ... */

struct lesson_progress {
	char id[64];
	int page;        /* 0-based page the learner is on */
	int item, line;  /* the place on that page: the content item at the top
	                    of the view and how many of its lines are scrolled
	                    past (by content, so another width finds it); 0 0
	                    is the top */
	bool done;
	char unread[64]; /* pages before `page` not yet on screen, "2-4, 6" (1-based;
	                    progress_pages.c), "" none */
};

/* Quiz state of one level; answers are kept so a level resumes mid-way. */
struct level_progress {
	int best;               /* best score in percent, -1 when never finished */
	int attempt;            /* attempts started */
	int question;           /* index in the current attempt's order, 0-based */
	unsigned seed;          /* shuffle seed of the current attempt */
	int points, max_points; /* of the current attempt so far */
	bool in_progress;
	bool hint;              /* the current question's hint was shown (it stays paid for) */
};

/* The levels of one course.  A level's identity is its course and its
 * number: a class's level 1 is not the built-in level 1, and a level a
 * class takes from the built-in quiz is the built-in one. */
struct course_levels {
	char course[PROGRESS_COURSE_MAX];  /* "" the built-in course, else the class
					      directory's real path */
	struct level_progress levels[PROGRESS_LEVELS];
};

/* One kernel drill (drill.h): checks run, hints shown, whether and how it
 * passed, the best GPU time. */
struct drill_record {
	char id[64];
	int attempts;           /* checks run */
	int hints;              /* hints shown (each paid for once) */
	bool passed, fast;      /* fast: passed at the speed goal, on a GPU */
	bool gave_up;           /* the reference was shown before a pass */
	bool on_gpu;            /* the pass was judged on a GPU */
	double best_ms;         /* best GPU time at the timing size, 0 none */
	char device[64];        /* where it passed: "NVIDIA H200", "" the emulator */
};

/* The certificate this learner wrote for one course (its newest): where
 * it was written, the SHA-256 of the whole file as written, and when (UTC,
 * "YYYY-MM-DDTHH:MM:SSZ").  The certificate screen shows this file only:
 * a certificate folder may be shared by a classroom. */
struct cert_record {
	char course[PROGRESS_COURSE_MAX]; /* "" the built-in course, else as course_levels */
	char path[4096];
	char sha256[65]; /* 64 lowercase hex digits */
	char written[24];
};

struct progress {
	int format_version;
	char last[64];          /* id of the lesson or block the learner was in */
	struct lesson_progress lessons[PROGRESS_MAX_LESSONS];
	size_t nlessons;
	/* The running course's levels: levels[i] belongs to the course
	 * level_course[i] ("" built-in, as after progress_init and loading;
	 * progress_use_courses chooses).  courses[] keeps every course's
	 * levels as loaded or last left; the writer saves levels[i] under its
	 * own course and the rest as kept. */
	struct level_progress levels[PROGRESS_LEVELS];
	char level_course[PROGRESS_LEVELS][PROGRESS_COURSE_MAX];
	struct course_levels courses[PROGRESS_MAX_COURSES];
	size_t ncourses;
	/* per skill: points earned and points possible, from quiz, gpu-map, experiments */
	double skill_got[PROGRESS_SKILLS], skill_max[PROGRESS_SKILLS];
	int gpumap_attempts, gpumap_correct;
	char apis[1024];        /* space-separated cuDNN/cuBLAS functions answered right */
	char speedups[256];     /* learner's measured speedups line, free text, sanitized */
	struct drill_record drills[PROGRESS_MAX_DRILLS];
	size_t ndrills;
	struct cert_record certs[PROGRESS_MAX_COURSES]; /* one per course; the oldest goes first */
	size_t ncerts;
	bool readonly;          /* loaded from a newer format: never written */
	char notice[256];       /* one-line notice for the learner ("" when none) */
};

void progress_init(struct progress *p);
/* The directory and file path (caller-provided buffers); false if no HOME
 * and no absolute XDG_STATE_HOME. */
bool progress_path(char *dir, size_t dsz, char *file, size_t fsz);
/* The same, saying what is wrong: no usable HOME or XDG_STATE_HOME, or
 * the directory they name is too long for the buffers (PATH_MAX). */
enum progress_where { PROGRESS_WHERE_OK, PROGRESS_NO_HOME, PROGRESS_PATH_TOO_LONG };
enum progress_where progress_locate(char *dir, size_t dsz, char *file, size_t fsz);
/* Loads from path; a missing file is a fresh start (true).  Corruption is
 * handled as above (true, with p->notice set).  False only on I/O errors
 * that leave nothing usable, with a diag. */
bool progress_load(const char *path, struct progress *p, struct diags *d);
bool progress_save(const char *path, const struct progress *p, struct diags *d);
struct lesson_progress *progress_lesson(struct progress *p, const char *id); /* creates */
/* Makes levels[i] the progress of level i+1 of course keys[i] ("" the
 * built-in course): what levels[] held goes back to its own course first.
 * A course not seen before starts fresh; when PROGRESS_MAX_COURSES are
 * kept, the class kept longest is forgotten (never the built-in course). */
void progress_use_courses(struct progress *p, const char *const keys[PROGRESS_LEVELS]);
/* The kept levels of course key ("" built-in), made fresh when missing. */
struct course_levels *progress_course_levels(struct progress *p, const char *key);
/* progress_merge.c: folds src (what another window saved) into dst (this
 * window's, not saved while the other held the lock), so nothing either
 * did is lost: lessons read stay read and dst keeps its places, each
 * quiz level keeps the attempt further along and the best score of both,
 * skills, gpu-map counts and speed-ups keep the larger record, function
 * names are joined, drills keep a pass from either window, each course
 * keeps the certificate written later.  src is changed (its levels filed under its courses). */
void progress_merge(struct progress *dst, struct progress *src);

/* Added by the progress module (additive).  The YAML form without files:
 * progress_parse fills p from a buffer and returns false when the text is
 * corrupt (p is then fresh); a newer format is read leniently and marks
 * p->readonly.  progress_format writes p as YAML (false on a stream error).
 * progress_load/save use these; a fuzzer can call progress_parse. */
bool progress_parse(const char *name, const char *buf, size_t len, struct progress *p);
bool progress_format(FILE *f, const struct progress *p);

/* The drills' part of the YAML (progress_drills.c): the record of id
 * (progress_drill creates it; NULL when full); the writer and the reader
 * of the `drills` list (read false: not a list we wrote). */
struct drill_record *progress_drill(struct progress *p, const char *id);
const struct drill_record *progress_drill_find(const struct progress *p, const char *id);
void progress_drills_write(FILE *f, const struct progress *p);
bool progress_drills_read(const char *file, const struct doc_node *seq, struct progress *p);

/* progress_pages.c: the pages of seen[0..before-1] not on screen as
 * "2-4, 6" (1-based; "..." ends a list that does not fit; "" none);
 * whether page (0-based) is in such a list; whether it names more than
 * one page. */
void progress_unread_format(const bool *seen, size_t before, char *out, size_t size);
bool progress_unread_has(const char *unread, size_t page);
bool progress_unread_many(const char *unread);

/* The certificates' part of the YAML (progress_certs.c): the record of a
 * course (NULL when none); progress_cert_set files one, replacing the
 * course's earlier record (when PROGRESS_MAX_COURSES are kept, the oldest
 * record is forgotten); the writer and the reader of `certificates` (read
 * false: not a list we wrote). */
const struct cert_record *progress_cert_find(const struct progress *p, const char *course);
void progress_cert_set(struct progress *p, const struct cert_record *r);
void progress_certs_write(FILE *f, const struct progress *p);
bool progress_certs_read(const struct doc_node *seq, struct progress *p);

/* One instance at a time: takes an exclusive flock on DIR/progress.lock
 * (creating DIR with 0700 if needed) and stores the open descriptor in
 * *fd.  False when another instance holds it, with a one-line reason in
 * why (the caller then should not save).  Stale temporary files of a
 * killed save are removed once the lock is held.  progress_unlock
 * releases it (accepts -1). */
bool progress_lock(const char *dir, int *fd, char *why, size_t n);
void progress_unlock(int fd);
#endif
