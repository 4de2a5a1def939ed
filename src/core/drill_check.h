/* drill_check: the one check pipeline for a learner's drill (drill.h),
 * with two back ends:
 *
 *   cpu  the C++ compiler and the emulator (DATA/emu): the learner's file
 *        compiled with AddressSanitizer + UBSan and, when it uses shared
 *        memory, a barrier or an atomic, with ThreadSanitizer too (its
 *        fiber interface sees each CUDA thread), each
 *        linked with the harness and the emulator's runtime (compiled
 *        once, kept in the cache); both run on the drill's sizes, at once
 *   gpu  nvcc and the GPU: the values, compute-sanitizer memcheck and
 *        racecheck where installed, then the median time at timing_size
 *
 * Every program (compilers, the learner's) is a child process with a time
 * limit and capped output (runner.h), so nothing a learner writes can stop
 * or crash the caller.  The result is a plain struct, written as YAML for
 * tools and read back by the TUI (drill_result_write/parse), and put into
 * words in the learner's language by drill_result_text.  No curses. */
#ifndef CK_DRILL_CHECK_H
#define CK_DRILL_CHECK_H
#include <stdbool.h>
#include <stdio.h>
#include "drill.h"

enum drill_backend { DRILL_AUTO, DRILL_CPU, DRILL_GPU };

enum drill_verdict {
	DRILL_PASS,      /* every case right, the sanitizers clean */
	DRILL_FAST,      /* and, on a GPU, at or above the speed goal */
	DRILL_FAIL,      /* a case wrong or stopped, or a sanitizer's finding */
	DRILL_COMPILE,   /* the learner's file does not compile or link */
	DRILL_CANNOT,    /* nothing to judge with here: says what is needed */
};

#define DRILL_MAX_FINDINGS 4

struct drill_case {
	char name[48];
	char state[16];           /* pass, fail, stopped, not-run */
	long index;               /* the first wrong element, or -1 */
	char expected[40], got[40], cause[32];
};

/* The kind of finding where the kernel could not run at all (a launch
 * CUDA refuses), named once: the word is also a demo's, and code never
 * compares a demo's name (tests/e2e/demo_registry.sh). */
#define DRILL_KIND_LAUNCH "launch"

/* race_note on the emulator when the file uses no shared memory, barrier
 * or atomic: its threads never work together, so no race pass */
#define DRILL_NO_SHARED "no shared memory, barrier or atomic"

/* one thing a sanitizer or the emulator found, in CUDA's terms */
struct drill_finding {
	char kind[24];            /* out-of-bounds, race, undefined, deadlock,
	                             timeout, crash, output, launch */
	char where[320], where2[320];  /* FILE:LINE[:COL] in the learner's file */
	char who[96], who2[96];   /* "block (0, 0, 0) thread (5, 0, 0)" */
	char access[64], access2[64];  /* "write of size 4" */
	char memory[128];         /* "shared memory 'tile'", "global memory" */
	char detail[512];         /* the tool's own words, one or a few lines */
};

struct drill_result {
	enum drill_backend backend;
	enum drill_verdict verdict;
	char device[96];          /* "NVIDIA H200", or "" on the emulator */
	char compile_where[320];  /* the first error's FILE:LINE:COL */
	char *compile_log;        /* the compiler's messages (capped), or NULL */
	struct drill_case cases[DRILL_MAX_SIZES];
	int ncases;
	struct drill_finding findings[DRILL_MAX_FINDINGS];
	int nfindings;
	bool race_checked;        /* the race pass ran (ThreadSanitizer or racecheck) */
	char race_note[160];      /* why it did not (timeout, stopped, no
	                             compute-sanitizer, DRILL_NO_SHARED), or "" */
	char *output;             /* what the learner's code printed (capped), or NULL */
	double ms, gbs, gflops;   /* GPU timing; ms <= 0: not timed */
	double goal;              /* the drill's goal in its metric */
	bool goal_gflops;         /* the metric: GFLOP/s, else GB/s */
	double cmp_value;         /* the project's rung in the same metric, <= 0: none */
	char cmp_label[96];
	double ref_h200_ms;       /* the drill's recorded reference time, < 0: none */
	char cannot[256];         /* DRILL_CANNOT: what is missing, as a code
	                             and its fields, '|' between: no-place,
	                             read|FILE|ERROR, tmp|ERROR, no-cxx|$CXX,
	                             no-nvcc|$NVCC (the variable, or empty),
	                             harness|FILE, cache|FILE|ERROR,
	                             gpu|LIBRARY|compiled (the last two may be
	                             empty); drill_result_text words it */
	double seconds;           /* the whole check, wall clock */
};

struct drill_check_opts {
	enum drill_backend backend;
	const char *data_dir;     /* holds emu/ and demos/results/ */
	bool quiet;               /* no progress lines on stderr */
};

/* Checks file (the learner's copy when NULL) against drill dr.  Always
 * fills r (drill_result_free it); returns false only when out of memory. */
bool drill_check(const struct drill *dr, const char *file, const struct drill_check_opts *o,
		 struct drill_result *r);
void drill_result_free(struct drill_result *r);

/* cpu or gpu: whether this machine has nvcc and an NVIDIA device. */
enum drill_backend drill_backend_here(void);
/* The project's best recorded run of demo/variant in the results file at
 * path (the largest GB/s, or GFLOP/s when gflops, over that rung's
 * records): its value and label; false when there is none. */
bool drill_compare_best(const char *path, const char *demo, const char *variant, bool gflops,
			double *value, char *label, size_t label_size);
/* whether this machine shows an NVIDIA GPU (the driver's device nodes) */
bool drill_gpu_present(void);

/* The result as YAML (keys in English, values as found). */
void drill_result_write(FILE *f, const struct drill *dr, const struct drill_result *r);
/* Reads what drill_result_write wrote; false when it is not that. */
bool drill_result_parse(const char *buf, size_t len, struct drill_result *r);
/* The report in the learner's language: a malloc'd text of lines, the
 * verdict last (NULL when out of memory).  drill_result_body is the same
 * without the verdict, and drill_result_verdict that last line alone
 * ("verdict: FAILED (2 of 5 sizes wrong; a race)"), for a screen that
 * keeps the verdict in sight while the report scrolls. */
char *drill_result_text(const struct drill *dr, const struct drill_result *r);
char *drill_result_body(const struct drill *dr, const struct drill_result *r);
char *drill_result_verdict(const struct drill_result *r);
/* Drops every "DIR/" from text in place, so a report names the learner's
 * file by its name alone where a long path would wrap (the caller has
 * said which file it is); returns text.  Accepts NULL. */
char *drill_short_paths(char *text, const char *dir);
/* path with "~" for $HOME, for showing. */
void drill_path_shown(const char *path, char *out, size_t size);

/* pieces of the pipeline, exposed for the unit test */
void drill_parse_protocol(const char *out, struct drill_result *r);
int drill_parse_asan(const char *err, const char *learner, struct drill_finding *f);
int drill_parse_tsan(const char *err, const char *learner, struct drill_finding *f);
int drill_parse_gpu_synccheck(const char *out, const char *learner, struct drill_finding *f);
int drill_parse_gpu_sanitizer(const char *out, const char *learner, bool race,
			      struct drill_finding *f);
bool drill_parse_compile(const char *log, const char *learner, char *where, size_t size);
#endif
