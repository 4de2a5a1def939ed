// Rung 5, library-style: what cuBLAS-class kernels do inside. A 128x128 block
// tile is split into warp tiles of 64x32 and each thread owns 8x8 outputs
// (2x2 sub-tiles of 4x4); tiles move global->shared with 16-byte loads (A
// transposed on the way), the next tile is fetched into registers while the
// current one is multiplied from the other half of a double-buffered shared
// memory, and fragments are read with 16-byte shared loads.
#pragma once
#include "mm_kernels.h"

// Tuning knobs: BM x BN block tile, BK deep; warp tile fixed at 64x32
// (8x4 lanes, each 8x8 outputs), so a block has (BM/64)*(BN/32) warps.
template <int BM, int BN, int BK> struct best_cfg {
    static constexpr int WARPS = (BM / 64) * (BN / 32);
    static constexpr int THREADS = WARPS * 32;
    static constexpr int LDA = BM + 4; // padded: transposed stores spread banks
    static constexpr int A_VECS = BM * BK / 4 / THREADS; // float4 per thread
    static constexpr int B_VECS = BN * BK / 4 / THREADS;
    static constexpr int MIN_BLOCKS = 512 / THREADS; // fits 128 regs/thread
    static_assert(A_VECS >= 1 && B_VECS >= 1, "tile too small for the block");
};

// Loads 4 consecutive floats of row r from column c; zeros outside the
// matrix. EDGE=false promises the whole vector is inside and 16-byte aligned.
template <bool EDGE>
__device__ __forceinline__ float4 best_load4(const float *__restrict__ p,
                                             int rows, int cols, int r, int c)
{
    if (!EDGE)
        return __ldg(reinterpret_cast<const float4 *>(p + (size_t)r * cols + c));
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (r >= rows)
        return v;
    const float *q = p + (size_t)r * cols;
    if ((cols & 3) == 0 && c + 3 < cols)
        return __ldg(reinterpret_cast<const float4 *>(q + c));
    if (c < cols) v.x = q[c];
    if (c + 1 < cols) v.y = q[c + 1];
    if (c + 2 < cols) v.z = q[c + 2];
    if (c + 3 < cols) v.w = q[c + 3];
    return v;
}

// Block index -> tile, in groups of 8 tile rows so that blocks running at
// the same time share A rows and B columns in L2.
__device__ __forceinline__ void best_tile(int M, int N, int BM, int BN,
                                          int *m0, int *n0)
{
    const int GROUP = 8;
    int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
    int pid = blockIdx.x, per_group = GROUP * tiles_n;
    int first_m = pid / per_group * GROUP;
    int gsize = min(tiles_m - first_m, GROUP);
    *m0 = (first_m + (pid % per_group) % gsize) * BM;
    *n0 = (pid % per_group) / gsize * BN;
}

template <int BM, int BN, int BK, bool EDGE>
__global__ void __launch_bounds__(best_cfg<BM, BN, BK>::THREADS,
                                 best_cfg<BM, BN, BK>::MIN_BLOCKS)
mm_best_kernel(int M, int N, int K,
               const float *__restrict__ A, // (M, K)
               const float *__restrict__ B, // (K, N)
               float *__restrict__ C)       // (M, N)
{
    using cfg = best_cfg<BM, BN, BK>;
    __shared__ __align__(16) float As[2][BK][cfg::LDA]; // As[k][m]
    __shared__ __align__(16) float Bs[2][BK][BN];       // Bs[k][n]
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int wm = warp / (BN / 32) * 64, wn = warp % (BN / 32) * 32;
    const int tm = lane / 4 * 4, tn = lane % 4 * 4; // 8 x 4 lanes
    int m0, n0;
    best_tile(M, N, BM, BN, &m0, &n0);

    float4 ra[cfg::A_VECS], rb[cfg::B_VECS]; // next tile, in flight
    auto fetch = [&](int k0) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            ra[v] = best_load4<EDGE>(A, M, K, m0 + i / (BK / 4), k0 + i % (BK / 4) * 4);
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            rb[v] = best_load4<EDGE>(B, K, N, k0 + i / (BN / 4), n0 + i % (BN / 4) * 4);
        }
    };
    auto stash = [&](int s) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS, r = i / (BK / 4), c = i % (BK / 4) * 4;
            As[s][c][r] = ra[v].x;
            As[s][c + 1][r] = ra[v].y;
            As[s][c + 2][r] = ra[v].z;
            As[s][c + 3][r] = ra[v].w;
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            *reinterpret_cast<float4 *>(&Bs[s][i / (BN / 4)][i % (BN / 4) * 4]) = rb[v];
        }
    };

    float acc[8][8] = {};
    fetch(0);
    stash(0);
    __syncthreads();
    int s = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        if (k0 + BK < K)
            fetch(k0 + BK); // global loads overlap the FMAs below
#pragma unroll
        for (int k = 0; k < BK; k++) {
            float a[8], b[8];
            *reinterpret_cast<float4 *>(&a[0]) = *reinterpret_cast<const float4 *>(&As[s][k][wm + tm]);
            *reinterpret_cast<float4 *>(&a[4]) = *reinterpret_cast<const float4 *>(&As[s][k][wm + 32 + tm]);
            *reinterpret_cast<float4 *>(&b[0]) = *reinterpret_cast<const float4 *>(&Bs[s][k][wn + tn]);
            *reinterpret_cast<float4 *>(&b[4]) = *reinterpret_cast<const float4 *>(&Bs[s][k][wn + 16 + tn]);
#pragma unroll
            for (int i = 0; i < 8; i++)
#pragma unroll
                for (int j = 0; j < 8; j++)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        if (k0 + BK < K) {
            stash(s ^ 1); // the other buffer: nobody reads it this round
            __syncthreads();
            s ^= 1;
        }
    }

#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = m0 + wm + (i < 4 ? tm + i : 32 + tm + i - 4);
#pragma unroll
        for (int h = 0; h < 2; h++) {
            int c = n0 + wn + h * 16 + tn;
            const float *v = &acc[i][h * 4];
            if (!EDGE) {
                *reinterpret_cast<float4 *>(&C[(size_t)r * N + c]) =
                    make_float4(v[0], v[1], v[2], v[3]);
            } else if (r < M) {
#pragma unroll
                for (int j = 0; j < 4; j++)
                    if (c + j < N)
                        C[(size_t)r * N + c + j] = v[j];
            }
        }
    }
}

template <int BM, int BN, int BK>
static int mm_best_cfg(const struct mm_args *a, struct ck_err *err)
{
    using cfg = best_cfg<BM, BN, BK>;
    int tiles = ((a->M + BM - 1) / BM) * ((a->N + BN - 1) / BN);
    bool full = a->M % BM == 0 && a->N % BN == 0 && a->K % BK == 0;
    if (full)
        mm_best_kernel<BM, BN, BK, false><<<tiles, cfg::THREADS>>>(a->M, a->N, a->K, a->A, a->B, a->C);
    else
        mm_best_kernel<BM, BN, BK, true><<<tiles, cfg::THREADS>>>(a->M, a->N, a->K, a->A, a->B, a->C);
    CUDA_LAUNCH_CHECK(err);
    return CK_OK;
}

// The configurations tried on the H200 (CK_MM_BEST_CFG selects one for
// tuning runs; 0 is the shipped choice).
#define MM_BEST_CONFIGS 4
static int mm_best(const struct mm_args *a, int cfg, struct ck_err *err)
{
    switch (cfg) {
    case 1: return mm_best_cfg<128, 128, 16>(a, err);
    case 2: return mm_best_cfg<128, 64, 8>(a, err);
    case 3: return mm_best_cfg<64, 128, 8>(a, err);
    default: return mm_best_cfg<128, 128, 8>(a, err);
    }
}
