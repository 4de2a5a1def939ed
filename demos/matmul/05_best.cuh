// Rung 5, library-style: what cuBLAS-class kernels do inside. A 128x128 block
// tile is split into warp tiles of 64x32 and each thread owns 8x8 outputs
// (2x2 sub-tiles of 4x4); tiles move global->shared with 16-byte loads (A
// transposed on the way), the next tile is fetched through registers while
// the current one is multiplied from the other half of a double-buffered
// shared memory, and fragments are read with 16-byte shared loads.
//
// Reading guide, in this order:
//   1. best_cfg        the named configuration: block tile BM x BN, depth
//                      BK, TN columns per thread, and what follows from them
//                      (warps, threads, vectors each thread moves);
//   2. mm_best_kernel  the kernel. First where this thread's outputs sit;
//                      then fetch (global -> registers) and stash (registers
//                      -> shared, A transposed); then the main loop: fetch
//                      the next tile, multiply the current one, stash the
//                      fetched one into the other buffer, one barrier a tile;
//   3. best_load4, best_tile, best_store: the helpers it calls (16-byte
//                      loads that zero-fill past the edge, the tile order that
//                      shares L2, 16-byte stores);
//   4. mm_best         the launcher: the shipped configuration.
// Other configurations, for tuning runs, are beside it in 05_best_tuning.cuh;
// the designs measured on the H200 are in matmul/NOTES.md.
#ifndef MM_05_BEST_CUH
#define MM_05_BEST_CUH
#include "mm_kernels.h"

// Tuning knobs: BM x BN block tile, BK deep, TN columns per thread (8 or 16).
// A thread owns 8 x TN outputs: rows {tm..tm+3, 32+tm..32+tm+3} of its warp
// tile, columns tn + 16*h + 0..3 for h < TN/4, so a warp tile is 64 x 4*TN
// (8 x 4 lanes) and a block has (BM/64) * (BN/(4*TN)) warps.
template <int BM, int BN, int BK, int TN> struct best_cfg {
    static_assert(BK % 8 == 0, "BK is a multiple of the 8-deep staging chunk");
    static constexpr int WN = 4 * TN; // warp tile width
    static constexpr int WARPS = (BM / 64) * (BN / WN);
    static constexpr int THREADS = WARPS * 32;
    static constexpr int LDA = BM + 4; // padded: transposed stores spread banks
    static constexpr int BKC = 8; // k-rows staged through registers at a time
    static constexpr int A_VECS = BM * BKC / 4 / THREADS; // float4 per thread
    static constexpr int B_VECS = BN * BKC / 4 / THREADS;
    // 8x8 outputs fit 128 registers (2 blocks of 256 threads per SM);
    // 8x16 need about 200 (one block per SM)
    static constexpr int MIN_BLOCKS = TN == 8 ? 512 / THREADS : 1;
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
                                          int GROUP, int *m0, int *n0)
{
    int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
    int pid = blockIdx.x, per_group = GROUP * tiles_n;
    int first_m = pid / per_group * GROUP;
    int gsize = min(tiles_m - first_m, GROUP);
    *m0 = (first_m + (pid % per_group) % gsize) * BM;
    *n0 = (pid % per_group) / gsize * BN;
}

// Writes a thread's 8 x TN outputs: rows r0 + {tm..tm+3, 32+tm..32+tm+3},
// columns c0 + tn + 16*h + 0..3; 16-byte stores unless EDGE.
template <int TN, bool EDGE>
__device__ __forceinline__ void best_store(const float (&acc)[8][TN],
                                           float *__restrict__ C, int M, int N,
                                           int r0, int c0, int tm, int tn)
{
#pragma unroll
    for (int i = 0; i < 8; i++) {
        int r = r0 + (i < 4 ? tm + i : 32 + tm + i - 4);
#pragma unroll
        for (int h = 0; h < TN / 4; h++) {
            int c = c0 + h * 16 + tn;
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

template <int BM, int BN, int BK, int TN, int GROUP, bool EDGE>
__global__ void __launch_bounds__(best_cfg<BM, BN, BK, TN>::THREADS,
                                  best_cfg<BM, BN, BK, TN>::MIN_BLOCKS)
mm_best_kernel(int M, int N, int K,
               const float *__restrict__ A, // (M, K)
               const float *__restrict__ B, // (K, N)
               float *__restrict__ C)       // (M, N)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    constexpr int H = TN / 4; // 4-wide column groups per thread
    __shared__ __align__(16) float As[2][BK][cfg::LDA]; // As[k][m]
    __shared__ __align__(16) float Bs[2][BK][BN];       // Bs[k][n]
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int wm = warp / (BN / cfg::WN) * 64, wn = warp % (BN / cfg::WN) * cfg::WN;
    const int tm = lane / 4 * 4, tn = lane % 4 * 4; // 8 x 4 lanes
    int m0, n0;
    best_tile(M, N, BM, BN, GROUP, &m0, &n0);

    float4 ra[cfg::A_VECS], rb[cfg::B_VECS]; // next tile, in flight
    // fetch: one 8-deep chunk of the tiles at k0 into registers;
    // stash: that chunk into shared buffer s at depth kc (A transposed)
    constexpr int KC = cfg::BKC;
    auto fetch = [&](int k0) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            ra[v] = best_load4<EDGE>(A, M, K, m0 + i / (KC / 4), k0 + i % (KC / 4) * 4);
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            rb[v] = best_load4<EDGE>(B, K, N, k0 + i / (BN / 4), n0 + i % (BN / 4) * 4);
        }
    };
    auto stash = [&](int s, int kc) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS, r = i / (KC / 4), c = kc + i % (KC / 4) * 4;
            As[s][c][r] = ra[v].x;
            As[s][c + 1][r] = ra[v].y;
            As[s][c + 2][r] = ra[v].z;
            As[s][c + 3][r] = ra[v].w;
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            *reinterpret_cast<float4 *>(&Bs[s][kc + i / (BN / 4)][i % (BN / 4) * 4]) = rb[v];
        }
    };

    float acc[8][TN] = {};
#pragma unroll
    for (int kc = 0; kc < BK; kc += KC) {
        fetch(kc);
        stash(0, kc);
    }
    __syncthreads();
    int s = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        const bool more = k0 + BK < K; // the same for the whole block
#pragma unroll
        for (int kc = 0; kc < BK; kc += KC) {
            if (more)
                fetch(k0 + BK + kc); // global loads overlap the FMAs below
#pragma unroll
            for (int k = kc; k < kc + KC; k++) {
                float a[8], b[TN];
                *reinterpret_cast<float4 *>(&a[0]) = *reinterpret_cast<const float4 *>(&As[s][k][wm + tm]);
                *reinterpret_cast<float4 *>(&a[4]) = *reinterpret_cast<const float4 *>(&As[s][k][wm + 32 + tm]);
#pragma unroll
                for (int h = 0; h < H; h++)
                    *reinterpret_cast<float4 *>(&b[4 * h]) =
                        *reinterpret_cast<const float4 *>(&Bs[s][k][wn + 16 * h + tn]);
#pragma unroll
                for (int i = 0; i < 8; i++)
#pragma unroll
                    for (int j = 0; j < TN; j++)
                        acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
            if (more)
                stash(s ^ 1, kc); // the other buffer: nobody reads it this round
        }
        if (more) {
            __syncthreads();
            s ^= 1;
        }
    }

    best_store<TN, EDGE>(acc, C, M, N, m0 + wm, n0 + wn, tm, tn);
}

template <int BM, int BN, int BK, int TN, int GROUP = 8>
static int mm_best_cfg(const struct mm_args *a, struct ck_err *err)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    int tiles = ((a->M + BM - 1) / BM) * ((a->N + BN - 1) / BN);
    bool full = a->M % BM == 0 && a->N % BN == 0 && a->K % BK == 0;
    auto *kern = full ? &mm_best_kernel<BM, BN, BK, TN, GROUP, false>
                      : &mm_best_kernel<BM, BN, BK, TN, GROUP, true>;
    CK_LAUNCH(err, kern, tiles, cfg::THREADS, 0, 0, a->M, a->N, a->K, a->A,
              a->B, a->C);
    return CK_OK;
}

// The shipped configuration: 128x128 tiles, BK 16 (two 8-deep staging
// chunks, one barrier per 16 k), 8x8 per thread, 2 blocks per SM; 90.6% of
// cuBLAS FP32 at 4096^3 on the H200. Sizes that are not whole 128x128x16
// tiles take the bounds-checked kernel with BK 8 (BK 16 spills registers
// there).
static int mm_best(const struct mm_args *a, struct ck_err *err)
{
    bool full = a->M % 128 == 0 && a->N % 128 == 0 && a->K % 16 == 0;
    if (!full)
        return mm_best_cfg<128, 128, 8, 8>(a, err);
    return mm_best_cfg<128, 128, 16, 8>(a, err);
}

#endif
