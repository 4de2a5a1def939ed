/* fu_state.h: what the fusion demo's parts share (fusion.c: arguments
 * and main; fu_run.c: running and checking the rungs; fu_report.c: the
 * records and the table): the options and the run's state. */
#ifndef FU_STATE_H
#define FU_STATE_H

#include <stdbool.h>
#include "args.h"
#include "ck.h"
#include "device.h"
#include "fu_cpu.h"
#include "fu_ladder.h"
#include "ladder.h"

#define FU_CPU_FLOPS 2e9 /* a CPU rung's budget: rows of the product that fit */

struct fu_opts {
    struct ck_args args;
    struct fu_shape s;
};

struct fu_state {
    const struct fu_opts *o;
    const struct ck_device *dev;
    struct fu_problem p;
    const struct ck_rung *table;   /* fu_ladder.h as rows */
    struct ck_ladder l;
    long long rows[FU_NRUNGS];     /* rows of the product each rung ran */
    char declined[FU_NRUNGS][256]; /* "" or why the rung does not apply */
    char algo[48], api[FU_NRUNGS][256];
    struct ck_pair speedup[FU_NRUNGS]; /* a fused rung beside its twin:
                                       100 × twin ms / its ms (pairs 0: not) */
    float *out, *cross;            /* a rung's output; the first GPU pass's */
    bool have_cross;
#if CK_HAVE_CUDA
    struct fu_gpu *g;
#endif
    struct ck_err err;
};

/* Runs every selected rung, then each fused rung that passed side by side
 * with its unfused twin that passed (fu_run.c): the exit status so far. */
int fu_run_all(struct fu_state *s);
/* The records or the table (fu_report.c); returns the exit status. */
int fu_report(struct fu_state *s, int status, int argc, char **argv);

#endif
