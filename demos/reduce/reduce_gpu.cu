// reduce_gpu.cu: the reduce demo's device side (see reduce_gpu.h): buffers,
// the grids sized from the occupancy API, and the dispatch to each rung's
// launcher through the ladder table.
#include <stdlib.h>
#include "args.h"
#include "gpu.h"
#include "ladder.h"
#include "reduce_gpu.h"
#include "reduce_ladder.h"

#include "rung_headers.h" // the rungs' headers, from reduce_ladder.h's rows

struct rd_gpu {
    long long n;
    int ncopies;                  // rotated inputs
    float *x[CK_MAX_COPIES];      // (n) each
    struct rd_args a;             // a.x points at the copy being run
};

typedef int (*rd_gpu_fn)(const struct rd_args *, struct ck_err *);

// CPU rungs have no launcher here
static int rd_not_gpu(const struct rd_args *a, struct ck_err *err)
{
    (void)a;
    snprintf(err->msg, sizeof err->msg, "not a GPU rung");
    return CK_ECUDA;
}
#define RD_GPU_hand(fn) fn
#define RD_GPU_library(fn) fn
#define RD_GPU_cpu(fn) rd_not_gpu
#define RD_FN(e, id, step, kind, label, idea, fn, ...) RD_GPU_##kind(fn),
static const rd_gpu_fn rd_fns[] = {RD_LADDER(RD_FN)};
#undef RD_FN
#define RD_NFNS (int)(sizeof rd_fns / sizeof *rd_fns)

// SMs x the blocks of `kernel` one SM holds at once
template <class K>
static int resident_grid(K kernel, int block, int *grid, struct ck_err *err)
{
    int dev = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(err, cudaGetDevice(&dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel,
                                                                  block, 0));
    *grid = sms * (per_sm > 0 ? per_sm : 1);
    return CK_OK;
}

static int alloc_all(struct rd_gpu *g, const float *hx, struct ck_err *err)
{
    size_t bytes = (size_t)g->n * sizeof(float);
    for (int c = 0; c < g->ncopies; c++) {
        CUDA_CHECK(err, cudaMalloc((void **)&g->x[c], bytes));
        int rc = c ? ck_gpu_fill_random(g->x[c], (size_t)g->n, 977 + c, err) : CK_OK;
        if (rc != CK_OK)
            return rc;
    }
    struct rd_args *a = &g->a;
    size_t parts = rd_blocks(g->n, RD_BLOCK);
    CUDA_CHECK(err, cudaMalloc((void **)&a->out, sizeof(float)));
    CUDA_CHECK(err, cudaMalloc((void **)&a->part[0], parts * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc((void **)&a->part[1], parts * sizeof(float)));
    // CK_RD_BEST_CFG (tuning only): another shape of rung 6
    int ci;
    if (!ck_env_int("CK_RD_BEST_CFG", 0, RD_BEST_NCFG - 1, &ci, err))
        return CK_EARGS;
    a->best_block = rd_best_cfgs[ci].block;
    a->best_kernel = rd_best_cfgs[ci].kernel;
    int rc = resident_grid(a->best_kernel, a->best_block, &a->best_grid, err);
    if (rc == CK_OK)
        rc = resident_grid(rd_shuffle_kernel, RD_SHUFFLE_BLOCK, &a->shuffle_grid, err);
    if (rc == CK_OK)
        rc = rd_cub_bytes(g->n, &a->cub_bytes, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaMalloc((void **)&a->best_part, (size_t)a->best_grid * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc((void **)&a->done, sizeof(unsigned)));
    CUDA_CHECK(err, cudaMemset(a->done, 0, sizeof(unsigned)));
    CUDA_CHECK(err, cudaMalloc(&a->cub_tmp, a->cub_bytes ? a->cub_bytes : 1));
    CUDA_CHECK(err, cudaMemcpy(g->x[0], hx, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(err, cudaDeviceSynchronize());
    return CK_OK;
}

extern "C" int rd_gpu_open(struct rd_gpu **out, long long n, const float *hx,
                           long long l2_bytes, struct ck_err *err)
{
    *out = NULL;
    double per_copy = (double)n * sizeof(float);
    int copies = ck_input_copies(per_copy, l2_bytes); // the harness's one rule
    size_t need = (size_t)(copies * per_copy) + 2 * (rd_blocks(n, RD_BLOCK) + 1) * sizeof(float);
    int fits = ck_gpu_fits(need, err); // 1 fits, 0 does not, else an error
    if (fits != 1)
        return fits == 0 ? CK_EARGS : CK_ECUDA;
    struct rd_gpu *g = (struct rd_gpu *)calloc(1, sizeof *g);
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    g->n = n;
    g->ncopies = copies;
    g->a.n = n;
    *out = g;
    return alloc_all(g, hx, err);
}

extern "C" int rd_gpu_load(struct rd_gpu *g, const float *hx, struct ck_err *err)
{
    CUDA_CHECK(err, cudaMemcpy(g->x[0], hx, (size_t)g->n * sizeof(float),
                               cudaMemcpyHostToDevice));
    return CK_OK;
}

static int run(struct rd_gpu *g, int rung, int copy, struct ck_err *err)
{
    if (rung < 1 || rung > RD_NFNS) {
        snprintf(err->msg, sizeof err->msg, "unknown rung %d", rung);
        return CK_ECUDA;
    }
    g->a.x = g->x[copy];
    return rd_fns[rung - 1](&g->a, err);
}

extern "C" int rd_gpu_check_run(struct rd_gpu *g, int rung, float *result,
                                struct ck_err *err)
{
    int rc = ck_gpu_poison(g->a.out, 1, err);
    if (rc == CK_OK)
        rc = run(g, rung, 0, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    CUDA_CHECK(err, cudaMemcpy(result, g->a.out, sizeof(float), cudaMemcpyDeviceToHost));
    return CK_OK;
}

struct time_ctx {
    struct rd_gpu *g;
    int rung;
    struct ck_err *err;
};

static int time_one(void *ctx, int copy)
{
    struct time_ctx *t = (struct time_ctx *)ctx;
    return run(t->g, t->rung, copy, t->err);
}

extern "C" int rd_gpu_time(struct rd_gpu *g, int rung, int reps,
                           struct ck_timing *t, struct ck_err *err)
{
    struct time_ctx ctx = {g, rung, err};
    return ck_time_gpu(time_one, &ctx, g->ncopies, reps, t, err);
}

extern "C" int rd_gpu_pair(struct rd_gpu *g, int rung, int lib, int pairs,
                           struct ck_pair *p, struct ck_err *err)
{
    struct time_ctx a = {g, rung, err}, b = {g, lib, err};
    return ck_time_gpu_pair(time_one, &a, time_one, &b, g->ncopies, pairs, p, err);
}

extern "C" size_t rd_gpu_cub_bytes(const struct rd_gpu *g)
{
    return g ? g->a.cub_bytes : 0;
}

extern "C" void rd_gpu_close(struct rd_gpu *g)
{
    if (!g)
        return;
    for (int c = 0; c < g->ncopies; c++)
        cudaFree(g->x[c]);
    cudaFree(g->a.out);
    cudaFree(g->a.part[0]);
    cudaFree(g->a.part[1]);
    cudaFree(g->a.best_part);
    cudaFree(g->a.done);
    cudaFree(g->a.cub_tmp);
    free(g);
}
