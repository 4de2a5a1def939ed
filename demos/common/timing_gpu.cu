// timing_gpu.cu: CUDA-event timing of one variant, as nvbench times (see
// timing.h): cold L2 by a scratch write outside the events, each run queued
// behind a blocking kernel, batches until the stopping rule holds, NVML's
// clocks sampled while each batch runs.
#include <stdlib.h>
#include <string.h>
#include "ck_cuda.cuh"
#include "clocks.h"
#include "timing.h"

// What one timing needs besides the variant: events, the L2 scratch, the
// blocking kernel's host-mapped flag (flag[0] the ticket to reach, flag[1]
// set by a spin that gave up).
struct timer {
    cudaEvent_t *ev;
    int nev;
    void *flush;
    size_t flush_bytes;
    volatile unsigned *flag;
    unsigned *dflag, ticket;
    bool queued;
    char bus[32];
};

static __device__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// One thread spins until the host has released ticket `want` (or gives up
// after timeout_ns and says so in flag[1]).
__global__ void ck_block_kernel(volatile unsigned *flag, unsigned want,
                                unsigned long long timeout_ns)
{
    unsigned long long t0 = now_ns();
    while (flag[0] < want)
        if (now_ns() - t0 > timeout_ns) {
            flag[1] = 1;
            break;
        }
}

static int timer_open(struct timer *tm, struct ck_err *err)
{
    int dev = 0, l2 = 0;
    memset(tm, 0, sizeof *tm);
    tm->queued = true;
    tm->ev = (cudaEvent_t *)calloc(2 * CK_TIME_MAX_REPS, sizeof *tm->ev);
    if (!tm->ev) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    for (; tm->nev < 2 * CK_TIME_MAX_REPS; tm->nev++)
        CUDA_CHECK(err, cudaEventCreate(&tm->ev[tm->nev]));
    CUDA_CHECK(err, cudaGetDevice(&dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
    if (cudaDeviceGetPCIBusId(tm->bus, sizeof tm->bus, dev) != cudaSuccess)
        tm->bus[0] = '\0';
    const char *warm = getenv("CK_TIME_WARM");
    if (!(warm && !strcmp(warm, "1")) && l2 > 0) {
        tm->flush_bytes = (size_t)CK_FLUSH_L2 * (size_t)l2;
        CUDA_CHECK(err, cudaMalloc(&tm->flush, tm->flush_bytes));
    }
    unsigned *h = NULL;
    CUDA_CHECK(err, cudaHostAlloc((void **)&h, 2 * sizeof *h, cudaHostAllocMapped));
    h[0] = h[1] = 0;
    tm->flag = h;
    CUDA_CHECK(err, cudaHostGetDevicePointer((void **)&tm->dflag, h, 0));
    return CK_OK;
}

static void timer_close(struct timer *tm)
{
    for (int i = 0; i < tm->nev; i++)
        cudaEventDestroy(tm->ev[i]);
    free(tm->ev);
    cudaFree(tm->flush);
    cudaFreeHost((void *)tm->flag);
}

// Enqueues run k (events 2k, 2k+1): the L2 scratch write, the blocking
// kernel, the events around the variant; then releases the block.
static int enqueue_run(struct timer *tm, ck_run_fn run, void *ctx, int copy,
                       int k, struct ck_err *err)
{
    if (tm->flush)
        CUDA_CHECK(err, cudaMemsetAsync(tm->flush, k & 0xff, tm->flush_bytes));
    if (tm->queued) {
        unsigned long long to = (unsigned long long)(CK_BLOCK_TIMEOUT_S * 1e9);
        ck_block_kernel<<<1, 1>>>(tm->dflag, ++tm->ticket, to);
        CUDA_CHECK(err, cudaGetLastError());
    }
    CUDA_CHECK(err, cudaEventRecord(tm->ev[2 * k]));
    int rc = run(ctx, copy);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaEventRecord(tm->ev[2 * k + 1]));
    if (tm->queued) {
        __sync_synchronize();
        tm->flag[0] = tm->ticket;
    }
    return CK_OK;
}

#define GAVE_UP 100 // a blocking kernel gave up waiting (not a ck_status)

// Runs [from, to): enqueued, one NVML sample while they run, then waited
// for and read into ms[from..to).
static int batch(struct timer *tm, ck_run_fn run, void *ctx, int ncopies,
                 int from, int to, double *ms, struct ck_clocks *clk,
                 struct ck_err *err)
{
    for (int k = from; k < to; k++) {
        int rc = enqueue_run(tm, run, ctx, (k + 1) % ncopies, k, err);
        if (rc != CK_OK)
            return rc;
        if (tm->queued && tm->flag[1]) { // the variant waited on the host
            CUDA_CHECK(err, cudaDeviceSynchronize());
            return GAVE_UP;
        }
    }
    struct ck_clock_sample s;
    if (clk && ck_clocks_sample(tm->bus, &s))
        ck_clocks_add(clk, &s);
    CUDA_CHECK(err, cudaEventSynchronize(tm->ev[2 * to - 1]));
    for (int k = from; k < to; k++) {
        float f = 0;
        CUDA_CHECK(err, cudaEventElapsedTime(&f, tm->ev[2 * k], tm->ev[2 * k + 1]));
        ms[k] = f;
    }
    return CK_OK;
}

// Two warm-ups, then `reps` runs, or batches until ck_time_enough.
static int measure(struct timer *tm, ck_run_fn run, void *ctx, int ncopies,
                   int reps, double *ms, struct ck_timing *t, struct ck_err *err)
{
    int rc = batch(tm, run, ctx, ncopies, 0, 2, ms, NULL, err), n = 0;
    double total = 0;
    memset(&t->clk, 0, sizeof t->clk);
    while (rc == CK_OK) {
        int want = reps > 0 ? reps : CK_TIME_MAX_REPS;
        int to = n + CK_TIME_BATCH < want ? n + CK_TIME_BATCH : want;
        rc = batch(tm, run, ctx, ncopies, n, to, ms, &t->clk, err);
        for (; rc == CK_OK && n < to; n++)
            total += ms[n];
        if (rc != CK_OK || n >= want || (reps <= 0 && ck_time_enough(ms, n, total)))
            break;
    }
    if (rc != CK_OK)
        return rc;
    t->cold = tm->flush != NULL;
    t->queued = tm->queued;
    ck_timing_stats(ms, n, t);
    return CK_OK;
}

extern "C" int ck_time_gpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                           struct ck_timing *t, struct ck_err *err)
{
    struct timer tm;
    double *ms = (double *)malloc(CK_TIME_MAX_REPS * sizeof *ms);
    if (reps > CK_TIME_MAX_REPS)
        reps = CK_TIME_MAX_REPS;
    int rc = ms ? timer_open(&tm, err) : CK_ENOMEM;
    if (!ms)
        snprintf(err->msg, sizeof err->msg, "out of host memory");
    if (rc == CK_OK)
        rc = measure(&tm, run, ctx, ncopies, reps, ms, t, err);
    if (rc == GAVE_UP) { // a spin gave up: time it without the block
        tm.queued = false;
        rc = measure(&tm, run, ctx, ncopies, reps, ms, t, err);
    }
    if (ms)
        timer_close(&tm);
    free(ms);
    return rc;
}

// Pair k: events 4k..4k+3, the order swapped on odd k.
static int pair_batch(struct timer *tm, ck_run_fn rung, void *rctx, ck_run_fn lib,
                      void *lctx, int ncopies, int k, double *ratio,
                      struct ck_err *err)
{
    bool lib_first = k % 2;
    ck_run_fn f[2] = {lib_first ? lib : rung, lib_first ? rung : lib};
    void *c[2] = {lib_first ? lctx : rctx, lib_first ? rctx : lctx};
    for (int j = 0; j < 2; j++) {
        int rc = enqueue_run(tm, f[j], c[j], (k + 1) % ncopies, 2 * k + j, err);
        if (rc != CK_OK)
            return rc;
        if (tm->queued && tm->flag[1]) {
            CUDA_CHECK(err, cudaDeviceSynchronize());
            return GAVE_UP;
        }
    }
    CUDA_CHECK(err, cudaEventSynchronize(tm->ev[4 * k + 3]));
    float ms[2];
    for (int j = 0; j < 2; j++)
        CUDA_CHECK(err, cudaEventElapsedTime(&ms[j], tm->ev[4 * k + 2 * j],
                                             tm->ev[4 * k + 2 * j + 1]));
    double t_rung = lib_first ? ms[1] : ms[0], t_lib = lib_first ? ms[0] : ms[1];
    *ratio = 100.0 * t_lib / t_rung;
    return CK_OK;
}

static int pairs_run(struct timer *tm, ck_run_fn rung, void *rctx, ck_run_fn lib,
                     void *lctx, int ncopies, int pairs, double *r, struct ck_err *err)
{
    double warm;
    int rc = pair_batch(tm, rung, rctx, lib, lctx, ncopies, 0, &warm, err);
    for (int k = 0; k < pairs && rc == CK_OK; k++)
        rc = pair_batch(tm, rung, rctx, lib, lctx, ncopies, k, &r[k], err);
    return rc;
}

extern "C" int ck_time_gpu_pair(ck_run_fn rung, void *rctx, ck_run_fn lib,
                                void *lctx, int ncopies, int pairs,
                                struct ck_pair *p, struct ck_err *err)
{
    struct timer tm;
    int max = CK_TIME_MAX_REPS / 2;
    pairs = pairs < 3 ? 3 : pairs > max ? max : pairs;
    double *r = (double *)malloc((size_t)pairs * sizeof *r);
    if (!r) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    int rc = timer_open(&tm, err);
    if (rc == CK_OK)
        rc = pairs_run(&tm, rung, rctx, lib, lctx, ncopies, pairs, r, err);
    if (rc == GAVE_UP) {
        tm.queued = false;
        rc = pairs_run(&tm, rung, rctx, lib, lctx, ncopies, pairs, r, err);
    }
    if (rc == CK_OK)
        ck_pair_stats(r, pairs, p);
    timer_close(&tm);
    free(r);
    return rc;
}
