// mm_gpu.cu: the matmul demo's device side (see mm_gpu.h): buffers, the
// dispatch to each rung's launcher (from the fn column of mm_ladder.h), and
// cuBLAS through its dlopen table. The rungs' headers come from the
// ladder's rows (rung_headers.h, made by demos/scripts/rung_headers.sh).
#include <stdlib.h>
#include <string.h>
#include "args.h"
#include "gpu.h"
#include "ladder.h"
#include "mm_gpu.h"

#include "rung_headers.h"
// compiled apart for sm_90a (mm_sm90a.cu): the launchers of the rows that
// need sm90a (wgmma-tma), and the tf32-mma rung's TMA feed
#define MM_SM90A_any(fn)
#define MM_SM90A_sm80(fn)
#define MM_SM90A_sm90a(fn) int fn(const struct mm_args *a, struct ck_err *err);
#define MM_SM90A_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh) \
    MM_SM90A_##needs(fn)
MM_LADDER(MM_SM90A_)
void mm_wgmma_release(void);
int mm_wgmma_tune(int v, const struct mm_args *a, int grid, int rs, struct ck_err *err);
int mm_tf32_mma_tma(const struct mm_args *a, struct ck_err *err);
#include <cuda_bf16.h>
#include <cuda_fp16.h>

struct mm_gpu {
    int M, N, K;
    int ncopies;                                // rotated input sets
    float *A[CK_MAX_COPIES], *B[CK_MAX_COPIES]; // (M, K), (K, N)
    float *C;                                   // (M, N)
    struct ck_cublas *cb;                       // borrowed, may be NULL
    cublasHandle_t handle;
    int sms, cc;                                // the device's SMs, compute capability x 10
    int best_cfg, best_split, best_parts;       // CK_MM_BEST_CFG, _SPLIT, _PARTS: tuning
    int tf32_cfg;                               // CK_MM_TF32_CFG: tuning
    int wg_grid;                                // CK_MM_WG_GRID: tuning
    int wg_rs;                                  // CK_MM_WG_RS: tuning
    // the inputs once more in 16 bits, for the FP16 / BF16 rungs: [0] FP16,
    // [1] BF16, each made on first use from the FP32 copies
    bool half_made[2];
    void *hA[2][CK_MAX_COPIES], *hB[2][CK_MAX_COPIES];
};

static int alloc_all(struct mm_gpu *g, const float *hA, const float *hB,
                     struct ck_err *err)
{
    size_t na = (size_t)g->M * g->K, nb = (size_t)g->K * g->N;
    for (int c = 0; c < g->ncopies; c++) {
        CUDA_CHECK(err, cudaMalloc((void **)&g->A[c], na * sizeof(float)));
        CUDA_CHECK(err, cudaMalloc((void **)&g->B[c], nb * sizeof(float)));
        if (c == 0)
            continue;
        int rc = ck_gpu_fill_random(g->A[c], na, 2 * c + 11, err);
        if (rc == CK_OK)
            rc = ck_gpu_fill_random(g->B[c], nb, 2 * c + 12, err);
        if (rc != CK_OK)
            return rc;
    }
    CUDA_CHECK(err, cudaMalloc((void **)&g->C, (size_t)g->M * g->N * sizeof(float)));
    CUDA_CHECK(err, cudaMemcpy(g->A[0], hA, na * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(err, cudaMemcpy(g->B[0], hB, nb * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(err, cudaDeviceSynchronize());
    return CK_OK;
}

extern "C" int mm_gpu_open(struct mm_gpu **out, int M, int N, int K,
                           const float *hA, const float *hB, long long l2_bytes,
                           struct ck_cublas *cb, struct ck_err *err)
{
    *out = NULL;
    double per_copy = ((double)M * K + (double)K * N) * sizeof(float);
    int copies = ck_input_copies(per_copy, l2_bytes); // A and B rotate
    size_t need = (size_t)(copies * per_copy) + (size_t)M * N * sizeof(float);
    int fits = ck_gpu_fits(need, err); // 1 fits, 0 does not, else an error
    if (fits != 1)
        return fits == 0 ? CK_EARGS : CK_ECUDA;
    struct mm_gpu *g = (struct mm_gpu *)calloc(1, sizeof *g);
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    *g = (struct mm_gpu){M, N, K, copies};
    *out = g;
    // the tuning switches (05_best_tuning.cuh, 07_tf32_mma_tuning.cuh;
    // CK_MM_WG_GRID: the wgmma rungs with a block per tile (1) or per SM
    // (2); CK_MM_WG_RS=1: wgmma-tma without its transpose; mm_sm90a.cu)
    if (!ck_env_int("CK_MM_BEST_CFG", 0, MM_BEST_NCFG, &g->best_cfg, err) ||
        !ck_env_int("CK_MM_BEST_SPLIT", -1, 64, &g->best_split, err) ||
        !ck_env_int("CK_MM_BEST_PARTS", 0, 1, &g->best_parts, err) ||
        !ck_env_int("CK_MM_TF32_CFG", 0, MM_TF32_NTUNE, &g->tf32_cfg, err) ||
        !ck_env_int("CK_MM_WG_GRID", 0, 2, &g->wg_grid, err) ||
        !ck_env_int("CK_MM_WG_RS", 0, 1, &g->wg_rs, err))
        return CK_EARGS;
    int dev = 0, major = 0, minor = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&g->sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess)
        g->sms = 0;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess &&
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) == cudaSuccess)
        g->cc = 10 * major + minor;
    int rc = alloc_all(g, hA, hB, err);
    if (rc == CK_OK && cb) {
        CUBLAS_CHECK(err, cb->create(&g->handle));
        g->cb = cb;
    }
    return rc;
}

// Row-major C (M,N) = A (M,K) B (K,N) is, read column-major, C^T = B^T A^T:
// so cuBLAS gets B first, with the roles of M and N swapped, no transposes.
static int mm_cublas(struct mm_gpu *g, int copy, bool tf32, struct ck_err *err)
{
    const float one = 1.0f, zero = 0.0f;
    if (!g->cb) {
        snprintf(err->msg, sizeof err->msg, "cuBLAS is not installed");
        return CK_ECUDA;
    }
    CUBLAS_CHECK(err, g->cb->set_math(g->handle, tf32 ? CUBLAS_TF32_TENSOR_OP_MATH
                                                      : CUBLAS_DEFAULT_MATH));
    CUBLAS_CHECK(err, g->cb->sgemm(g->handle, CUBLAS_OP_N, CUBLAS_OP_N, g->N,
                                   g->M, g->K, &one, g->B[copy], g->N,
                                   g->A[copy], g->K, &zero, g->C, g->N));
    return CK_OK;
}

// FP32 -> FP16 or BF16 (round to nearest), n elements.
__global__ void mm_to_half(const float *__restrict__ s, void *d, size_t n, bool bf16)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        if (bf16)
            ((__nv_bfloat16 *)d)[i] = __float2bfloat16_rn(s[i]);
        else
            ((__half *)d)[i] = __float2half_rn(s[i]);
    }
}

static void free_half(struct mm_gpu *g)
{
    for (int h = 0; h < 2; h++) {
        for (int c = 0; c < g->ncopies; c++) {
            cudaFree(g->hA[h][c]);
            cudaFree(g->hB[h][c]);
            g->hA[h][c] = g->hB[h][c] = NULL;
        }
        g->half_made[h] = false;
    }
}

// The 16-bit copies of every rotated input set (FP16 or BF16, by t),
// converted once (not timed); which one: [0] FP16, [1] BF16.
static int make_half(struct mm_gpu *g, cudaDataType t, int *which, struct ck_err *err)
{
    const int h = *which = t == CUDA_R_16BF;
    if (g->half_made[h])
        return CK_OK;
    size_t na = (size_t)g->M * g->K, nb = (size_t)g->K * g->N;
    int fits = ck_gpu_fits(g->ncopies * (na + nb) * 2, err);
    if (fits != 1)
        return CK_ECUDA;
    for (int c = 0; c < g->ncopies; c++) {
        CUDA_CHECK(err, cudaMalloc(&g->hA[h][c], na * 2));
        CUDA_CHECK(err, cudaMalloc(&g->hB[h][c], nb * 2));
        CK_LAUNCH(err, mm_to_half, 1024, 256, 0, 0, g->A[c], g->hA[h][c], na, h == 1);
        CK_LAUNCH(err, mm_to_half, 1024, 256, 0, 0, g->B[c], g->hB[h][c], nb, h == 1);
    }
    CUDA_CHECK(err, cudaDeviceSynchronize());
    g->half_made[h] = true;
    return CK_OK;
}

// FP16 or BF16 inputs, FP32 output and FP32 accumulation
// (CUBLAS_COMPUTE_32F), the same transposition trick as above.
static int mm_cublas_ex(struct mm_gpu *g, int copy, cudaDataType t, struct ck_err *err)
{
    const float one = 1.0f, zero = 0.0f;
    if (!g->cb) {
        snprintf(err->msg, sizeof err->msg, "cuBLAS is not installed");
        return CK_ECUDA;
    }
    int h, rc = make_half(g, t, &h, err);
    if (rc != CK_OK)
        return rc;
    CUBLAS_CHECK(err, g->cb->set_math(g->handle, CUBLAS_DEFAULT_MATH));
    CUBLAS_CHECK(err, g->cb->gemm_ex(g->handle, CUBLAS_OP_N, CUBLAS_OP_N, g->N, g->M,
                                     g->K, &one, g->hB[h][copy], t, g->N, g->hA[h][copy],
                                     t, g->K, &zero, g->C, CUDA_R_32F, g->N,
                                     CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    return CK_OK;
}

// The library rungs' fn column.
static int mm_cublas_fp32(struct mm_gpu *g, int copy, struct ck_err *err)
{
    return mm_cublas(g, copy, false, err);
}

static int mm_cublas_tf32(struct mm_gpu *g, int copy, struct ck_err *err)
{
    return mm_cublas(g, copy, true, err);
}

static int mm_cublas_fp16(struct mm_gpu *g, int copy, struct ck_err *err)
{
    return mm_cublas_ex(g, copy, CUDA_R_16F, err);
}

static int mm_cublas_bf16(struct mm_gpu *g, int copy, struct ck_err *err)
{
    return mm_cublas_ex(g, copy, CUDA_R_16BF, err);
}

// The tf32-mma rung (mm_ladder.h's fn): the TMA feed on an sm_90 GPU when
// this build has sm_90a code; elsewhere the cp.async kernel, compiled here
// for the build's target (mm_sm90a.cu has sm_90a code only).
int mm_tf32_mma_rung(const struct mm_args *a, struct ck_err *err)
{
    if (a->cc == 90 && mm_gpu_has_sm90a())
        return mm_tf32_mma_tma(a, err);
    return mm_tf32_mma(a, err);
}

// 1: row r is a hand rung (its kind column).
#define MM_HAND_hand 1
#define MM_HAND_library 0
#define MM_HAND_cpu 0
#define MM_HAND_(e, id, step, kind, ...) MM_HAND_##kind,
static const bool mm_hand[] = {MM_LADDER(MM_HAND_)};
#undef MM_HAND_

// One case per GPU rung of mm_ladder.h: a hand rung's launcher takes the
// problem, a library rung's call the context (handle, rotated copies).
#define MM_CASE_hand(e, fn) case MM_##e: return fn(&a, err);
#define MM_CASE_library(e, fn) case MM_##e: return fn(g, copy, err);
#define MM_CASE_cpu(e, fn)
#define MM_CASE_(e, id, step, kind, label, idea, fn, ...) MM_CASE_##kind(e, fn)

extern "C" int mm_gpu_run(struct mm_gpu *g, enum mm_rung v, int copy,
                          struct ck_err *err)
{
    struct mm_args a = {g->M, g->N, g->K, g->A[copy], g->B[copy], g->C, g->sms, g->cc, NULL, NULL};
    const char *prec = mm_rung_precision(v);
    const bool fp16 = !strcmp(prec, "fp16");
    if (mm_hand[v] && (fp16 || !strcmp(prec, "bf16"))) {
        int h, rc = make_half(g, fp16 ? CUDA_R_16F : CUDA_R_16BF, &h, err);
        if (rc != CK_OK)
            return rc;
        a.hA = g->hA[h][copy], a.hB = g->hB[h][copy];
    }
    if (v == MM_BEST && (g->best_cfg || g->best_split || g->best_parts)) // a tuning run
        return mm_best_tune(&a, g->best_cfg, g->best_split, g->best_parts, err);
    if (v == MM_TF32_MMA && g->tf32_cfg) // a tuning run
        return mm_tf32_tune(&a, g->tf32_cfg, err);
    if ((v == MM_WGMMA_TMA || v == MM_WGMMA_FP16 || v == MM_WGMMA_BF16) &&
        (g->wg_grid || g->wg_rs) && mm_gpu_has_sm90a()) // a tuning run
        return mm_wgmma_tune(v, &a, g->wg_grid, g->wg_rs, err);
    switch (v) {
        MM_LADDER(MM_CASE_)
    default: break;
    }
    snprintf(err->msg, sizeof err->msg, "%s is not a GPU rung", mm_rung_id(v));
    return CK_EARGS;
}

extern "C" struct mm_best_plan mm_gpu_best_plan(const struct mm_gpu *g)
{
    struct mm_args a = {g->M, g->N, g->K, NULL, NULL, NULL, g->sms, g->cc, NULL, NULL};
    const struct mm_best_machine m = mm_best_machine_of(&a);
    return mm_best_choose(g->M, g->N, g->K, &m);
}

struct time_ctx {
    struct mm_gpu *g;
    enum mm_rung v;
    struct ck_err *err;
};

static int time_one(void *ctx, int copy)
{
    struct time_ctx *t = (struct time_ctx *)ctx;
    return mm_gpu_run(t->g, t->v, copy, t->err);
}

extern "C" int mm_gpu_check_run(struct mm_gpu *g, enum mm_rung v, float *hC,
                                struct ck_err *err)
{
    struct time_ctx ctx = {g, v, err};
    return ck_gpu_check_run(time_one, &ctx, g->C, hC, (size_t)g->M * g->N, err);
}

// Copy 0 of the inputs from the host; the 16-bit copies follow them (made
// again on their next use).
static int upload_0(struct mm_gpu *g, const float *A, const float *B, struct ck_err *err)
{
    free_half(g);
    CUDA_CHECK(err, cudaMemcpy(g->A[0], A, (size_t)g->M * g->K * sizeof(float),
                               cudaMemcpyHostToDevice));
    CUDA_CHECK(err, cudaMemcpy(g->B[0], B, (size_t)g->K * g->N * sizeof(float),
                               cudaMemcpyHostToDevice));
    return CK_OK;
}

extern "C" int mm_gpu_exact_run(struct mm_gpu *g, enum mm_rung v, const float *eA,
                                const float *eB, const float *A, const float *B, float *hC,
                                struct ck_err *err)
{
    int rc = upload_0(g, eA, eB, err);
    if (rc == CK_OK)
        rc = mm_gpu_check_run(g, v, hC, err);
    struct ck_err back = {""};
    int rb = upload_0(g, A, B, &back);
    if (rc == CK_OK && rb != CK_OK) {
        *err = back;
        rc = rb;
    }
    return rc;
}

extern "C" int mm_gpu_time(struct mm_gpu *g, enum mm_rung v, int reps,
                           struct ck_timing *t, struct ck_err *err)
{
    struct time_ctx ctx = {g, v, err};
    return ck_time_gpu(time_one, &ctx, g->ncopies, reps, t, err);
}

extern "C" int mm_gpu_pair(struct mm_gpu *g, enum mm_rung v, enum mm_rung lib,
                           int pairs, struct ck_pair *p, struct ck_err *err)
{
    struct time_ctx a = {g, v, err}, b = {g, lib, err};
    return ck_time_gpu_pair(time_one, &a, time_one, &b, g->ncopies, pairs, p, err);
}

extern "C" void mm_gpu_close(struct mm_gpu *g)
{
    if (!g)
        return;
    if (g->cb && g->handle)
        g->cb->destroy(g->handle);
    free_half(g);
    mm_wgmma_release();
    mm_best_release();
    for (int c = 0; c < g->ncopies; c++) {
        cudaFree(g->A[c]);
        cudaFree(g->B[c]);
    }
    cudaFree(g->C);
    free(g);
}
