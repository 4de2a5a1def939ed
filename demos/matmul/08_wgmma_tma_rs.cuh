// Rung 8 without its transpose (a tuning run: CK_MM_WG_RS=1, mm_gpu.cu;
// not the rung until a GPU has measured it against rung 8, NOTES.md).
//
// wgmma reads TF32 operands from shared memory K-major only, and B (K x N,
// row-major) is not, so rung 8 first transposes B into a workspace (about
// a tenth of its time at 4096^3). But wgmma's first operand may come from
// registers instead, where no layout rule applies. So this kernel computes
// C^T = B^T A^T: the first operand is B^T, 64 x 8 at a time, each consumer
// thread reading its four elements out of B's tile as the TMA laid it
// (row-major, k by n, 128-byte swizzle) with ld.shared and rounding them
// to TF32 (cvt.rna, as rung 8's transpose rounds B); the second is A^T,
// whose K-major tile is A's own rows, read through a descriptor as rung
// 8's Bt is. The accumulators hold a tile of C^T, and the store writes it
// back transposed.
//
// Block tile: 128 columns of C (n: two consumer warpgroups of 64, the
// wgmma's M) by 256 rows of C (m: the wgmma's N), 32 deep; a stage is A's
// 256 x 32 slice (32 KiB) and B's 32 x 128 slice as four boxes of 32
// columns (4 KiB each), 48 KiB as in rung 8, four stages, the same
// producer, ring and persistent grid (08_wgmma_tma.cuh, mm_tma.cuh).
// A register that a wgmma reads may not be written until its group has
// been waited for, and ptxas serializes the wgmmas of a function in which
// any instruction but a wgmma writes a wgmma's input while wgmmas are in
// flight (its warning C7513; measured here with two sets of fragments
// alternating). So a consumer waits for its slice's wgmmas before it loads
// the next slice's fragments: the Tensor Cores stay fed by the other
// consumer warpgroup, whose slice (4 wgmmas of 64 x 256 x 8, about 512
// clocks) covers one warpgroup's 16 loads and its wait.
#ifndef MM_08_WGMMA_TMA_RS_CUH
#define MM_08_WGMMA_TMA_RS_CUH
#include "08_wgmma_tma.cuh"

struct wgrs_cfg {
    using in = wg_in_tf32;
    static constexpr int CONSUMERS = 2, BN = 64 * CONSUMERS, BM = 256, BK = 32, STAGES = 4;
    static constexpr int THREADS = 128 * (CONSUMERS + 1);
    static constexpr int A_BYTES = BM * 128;     // A's slice: BM rows of 32 floats
    static constexpr int B_BOX_BYTES = BK * 128; // one box of B: BK rows of 32 floats
    static constexpr int B_BYTES = BN / 32 * B_BOX_BYTES;
    static constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    static constexpr int ACC = BM / 2; // floats per consumer thread
    static constexpr int EMPTY_ARRIVALS = CONSUMERS * 4;
    static constexpr int SMEM = STAGES * STAGE_BYTES + 2 * STAGES * 8 + 1024;
    static constexpr int PRODUCER_REGS = 40, CONSUMER_REGS = 232;
    static_assert(STAGE_BYTES % 1024 == 0 && A_BYTES % 1024 == 0,
                  "every tile starts on a 1024-byte line, as the 128-byte swizzle needs");
};

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// The thread's four elements of B^T for k step kk (8 deep) of the slice
// whose B boxes start at b, rounded to TF32, in wgmma's register order
// (x[h + 2e]: row n + 8h, column k = 8 kk + t + 4e): element (n, k) of B^T
// is B's row k, column n, in box n / 32 at byte k * 128 + 16 * ((n % 32 / 4)
// ^ (k % 8)) + 4 * (n % 4) (the TMA's 128-byte swizzle: a row's 16-byte
// chunks permuted by the row's place in its group of 8). n: the thread's
// row g within the block's 128 (64 per warpgroup, 16 per warp).
__device__ __forceinline__ void wgrs_frag(uint32_t *x, uint32_t b, int n, int kk)
{
    const int t = threadIdx.x % 4;
#pragma unroll
    for (int e = 0; e < 2; e++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int r = n + 8 * h, c = r % 32, k = 8 * kk + t + 4 * e;
            const uint32_t at = b + (uint32_t)(r / 32 * wgrs_cfg::B_BOX_BYTES + k * 128 +
                                               16 * ((c / 4) ^ (k % 8)) + 4 * (c % 4));
            float v;
            asm volatile("ld.shared.f32 %0, [%1];\n" // after the stage's full barrier
                         : "=f"(v)
                         : "r"(at)
                         : "memory");
            asm("cvt.rna.tf32.f32 %0, %1;\n"
                : "=r"(x[h + 2 * e])
                : "f"(v));
        }
}
#endif

// The accumulators of one consumer thread: a tile of C^T, rows n (g and g
// + 8 of its warp's 16: n0w + g + 8h) by columns m (8j + 2t and + 1), d[4j
// + 2h + e]; written back as C[m][n].
template <class c>
__device__ __forceinline__ void wgrs_store(const float *d, float *C, int M, int N, int m0,
                                           int n0w)
{
    const int l = threadIdx.x % 32, g = l / 4, t = l % 4;
#pragma unroll
    for (int j = 0; j < c::BM / 8; j++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const int n = n0w + g + 8 * h;
            if (n >= N)
                continue;
#pragma unroll
            for (int e = 0; e < 2; e++) {
                const int m = m0 + 8 * j + 2 * t + e;
                if (m < M)
                    C[(size_t)m * N + n] = d[4 * j + 2 * h + e];
            }
        }
}

template <class c>
__global__ void __launch_bounds__(c::THREADS, 1)
    mm_wgmma_rs_kernel(const __grid_constant__ CUtensorMap tmA, // A (M, K), K-major
                       const __grid_constant__ CUtensorMap tmB, // B (K, N), as it lies
                       float *__restrict__ C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ unsigned char wg_raw[];
    const uint32_t raw = tma_smem_u32(wg_raw), ring = (raw + 1023) & ~1023u;
    const uint32_t bars = ring + c::STAGES * c::STAGE_BYTES; // full[s], then empty[s]
    const int wgi = threadIdx.x / 128;                       // 0: producer
    const int tiles = ((M + c::BM - 1) / c::BM) * ((N + c::BN - 1) / c::BN);
    const int kt_n = (K + c::BK - 1) / c::BK;

    tma_ring_init(bars, c::STAGES, c::EMPTY_ARRIVALS);

    if (wgi == 0) { // producer: one thread feeds the ring, as in rung 8
        asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(c::PRODUCER_REGS));
        if (threadIdx.x == 0) {
            tma_prefetch_maps(&tmA, &tmB);
            for (int t = blockIdx.x, first = 0; t < tiles; t += gridDim.x, first += kt_n) {
                int m0, n0;
                mm_tile(M, N, c::BM, c::BN, 8, t, &m0, &n0);
                tma_ring_produce<c::STAGES, c::STAGE_BYTES>(
                    ring, bars, first, kt_n, [&](uint32_t a, uint32_t full, int kt) {
                        tma_load_2d(a, &tmA, full, kt * c::BK, m0);
                        for (int j = 0; j < c::BN / 32; j++) // B: boxes of 32 columns
                            tma_load_2d(a + c::A_BYTES + j * c::B_BOX_BYTES, &tmB, full,
                                        n0 + 32 * j, kt * c::BK);
                    });
            }
        }
    } else { // consumers: warpgroup w owns columns 64w .. 64w + 63 of C's tile
        asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(c::CONSUMER_REGS));
        const int w = wgi - 1, wq = threadIdx.x / 32 % 4;
        const int n = 64 * w + 16 * wq + threadIdx.x % 32 / 4; // the thread's row g of B^T
        const bool lane0 = threadIdx.x % 32 == 0;
        float d[c::ACC];
        uint32_t x[16]; // a slice's fragments: 4 k steps of 4
        for (int t = blockIdx.x, first = 0; t < tiles; t += gridDim.x, first += kt_n) {
            int m0, n0;
            mm_tile(M, N, c::BM, c::BN, 8, t, &m0, &n0);
#pragma unroll
            for (int i = 0; i < c::ACC; i++)
                d[i] = 0.0f;
            for (int kt = 0; kt < kt_n; kt++) {
                const int g = first + kt, s = g % c::STAGES;
                const uint32_t st = ring + s * c::STAGE_BYTES;
                tma_bar_wait(bars + 8 * s, (uint32_t)(g / c::STAGES) & 1); // landed
#pragma unroll
                for (int k = 0; k < c::BK / 8; k++)
                    wgrs_frag(x + 4 * k, st + c::A_BYTES, n, k);
                wg_fence();
#pragma unroll
                for (int k = 0; k < c::BK / 8; k++) // a k step is 32 bytes of A's rows
                    wg_mma_rs::run(d, x + 4 * k, wg_desc(st + 32 * k));
                wg_commit();
                wg_wait<0>(); // this slice's wgmmas done: x may be written again
                if (lane0)    // one arrival per warp: the stage is free
                    tma_bar_arrive(bars + 8 * (c::STAGES + s));
            }
            wgrs_store<c>(d, C, M, N, m0, n0 + 64 * w + 16 * wq);
        }
    }
#else
    __trap(); // the host declines the rung unless built for sm_90a on an sm_90 GPU
#endif
}

// The workspace: A again (M x ldk) when its rows are not 16 bytes apart (K
// % 4 != 0) or it is not 16-byte aligned, B again (K x ldn) likewise.
template <class c>
static int mm_wgmma_rs_run(const struct mm_args *a, bool persist, struct ck_workspace *ws,
                           struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K;
    const float *A = a->A, *B = a->B;
    int ldk, ldn;
    int rc = wg_pad_inputs(&A, &B, M, N, K, &ldk, &ldn, ws, err);
    if (rc != CK_OK)
        return rc;
    CUtensorMap ta, tb;
    rc = tma_map_2d(&ta, A, M, K, ldk, c::BM, err);
    if (rc == CK_OK)
        rc = tma_map_2d(&tb, B, K, N, ldn, c::BK, err);
    if (rc != CK_OK)
        return rc;
    return wg_launch<c>(a, ta, tb, persist, err, mm_wgmma_rs_kernel<c>);
}
#endif
