// attn_gpu.cu: the attention demo's device side (see attn_gpu.h): the
// buffers, the S×S memory each rung needs (checked before it is
// allocated), cuBLAS and cuDNN opened at run time, and the dispatch to
// each rung's launcher through the ladder table.
#include <stdlib.h>
#include "gpu.h"
#include "attn_gpu.h"
#include "attn_ladder.h"
#include "attn_traffic.h"

#include "01_three_kernel.cuh"
#include "02_cublas_softmax.cuh"
#include "03_flash_mma.cuh"
#include "04_cudnn_sdpa.cuh"

struct at_gpu {
    struct at_args a;
    struct at_lib lib;
    bool cublas_tried, cudnn_tried;
    struct ck_err cudnn_why; // why cudnn-sdpa declined, once tried
    int cc; // compute capability x 10
};

typedef int (*at_gpu_fn)(const struct at_args *, struct ck_err *);
static int at_not_gpu(const struct at_args *a, struct ck_err *err)
{
    (void)a;
    snprintf(err->msg, sizeof err->msg, "not a GPU rung");
    return CK_ECUDA;
}
#define AT_GPU_hand(fn) fn
#define AT_GPU_library(fn) fn
#define AT_GPU_cpu(fn) at_not_gpu
#define AT_FN(e, id, step, kind, label, idea, fn, ...) AT_GPU_##kind(fn),
static const at_gpu_fn at_fns[] = {AT_LADDER(AT_FN)};
#undef AT_FN
#define AT_NEEDS_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, ...) \
    CK_NEEDS_##needs,
static const int at_needs[] = {AT_LADDER(AT_NEEDS_)};
#undef AT_NEEDS_
#define AT_NFNS (int)(sizeof at_fns / sizeof *at_fns)

extern "C" int at_gpu_open(struct at_gpu **out, int bh, int s, int d, bool causal,
                           bool bf16, const unsigned short *q, const unsigned short *k,
                           const unsigned short *v, struct ck_err *err)
{
    *out = NULL;
    size_t n = (size_t)bh * s * d;
    int fits = ck_gpu_fits(n * (3 * sizeof(at_u16) + sizeof(float)), err);
    if (fits != 1)
        return fits == 0 ? CK_EARGS : CK_ECUDA;
    struct at_gpu *g = (struct at_gpu *)calloc(1, sizeof *g);
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    *out = g;
    struct at_args *a = &g->a;
    *a = at_args{bh, s, d, causal, bf16, (float)(1.0 / sqrt((double)d)), NULL, NULL, NULL,
                 NULL, NULL, NULL, &g->lib, NULL};
    int dev = 0, ma = 0, mi = 0;
    CUDA_CHECK(err, cudaGetDevice(&dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&ma, cudaDevAttrComputeCapabilityMajor, dev));
    CUDA_CHECK(err, cudaDeviceGetAttribute(&mi, cudaDevAttrComputeCapabilityMinor, dev));
    g->cc = 10 * ma + mi;
    const unsigned short *host[3] = {q, k, v};
    at_u16 **dst[3] = {(at_u16 **)&a->q, (at_u16 **)&a->k, (at_u16 **)&a->v};
    for (int i = 0; i < 3; i++) {
        CUDA_CHECK(err, cudaMalloc((void **)dst[i], n * sizeof(at_u16)));
        CUDA_CHECK(err, cudaMemcpy(*dst[i], host[i], n * sizeof(at_u16), cudaMemcpyHostToDevice));
    }
    CUDA_CHECK(err, cudaMalloc((void **)&a->o, n * sizeof(float)));
    return CK_OK;
}

static int decline(struct ck_err *err, const char *why)
{
    snprintf(err->msg, sizeof err->msg, "%s", why);
    return AT_DECLINED;
}

// cuDNN's graph and plan, built once for the problem (the plan is kept
// for the timing); a decline is remembered with its reason
static int prepare_cudnn(struct at_gpu *g, struct ck_err *err)
{
    if (!g->cudnn_tried) {
        g->cudnn_tried = true;
        int rc = at_sdpa_open(&g->a, &g->a.sdpa, &g->cudnn_why);
        if (rc != CK_OK && rc != AT_DECLINED) {
            *err = g->cudnn_why;
            return rc;
        }
    }
    if (!g->a.sdpa) {
        *err = g->cudnn_why;
        return AT_DECLINED;
    }
    return CK_OK;
}

extern "C" int at_gpu_prepare(struct at_gpu *g, int rung, struct ck_err *err)
{
    struct at_args *a = &g->a;
    cudaFree(a->scores), cudaFree(a->p16);
    a->scores = NULL, a->p16 = NULL;
    if (rung < 1 || rung > AT_NFNS || at_fns[rung - 1] == at_not_gpu)
        return decline(err, "not a GPU rung");
    if (g->cc < at_needs[rung - 1])
        return decline(err, "needs compute capability 8.0 or newer: mma.sync m16n8k16 "
                            "FP16/BF16 Tensor Cores");
    if (at_fns[rung - 1] == at_flash && a->d != 64 && a->d != 128)
        return decline(err, "the fused kernel is built for head dimensions 64 and 128");
    if (at_fns[rung - 1] == at_cublas && !g->cublas_tried) {
        g->cublas_tried = true;
        g->lib.cb = ck_cublas_load();
        if (g->lib.cb && g->lib.cb->create(&g->lib.h) != CUBLAS_STATUS_SUCCESS) {
            ck_cublas_free(g->lib.cb);
            g->lib.cb = NULL;
        }
    }
    if (at_fns[rung - 1] == at_cublas && !g->lib.cb)
        return decline(err, "cuBLAS is not installed (libcublas.so not found)");
    if (at_fns[rung - 1] == at_cudnn)
        return prepare_cudnn(g, err);
    int kind = at_fns[rung - 1] == at_three ? 1 : at_fns[rung - 1] == at_cublas ? 2 : 3;
    double extra = at_extra_bytes(kind, a->bh, a->s);
    if (extra > 0) {
        struct ck_err why;
        int fits = ck_gpu_fits((size_t)extra, &why);
        if (fits < 0 || fits > 1) {
            *err = why;
            return CK_ECUDA;
        }
        if (fits == 0) {
            snprintf(err->msg, sizeof err->msg,
                     "the S×S matrix needs %.3g GiB of device memory: %.180s", extra / 1073741824.0,
                     why.msg);
            return AT_DECLINED;
        }
        size_t ss = (size_t)a->bh * a->s * a->s;
        CUDA_CHECK(err, cudaMalloc((void **)&a->scores, ss * sizeof(float)));
        if (kind == 2)
            CUDA_CHECK(err, cudaMalloc((void **)&a->p16, ss * sizeof(at_u16)));
    }
    return CK_OK;
}

static int run(struct at_gpu *g, int rung, struct ck_err *err)
{
    return at_fns[rung - 1](&g->a, err);
}

extern "C" int at_gpu_check_run(struct at_gpu *g, int rung, float *h_out, struct ck_err *err)
{
    size_t n = (size_t)g->a.bh * g->a.s * g->a.d;
    bool cudnn = at_fns[rung - 1] == at_cudnn;
    int rc = ck_gpu_poison(g->a.o, n, err);
    if (rc == CK_OK && cudnn)
        rc = at_cudnn_poison(&g->a, err);
    if (rc == CK_OK)
        rc = run(g, rung, err);
    if (rc == CK_OK && cudnn)
        rc = at_cudnn_widen(&g->a, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    CUDA_CHECK(err, cudaMemcpy(h_out, g->a.o, n * sizeof(float), cudaMemcpyDeviceToHost));
    return CK_OK;
}

struct time_ctx {
    struct at_gpu *g;
    int rung;
    struct ck_err *err;
};

static int time_one(void *ctx, int copy)
{
    struct time_ctx *t = (struct time_ctx *)ctx;
    (void)copy;
    return run(t->g, t->rung, t->err);
}

extern "C" int at_gpu_time(struct at_gpu *g, int rung, int reps, struct ck_timing *t,
                           struct ck_err *err)
{
    struct time_ctx ctx = {g, rung, err};
    return ck_time_gpu(time_one, &ctx, 1, reps, t, err);
}

extern "C" int at_gpu_pair(struct at_gpu *g, int rung, int lib, int pairs, struct ck_pair *p,
                           struct ck_err *err)
{
    struct time_ctx a = {g, rung, err}, b = {g, lib, err};
    return ck_time_gpu_pair(time_one, &a, time_one, &b, 1, pairs, p, err);
}

extern "C" void at_gpu_close(struct at_gpu *g)
{
    if (!g)
        return;
    cudaFree((void *)g->a.q), cudaFree((void *)g->a.k), cudaFree((void *)g->a.v);
    cudaFree(g->a.o), cudaFree(g->a.scores), cudaFree(g->a.p16);
    at_sdpa_close(g->a.sdpa);
    if (g->lib.cb) {
        g->lib.cb->destroy(g->lib.h);
        ck_cublas_free(g->lib.cb);
    }
    free(g);
}
