// Rung 2, coalesced: the same one-thread-per-output kernel, but neighbouring
// threads of a warp take neighbouring COLUMNS, so one warp reads 32
// consecutive floats of a B row and writes 32 consecutive floats of C (one
// 128-byte transaction), while all its threads share one A element.
#ifndef MM_02_COALESCED_CUH
#define MM_02_COALESCED_CUH
#include "mm_kernels.h"

__global__ void mm_coalesced_kernel(int M, int N, int K,
                                    const float *__restrict__ A, // (M, K)
                                    const float *__restrict__ B, // (K, N)
                                    float *__restrict__ C)       // (M, N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x; // fast-varying: columns
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++)
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

static int mm_coalesced(const struct mm_args *a, struct ck_err *err)
{
    dim3 block(32, 32);
    dim3 grid((a->N + 31) / 32, (a->M + 31) / 32);
    CK_LAUNCH(err, mm_coalesced_kernel, grid, block, 0, 0, a->M, a->N, a->K,
              a->A, a->B, a->C);
    return CK_OK;
}

#endif
