// Rung 3, shared-memory tiling: a block of 32x32 threads stages a 32x32 tile
// of A and of B in shared memory, then every thread reads its 32 products
// from there, so each global element is loaded once per block instead of
// once per thread (32 times less global traffic).
#ifndef MM_03_SMEM_TILED_CUH
#define MM_03_SMEM_TILED_CUH
#include "mm_kernels.h"

#define MM_TILE 32

__global__ void mm_smem_kernel(int M, int N, int K,
                               const float *__restrict__ A, // (M, K)
                               const float *__restrict__ B, // (K, N)
                               float *__restrict__ C)       // (M, N)
{
    __shared__ float As[MM_TILE][MM_TILE];     // As[row][k]
    __shared__ float Bs[MM_TILE][MM_TILE + 1]; // Bs[k][col]
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * MM_TILE + ty, col = blockIdx.x * MM_TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += MM_TILE) {
        // out-of-range elements are zero, so partial tiles need no branch
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < MM_TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}

static int mm_smem_tiled(const struct mm_args *a, struct ck_err *err)
{
    dim3 block(MM_TILE, MM_TILE);
    dim3 grid((a->N + MM_TILE - 1) / MM_TILE, (a->M + MM_TILE - 1) / MM_TILE);
    CK_LAUNCH(err, mm_smem_kernel, grid, block, 0, 0, a->M, a->N, a->K, a->A,
              a->B, a->C);
    return CK_OK;
}

#endif
