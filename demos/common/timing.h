/* timing.h: how every variant is timed, on the CPU and the GPU alike.
 *
 * A variant is timed through a callback that runs it once on input copy
 * `copy` (0 <= copy < ncopies); rotating the copies keeps repeats from just
 * re-reading data that the previous run left in the cache.
 *
 *   1. two warm-up runs (module load, cuBLAS heuristics, page faults);
 *   2. `reps` timed runs if reps > 0; otherwise runs in batches until
 *      about CK_TIME_TARGET_MS are timed and the noise (the relative
 *      standard deviation of the runs) is at most CK_NOISE_MAX, stopping
 *      anyway at CK_TIME_CAP_MS or CK_TIME_MAX_REPS (at least 3 runs);
 *   3. each run timed on its own (GPU: a pair of CUDA events around it;
 *      CPU: CLOCK_MONOTONIC), the median reported with min, max and noise.
 *
 * The GPU, as nvbench times (timing_gpu.cu):
 *   - cold L2: before every timed run, outside its events, a scratch
 *     buffer of CK_FLUSH_L2 times the L2 is written (cudaMemsetAsync), so
 *     no run finds its inputs in L2; CK_TIME_WARM=1 in the environment
 *     skips it and the record says cache: warm;
 *   - queued: every run waits behind a blocking kernel (one thread that
 *     spins on a host-mapped flag) until its events and kernels are all
 *     enqueued, then the host releases it, so a microsecond kernel is
 *     timed on the GPU, not the launch path; the spin gives up after
 *     CK_BLOCK_TIMEOUT_S (it can never hang), and then the variant is
 *     timed again without it and the record says queued: false;
 *   - while each batch runs, NVML's SM clock, power and throttle reasons
 *     are sampled (clocks.h) into t->clk.
 *
 * The callback returns enum ck_status; a non-zero one stops the timing and is
 * returned. ck_time_gpu() exists only when CK_HAVE_CUDA (timing_gpu.cu); it
 * times work enqueued on the default stream. */
#ifndef CK_TIMING_H
#define CK_TIMING_H

#include <stdbool.h>

#include "ck.h"
#include "clocks.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CK_TIME_TARGET_MS 100.0
#define CK_TIME_CAP_MS 400.0   /* the stopping rule's cap on timed time */
#define CK_TIME_MAX_REPS 1000
#define CK_TIME_BATCH 16       /* GPU runs enqueued between two looks */
#define CK_NOISE_MAX 0.005     /* relative standard deviation to stop at */
#define CK_FLUSH_L2 2          /* the cold-L2 scratch write, times the L2 */
#define CK_BLOCK_TIMEOUT_S 2.0
#define CK_LATENCY_MS 0.020    /* a median below this is latency-bound */

struct ck_timing {
    double ms, ms_min, ms_max; /* median, min, max of one run, milliseconds */
    int reps;                  /* timed runs behind them */
    double noise;              /* relative standard deviation of the runs */
    bool cold;                 /* L2 flushed before every run (GPU) */
    bool queued;               /* runs queued behind a blocking kernel */
    struct ck_clocks clk;      /* the GPU's clocks during the runs */
};

/* A rung against its library, side by side (ck_time_gpu_pair): `pairs`
 * interleaved pairs in one process, the order swapped every pair (rung
 * first, then library first), each run cold and queued as above; pct is
 * the median over the pairs of 100 * library ms / rung ms, lo and hi the
 * lowest and highest pair. Never a ratio of two records' medians. */
#define CK_PAIRS 30
struct ck_pair {
    double pct, lo, hi;
    int pairs;
};
/* The median of the pairs' ratios r[0..n) into p (sorts r in place). */
void ck_pair_stats(double *r, int n, struct ck_pair *p);

/* Whether the stopping rule is met by n runs totalling total_ms. */
bool ck_time_enough(const double *ms, int n, double total_ms);
/* Relative standard deviation of ms[0..n) (0 when n < 2). */
double ck_noise(const double *ms, int n);

typedef int (*ck_run_fn)(void *ctx, int copy);

/* Median/min/max of ms[0..n) into t (sorts ms in place). */
void ck_timing_stats(double *ms, int n, struct ck_timing *t);

int ck_time_cpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                struct ck_timing *t);
/* The same side by side on the CPU (CLOCK_MONOTONIC around each run, no
 * warm-up: the caller has run both already): `pairs` pairs (at least 3, at
 * most CK_TIME_MAX_REPS / 2), the order swapped every pair, each on input
 * copy 0. */
int ck_time_cpu_pair(ck_run_fn rung, void *rctx, ck_run_fn lib, void *lctx, int pairs,
                     struct ck_pair *p);

int ck_time_gpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                struct ck_timing *t, struct ck_err *err);
int ck_time_gpu_pair(ck_run_fn rung, void *rctx, ck_run_fn lib, void *lctx,
                     int ncopies, int pairs, struct ck_pair *p,
                     struct ck_err *err);

#ifdef __cplusplus
}
#endif

#endif
