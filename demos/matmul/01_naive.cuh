// Rung 1, naive: one thread per output C[row][col], a plain K-long dot
// product. Neighbouring threads of a warp take neighbouring ROWS, so their
// loads of A and stores of C lie 4*K and 4*N bytes apart: every thread's
// access is its own memory transaction (uncoalesced).
#ifndef MM_01_NAIVE_CUH
#define MM_01_NAIVE_CUH
#include "mm_kernels.h"

__global__ void mm_naive_kernel(int M, int N, int K,
                                const float *__restrict__ A, // (M, K)
                                const float *__restrict__ B, // (K, N)
                                float *__restrict__ C)       // (M, N)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x; // fast-varying: rows
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; k++)
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

static int mm_naive(const struct mm_args *a, struct ck_err *err)
{
    dim3 block(32, 32);
    dim3 grid((a->M + 31) / 32, (a->N + 31) / 32);
    CK_LAUNCH(err, mm_naive_kernel, grid, block, 0, 0, a->M, a->N, a->K, a->A,
              a->B, a->C);
    return CK_OK;
}

#endif
