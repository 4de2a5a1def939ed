// Rung 4, register blocking: each of 128 threads computes a 4x4 micro-tile
// of a 32x64 block tile, so every value read from shared memory feeds 4
// FMAs from registers instead of one. A is stored transposed (As[k][m]) so
// that a thread's four A values for one k sit in one row. The block tile is
// 32 rows high so that a 512^3 problem still makes 128 blocks for an H200's
// 132 SMs (64x64 tiles made 64, half the kitchen idle, and lost to rung 3
// there); each step stages 16 k deep, two barriers per 16 k instead of 8
// (matmul/NOTES.md has both measured).
#ifndef MM_04_REGBLOCK_CUH
#define MM_04_REGBLOCK_CUH
#include "mm_kernels.h"

#define RB_BM 32
#define RB_BN 64
#define RB_BK 16
#define RB_PAD 4 // As row padding: transposed stores spread over the banks
#define RB_THREADS (RB_BM * RB_BN / 16) // one 4x4 micro-tile each: 128
#define RB_TX (RB_BN / 4)               // 16 threads across a block row

__global__ void __launch_bounds__(RB_THREADS)
mm_regblock_kernel(int M, int N, int K,
                   const float *__restrict__ A, // (M, K)
                   const float *__restrict__ B, // (K, N)
                   float *__restrict__ C)       // (M, N)
{
    __shared__ float As[RB_BK][RB_BM + RB_PAD]; // transposed A tile
    __shared__ float Bs[RB_BK][RB_BN];
    int tid = threadIdx.x, tx = tid % RB_TX, ty = tid / RB_TX;
    int m0 = blockIdx.y * RB_BM, n0 = blockIdx.x * RB_BN;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += RB_BK) {
#pragma unroll
        for (int l = 0; l < RB_BM * RB_BK / RB_THREADS; l++) { // 4 of A each
            int idx = tid + RB_THREADS * l;
            int ar = idx / RB_BK, ac = idx % RB_BK;
            As[ac][ar] = (m0 + ar < M && k0 + ac < K)
                             ? A[(size_t)(m0 + ar) * K + k0 + ac] : 0.0f;
        }
#pragma unroll
        for (int l = 0; l < RB_BN * RB_BK / RB_THREADS; l++) { // 8 of B each
            int idx = tid + RB_THREADS * l;
            int br = idx / RB_BN, bc = idx % RB_BN;
            Bs[br][bc] = (k0 + br < K && n0 + bc < N)
                             ? B[(size_t)(k0 + br) * N + n0 + bc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < RB_BK; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) { // strided micro-tile: no bank conflicts
                a[i] = As[k][ty + RB_BM / 4 * i];
                b[i] = Bs[k][tx + RB_TX * i];
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
            int r = m0 + ty + RB_BM / 4 * i, c = n0 + tx + RB_TX * j;
            if (r < M && c < N)
                C[(size_t)r * N + c] = acc[i][j];
        }
}

static int mm_regblock(const struct mm_args *a, struct ck_err *err)
{
    dim3 grid((a->N + RB_BN - 1) / RB_BN, (a->M + RB_BM - 1) / RB_BM);
    CK_LAUNCH(err, mm_regblock_kernel, grid, RB_THREADS, 0, 0, a->M, a->N, a->K,
              a->A, a->B, a->C);
    return CK_OK;
}

#endif
