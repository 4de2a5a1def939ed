// fu_gpu.cu: the fusion demo's device side (see fu_gpu.h): the buffers
// and their copies, and the dispatch to each rung's launcher through the
// ladder table.
#include <stdlib.h>
#include "gpu.h"
#include "ladder.h"
#include "fu_gpu.h"
#include "fu_ladder.h"

#include "01_unfused.cuh"
#include "02_fused.cuh"
#include "fu_lib.h"

struct fu_gpu {
    struct fu_args a[CK_MAX_COPIES]; // one per input copy; a[0] is checked
    int copies;
    float *bias;
    struct fu_lib *lib;
};

typedef int (*fu_gpu_fn)(const struct fu_args *, struct ck_err *);
#define FU_GPU_hand(fn) fn
#define FU_GPU_library(fn) fn
#define FU_GPU_cpu(fn) NULL
#define FU_FN_(e, id, step, kind, label, idea, fn, ...) FU_GPU_##kind(fn),
static const fu_gpu_fn fu_fns[] = {FU_LADDER(FU_FN_)};
#undef FU_FN_

extern "C" int fu_gpu_open(struct fu_gpu **out, const struct fu_problem *p, long long l2_bytes,
                           struct ck_err *err)
{
    *out = NULL;
    size_t set = (p->na + p->nb + p->ny) * sizeof(float);
    int copies = ck_input_copies((double)set, l2_bytes), fits = 0;
    for (; copies >= 1; copies--) // fewer copies where they do not all fit
        if ((fits = ck_gpu_fits(set * copies + p->s.n * sizeof(float), err)) != 0)
            break;
    if (fits != 1)
        return fits == 0 ? CK_EARGS : CK_ECUDA;
    struct fu_gpu *g = (struct fu_gpu *)calloc(1, sizeof *g);
    if (!g || !(g->lib = fu_lib_new())) {
        free(g);
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    *out = g;
    g->copies = copies;
    CUDA_CHECK(err, cudaMalloc((void **)&g->bias, p->s.n * sizeof(float)));
    CUDA_CHECK(err, cudaMemcpy(g->bias, p->bias, p->s.n * sizeof(float), cudaMemcpyHostToDevice));
    for (int c = 0; c < copies; c++) {
        struct fu_args *a = &g->a[c];
        float *in[2];
        a->s = p->s, a->bias = g->bias, a->lib = g->lib;
        CUDA_CHECK(err, cudaMalloc((void **)&in[0], p->na * sizeof(float)));
        a->a = in[0];
        CUDA_CHECK(err, cudaMalloc((void **)&in[1], p->nb * sizeof(float)));
        a->b = in[1];
        CUDA_CHECK(err, cudaMalloc((void **)&a->y, p->ny * sizeof(float)));
        CUDA_CHECK(err, cudaMemcpy(in[0], p->a, p->na * sizeof(float), cudaMemcpyHostToDevice));
        CUDA_CHECK(err, cudaMemcpy(in[1], p->b, p->nb * sizeof(float), cudaMemcpyHostToDevice));
    }
    return CK_OK;
}

extern "C" int fu_gpu_prepare(struct fu_gpu *g, int i, struct ck_err *err)
{
    if (i < 0 || i >= FU_NRUNGS || !fu_fns[i]) {
        snprintf(err->msg, sizeof err->msg, "not a GPU rung");
        return FU_GPU_DECLINED;
    }
    if (i != FU_LIB_UNFUSED && i != FU_LIB_FUSED)
        return CK_OK;
    int rc = fu_lib_prepare(g->lib, &g->a[0], i == FU_LIB_FUSED, err);
    return rc == FU_DECLINED ? FU_GPU_DECLINED : rc;
}

extern "C" int fu_gpu_check_run(struct fu_gpu *g, int i, float *h_out, struct ck_err *err)
{
    size_t n = (size_t)g->a[0].s.m * g->a[0].s.n;
    int rc = ck_gpu_poison(g->a[0].y, n, err);
    if (rc == CK_OK)
        rc = fu_fns[i](&g->a[0], err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    CUDA_CHECK(err, cudaMemcpy(h_out, g->a[0].y, n * sizeof(float), cudaMemcpyDeviceToHost));
    return CK_OK;
}

struct time_ctx {
    struct fu_gpu *g;
    int i;
    struct ck_err *err;
};

static int time_one(void *ctx, int copy)
{
    struct time_ctx *t = (struct time_ctx *)ctx;
    return fu_fns[t->i](&t->g->a[copy], t->err);
}

extern "C" int fu_gpu_time(struct fu_gpu *g, int i, int reps, struct ck_timing *t,
                           struct ck_err *err)
{
    struct time_ctx ctx = {g, i, err};
    return ck_time_gpu(time_one, &ctx, g->copies, reps, t, err);
}

extern "C" int fu_gpu_pair(struct fu_gpu *g, int i, int t, int pairs, struct ck_pair *p,
                           struct ck_err *err)
{
    struct time_ctx fused = {g, i, err}, twin = {g, t, err};
    return ck_time_gpu_pair(time_one, &fused, time_one, &twin, g->copies, pairs, p, err);
}

extern "C" int fu_gpu_copies(const struct fu_gpu *g)
{
    return g ? g->copies : 0;
}

extern "C" const char *fu_gpu_algo(const struct fu_gpu *g)
{
    return g ? fu_lib_algo(g->lib, g->a[0].s.op) : "";
}

extern "C" const char *fu_gpu_api(const struct fu_gpu *g, int i)
{
    return g ? fu_lib_api(g->lib, g->a[0].s.op, i == FU_LIB_FUSED) : "";
}

extern "C" void fu_gpu_close(struct fu_gpu *g)
{
    if (!g)
        return;
    for (int c = 0; c < g->copies; c++)
        cudaFree((void *)g->a[c].a), cudaFree((void *)g->a[c].b), cudaFree(g->a[c].y);
    cudaFree(g->bias);
    fu_lib_free(g->lib);
    free(g);
}
