// Rung 5, library-style: what cuBLAS-class kernels do inside. A block tile
// (128x128 for big problems) is split into warp tiles of 64x32 and each
// thread owns 8x8 outputs (2x2 sub-tiles of 4x4; 8x4 in the configuration
// for small problems, which needs more warps to hide latency and so more,
// smaller pieces of work, and fetches two tiles ahead); tiles move global->shared
// with 16-byte loads (A transposed on the way), the next tile is fetched
// through registers while the current one is multiplied from the other half
// of a double-buffered shared memory, and fragments are read with 16-byte
// shared loads. Which block tile, and whether K is split over several
// blocks or dealt out stream-K style, is chosen per problem so that every
// SM has work to the end.
//
// Reading guide, in this order:
//   1. best_cfg        the named configuration: block tile BM x BN, depth
//                      BK, TN columns per thread, and what follows from them
//                      (warps, threads, vectors each thread moves);
//   2. best_sum        the main loop, one block's sum over a range of K:
//                      fetch (global -> registers) and stash (registers ->
//                      shared, A transposed) the first tile; then fetch the
//                      next tile, multiply the current one, stash the
//                      fetched one into the other buffer, one barrier a
//                      tile;
//      mm_best_kernel  the kernel, one tile per block: where this
//                      thread's outputs sit and which slice of K its block
//                      sums, then best_sum, then the store;
//      mm_best_sk_kernel stream-K: a run of K steps over consecutive
//                      tiles, each part summed by best_sum;
//   3. best_load4, best_store: the helpers it calls (16-byte
//                      loads that zero-fill past the edge, the tile order that
//                      shares L2, 16-byte stores, or atomic adds for a split);
//   4. mm_best_choose  in mm_best_rule.h: the rule that picks the tile and
//                      the split or stream-K for a problem (predicted
//                      busiest-SM time);
//   5. mm_best_cfg, mm_best_sk_cfg, mm_best: the launchers (zero C and
//                      split K or stream-K, split K into parts and add
//                      them up, or neither).
// Split K and stream-K add partial sums with atomicAdd in whatever order
// the blocks finish (into C zeroed by best_zero_kernel, which runs under
// the product's main loop where the GPU can launch early), so the last
// bits of C may differ from run to run (well inside the FP32 tolerance).
// Where the tiles are cut, those adds go one float at a time; there a
// split can store each slice's sums whole into its own part of a
// workspace instead, and best_reduce_kernel adds the parts up, in one
// order, after. Other configurations, for tuning runs, are beside it in
// 05_best_tuning.cuh; the designs measured on the H200 are in
// matmul/NOTES.md.
#ifndef MM_05_BEST_CUH
#define MM_05_BEST_CUH
#include "mm_kernels.h"
#include "mm_best_rule.h"

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
    // tiles in flight through registers: 2 for the 8x4 configuration (few
    // warps per SM at the small problems it is for: a load has two tiles'
    // FMAs to arrive in), else 1 (the 8x8 ones have no registers to spare)
    static constexpr int AHEAD = TN == 4 ? 2 : 1;
    static_assert(AHEAD == 1 || BK == BKC, "two tiles ahead: one chunk a tile");
    static constexpr int A_VECS = BM * BKC / 4 / THREADS; // float4 per thread
    static constexpr int B_VECS = BN * BKC / 4 / THREADS;
    // Blocks per SM the registers allow (65536 / (THREADS * registers)):
    // 8x8 outputs fit 128 registers, so 2 blocks of 256 threads or 4 of
    // 128; 64-thread blocks move 2 vectors each way and need ~165 (6 per
    // SM), and so does the bounds-checked kernel of 128-thread blocks (3 per
    // SM). 8x16 need about 230 (one block per SM). 8x4 with two tiles
    // ahead: 95 at whole tiles (5 blocks of 128 threads), 119 bounds-checked
    // and 127 for stream-K (4). mm_best_rule.h's H200 slots are held to
    // these below; on a GPU the rule asks the runtime (mm_best_machine_of).
    static constexpr int MIN_BLOCKS = TN == 4 ? 4 : TN != 8 ? 1 : THREADS >= 128 ? 512 / THREADS : 6;
    static constexpr int MIN_BLOCKS_EDGE = TN == 8 && THREADS == 128 ? 3 : MIN_BLOCKS;
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

// Writes a thread's 8 x TN outputs: rows r0 + {tm..tm+3, 32+tm..32+tm+3},
// columns c0 + tn + 16*h + 0..3; 16-byte stores unless EDGE.
// ADD (split K): the outputs are partial sums, added into C (zeroed first)
// with atomicAdd, 16 bytes at a time where the GPU has it (compute
// capability 9.0), else one float at a time.
template <bool ADD>
__device__ __forceinline__ void best_put4(float *p, float4 v)
{
    if (!ADD) {
        *reinterpret_cast<float4 *>(p) = v;
        return;
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    atomicAdd(reinterpret_cast<float4 *>(p), v);
#else
    atomicAdd(p, v.x), atomicAdd(p + 1, v.y), atomicAdd(p + 2, v.z), atomicAdd(p + 3, v.w);
#endif
}

template <int TN, bool EDGE, bool ADD>
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
                best_put4<ADD>(&C[(size_t)r * N + c], make_float4(v[0], v[1], v[2], v[3]));
            } else if (r < M) {
#pragma unroll
                for (int j = 0; j < 4; j++)
                    if (c + j < N) {
                        if (ADD)
                            atomicAdd(&C[(size_t)r * N + c + j], v[j]);
                        else
                            C[(size_t)r * N + c + j] = v[j];
                    }
            }
        }
    }
}

// Shared buffer S (0 or 1) as a type, so that best_sum's tile knows it
// when compiled.
template <int S> struct best_buf { static constexpr int value = S; };

// The block's sum over k in [kb, ke) for its tile at (m0, n0) into acc
// (kb and ke - kb multiples of BK, or ke = K; kb < ke, as every caller's
// range is: both loops multiply their first tile before they test the
// range, and a test there costs the 8x4 kernel 8 registers, a block per
// SM): fetch (global -> registers) and stash (registers -> shared, A
// transposed), then the main loop: fetch the next tile, multiply the
// current one, stash the fetched one into the other buffer, one barrier a
// tile. PAIR: two tiles a turn, each one's buffer a constant (below); the
// stream-K kernel at BK 16 keeps one tile a turn, where the pair spills
// 52 bytes of registers (not timed there).
template <int BM, int BN, int BK, int TN, bool EDGE, bool PAIR = true>
__device__ __forceinline__ void
best_sum(int M, int N, int K, int m0, int n0, int kb, int ke,
         const float *__restrict__ A, const float *__restrict__ B,
         float (&As)[2][BK][best_cfg<BM, BN, BK, TN>::LDA], float (&Bs)[2][BK][BN],
         float (&acc)[8][TN])
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    constexpr int H = TN / 4; // 4-wide column groups per thread
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int wm = warp / (BN / cfg::WN) * 64, wn = warp % (BN / cfg::WN) * cfg::WN;
    const int tm = lane / 4 * 4, tn = lane % 4 * 4; // 8 x 4 lanes
    // the next tile (two tiles with AHEAD 2), in flight: register set q
    float4 ra[cfg::AHEAD][cfg::A_VECS], rb[cfg::AHEAD][cfg::B_VECS];
    // fetch: one 8-deep chunk of the tiles at k0 into register set q;
    // stash: set q into shared buffer s at depth kc (A transposed)
    constexpr int KC = cfg::BKC;
    auto fetch = [&](int q, int k0) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            ra[q][v] = best_load4<EDGE>(A, M, K, m0 + i / (KC / 4), k0 + i % (KC / 4) * 4);
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            rb[q][v] = best_load4<EDGE>(B, K, N, k0 + i / (BN / 4), n0 + i % (BN / 4) * 4);
        }
    };
    auto stash = [&](int q, int s, int kc) {
#pragma unroll
        for (int v = 0; v < cfg::A_VECS; v++) {
            int i = tid + v * cfg::THREADS, r = i / (KC / 4), c = kc + i % (KC / 4) * 4;
            As[s][c][r] = ra[q][v].x;
            As[s][c + 1][r] = ra[q][v].y;
            As[s][c + 2][r] = ra[q][v].z;
            As[s][c + 3][r] = ra[q][v].w;
        }
#pragma unroll
        for (int v = 0; v < cfg::B_VECS; v++) {
            int i = tid + v * cfg::THREADS;
            *reinterpret_cast<float4 *>(&Bs[s][kc + i / (BN / 4)][i % (BN / 4) * 4]) = rb[q][v];
        }
    };
    // multiply: the 8-deep chunk at depth kc of shared buffer s into acc
    auto multiply = [&](int s, int kc) {
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
    };

#pragma unroll
    for (int kc = 0; kc < BK; kc += KC) {
        fetch(0, kb + kc);
        stash(0, 0, kc);
    }
    if constexpr (cfg::AHEAD == 2) {
        if (kb + BK < ke)
            fetch(1, kb + BK);
    }
    __syncthreads();
    if constexpr (cfg::AHEAD == 1) {
        // Two tiles a turn, the first multiplied from buffer 0 and the
        // second from buffer 1, so that every shared-memory address is known
        // when compiled: with the buffer a run-time number the kernel spent
        // 1.3 to 5 points of cuBLAS more (matmul/NOTES.md, last section).
        auto tile = [&](int k0, auto buf) {
            constexpr int S = decltype(buf)::value;
            const bool more = k0 + BK < ke; // the same for the whole block
#pragma unroll
            for (int kc = 0; kc < BK; kc += KC) {
                if (more)
                    fetch(0, k0 + BK + kc); // global loads overlap the FMAs below
                multiply(S, kc);
                if (more)
                    stash(0, S ^ 1, kc); // the other buffer: nobody reads it this round
            }
            if (more)
                __syncthreads();
            return more;
        };
        if constexpr (PAIR) {
            for (int k0 = kb; tile(k0, best_buf<0>{}) && tile(k0 + BK, best_buf<1>{});
                 k0 += 2 * BK) {
            }
        } else {
            // the buffer as a number flipped at run time: the loop as it
            // was, written out (`tile` called with an int s spills there too)
            int s = 0;
            for (int k0 = kb; k0 < ke; k0 += BK) {
                const bool more = k0 + BK < ke;
#pragma unroll
                for (int kc = 0; kc < BK; kc += KC) {
                    if (more)
                        fetch(0, k0 + BK + kc);
                    multiply(s, kc);
                    if (more)
                        stash(0, s ^ 1, kc);
                }
                if (more) {
                    __syncthreads();
                    s ^= 1;
                }
            }
            (void)tile;
        }
    } else {
        int s = 0;
        // AHEAD 2 (BK = 8): tile k0 + BK arrives in set q while tile k0 is
        // multiplied, and the loads for k0 + 2 BK go out into the other set,
        // so a load has two tiles' FMAs to arrive in, not one. Two steps a
        // turn, so that q is known when compiled (the sets stay in registers).
        auto step = [&](int k0, int q) {
            const bool more = k0 + BK < ke;
            if (k0 + 2 * BK < ke)
                fetch(q ^ 1, k0 + 2 * BK);
            multiply(s, 0);
            if (more) {
                stash(q, s ^ 1, 0);
                __syncthreads();
                s ^= 1;
            }
            return more;
        };
        for (int k0 = kb; step(k0, 1) && step(k0 + BK, 0); k0 += 2 * BK) {
        }
    }
}

// Zeroes C for a split or stream-K (their parts are added into it). Its
// blocks let the product's kernel start at once (ck_grid_release; the
// product is launched early where the GPU can, compute capability 9.0):
// that one waits (ck_grid_wait) only before its first store, so the
// zeroing runs under its main loop instead of before it.
__global__ void best_zero_kernel(float *__restrict__ C, size_t n)
{
    ck_grid_release();
    const size_t step = (size_t)gridDim.x * blockDim.x;
    const size_t n4 = n / 4; // cudaMalloc'd C: 16-byte aligned
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += step)
        reinterpret_cast<float4 *>(C)[i] = make_float4(0.f, 0.f, 0.f, 0.f);
    if (blockIdx.x == 0 && threadIdx.x < n % 4)
        C[4 * n4 + threadIdx.x] = 0.f;
}

// Blocks of 256 threads for a grid-stride loop over `items` (float4s):
// one per 256, at least one, at most 8 per SM. 8 fill an SM's 2048
// threads, so where C is large the product's blocks start as they end;
// 2 per SM would leave room (not measured yet).
static int best_vec4_grid(const struct mm_args *a, size_t items)
{
    long blocks = (long)((items + 255) / 256), cap = 8L * ck_sms_or_h200(a->sms);
    return (int)(blocks < 1 ? 1 : blocks > cap ? cap : blocks);
}

// C = 0, then `kern` launched early behind it (see best_zero_kernel).
template <class Kern, class... Args>
static int best_zero_then(const struct mm_args *a, Kern kern, dim3 grid, int threads,
                          struct ck_err *err, Args... args)
{
    size_t n = (size_t)a->M * a->N;
    CK_LAUNCH(err, best_zero_kernel, best_vec4_grid(a, n / 4), 256, 0, 0, a->C, n);
    // early only where the kernel's code has the wait (compiled for 9.0:
    // a build for an older target runs on the H200 without it)
    CK_LAUNCH_EARLY(err, ck_early_ok((const void *)kern), kern, grid, threads, 0, 0, args...);
    return CK_OK;
}

// Where mm_best_kernel's sums go: into C; added into C (zeroed first) for
// a split; or, for a split into parts, written whole to part y of a
// workspace (C then points at it: parts of whole tiles, so no bounds to
// test and 16-byte stores everywhere) that best_reduce_kernel adds up.
enum { BEST_STORE, BEST_ADD, BEST_PARTS };

// One tile per block: block (x, y) computes tile x over the y-th slice of
// K (kslice long), its sums going where OUT says.
template <int BM, int BN, int BK, int TN, int GROUP, bool EDGE, int OUT>
__global__ void __launch_bounds__(best_cfg<BM, BN, BK, TN>::THREADS,
                                  EDGE ? best_cfg<BM, BN, BK, TN>::MIN_BLOCKS_EDGE
                                       : best_cfg<BM, BN, BK, TN>::MIN_BLOCKS)
mm_best_kernel(int M, int N, int K, int kslice, // K per blockIdx.y
               const float *__restrict__ A, // (M, K)
               const float *__restrict__ B, // (K, N)
               float *__restrict__ C)       // (M, N)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    __shared__ __align__(16) float As[2][BK][cfg::LDA]; // As[k][m]
    __shared__ __align__(16) float Bs[2][BK][BN];       // Bs[k][n]
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int wm = warp / (BN / cfg::WN) * 64, wn = warp % (BN / cfg::WN) * cfg::WN;
    const int tm = lane / 4 * 4, tn = lane % 4 * 4; // 8 x 4 lanes
    int m0, n0;
    mm_tile(M, N, BM, BN, GROUP, blockIdx.x, &m0, &n0);
    // split K: this block sums k in [kb, ke) (kslice is a multiple of BK)
    const int kb = blockIdx.y * kslice, ke = min(K, kb + kslice);
    if (OUT == BEST_PARTS)
        ck_grid_release(); // the reduction may be placed (it waits for our end)
    float acc[8][TN] = {};
    best_sum<BM, BN, BK, TN, EDGE>(M, N, K, m0, n0, kb, ke, A, B, As, Bs, acc);
    if (OUT == BEST_PARTS) {
        const int mp = (M + BM - 1) / BM * BM, np = (N + BN - 1) / BN * BN;
        best_store<TN, false, false>(acc, C + (size_t)blockIdx.y * mp * np, mp, np, m0 + wm,
                                     n0 + wn, tm, tn);
        return;
    }
    if (OUT == BEST_ADD)
        ck_grid_wait(); // C has been zeroed
    best_store<TN, EDGE, OUT == BEST_ADD>(acc, C, M, N, m0 + wm, n0 + wn, tm, tn);
}

// C = the sum of a split's parts (mm_best_kernel with BEST_PARTS: `parts`
// arrays of mp x np, whole tiles), in order, so the result is the same
// from run to run. Launched early behind the product, it waits for its end.
__global__ void best_reduce_kernel(float *__restrict__ C, const float *__restrict__ W, int M,
                                   int N, int mp, int np, int parts)
{
    ck_grid_wait(); // every part has been written
    const int n4 = (N + 3) / 4; // 4-column groups of a row (np is a multiple of 4)
    const size_t total = (size_t)M * n4, step = (size_t)gridDim.x * blockDim.x;
    const size_t part = (size_t)mp * np;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        const int r = (int)(i / n4), c = (int)(i % n4) * 4;
        const float *w = W + (size_t)r * np + c;
        float4 s = *reinterpret_cast<const float4 *>(w);
        for (int p = 1; p < parts; p++) {
            float4 v = *reinterpret_cast<const float4 *>(w + p * part);
            s.x += v.x, s.y += v.y, s.z += v.z, s.w += v.w;
        }
        float *o = C + (size_t)r * N + c;
        if (N % 4 == 0) { // cudaMalloc'd C: rows 16-byte aligned
            *reinterpret_cast<float4 *>(o) = s;
        } else {
            o[0] = s.x; // c < N
            if (c + 1 < N) o[1] = s.y;
            if (c + 2 < N) o[2] = s.z;
            if (c + 3 < N) o[3] = s.w;
        }
    }
}

// The parts of a split (BEST_PARTS), kept between calls (ck_workspace);
// mm_gpu_close frees them (mm_best_release).
static struct ck_workspace best_ws;

static void mm_best_release(void) { ck_workspace_free(&best_ws); }

// Stream-K: the tiles' BK-deep steps, tile after tile, are dealt out in
// equal runs to the gridDim.x blocks (as many as the SMs hold at once), so
// no SM idles in a last, part-empty wave; a tile a block sums whole is
// stored, a part of one is added into C (zeroed first) with atomicAdd.
template <int BM, int BN, int BK, int TN, int GROUP, bool EDGE>
__global__ void __launch_bounds__(best_cfg<BM, BN, BK, TN>::THREADS,
                                  EDGE ? best_cfg<BM, BN, BK, TN>::MIN_BLOCKS_EDGE
                                       : best_cfg<BM, BN, BK, TN>::MIN_BLOCKS)
mm_best_sk_kernel(int M, int N, int K,
                  const float *__restrict__ A, // (M, K)
                  const float *__restrict__ B, // (K, N)
                  float *__restrict__ C)       // (M, N)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    __shared__ __align__(16) float As[2][BK][cfg::LDA]; // As[k][m]
    __shared__ __align__(16) float Bs[2][BK][BN];       // Bs[k][n]
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int wm = warp / (BN / cfg::WN) * 64, wn = warp % (BN / cfg::WN) * cfg::WN;
    const int tm = lane / 4 * 4, tn = lane % 4 * 4;
    int m0, n0;
    const int steps = (K + BK - 1) / BK; // per tile
    const int tiles = ((M + BM - 1) / BM) * ((N + BN - 1) / BN);
    const long long total = (long long)tiles * steps; // < 2^31 (the rule's limit)
    int it = (int)(total * blockIdx.x / gridDim.x);
    const int end = (int)(total * (blockIdx.x + 1) / gridDim.x);
    while (it < end) {
        const int tile = it / steps, first = tile * steps;
        const int stop = min(end, first + steps);
        mm_tile(M, N, BM, BN, GROUP, tile, &m0, &n0);
        float acc[8][TN] = {};
        __syncthreads(); // the last segment's reads of shared memory are done
        best_sum<BM, BN, BK, TN, EDGE, BK == 8>(M, N, K, m0, n0, (it - first) * BK,
                                       min(K, (stop - first) * BK), A, B, As, Bs, acc);
        ck_grid_wait(); // C has been zeroed (once: later calls return at once)
        if (it == first && stop == first + steps)
            best_store<TN, EDGE, false>(acc, C, M, N, m0 + wm, n0 + wn, tm, tn);
        else
            best_store<TN, EDGE, true>(acc, C, M, N, m0 + wm, n0 + wn, tm, tn);
        it = stop;
    }
}

// The kernel of configuration BM x BN x BK whose sums go where `out` says
// (BEST_STORE, BEST_ADD, BEST_PARTS), bounds-checked with EDGE.
template <int BM, int BN, int BK, int TN, int GROUP, bool EDGE>
static auto best_kernel_for(int out)
{
    return out == BEST_ADD     ? &mm_best_kernel<BM, BN, BK, TN, GROUP, EDGE, BEST_ADD>
           : out == BEST_PARTS ? &mm_best_kernel<BM, BN, BK, TN, GROUP, EDGE, BEST_PARTS>
                               : &mm_best_kernel<BM, BN, BK, TN, GROUP, EDGE, BEST_STORE>;
}

// Configuration BM x BN x BK, K cut into slices of kslice (a multiple of
// BK; kslice >= K: no split). A split zeroes C first and adds into it; or,
// with `parts`, writes each slice's sums whole into a workspace and adds
// the parts up after (best_reduce_kernel).
template <int BM, int BN, int BK, int TN, int GROUP = 8>
static int mm_best_cfg(const struct mm_args *a, int kslice, struct ck_err *err,
                       bool parts = false)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    int tiles = ((a->M + BM - 1) / BM) * ((a->N + BN - 1) / BN);
    if (kslice <= 0 || kslice > a->K)
        kslice = a->K;
    kslice = (kslice + BK - 1) / BK * BK;
    int split = (a->K + kslice - 1) / kslice;
    bool full = a->M % BM == 0 && a->N % BN == 0 && a->K % BK == 0;
    parts = parts && split > 1;
    const int out = parts ? BEST_PARTS : split > 1 ? BEST_ADD : BEST_STORE;
    auto *kern = best_kernel_for<BM, BN, BK, TN, GROUP, false>(out);
    if constexpr (BK == 8) { // BK 16 spills registers in the bounds-checked kernel
        if (!full)
            kern = best_kernel_for<BM, BN, BK, TN, GROUP, true>(out);
    } else if (!full) {
        return mm_best_cfg<BM, BN, 8, TN, GROUP>(a, kslice, err, parts);
    }
    if (parts) {
        const int mp = (a->M + BM - 1) / BM * BM, np = (a->N + BN - 1) / BN * BN;
        int rc = ck_workspace_fit(&best_ws, (size_t)split * mp * np * sizeof(float), false, err);
        if (rc != CK_OK)
            return rc;
        float *w = (float *)best_ws.p;
        CK_LAUNCH(err, kern, dim3(tiles, split), cfg::THREADS, 0, 0, a->M, a->N, a->K, kslice,
                  a->A, a->B, w);
        CK_LAUNCH_EARLY(err, ck_early_ok((const void *)best_reduce_kernel), best_reduce_kernel,
                        best_vec4_grid(a, (size_t)a->M * ((a->N + 3) / 4)), 256, 0, 0, a->C, w,
                        a->M, a->N, mp, np, split);
        return CK_OK;
    }
    if (split > 1)
        return best_zero_then(a, kern, dim3(tiles, split), cfg::THREADS, err, a->M, a->N, a->K,
                              kslice, a->A, a->B, a->C);
    CK_LAUNCH(err, kern, dim3(tiles, split), cfg::THREADS, 0, 0, a->M, a->N,
              a->K, kslice, a->A, a->B, a->C);
    return CK_OK;
}

// Stream-K with configuration BM x BN x BK over `blocks` blocks: C zeroed,
// then every block sums its equal run of the tiles' K steps.
template <int BM, int BN, int BK, int TN, int GROUP = 8>
static int mm_best_sk_cfg(const struct mm_args *a, int blocks, struct ck_err *err)
{
    using cfg = best_cfg<BM, BN, BK, TN>;
    // BK 8: the bounds-checked kernel even at whole tiles (the unchecked
    // one spills registers with the stream-K loop around it)
    bool full = a->M % BM == 0 && a->N % BN == 0 && a->K % BK == 0;
    auto *kern = &mm_best_sk_kernel<BM, BN, BK, TN, GROUP, BK == 8>;
    if constexpr (BK != 8) {
        if (!full)
            return mm_best_sk_cfg<BM, BN, 8, TN, GROUP>(a, blocks, err);
    }
    return best_zero_then(a, kern, dim3(blocks > 0 ? blocks : 1), cfg::THREADS, err, a->M, a->N,
                          a->K, a->A, a->B, a->C);
}

// Configuration BM x BN x BK with K in slices of kslice, or, with
// sk_blocks > 0, stream-K over that many blocks.
template <int BM, int BN, int BK, int TN>
static int mm_best_go(const struct mm_args *a, int kslice, int sk_blocks, bool parts,
                      struct ck_err *err)
{
    return sk_blocks > 0 ? mm_best_sk_cfg<BM, BN, BK, TN>(a, sk_blocks, err)
                         : mm_best_cfg<BM, BN, BK, TN>(a, kslice, err, parts);
}

// One of the rule's configurations (mm_best_rule.h), K in slices of
// kslice (summed in a workspace's parts with `parts`); or, with
// sk_blocks > 0, stream-K over that many blocks.
static int mm_best_run(const struct mm_args *a, int c, int kslice, struct ck_err *err,
                       int sk_blocks = 0, bool parts = false)
{
    const int s = sk_blocks;
    switch (c) {
    case MM_BEST_128x128x16: return mm_best_go<128, 128, 16, 8>(a, kslice, s, parts, err);
    case MM_BEST_128x128: return mm_best_go<128, 128, 8, 8>(a, kslice, s, parts, err);
    case MM_BEST_128x64: return mm_best_go<128, 64, 8, 8>(a, kslice, s, parts, err);
    case MM_BEST_64x64: return mm_best_go<64, 64, 8, 8>(a, kslice, s, parts, err);
    default: return mm_best_go<64, 64, 8, 4>(a, kslice, s, parts, err);
    }
}

// The H200's blocks per SM (mm_best_rule.h's slots columns, the CPU
// model's fallback) are at least what each kernel's launch bounds ask for.
#define BEST_TIES_(e, name, bm, bn, bk, tn, eff, esk, whole, slots, edge, sk)                  \
    static_assert(slots >= best_cfg<bm, bn, bk, tn>::MIN_BLOCKS &&                             \
                      edge >= best_cfg<bm, bn, bk, tn>::MIN_BLOCKS_EDGE &&                     \
                      sk >= best_cfg<bm, bn, bk, tn>::MIN_BLOCKS_EDGE,                         \
                  "mm_best_rule.h: " name "'s H200 slots below its launch bounds");
MM_BEST_CONFIGS(BEST_TIES_)
#undef BEST_TIES_

#ifndef CK_SIMT_EMU
// Blocks of kern (threads each) one SM of this GPU holds, as the runtime
// says; `known` where it cannot.
static int best_occupancy(const void *kern, int threads, int known)
{
    int n = 0;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kern, threads, 0) == cudaSuccess &&
                   n > 0
               ? n
               : known;
}

// Configuration c's kernels as the runtime places them: the unchecked one,
// the bounds-checked one (BK 8 only: BK 16 has none), the stream-K one.
template <int BM, int BN, int BK, int TN>
static void best_ask(struct mm_best_machine *m, int c)
{
    const int t = best_cfg<BM, BN, BK, TN>::THREADS;
    m->slots[c] = best_occupancy((const void *)&mm_best_kernel<BM, BN, BK, TN, 8, false, BEST_STORE>,
                                 t, m->slots[c]);
    if constexpr (BK == 8)
        m->slots_edge[c] = best_occupancy(
            (const void *)&mm_best_kernel<BM, BN, BK, TN, 8, true, BEST_STORE>, t, m->slots_edge[c]);
    m->slots_sk[c] = best_occupancy((const void *)&mm_best_sk_kernel<BM, BN, BK, TN, 8, BK == 8>,
                                    t, m->slots_sk[c]);
}
#endif

// What the rule plans for on a's GPU: its SMs (a->sms) and the blocks per
// SM the runtime gives each kernel, asked once; the CPU emulation, which
// has no runtime to ask, plans for the H200 (mm_best_h200).
static struct mm_best_machine mm_best_machine_of(const struct mm_args *a)
{
    static struct mm_best_machine m = mm_best_h200;
#ifndef CK_SIMT_EMU
    static bool asked;
    if (!asked) {
#define BEST_ASK_(e, name, bm, bn, bk, tn, ...) best_ask<bm, bn, bk, tn>(&m, MM_BEST_##e);
        MM_BEST_CONFIGS(BEST_ASK_)
#undef BEST_ASK_
        asked = true;
    }
#endif
    struct mm_best_machine r = m;
    r.sms = ck_sms_or_h200(a->sms);
    return r;
}

// The launcher: the rule (mm_best_choose, mm_best_rule.h) picks the tile
// and the split of K, or stream-K, for this problem on this GPU; the demo
// prints its choice and why.
static int mm_best(const struct mm_args *a, struct ck_err *err)
{
    const struct mm_best_machine m = mm_best_machine_of(a);
    struct mm_best_plan p = mm_best_choose(a->M, a->N, a->K, &m);
    return mm_best_run(a, p.cfg, p.kslice, err, p.streamk ? (int)p.blocks : 0, p.parts != 0);
}

#endif
