// Rung 8, Hopper's own Tensor Core path (TF32): the copy engine and the
// Tensor Cores work while the threads mostly wait. One thread hands the
// Tensor Memory Accelerator (TMA) a tile's coordinates and the TMA moves a
// whole 32-deep slice of A (128 rows) and of B (256 columns) into shared
// memory by itself, swizzled, zero-filling what lies outside the matrix;
// whole warpgroups (4 warps, 128 threads) then ask the Tensor Cores for a
// 64x256x8 product straight out of shared memory (wgmma.mma_async: no
// fragments in registers, no ldmatrix), asynchronously, so the next one is
// issued before the last is done. Shared memory is a ring of 4 stages
// guarded by mbarriers: "full" says a stage's bytes have landed, "empty"
// says the Tensor Cores have finished reading it.
//
// wgmma on TF32 inputs reads both A and B K-major (each row of the shared
// tile runs along K). A (M x K, row-major) already is; B (K x N, row-major)
// is not, so each call first transposes B into a workspace Bt (N x K)
// with a small kernel (08_wgmma_tma_transpose.cuh), timed as part of this
// rung (at 4096^3 it moves 128 MB: about a tenth of the rung's time). A is
// copied the same way (not transposed) only when its rows are not a
// multiple of 16 bytes apart (K % 4 != 0): the TMA needs 16-byte strides.
// The inputs are TF32 like the tf32-mma rung (the Tensor Cores keep 10 of
// FP32's 23 mantissa bits: B is rounded to them by the transpose, A is cut,
// or rounded when copied), so the result is checked against the TF32
// tolerance.
//
// Built only for sm_90a (wgmma and setmaxnreg exist on no other target):
// the makefile compiles mm_sm90a.cu, the one file that includes this one,
// with -gencode arch=compute_90a,code=sm_90a when the target is sm_90, and
// the host declines the rung ('unsupported', mm_declines.h) on any other
// GPU or build.
//
// Reading guide: wg_cfg names the tile and the stages; the mbarrier
// helpers (tma_bar_*) and tma_load_2d(), one TMA copy, are mm_tma.cuh's,
// shared with tf32-mma's TMA feed; wg_desc() is the
// 64-bit shared-memory descriptor wgmma reads a tile through (matching the
// TMA's 128-byte swizzle); wg_mma_t<BN>::run() is one wgmma.mma_async; in
// mm_wgmma_kernel the producer warpgroup's one thread loops over K issuing
// TMA loads, the two consumer warpgroups wait for a stage, issue four
// wgmmas (BK 32 = 4 x k8), commit, and free the stage before; wg_store()
// writes the accumulators; mm_wgmma_run() transposes B, builds the TMA
// descriptors (tma_map_2d) and launches.
#ifndef MM_08_WGMMA_TMA_CUH
#define MM_08_WGMMA_TMA_CUH
#include "mm_kernels.h"
#include "08_wgmma_tma_transpose.cuh"
#include "mm_tma.cuh"
#include "sm_fill.h"

// What a wgmma rung multiplies in: the bytes of an element, the k of one
// wgmma, and whether B's tile is N-major (each row of the shared tile runs
// along N, as B lies in memory: the instruction reads it transposed, which
// wgmma allows for FP16 and BF16 only; TF32 reads both tiles K-major).
struct wg_in_tf32 {
    static constexpr int ESIZE = 4, KSTEP = 8;
    static constexpr bool B_MN = false;
};
struct wg_in_fp16 {
    static constexpr int ESIZE = 2, KSTEP = 16;
    static constexpr bool B_MN = true;
};
struct wg_in_bf16 {
    static constexpr int ESIZE = 2, KSTEP = 16;
    static constexpr bool B_MN = true;
};

// BM x BN block tile (BM 128, BN 128 or 256), BK = 128 bytes of K (one
// swizzle row: 32 TF32 or 64 16-bit elements); one producer warpgroup and
// two consumer warpgroups, each owning 64 rows of the tile and all BN
// columns (BN / 2 accumulators per thread). B's N-major tile is BN / 64
// boxes of 64 columns (128 bytes) by BK rows, one after another.
template <int BN_, int STAGES_, class T = wg_in_tf32>
struct wg_cfg_t {
    using in = T;
    static constexpr int CONSUMERS = 2, BM = 64 * CONSUMERS, BN = BN_, BK = 128 / T::ESIZE;
    static constexpr int STAGES = STAGES_;
    static constexpr int THREADS = 128 * (CONSUMERS + 1);
    static constexpr int A_BYTES = BM * 128, B_BYTES = BN * 128;
    static constexpr int B_BOX_BYTES = BK * 128; // one N-major box of B
    static constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    static constexpr int ACC = BN / 2; // floats per consumer thread
    // a stage is free once every consumer warp has read it
    static constexpr int EMPTY_ARRIVALS = CONSUMERS * 4;
    // stages, 2 mbarriers per stage, and slack to align the ring to 1024 B
    static constexpr int SMEM = STAGES * STAGE_BYTES + 2 * STAGES * 8 + 1024;
    // setmaxnreg: registers moved from the producer to the consumers when
    // the accumulators need them (BN 256: 128 accumulators per thread)
    static constexpr int PRODUCER_REGS = 40, CONSUMER_REGS = 232;
    static constexpr bool SETMAXNREG = BN > 128;
    static_assert(BK % T::KSTEP == 0 && BN % 64 == 0, "a stage holds whole wgmmas and boxes");
};
// The rung: 128x256 tiles, 4 stages of 48 KiB (what was measured, NOTES.md).
using wg_cfg = wg_cfg_t<256, 4>;

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// ---- wgmma ----
// The descriptor of a K-major tile whose rows are 128 bytes (32 floats),
// written by the TMA with the 128-byte swizzle: start address >> 4 (bits
// 0-13), leading byte offset unused by swizzled K-major layouts (1, bits
// 16-29), stride byte offset 1024 >> 4 between groups of 8 rows (bits
// 32-45), swizzle mode 1 = 128 B (bits 62-63). Stepping k8 (32 bytes)
// along a row adds 2 to the start address; the hardware applies the
// swizzle to the resulting address (the ring is 1024-byte aligned).
__device__ __forceinline__ uint64_t wg_desc(uint32_t addr)
{
    return (uint64_t)((addr & 0x3FFFF) >> 4) | (uint64_t)1 << 16 | (uint64_t)(1024 >> 4) << 32 |
           (uint64_t)1 << 62;
}
// The descriptor of an N-major tile (B in 16 bits): boxes of 64 columns
// (128-byte rows, one per k, swizzled as above) `box` bytes apart along N
// (the leading byte offset, bits 16-29), groups of 8 k rows 1024 bytes
// apart (the stride byte offset). Stepping k16 adds 16 rows (2048 bytes).
__device__ __forceinline__ uint64_t wg_desc_mn(uint32_t addr, uint32_t box)
{
    return (uint64_t)((addr & 0x3FFFF) >> 4) | (uint64_t)(box >> 4) << 16 |
           (uint64_t)(1024 >> 4) << 32 | (uint64_t)1 << 62;
}
__device__ __forceinline__ void wg_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wg_commit()
{
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void wg_wait()
{
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

// d (64 x BN per warpgroup, BN / 2 floats per thread) += A (64 x k, desc a)
// * B (k x BN, desc b), k = 8 (TF32) or 16 (FP16, BF16; B read N-major:
// the trailing 0, 1 are imm-trans-a and imm-trans-b). The accumulators
// stay in registers the whole time; the operand list is spelled out by
// macro.
// the operand lists are aligned by hand:
// clang-format off
#define WG_R8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), \
                 "+f"(d[i + 4]), "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
#define WG_R32(i) WG_R8(i), WG_R8(i + 8), WG_R8(i + 16), WG_R8(i + 24)
#define WG_S8(a, b, c, e, f, g, h, i) "%" #a ",%" #b ",%" #c ",%" #e ",%" #f ",%" #g ",%" #h ",%" #i
#define WG_S64 WG_S8(0, 1, 2, 3, 4, 5, 6, 7) "," WG_S8(8, 9, 10, 11, 12, 13, 14, 15) ","     \
               WG_S8(16, 17, 18, 19, 20, 21, 22, 23) "," WG_S8(24, 25, 26, 27, 28, 29, 30, 31) "," \
               WG_S8(32, 33, 34, 35, 36, 37, 38, 39) "," WG_S8(40, 41, 42, 43, 44, 45, 46, 47) "," \
               WG_S8(48, 49, 50, 51, 52, 53, 54, 55) "," WG_S8(56, 57, 58, 59, 60, 61, 62, 63)
#define WG_S128 WG_S64 "," WG_S8(64, 65, 66, 67, 68, 69, 70, 71) ","                              \
                WG_S8(72, 73, 74, 75, 76, 77, 78, 79) "," WG_S8(80, 81, 82, 83, 84, 85, 86, 87) "," \
                WG_S8(88, 89, 90, 91, 92, 93, 94, 95) "," WG_S8(96, 97, 98, 99, 100, 101, 102, 103) "," \
                WG_S8(104, 105, 106, 107, 108, 109, 110, 111) ","                                 \
                WG_S8(112, 113, 114, 115, 116, 117, 118, 119) ","                                 \
                WG_S8(120, 121, 122, 123, 124, 125, 126, 127)
#define WG_MMA(shape_types, regs, a_op, b_op, tail, ...)                              \
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, 1, 0;\n"                       \
                 "wgmma.mma_async.sync.aligned." shape_types " {" regs "}, " a_op ", " \
                 b_op ", p, 1, 1" tail ";\n}\n"                                        \
                 : __VA_ARGS__                                                          \
                 : "l"(a), "l"(b))
// clang-format on
template <class T, int BN>
struct wg_mma_t;
template <>
struct wg_mma_t<wg_in_tf32, 128> {
    static __device__ __forceinline__ void run(float *d, uint64_t a, uint64_t b)
    {
        WG_MMA("m64n128k8.f32.tf32.tf32", WG_S64, "%64", "%65", "", WG_R32(0), WG_R32(32));
    }
};
template <>
struct wg_mma_t<wg_in_tf32, 256> {
    static __device__ __forceinline__ void run(float *d, uint64_t a, uint64_t b)
    {
        WG_MMA("m64n256k8.f32.tf32.tf32", WG_S128, "%128", "%129", "", WG_R32(0), WG_R32(32),
               WG_R32(64), WG_R32(96));
    }
};
template <>
struct wg_mma_t<wg_in_fp16, 256> {
    static __device__ __forceinline__ void run(float *d, uint64_t a, uint64_t b)
    {
        WG_MMA("m64n256k16.f32.f16.f16", WG_S128, "%128", "%129", ", 0, 1", WG_R32(0),
               WG_R32(32), WG_R32(64), WG_R32(96));
    }
};
template <>
struct wg_mma_t<wg_in_bf16, 256> {
    static __device__ __forceinline__ void run(float *d, uint64_t a, uint64_t b)
    {
        WG_MMA("m64n256k16.f32.bf16.bf16", WG_S128, "%128", "%129", ", 0, 1", WG_R32(0),
               WG_R32(32), WG_R32(64), WG_R32(96));
    }
};
// d (64 x 256 per warpgroup) += A (64 x 8, TF32, from registers: x[0..3]
// the thread's four elements, wgmma's register layout: rows g, g + 8 of
// its warp's 16 by columns t, t + 4 as x[0] (g, t), x[1] (g + 8, t), x[2]
// (g, t + 4), x[3] (g + 8, t + 4)) * B (8 x 256, desc b, K-major). Used by
// 08_wgmma_tma_rs.cuh. A register a wgmma reads may not be written until
// its group has been waited for.
struct wg_mma_rs {
    static __device__ __forceinline__ void run(float *d, const uint32_t *x, uint64_t b)
    {
        // clang-format off
        asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, 1, 0;\n"
                     "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {" WG_S128 "}, "
                     "{%128, %129, %130, %131}, %132, p, 1, 1;\n}\n"
                     : WG_R32(0), WG_R32(32), WG_R32(64), WG_R32(96)
                     : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "l"(b));
        // clang-format on
    }
};
#undef WG_R8
#undef WG_R32
#undef WG_S8
#undef WG_S64
#undef WG_S128
#undef WG_MMA
#endif

// The accumulators of one consumer thread: for each 8 columns j, d[4j..4j+3]
// hold rows g and g + 8 of its warp's 16 rows, columns 8j + 2t and +1
// (lane = 4g + t), the layout of mma.sync's C fragment repeated along N.
template <class c>
__device__ __forceinline__ void wg_store(const float *d, float *C, int M, int N, int r0, int c0)
{
    const int l = threadIdx.x % 32, g = l / 4, t = l % 4;
    const bool pairs = N % 2 == 0; // float2 stores stay 8-byte aligned
#pragma unroll
    for (int j = 0; j < c::BN / 8; j++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            int r = r0 + g + 8 * h, col = c0 + 8 * j + 2 * t;
            if (r >= M)
                continue;
            float *p = C + (size_t)r * N + col;
            if (pairs && col + 1 < N)
                *reinterpret_cast<float2 *>(p) = make_float2(d[4 * j + 2 * h], d[4 * j + 2 * h + 1]);
            else {
                if (col < N) p[0] = d[4 * j + 2 * h];
                if (col + 1 < N) p[1] = d[4 * j + 2 * h + 1];
            }
        }
}

template <class c>
__global__ void __launch_bounds__(c::THREADS, 1)
    mm_wgmma_kernel(const __grid_constant__ CUtensorMap tmA, // A (M, K), K-major
                    const __grid_constant__ CUtensorMap tmB, // Bt (N, K), K-major, or B (K, N)
                    float *__restrict__ C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ unsigned char wg_raw[];
    const uint32_t raw = tma_smem_u32(wg_raw), ring = (raw + 1023) & ~1023u;
    const uint32_t bars = ring + c::STAGES * c::STAGE_BYTES; // full[s], then empty[s]
    const int wgi = threadIdx.x / 128;                        // 0: producer
    const int tiles = ((M + c::BM - 1) / c::BM) * ((N + c::BN - 1) / c::BN);
    const int kt_n = (K + c::BK - 1) / c::BK;

    tma_ring_init(bars, c::STAGES, c::EMPTY_ARRIVALS);

    // Tiles blockIdx.x, + gridDim.x, ... (one, with a block per tile; with
    // a block per SM, persistent: the ring runs on from one tile to the
    // next, so the next tile's slices load while this one's are stored).
    // `first`: the ring's slices before the tile's.
    if (wgi == 0) { // producer: one thread feeds the ring
        if (c::SETMAXNREG)
            asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(c::PRODUCER_REGS));
        if (threadIdx.x == 0) {
            tma_prefetch_maps(&tmA, &tmB);
            for (int t = blockIdx.x, first = 0; t < tiles; t += gridDim.x, first += kt_n) {
                int m0, n0; // tiles in groups of 8 tile rows (mm_kernels.h)
                mm_tile(M, N, c::BM, c::BN, 8, t, &m0, &n0);
                tma_ring_produce<c::STAGES, c::STAGE_BYTES>(
                    ring, bars, first, kt_n, [&](uint32_t a, uint32_t full, int kt) {
                        tma_load_2d(a, &tmA, full, kt * c::BK, m0);
                        if (c::in::B_MN) // B (K, N): BN / 64 boxes of 64 columns
                            for (int j = 0; j < c::BN / 64; j++)
                                tma_load_2d(a + c::A_BYTES + j * c::B_BOX_BYTES, &tmB, full,
                                            n0 + 64 * j, kt * c::BK);
                        else // Bt (N, K)
                            tma_load_2d(a + c::A_BYTES, &tmB, full, kt * c::BK, n0);
                    });
            }
        }
    } else { // consumers: warpgroup w owns rows 64w .. 64w + 63 of the tile
        if (c::SETMAXNREG)
            asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(c::CONSUMER_REGS));
        const int w = wgi - 1;
        const bool lane0 = threadIdx.x % 32 == 0;
        float d[c::ACC];
        for (int t = blockIdx.x, first = 0; t < tiles; t += gridDim.x, first += kt_n) {
            int m0, n0;
            mm_tile(M, N, c::BM, c::BN, 8, t, &m0, &n0);
#pragma unroll
            for (int i = 0; i < c::ACC; i++)
                d[i] = 0.0f;
            for (int kt = 0; kt < kt_n; kt++) {
                const int g = first + kt, s = g % c::STAGES;
                const uint32_t a = ring + s * c::STAGE_BYTES + w * 64 * 128;
                const uint32_t b = ring + s * c::STAGE_BYTES + c::A_BYTES;
                tma_bar_wait(bars + 8 * s, (uint32_t)(g / c::STAGES) & 1); // stage landed
                wg_fence();
#pragma unroll
                for (int k = 0; k < c::BK / c::in::KSTEP; k++) // a k step is 32 bytes of a row
                    wg_mma_t<typename c::in, c::BN>::run(
                        d, wg_desc(a + 32 * k),
                        c::in::B_MN ? wg_desc_mn(b + k * c::in::KSTEP * 128, c::B_BOX_BYTES)
                                    : wg_desc(b + 32 * k));
                wg_commit();
                wg_wait<1>();        // this slice's wgmmas may run on; the last slice's are done
                if (kt > 0 && lane0) // one arrival per warp: the slice before is free
                    tma_bar_arrive(bars + 8 * (c::STAGES + (g - 1) % c::STAGES));
            }
            wg_wait<0>();
            if (lane0) // the tile's last slice is free too: the next tile's may load
                tma_bar_arrive(bars + 8 * (c::STAGES + (first + kt_n - 1) % c::STAGES));
            wg_store<c>(d, C, M, N, m0 + 64 * w + 16 * (threadIdx.x / 32 % 4), n0);
        }
    }
#else
    __trap(); // the host declines this rung unless built for sm_90a on an sm_90 GPU
#endif
}

// d (rows x ld) = s (rows x cols): a copy whose rows are 16 bytes apart
// (the TMA's rule for a row stride); columns cols .. ld - 1 are never read
// (the tensor map stops at cols).
template <class E>
__global__ void wg_pad(const E *__restrict__ s, E *__restrict__ d, int rows, int cols, int ld)
{
    size_t n = (size_t)rows * cols;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        d[i / cols * ld + i % cols] = s[i];
}

// A (M x K) and B (K x N) as the TMA takes them: each one whose rows are not
// 16 bytes apart, or which is not 16-byte aligned, copied into the
// workspace (A first) with its rows padded to 16 bytes. On return *A and *B
// point at what the maps read, *lda and *ldb are their row strides.
template <class E>
static int wg_pad_inputs(const E **A, const E **B, int M, int N, int K, int *lda, int *ldb,
                         struct ck_workspace *ws, struct ck_err *err)
{
    const int q = 16 / (int)sizeof(E), ldk = (K + q - 1) / q * q, ldn = (N + q - 1) / q * q;
    const bool pad_a = ldk != K || (uintptr_t)*A % 16 != 0;
    const bool pad_b = ldn != N || (uintptr_t)*B % 16 != 0;
    size_t na = pad_a ? (size_t)M * ldk : 0, nb = pad_b ? (size_t)K * ldn : 0;
    int rc = ck_workspace_fit(ws, (na + nb) * sizeof(E), false, err);
    if (rc != CK_OK)
        return rc;
    E *pa = (E *)ws->p, *pb = pa + na;
    *lda = K;
    *ldb = N;
    if (pad_a) {
        CK_LAUNCH(err, wg_pad<E>, 1024, 256, 0, 0, *A, pa, M, K, ldk);
        *A = pa;
        *lda = ldk;
    }
    if (pad_b) {
        CK_LAUNCH(err, wg_pad<E>, 1024, 256, 0, 0, *B, pb, K, N, ldn);
        *B = pb;
        *ldb = ldn;
    }
    return CK_OK;
}

// The grid: a block per tile, or (persist) a block per SM, each running
// tiles blockIdx.x, + gridDim.x, ... one after another.
static inline int wg_grid(const struct mm_args *a, int tiles, bool persist)
{
    const int sms = ck_sms_or_h200(a->sms);
    return persist && tiles > sms ? sms : tiles;
}

// A kernel of c's tiles over A's and B's tensor maps (mm_wgmma_kernel<c>
// by default): its shared memory, its grid.
template <class c, class KERNEL>
static int wg_launch(const struct mm_args *a, const CUtensorMap &ta, const CUtensorMap &tb,
                     bool persist, struct ck_err *err, KERNEL kernel)
{
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int tiles = ((a->M + c::BM - 1) / c::BM) * ((a->N + c::BN - 1) / c::BN);
    CK_LAUNCH(err, kernel, wg_grid(a, tiles, persist), c::THREADS, c::SMEM, 0, ta, tb, a->C,
              a->M, a->N, a->K);
    return CK_OK;
}
template <class c>
static int wg_launch(const struct mm_args *a, const CUtensorMap &ta, const CUtensorMap &tb,
                     bool persist, struct ck_err *err)
{
    return wg_launch<c>(a, ta, tb, persist, err, mm_wgmma_kernel<c>);
}

// The workspace (ck_workspace): Bt (N x ldk) and, when A's rows are not
// 16-byte apart, A again (M x ldk), ldk = K rounded up to 4.
template <class c>
static int mm_wgmma_run(const struct mm_args *a, bool persist, struct ck_workspace *ws,
                        struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K, ldk = (K + 3) / 4 * 4;
    const bool copy_a = K % 4 != 0 || (uintptr_t)a->A % 16 != 0;
    size_t need = ((size_t)N + (copy_a ? (size_t)M : 0)) * ldk * sizeof(float);
    // the pad columns K .. ldk - 1 are never written: zeros, once
    int rc = ck_workspace_fit(ws, need, true, err);
    if (rc != CK_OK)
        return rc;
    float *Bt = (float *)ws->p, *Ap = copy_a ? Bt + (size_t)N * ldk : NULL;
    rc = wg_prepare(a, Bt, Ap, ldk, err); // Bt = B^T (and Ap = A), rounded to TF32
    if (rc != CK_OK)
        return rc;
    CUtensorMap ta, tb;
    rc = tma_map_2d(&ta, copy_a ? Ap : a->A, M, K, copy_a ? ldk : K, c::BM, err);
    if (rc == CK_OK)
        rc = tma_map_2d(&tb, Bt, N, K, ldk, c::BN, err);
    if (rc != CK_OK)
        return rc;
    return wg_launch<c>(a, ta, tb, persist, err);
}
#endif
