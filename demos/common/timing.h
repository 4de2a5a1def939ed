/* timing.h: how every variant is timed, on the CPU and the GPU alike.
 *
 * A variant is timed through a callback that runs it once on input copy
 * `copy` (0 <= copy < ncopies); rotating the copies keeps repeats from just
 * re-reading data that the previous run left in the cache.
 *
 *   1. two warm-up runs (module load, cuBLAS heuristics, page faults);
 *   2. `reps` timed runs if reps > 0, otherwise as many as fit in about
 *      CK_TIME_TARGET_MS (at least 3, at most CK_TIME_MAX_REPS);
 *   3. each run timed on its own (GPU: a pair of CUDA events around it;
 *      CPU: CLOCK_MONOTONIC), the median reported with min and max.
 *
 * The callback returns enum ck_status; a non-zero one stops the timing and is
 * returned. ck_time_gpu() exists only when CK_HAVE_CUDA (timing_gpu.cu); it
 * times work enqueued on the default stream. */
#ifndef CK_TIMING_H
#define CK_TIMING_H

#include "ck.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CK_TIME_TARGET_MS 100.0
#define CK_TIME_MAX_REPS 1000

struct ck_timing {
    double ms, ms_min, ms_max; /* median, min, max of one run, milliseconds */
    int reps;                  /* timed runs behind them */
};

typedef int (*ck_run_fn)(void *ctx, int copy);

/* Median/min/max of ms[0..n) into t (sorts ms in place). */
void ck_timing_stats(double *ms, int n, struct ck_timing *t);

int ck_time_cpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                struct ck_timing *t);

int ck_time_gpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                struct ck_timing *t, struct ck_err *err);

#ifdef __cplusplus
}
#endif

#endif
