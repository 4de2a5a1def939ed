// Rung 4, register blocking: each of 256 threads computes a 4x4 micro-tile of
// a 64x64 block tile, so every value read from shared memory feeds 4 FMAs
// from registers instead of one. A is stored transposed (As[k][m]) so a
// thread's four A values for one k lie side by side.
#ifndef MM_04_REGBLOCK_CUH
#define MM_04_REGBLOCK_CUH
#include "mm_kernels.h"

#define RB_BM 64
#define RB_BN 64
#define RB_BK 8
#define RB_PAD 4 // As row padding: transposed stores hit different banks

__global__ void __launch_bounds__(256)
mm_regblock_kernel(int M, int N, int K,
                   const float *__restrict__ A, // (M, K)
                   const float *__restrict__ B, // (K, N)
                   float *__restrict__ C)       // (M, N)
{
    __shared__ float As[RB_BK][RB_BM + RB_PAD]; // transposed A tile
    __shared__ float Bs[RB_BK][RB_BN];
    int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
    int m0 = blockIdx.y * RB_BM, n0 = blockIdx.x * RB_BN;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += RB_BK) {
#pragma unroll
        for (int l = 0; l < 2; l++) { // 512 elements of each tile, 2 per thread
            int idx = tid + 256 * l;
            int ar = idx / RB_BK, ac = idx % RB_BK;
            int br = idx / RB_BN, bc = idx % RB_BN;
            As[ac][ar] = (m0 + ar < M && k0 + ac < K)
                             ? A[(size_t)(m0 + ar) * K + k0 + ac] : 0.0f;
            Bs[br][bc] = (k0 + br < K && n0 + bc < N)
                             ? B[(size_t)(k0 + br) * N + n0 + bc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < RB_BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) { // strided micro-tile: no bank conflicts
                a[i] = As[k][ty + 16 * i];
                b[i] = Bs[k][tx + 16 * i];
            }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    acc[i][j] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) {
            int r = m0 + ty + 16 * i, c = n0 + tx + 16 * j;
            if (r < M && c < N)
                C[(size_t)r * N + c] = acc[i][j];
        }
}

static int mm_regblock(const struct mm_args *a, struct ck_err *err)
{
    dim3 grid((a->N + RB_BN - 1) / RB_BN, (a->M + RB_BM - 1) / RB_BM);
    CK_LAUNCH(err, mm_regblock_kernel, grid, 256, 0, 0, a->M, a->N, a->K, a->A,
              a->B, a->C);
    return CK_OK;
}

#endif
