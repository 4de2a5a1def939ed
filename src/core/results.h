/* results: the demos' YAML result lines as typed records.
 *
 * A demo run with --format yaml prints one flow mapping per line, each line
 * starting with "- ", so its whole output is one YAML sequence (DESIGN.md,
 * demos/README.md).  demos/results/h200.yaml is such an output for both
 * demos, one after the other.  Each record has `record: device` (the GPU or
 * the CPU fallback and why) or `record: variant` (one rung of the ladder).
 *
 * Parsing goes through the project's loader (doc.h), so the input limits
 * hold and every problem has a line:col.  Documented fields are checked for
 * presence and type; fields we do not know are ignored (a newer demo may
 * add some); records of an unknown kind are skipped.  A number written `~`
 * (not measured) reads as NAN; a text written `~` as "".  Every string is
 * sanitized (text.h) before it is stored, ready to draw.  No ncurses. */
#ifndef CK_RESULTS_H
#define CK_RESULTS_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

#define RESULTS_FORMAT 1  /* the newest record format we know */

enum res_kind { RES_CPU, RES_HAND, RES_LIBRARY };

struct res_device {
	int line;                   /* where the record starts, 1-based */
	long format;
	char demo[32];
	bool live;                  /* measured on a GPU now */
	char reason[256];           /* why not live ("" when live) */
	char date[48], command[512];
	char cpu_name[128];
	long cpu_threads;
	/* The GPU: set when live (0, "" or NAN otherwise). */
	char name[128], cc[16];
	long sms, fp32_lanes_per_sm, clock_mhz;
	long mem_bytes, l2_bytes, smem_per_sm, smem_per_block, regs_per_sm;
	long max_threads_per_sm, max_threads_per_block, warp_size;
	double mem_gbs, peak_gflops;
	char driver[16], runtime[16], compat[192], cublas[32], cudnn[32];
};

/* Sizes: matmul uses m, n, k; conv n (batch), c, h, w, k (filters), r, s,
 * pad, stride, dil and the output p, q.  -1 when absent. */
struct res_sizes {
	long m, n, k, c, h, w, r, s, pad, stride, dil, p, q;
};

struct res_variant {
	int line;
	long format;
	char demo[32], variant[48], label[128];
	long rung;                  /* 1-based position in the ladder */
	enum res_kind kind;
	bool ok, baseline;          /* baseline: the '% of library' reference */
	char checked[16];           /* "fp64", "library" or "" */
	double rel_err, tol;
	double ms, ms_min, ms_max;  /* NAN when not timed */
	long reps;
	double gflops, pct_of_library, pct_of_peak, intensity, gbs;
	char error[256];            /* "" unless !ok */
	struct res_sizes size;
	long workspace;             /* bytes, -1 when absent */
	char math[16];              /* cuDNN math type, "" when absent */
	char algo[48];              /* cuDNN algorithm, "" when absent */
	bool supported;             /* false: the library has no such algorithm
	                               for this shape here (not a failure) */
};

/* Invariant: dev[0..ndev) and var[0..nvar) in input order. */
struct results {
	struct res_device *dev;
	size_t ndev;
	struct res_variant *var;
	size_t nvar;
};

/* Parses a whole output (name is used in messages).  On any error returns
 * false with diags and leaves *out empty.  Empty output is valid (no
 * records).  The caller frees with results_free. */
bool results_parse(const char *name, const char *buf, size_t len,
		   struct results *out, struct diags *d);
bool results_load_file(const char *path, struct results *out, struct diags *d);
void results_free(struct results *r); /* accepts NULL; leaves r empty */

const char *res_kind_name(enum res_kind k);
/* The first device record of demo (NULL demo: the first), or NULL. */
const struct res_device *results_device(const struct results *r, const char *demo);
/* The naive reference of demo for speedups: the lowest-rung hand-written
 * variant with a time, else the lowest-rung CPU one; NULL if none. */
const struct res_variant *results_naive(const struct results *r, const char *demo);
/* The fastest timed variant of demo of a kind; NULL if none. */
const struct res_variant *results_fastest(const struct results *r, const char *demo,
					  enum res_kind kind);
/* The library reference: the timed baseline record, else the fastest
 * library variant; NULL if none. */
const struct res_variant *results_library(const struct results *r, const char *demo);
/* The learner's speedups line for progress, e.g. "matmul 512x512x512, CPU
 * fallback: naive 210 ms -> best CPU 12.5 ms (16.8x)" or with hand-written
 * and library steps on a GPU.  False (buf "") when demo has no timings. */
bool results_speedups_line(const struct results *r, const char *demo,
			   char *buf, size_t size);
/* "512x512x512" for matmul, "N32 C64 H56 W56 K64 3x3" for conv. */
void results_size_text(const struct res_variant *v, char *buf, size_t size);
/* Puts demo's speedups line into dst (progress.speedups), replacing that
 * demo's earlier segment and keeping the other demos' ("A | B"); when it
 * does not fit, the oldest segments go first. */
void results_merge_speedups(char *dst, size_t size, const char *demo, const char *line);
#endif
