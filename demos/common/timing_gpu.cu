// timing_gpu.cu: CUDA-event timing of one variant (see timing.h).
#include <stdlib.h>
#include "ck_cuda.cuh"
#include "timing.h"

// Times one run of `run` on copy `copy` with a pair of events.
static int time_once(ck_run_fn run, void *ctx, int copy, cudaEvent_t a,
                     cudaEvent_t b, struct ck_err *err)
{
    CUDA_CHECK(err, cudaEventRecord(a));
    int rc = run(ctx, copy);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaEventRecord(b));
    return CK_OK;
}

static int time_reps(ck_run_fn run, void *ctx, int ncopies, int reps,
                     cudaEvent_t *ev, double *ms, struct ck_err *err)
{
    for (int i = 0; i < reps; i++) {
        int rc = time_once(run, ctx, (i + 1) % ncopies, ev[2 * i],
                           ev[2 * i + 1], err);
        if (rc != CK_OK)
            return rc;
    }
    CUDA_CHECK(err, cudaEventSynchronize(ev[2 * reps - 1]));
    for (int i = 0; i < reps; i++) {
        float f = 0;
        CUDA_CHECK(err, cudaEventElapsedTime(&f, ev[2 * i], ev[2 * i + 1]));
        ms[i] = f;
    }
    return CK_OK;
}

// Two warm-up runs (timed, but not reported); unless reps was given, the
// faster of them sets how many runs fill CK_TIME_TARGET_MS.
static int pick_reps(ck_run_fn run, void *ctx, int ncopies, cudaEvent_t *ev,
                     int *reps, struct ck_err *err)
{
    double two[2];
    int rc = time_reps(run, ctx, ncopies, 2, ev, two, err);
    if (rc != CK_OK || *reps > 0)
        return rc;
    double once = two[0] < two[1] ? two[0] : two[1];
    int n = once > 0 ? (int)(CK_TIME_TARGET_MS / once) : CK_TIME_MAX_REPS;
    *reps = n < 3 ? 3 : n > CK_TIME_MAX_REPS ? CK_TIME_MAX_REPS : n;
    return CK_OK;
}

extern "C" int ck_time_gpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                           struct ck_timing *t, struct ck_err *err)
{
    int rc = CK_OK, nev = 0;
    double ms[CK_TIME_MAX_REPS];
    cudaEvent_t *ev = (cudaEvent_t *)calloc(2 * CK_TIME_MAX_REPS, sizeof *ev);
    if (reps > CK_TIME_MAX_REPS)
        reps = CK_TIME_MAX_REPS;
    if (!ev) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    for (; nev < 2 * CK_TIME_MAX_REPS && rc == CK_OK; nev++)
        if (cudaEventCreate(&ev[nev]) != cudaSuccess) {
            snprintf(err->msg, sizeof err->msg, "cudaEventCreate failed");
            rc = CK_ECUDA;
        }
    if (rc == CK_OK)
        rc = pick_reps(run, ctx, ncopies, ev, &reps, err);
    if (rc == CK_OK)
        rc = time_reps(run, ctx, ncopies, reps, ev, ms, err);
    if (rc == CK_OK)
        ck_timing_stats(ms, reps, t);
    for (int i = 0; i < nev; i++)
        if (ev[i])
            cudaEventDestroy(ev[i]);
    free(ev);
    return rc;
}
