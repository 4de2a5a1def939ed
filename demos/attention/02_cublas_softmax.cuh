// Rung 2, cuBLAS and one fused softmax: the two products are
// cublasGemmStridedBatchedEx (one call over all B·H heads, 16-bit inputs,
// FP32 sums, CUBLAS_COMPUTE_32F): Q·Kᵀ into FP32 scores, then, after
// at_softmax_kernel has scaled, masked and normalised each row into 16-bit
// probabilities, P·V into the FP32 output. The library's GEMMs are fast;
// the S×S matrix still goes to HBM and back (FP32 scores, 16-bit P), and
// causal attention computes the whole Q·Kᵀ and throws half of it away.
// cuBLAS is column-major: row-major scores = Q·Kᵀ is the column-major
// Kᵀ-transposed product C = op(K)·Q with op = T; row-major O = P·V is the
// column-major V·P, no transposes.
#pragma once
#include "at_kernels.cuh"
#include "cublas_dl.h"

struct at_lib {
    struct ck_cublas *cb; // NULL: no cuBLAS, the rung is left out
    cublasHandle_t h;
};

static int at_cublas(const struct at_args *a, struct ck_err *err)
{
    const struct ck_cublas *cb = a->lib->cb;
    cudaDataType t = a->bf16 ? CUDA_R_16BF : CUDA_R_16F;
    const float one = 1.0f, zero = 0.0f;
    long long sd = (long long)a->s * a->d, ss = (long long)a->s * a->s;
    CUBLAS_CHECK(err, cb->gemm_strided_ex(a->lib->h, CUBLAS_OP_T, CUBLAS_OP_N, a->s, a->s,
                                          a->d, &one, a->k, t, a->d, sd, a->q, t, a->d, sd,
                                          &zero, a->scores, CUDA_R_32F, a->s, ss, a->bh,
                                          CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    CK_LAUNCH(err, at_softmax_kernel, (unsigned)(a->bh * a->s), AT_SM_THREADS, 0, 0, a->s,
              a->causal, a->bf16, a->scale, a->scores, a->p16);
    CUBLAS_CHECK(err, cb->gemm_strided_ex(a->lib->h, CUBLAS_OP_N, CUBLAS_OP_N, a->d, a->s,
                                          a->s, &one, a->v, t, a->d, sd, a->p16, t, a->s, ss,
                                          &zero, a->o, CUDA_R_32F, a->d, sd, a->bh,
                                          CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    return CK_OK;
}
