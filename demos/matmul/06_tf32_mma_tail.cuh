// Rung 6's last wave, dealt out stream-K: one block per SM runs the whole
// product (a persistent grid). Tiles come whole while the grid has a full
// wave of them left; the rest (the tiles of a last, part-empty wave) are
// cut into their BK-deep slices, and the slices dealt out in equal runs to
// all the blocks, so that no SM idles while others finish the last tiles.
// A tile cut between blocks is summed in parts: each block leaves its part
// in a workspace slot and counts itself in; the block that comes last adds
// the parts up in block order (the same bits every run) and stores the
// tile. At 4096^3 the rung's 512 tiles of 128x256 are 3.88 waves of 132:
// without this the fourth wave leaves 16 SMs idle.
#ifndef MM_06_TF32_MMA_TAIL_CUH
#define MM_06_TF32_MMA_TAIL_CUH
#include "06_tf32_mma.cuh"

// A part's slot in the workspace: BM x BN floats, the accumulators' float4
// q (i * NT + j) of thread tid at q * THREADS + tid, so a warp's stores
// are 512 bytes in a row. Block b owns slots 2b (the tile its run starts
// in) and 2b + 1 (the tile its run ends in). The tiles' counters come
// first, 2 blocks of them (more than the tail's tiles), so that they stay
// where they are for every tile shape: zeroed when the workspace is
// allocated, and set back to 0 by the block that used them.
template <class c> struct tc_tail_ws {
    static constexpr size_t SLOT = (size_t)c::BM * c::BN; // floats
    static size_t counters(int blocks) { return (2 * (size_t)blocks + 3) / 4 * 4; }
    static size_t bytes(int blocks)
    {
        return (counters(blocks) + 2 * (size_t)blocks * SLOT) * sizeof(float);
    }
};

// The block whose run of the tail's units [lo(b), lo(b + 1)), lo(b) =
// units * b / blocks, holds unit u: the last b with lo(b) <= u.
__device__ __forceinline__ int tc_tail_owner(int u, int units, int blocks)
{
    return (int)((((long long)u + 1) * blocks + units - 1) / units) - 1;
}

// Block b's part of tail tile r (acc): into its slot; the last of the
// tile's blocks b0 .. b1 to get here adds all the parts, in block order,
// and stores the tile (then sets the tile's counter back to 0 for the
// next call). acc is spent.
template <class c>
__device__ __forceinline__ void tc_tail_part(float (&acc)[c::MT][c::NT][4], float *C,
                                             int N, int m0, int n0, float *ws, unsigned *cnt,
                                             int r, int b0, int b1, int units, int kt_n)
{
    using W = tc_tail_ws<c>;
    __shared__ unsigned tc_last;
    const int tid = threadIdx.x, b = blockIdx.x;
    const int tile_u0 = r * kt_n;
    // slot of block x's part of this tile: its first (its run starts in
    // the tile) or its last
    auto slot = [&](int x) {
        int lo = (int)((long long)units * x / gridDim.x);
        return ws + (size_t)(2 * x + (lo >= tile_u0 ? 0 : 1)) * W::SLOT;
    };
    float4 *mine = reinterpret_cast<float4 *>(slot(b));
#pragma unroll
    for (int i = 0; i < c::MT; i++)
#pragma unroll
        for (int j = 0; j < c::NT; j++)
            mine[(i * c::NT + j) * c::THREADS + tid] =
                make_float4(acc[i][j][0], acc[i][j][1], acc[i][j][2], acc[i][j][3]);
    __threadfence(); // the part is visible before the count says so
    __syncthreads();
    if (tid == 0)
        tc_last = atomicAdd(&cnt[r], 1u) == (unsigned)(b1 - b0);
    __syncthreads();
    if (!tc_last)
        return;
    __threadfence(); // the other parts, counted in, are seen
    // all the parts from their slots (this block's too: the order is the
    // blocks', whichever came last), into acc
#pragma unroll
    for (int i = 0; i < c::MT; i++)
#pragma unroll
        for (int j = 0; j < c::NT; j++)
#pragma unroll
            for (int e = 0; e < 4; e++)
                acc[i][j][e] = 0.0f;
    for (int x = b0; x <= b1; x++) {
        const float4 *p = reinterpret_cast<const float4 *>(slot(x));
#pragma unroll
        for (int i = 0; i < c::MT; i++)
#pragma unroll
            for (int j = 0; j < c::NT; j++) {
                float4 v = __ldcg(p + (i * c::NT + j) * c::THREADS + tid);
                acc[i][j][0] += v.x, acc[i][j][1] += v.y;
                acc[i][j][2] += v.z, acc[i][j][3] += v.w;
            }
    }
    tc_store_tile<c, false>(acc, C, 0, N, m0, n0);
    if (tid == 0)
        cnt[r] = 0;
}

// Whole tiles only (M, N multiples of the tile, K and N of 4). Tiles
// before `dp_tiles` whole, blockIdx.x + i gridDim.x; the rest stream-K.
template <class c>
__global__ void __launch_bounds__(c::THREADS, c::MIN_BLOCKS)
mm_tf32_mma_tail_kernel(int M, int N, int K,
                        const float *__restrict__ A, // (M, K)
                        const float *__restrict__ B, // (K, N)
                        float *__restrict__ C,       // (M, N)
                        float *ws, unsigned *cnt, int dp_tiles)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    __trap(); // the host declines this rung below compute capability 8.0
#else
    CK_DYN_SHARED(float, smem);
    const int kt_n = (K + c::BK - 1) / c::BK;
    const int tiles = (M / c::BM) * (N / c::BN);
    int m0, n0;
    for (int tile = blockIdx.x; tile < dp_tiles; tile += gridDim.x) {
        tc_tile_origin<c>(tile, M, N, m0, n0);
        float acc[c::MT][c::NT][4] = {};
        __syncthreads(); // the last tile's reads of shared memory are done
        tc_sum<c, true, false>(acc, smem, A, B, M, N, K, m0, n0, 0, kt_n);
        tc_store_tile<c, false>(acc, C, M, N, m0, n0);
    }
    // the tail's units (slices), fewer than 2 gridDim.x tiles' (the host's
    // tc_tail_tiles) and fewer than 2^31 (the host checks)
    const int units = (tiles - dp_tiles) * kt_n;
    int it = (int)((long long)units * blockIdx.x / gridDim.x);
    const int end = (int)((long long)units * (blockIdx.x + 1) / gridDim.x);
    while (it < end) {
        const int r = it / kt_n, k0 = it - r * kt_n;
        const int k1 = min(kt_n, k0 + (end - it));
        tc_tile_origin<c>(dp_tiles + r, M, N, m0, n0);
        float acc[c::MT][c::NT][4] = {};
        __syncthreads();
        tc_sum<c, true, false>(acc, smem, A, B, M, N, K, m0, n0, k0, k1);
        if (k0 == 0 && k1 == kt_n) {
            tc_store_tile<c, false>(acc, C, M, N, m0, n0);
        } else {
            const int u0 = r * kt_n;
            tc_tail_part<c>(acc, C, N, m0, n0, ws, cnt, r,
                            tc_tail_owner(u0, units, gridDim.x),
                            tc_tail_owner(u0 + kt_n - 1, units, gridDim.x), units, kt_n);
        }
        it += k1 - k0;
    }
#endif
}

static struct ck_workspace tc_tail_ws_mem;
static int tc_tail_ws_blocks; // the grid it was laid out for

static void mm_tf32_tail_release(void)
{
    ck_workspace_free(&tc_tail_ws_mem);
    tc_tail_ws_blocks = 0;
}

// How many of `tiles` go stream-K on `blocks` blocks at once: none when
// the waves come out whole or when a last wave is nearly full (its idle
// SMs cost less than the parts' adding up); the last wave's tiles when
// they fill half of it or more, else those and a full wave before them
// (so that no tile is cut in more than three parts).
static int tc_tail_tiles(int tiles, int blocks)
{
    const int waves = tiles / blocks, rest = tiles % blocks;
    if (rest == 0 || rest * 16 > blocks * 15)
        return 0;
    if (2 * rest >= blocks)
        return rest;
    return waves >= 1 ? rest + blocks : 0;
}

template <class c>
static int mm_tf32_mma_tail_with(const struct mm_args *a, struct ck_err *err)
{
    bool vec = a->K % 4 == 0 && a->N % 4 == 0;
    bool full = a->M % c::BM == 0 && a->N % c::BN == 0;
    if (!(vec && full))
        return mm_tf32_mma_with<c>(a, err);
    auto kernel = &mm_tf32_mma_tail_kernel<c>;
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int per_sm = 0;
    CUDA_CHECK(err, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, c::THREADS,
                                                                  c::SMEM));
    const int tiles = (a->M / c::BM) * (a->N / c::BN);
    const int blocks = (a->sms > 0 ? a->sms : 132) * (per_sm > 0 ? per_sm : 1);
    const int tail = tc_tail_tiles(tiles, blocks);
    if (tail == 0 || (long long)tail * ((a->K + c::BK - 1) / c::BK) >= (1ll << 31))
        return mm_tf32_mma_with<c>(a, err);
    if (tc_tail_ws_blocks != blocks) // the counters' place depends on it
        ck_workspace_free(&tc_tail_ws_mem), tc_tail_ws_blocks = blocks;
    int rc = ck_workspace_fit(&tc_tail_ws_mem, tc_tail_ws<c>::bytes(blocks), true, err);
    if (rc != CK_OK)
        return rc;
    unsigned *cnt = (unsigned *)tc_tail_ws_mem.p;
    float *ws = (float *)tc_tail_ws_mem.p + tc_tail_ws<c>::counters(blocks);
    CK_LAUNCH(err, kernel, blocks, c::THREADS, c::SMEM, 0, a->M, a->N, a->K, a->A, a->B, a->C,
              ws, cnt, tiles - tail);
    return CK_OK;
}
#endif
