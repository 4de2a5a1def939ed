/* ladder.h: the host harness every ladder demo shares (plain C).
 *
 * A demo defines its ladder once, as an X-macro in <demo>_ladder.h (see
 * demos/matmul/mm_ladder.h), with the same columns in every demo
 * (ladder_row.h):
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 * and turns it into a table of struct ck_rung with its <P>_RUNG_ROW. Around that
 * table the harness does what every demo must do the same way:
 *
 *   main's start          ck_demo_start(): --help, --list, the device
 *   --list, --variants    ck_ladder_list(), ck_ladder_known(), _wants()
 *   the judgement         ck_judge(): rel_err <= tol, and NaN/Inf never pass
 *   the test hook         CK_DEMO_CORRUPT=ID spoils one output element of
 *                         that variant after its checked run (ck_corrupt)
 *   CPU variants          ck_ladder_cpu(): poison the output with NaN, run,
 *                         judge, and only then time (timing.h)
 *   input rotation        ck_input_copies(): ONE rule for how many input
 *                         copies the GPU timing rotates through
 *   the record            ck_ladder_report(): derived numbers (no GPU peak
 *                         for a CPU variant), YAML records or the table,
 *                         and the exit status
 * The demo keeps what is its own: the problem, the reference, the GPU
 * buffers (gpu.h has ck_gpu_check_run for the GPU half of the check). */
#ifndef CK_LADDER_H
#define CK_LADDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "args.h"
#include "ladder_row.h"
#include "device.h"
#include "report.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One row of a ladder, as <P>_RUNG_ROW makes it from the X-macro. */
struct ck_rung {
    const char *id;    /* variant id: --variants, --list, result lines */
    int rung;          /* number on the ladder */
    const char *kind;  /* "hand" | "library" | "cpu" */
    const char *label; /* short name in tables */
    const char *idea;  /* one line */
    double tol;        /* relative-error tolerance */
    int cap;           /* cpu: largest size per dimension, 0 = no cap */
};

/* A ladder header's <P>_RUNG_ROW (ladder_row.h: CK_RUNG_ROW_N) makes one
 * from a row, numbered by the order of the rows. */

/* What a demo adds to the harness's output; any hook may be NULL. */
struct ck_ladder_ops {
    void (*title)(void *ctx, FILE *f);   /* table: the line(s) above the device */
    void (*problem)(void *ctx, FILE *f); /* table: line(s) below the device */
    void (*notes)(void *ctx, FILE *f);   /* table: line(s) after the variants */
    void (*fields)(void *ctx, int i, struct ck_rec *rec); /* YAML: its sizes */
    void (*before)(void *ctx, int i, FILE *f); /* YAML: records before rung i's */
};

struct ck_ladder {
    const char *demo;             /* "matmul", the demo: field of records */
    const struct ck_rung *rungs;  /* n rows, in rung order */
    int n;
    struct ck_result *res;        /* n results, indexed like rungs */
    const struct ck_args *args;
    const struct ck_device *dev;
    const struct ck_ladder_ops *ops;
    void *ctx;                    /* handed to every hook */
    bool memory_roof;             /* a memory-bound demo (reduce): its
                                     pct_of_peak is % of dev->mem_gbs and its
                                     table shows GB/s and % HBM */
};

/* --list: id, rung, kind, label, idea; one aligned line per rung. */
void ck_ladder_list(const struct ck_rung *rungs, int n, FILE *f);
/* What every demo's main does once its arguments are parsed: --help prints
 * usage, --list the rows rungs[0..n) (ck_ladder_list), to stdout; either
 * ends the program, and false is returned (the demo exits CK_OK). Otherwise
 * dev, unless NULL, is opened (the GPU unless --cpu) and true is returned. */
bool ck_demo_start(const struct ck_args *a, void (*usage)(FILE *f),
                   const struct ck_rung *rungs, int n, struct ck_device *dev);
/* --variants: every id in list must be a rung's (prints the bad one). */
bool ck_ladder_known(const struct ck_rung *rungs, int n, const char *list);
/* Index of id, or -1. */
int ck_ladder_index(const struct ck_rung *rungs, int n, const char *id);

/* Fills l and initialises res[] from the rungs (tol from the table). */
void ck_ladder_init(struct ck_ladder *l, const char *demo,
                    const struct ck_rung *rungs, int n, struct ck_result *res,
                    const struct ck_args *args, const struct ck_device *dev);
/* Whether rung i is selected by --variants. */
bool ck_ladder_wants(const struct ck_ladder *l, int i);
bool ck_rung_is(const struct ck_rung *r, const char *kind);

/* The judgement: rel_err, checked, ok and error of r from rel_err against
 * r->tol. Not finite never passes. Returns r->ok. */
bool ck_judge(struct ck_result *r, double rel_err, const char *checked);
/* The scalar judgement, after ck_judge passed (reduce's sum of integer
 * inputs): got must equal want exactly, else r fails with a message
 * naming both and what: "integer input". Returns r->ok. */
bool ck_judge_exact(struct ck_result *r, double got, double want,
                    const char *what);
/* The test hook: when CK_DEMO_CORRUPT is id, sets out[n / 2] to NaN and
 * returns true (a scalar result is out with n = 1). */
bool ck_corrupt(const char *id, float *out, size_t n);
/* The exact checks' test hook: when CK_DEMO_CORRUPT is id+1, adds 1 to
 * out[n / 2] (an integer result off by one) and returns true. */
bool ck_corrupt_plus_one(const char *id, float *out, size_t n);

/* How many input copies GPU timing rotates through, for copies of
 * copy_bytes each: enough that one pass over them all exceeds
 * CK_ROTATE_L2 times the L2 (so a repeat cannot be served from L2), at
 * most CK_MAX_COPIES, at least 1. */
#define CK_ROTATE_L2 3
#define CK_MAX_COPIES 8
int ck_input_copies(double copy_bytes, long long l2_bytes);

/* How many side-by-side pairs (timing.h, ck_time_gpu_pair) a rung of
 * ms_rung against a library of ms_lib gets: about CK_PAIR_BUDGET_MS of
 * runs, at least 3, at most CK_PAIRS. */
#define CK_PAIR_BUDGET_MS 300.0
int ck_pairs_for(double ms_rung, double ms_lib);

/* Timed runs of a CPU variant: --reps when given; once when one run is
 * over CK_CPU_ONCE_FLOPS (its checked run has warmed the caches);
 * otherwise automatic (timing.h). */
#define CK_CPU_ONCE_FLOPS 1e9
int ck_cpu_reps(const struct ck_args *a, double flops);

/* One CPU variant: what ck_ladder_cpu needs to run and check it. */
struct ck_cpu_job {
    ck_run_fn run;  /* one run into out; copy is always 0 */
    void *ctx;
    float *out;     /* the output run writes, n floats */
    size_t n;
    /* relative error of out against the demo's reference; sets *checked */
    double (*err)(void *ctx, const float *out, const char **checked);
    double flops, bytes; /* of one run */
    /* NULL, or a second judgement run after err's passed (ck_judge_exact):
     * returns r->ok */
    bool (*exact)(void *ctx, struct ck_result *r);
};

/* Runs rung i as a CPU variant: marks it ran, poisons out, runs once,
 * applies the test hook, judges (then job->exact), then times. CK_OK, CK_ECHECK (wrong
 * result: recorded, not timed) or the run's own status. */
int ck_ladder_cpu(struct ck_ladder *l, int i, const struct ck_cpu_job *job);

/* The common head of an 'unsupported' record (a variant that does not
 * apply to this problem: neither a result nor a failure); the caller adds
 * its own fields and ends it. */
void ck_rec_unsupported(struct ck_rec *rec, const char *demo,
                        const struct ck_result *r, const char *reason);

/* Derives the numbers (pct_of_peak only for GPU variants of a live
 * device; of memory bandwidth when l->memory_roof), writes the YAML records or the table to f, and returns the exit
 * status: rc when it is not CK_OK, else CK_ECHECK when a variant that ran
 * failed, else CK_OK. */
int ck_ladder_report(struct ck_ladder *l, int rc, int argc, char **argv,
                     FILE *f);

#ifdef __cplusplus
}
#endif

#endif
