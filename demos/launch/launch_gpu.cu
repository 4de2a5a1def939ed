// launch_gpu.cu: the launch demo's device side (see launch_gpu.h).
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "args.h"
#include "gpu.h"
#include "launch_gpu.h"
#include "launch_kernels.cuh"

struct ln_gpu {
    long long n;
    int iters;                 // wave: FMA steps per chain
    long long max_grid;        // wave: the largest grid measured
    float *x, *y, *y0;         // (n) each
    float *out;                // (max_grid * LN_WAVE_BLOCK) wave output
    unsigned long long *bad;   // (1) mismatches found by the check
    int sms, max_threads_sm;
    size_t wave_smem;          // more than half an SM's shared memory
};

extern "C" int ln_gpu_open(struct ln_gpu **out, long long n, int iters,
                           long long max_grid, struct ck_err *err)
{
    *out = NULL;
    size_t need = 3 * (size_t)n * sizeof(float) +
                  (size_t)max_grid * LN_WAVE_BLOCK * sizeof(float);
    int fits = ck_gpu_fits(need, err);
    if (fits != 1)
        return fits == 0 ? CK_EARGS : CK_ECUDA;
    struct ln_gpu *g = (struct ln_gpu *)calloc(1, sizeof *g);
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    *out = g;
    g->n = n;
    g->iters = iters;
    g->max_grid = max_grid;
    int dev = 0, smem_sm = 0, optin = 0;
    CUDA_CHECK(err, cudaGetDevice(&dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&g->sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&g->max_threads_sm,
                                           cudaDevAttrMaxThreadsPerMultiProcessor, dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&smem_sm,
                                           cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&optin,
                                           cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    g->wave_smem = (size_t)smem_sm / 2 + 1024;
    if (g->wave_smem > (size_t)optin)
        g->wave_smem = (size_t)optin;
    CUDA_CHECK(err, cudaFuncSetAttribute(ln_wave_kernel,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         (int)g->wave_smem));
    size_t bytes = (size_t)n * sizeof(float);
    CUDA_CHECK(err, cudaMalloc((void **)&g->x, bytes));
    CUDA_CHECK(err, cudaMalloc((void **)&g->y, bytes));
    CUDA_CHECK(err, cudaMalloc((void **)&g->y0, bytes));
    CUDA_CHECK(err, cudaMalloc((void **)&g->out, (size_t)max_grid * LN_WAVE_BLOCK * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc((void **)&g->bad, sizeof *g->bad));
    int rc = ck_gpu_fill_random(g->x, (size_t)n, 101, err);
    if (rc == CK_OK)
        rc = ck_gpu_fill_random(g->y0, (size_t)n, 202, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    return CK_OK;
}

typedef void (*ln_kernel)(long long, float, const float *, float *);

static ln_kernel kernel_of(enum ln_rung series)
{
    return series == LN_REGS   ? ln_regs_kernel
           : series == LN_SMEM ? ln_smem_kernel
           : series == LN_VEC4 ? ln_vec4_kernel
                               : ln_plain_kernel;
}

static size_t dyn_smem(const struct ln_gpu *g, enum ln_rung series)
{
    return series == LN_SMEM ? LN_SMEM_BYTES : series == LN_WAVE ? g->wave_smem : 0;
}

extern "C" int ln_gpu_series(struct ln_gpu *g, enum ln_rung series,
                             struct ln_series *s, struct ck_err *err)
{
    struct cudaFuncAttributes fa;
    memset(s, 0, sizeof *s);
    size_t dyn = dyn_smem(g, series);
    if (series == LN_WAVE) {
        CUDA_CHECK(err, cudaFuncGetAttributes(&fa, ln_wave_kernel));
        CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                            &s->per_sm, ln_wave_kernel, LN_WAVE_BLOCK, dyn));
        CUDA_CHECK(err, cudaOccupancyMaxPotentialBlockSize(
                            &s->suggest_grid, &s->suggest_block, ln_wave_kernel, dyn, 0));
        s->wave = (long long)g->sms * (s->per_sm > 0 ? s->per_sm : 1);
    } else {
        ln_kernel k = kernel_of(series);
        CUDA_CHECK(err, cudaFuncGetAttributes(&fa, k));
        CUDA_CHECK(err, cudaOccupancyMaxPotentialBlockSize(&s->suggest_grid,
                                                           &s->suggest_block, k, dyn, 0));
    }
    s->regs = fa.numRegs;
    s->smem = (long long)fa.sharedSizeBytes + (long long)dyn;
    return CK_OK;
}

struct run_ctx {
    struct ln_gpu *g;
    enum ln_rung series;
    int block;
    long long grid;
    struct ck_err *err;
};

static int run_once(void *ctx, int copy)
{
    struct run_ctx *c = (struct run_ctx *)ctx;
    struct ln_gpu *g = c->g;
    struct ck_err *err = c->err;
    (void)copy;
    if (c->series == LN_WAVE) {
        CK_LAUNCH(err, ln_wave_kernel, (unsigned)c->grid, LN_WAVE_BLOCK,
                  g->wave_smem, 0, g->iters, LN_A, g->out);
    } else {
        ln_kernel k = kernel_of(c->series);
        CK_LAUNCH(err, k, (unsigned)c->grid, c->block, dyn_smem(g, c->series), 0,
                  g->n, LN_A, g->x, g->y);
    }
    return CK_OK;
}

// the series' ids, for the test hook (CK_DEMO_CORRUPT)
#define LN_ID(e, id, ...) id,
static const char *const ln_ids[] = {LN_LADDER(LN_ID)};
#undef LN_ID

// y from y0, one run, then every element compared on the device; under the
// test hook the last element is spoiled after the run (NaN), so the check
// must fail
static int check_axpy(struct run_ctx *c, unsigned long long *bad)
{
    struct ln_gpu *g = c->g;
    struct ck_err *err = c->err;
    CUDA_CHECK(err, cudaMemcpy(g->y, g->y0, (size_t)g->n * sizeof(float),
                               cudaMemcpyDeviceToDevice));
    CUDA_CHECK(err, cudaMemset(g->bad, 0, sizeof *g->bad));
    int rc = run_once(c, 0);
    if (rc != CK_OK)
        return rc;
    if (ck_corrupt_wanted(ln_ids[c->series]))
        CUDA_CHECK(err, cudaMemset(g->y + g->n - 1, 0xFF, sizeof(float)));
    CK_LAUNCH(err, ln_check_kernel, 1024, 256, 0, 0, g->n, LN_A, g->x, g->y0, g->y,
              g->bad);
    CUDA_CHECK(err, cudaMemcpy(bad, g->bad, sizeof *bad, cudaMemcpyDeviceToHost));
    return CK_OK;
}

// the output poisoned, one run, every element against the host's chains
static int check_wave(struct run_ctx *c, unsigned long long *bad)
{
    struct ln_gpu *g = c->g;
    struct ck_err *err = c->err;
    size_t n = (size_t)c->grid * LN_WAVE_BLOCK;
    float want[7];
    for (unsigned t = 0; t < 7; t++) {
        float s = 0.0f;
        for (int j = 0; j < LN_WAVE_CHAINS; j++) {
            float v = ln_wave_start(t, j, LN_A);
            for (int it = 0; it < g->iters; it++)
                v = fmaf(v, 0.999f, 1e-3f);
            s += v;
        }
        want[t] = s;
    }
    int rc = ck_gpu_poison(g->out, n, err);
    if (rc == CK_OK)
        rc = run_once(c, 0);
    if (rc != CK_OK)
        return rc;
    float *h = (float *)malloc(n * sizeof *h);
    if (!h) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    cudaError_t e = cudaMemcpy(h, g->out, n * sizeof *h, cudaMemcpyDeviceToHost);
    *bad = 0;
    for (size_t i = 0; e == cudaSuccess && i < n; i++) {
        unsigned src = (unsigned)(i % LN_WAVE_BLOCK) ^ 1u;
        *bad += !(fabsf(h[i] - want[src % 7]) <= 1e-5f * fabsf(want[src % 7]));
    }
    free(h);
    CUDA_CHECK(err, e);
    return CK_OK;
}

extern "C" int ln_gpu_point(struct ln_gpu *g, enum ln_rung series, int block,
                            long long grid, int reps, struct ln_point *p,
                            struct ck_err *err)
{
    memset(p, 0, sizeof *p);
    p->t.ms = p->t.ms_min = p->t.ms_max = NAN; // the rest zeroed above
    p->gbs = NAN;
    if (series == LN_WAVE)
        block = LN_WAVE_BLOCK;
    else {
        long long per_block =
            (long long)block * (series == LN_REGS   ? LN_REGS_PER_THREAD
                                : series == LN_VEC4 ? LN_VEC
                                                    : 1);
        grid = (g->n + per_block - 1) / per_block;
    }
    p->block = block;
    p->grid = grid;
    void *k = series == LN_WAVE ? (void *)ln_wave_kernel : (void *)kernel_of(series);
    CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&p->per_sm, k, block,
                                                                  dyn_smem(g, series)));
    p->occupancy = 100.0 * p->per_sm * block / g->max_threads_sm;
    p->fits = p->per_sm > 0;
    if (!p->fits) { // the launch would fail: too many registers or bytes
        snprintf(p->error, sizeof p->error,
                 "a block of %d threads does not fit on an SM", block);
        return CK_OK;
    }
    struct run_ctx c = {g, series, block, grid, err};
    unsigned long long bad = 0;
    int rc = series == LN_WAVE ? check_wave(&c, &bad) : check_axpy(&c, &bad);
    if (rc != CK_OK)
        return rc;
    p->ok = bad == 0;
    if (!p->ok) {
        snprintf(p->error, sizeof p->error, "%llu elements wrong or not written", bad);
        return CK_OK;
    }
    rc = ck_time_gpu(run_once, &c, 1, reps, &p->t, err);
    if (rc == CK_OK && series != LN_WAVE)
        p->gbs = 12.0 * (double)g->n / (p->t.ms * 1e6);
    return rc;
}

extern "C" void ln_gpu_close(struct ln_gpu *g)
{
    if (!g)
        return;
    cudaFree(g->x);
    cudaFree(g->y);
    cudaFree(g->y0);
    cudaFree(g->out);
    cudaFree(g->bad);
    free(g);
}
