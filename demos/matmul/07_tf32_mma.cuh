// Rung 7, Tensor Cores by hand (TF32): the same blocked product, but each
// warp hands 16x8x8 pieces of it to the Tensor Cores with mma.sync instead
// of doing FMAs one by one. Tiles reach shared memory through cp.async (no
// trip through registers) in a three-stage pipeline, and the warp's operand
// fragments are double-buffered in registers: while the mma.sync of one
// 8-deep step issue, the ldmatrix (A) and shared reads (B) of the next are
// in flight, and the block's one barrier per slice sits before the slice's
// last step, so the first fragments of the next slice load under its mmas.
// The Tensor Cores read the inputs as TF32 (10 of FP32's 23 mantissa bits:
// they drop the low 13, a cut, not a rounding), so the result is checked
// against the TF32 tolerance, like cuBLAS's TF32 rung.
//
// Reading guide: tc_cfg names the tile shapes; tc_load_stage() is the
// global->shared copy of one BK-deep slice; tc_load_frags() reads one
// 8-deep step's fragments; the main loop overlaps the three; tc_store()
// writes each warp's accumulators. B fragments are single-float shared
// reads: ldmatrix moves 16-bit pairs and cannot transpose 32-bit data.
// (The other shapes, roundings and B reads measured against this one are
// in 07_tf32_mma_tuning.cuh; demos/matmul/NOTES.md has the numbers. On an
// sm_90 GPU the rung runs the same product with the copies taken off these
// warps, 07_tf32_mma_tma.cuh, wherever the TMA can read the inputs; this
// kernel everywhere else.)
#ifndef MM_07_TF32_MMA_CUH
#define MM_07_TF32_MMA_CUH
#include "mm_kernels.h"

// BM x BN block tile, BK deep, warps of WM x WN (WM/16 x WN/8 mma tiles of
// 16x8 each); rows of the shared tiles are padded so that fragment reads
// hit 32 different banks. ROUND: 0 leaves the cut to the Tensor Cores, 1
// and 2 round the inputs to nearest first (tc_to_tf32). BV: B read 1, 2
// or 4 floats at a time (tc_store_grouped). MINB: launch bounds' blocks.
template <int BM_, int BN_, int STAGES_, int WM_ = 64, int WN_ = 64, int ROUND_ = 0,
          int BK_ = 32, int MINB_ = 0, int BV_ = 1>
struct tc_cfg_t {
    static constexpr int BM = BM_, BN = BN_, BK = BK_, STAGES = STAGES_;
    static constexpr int WM = WM_, WN = WN_, ROUND = ROUND_, BV = BV_;
    static constexpr int WARPS = (BM / WM) * (BN / WN);
    static constexpr int THREADS = 32 * WARPS;
    static constexpr int MT = WM / 16, NT = WN / 8; // mma tiles per warp
    static constexpr int KS = BK / 8;               // 8-deep steps per slice
    static constexpr int LDA = BK + 4;              // As[m][k]
    static constexpr int LDB = BN + 8;              // Bs[k][n]
    static constexpr int A_STAGE = BM * LDA, B_STAGE = BK * LDB; // floats
    static constexpr int SMEM = STAGES * (A_STAGE + B_STAGE) * 4; // bytes
    static constexpr int MIN_BLOCKS = MINB_ ? MINB_ : THREADS == 128 ? 2 : 1;
    static_assert(KS >= 2, "the barrier sits before a slice's last step");
    static_assert(NT % BV == 0 && (BV == 1 || BV == 2 || BV == 4), "B reads of BV floats");
    static_assert(BM * BK % (4 * THREADS) == 0 && BK * BN % (4 * THREADS) == 0,
                  "every thread copies whole 16-byte chunks");
};
// 128x256 block tile, 32 deep, 8 warps of 64x64 (4x8 mma tiles, 128
// accumulators per thread), three stages: 153 KiB of shared memory and
// 244 registers a thread, so one block (8 warps) per SM
using tc_cfg = tc_cfg_t<128, 256, 3>;

// The PTX instructions, one wrapper each; on the CPU (CK_SIMT_EMU) the
// emulation's versions in emu/simt.h run instead.
#ifndef CK_SIMT_EMU
__device__ __forceinline__ unsigned tc_smem_addr(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}
#endif

// cp.async of BYTES (16 or 4) bytes; when !in the bytes are zero-filled
// and nothing is read (the source pointer only has to be valid).
template <int BYTES>
__device__ __forceinline__ void tc_cp_async(float *dst, const float *src, bool in)
{
#ifdef CK_SIMT_EMU
    simt_cp_async(dst, src, BYTES, in ? BYTES : 0);
#else
    if (BYTES == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(tc_smem_addr(dst)),
                     "l"(src), "r"(in ? 16 : 0));
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(tc_smem_addr(dst)),
                     "l"(src), "r"(in ? 4 : 0));
#endif
}
#ifdef CK_SIMT_EMU
__device__ __forceinline__ void tc_cp_commit() {}
template <int N> __device__ __forceinline__ void tc_cp_wait() {}
#else
__device__ __forceinline__ void tc_cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void tc_cp_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
#endif

// One BK-deep slice: A (BM x BK at m0, k0) and B (BK x BN at k0, n0) into
// the stage's shared tiles. VEC: 16-byte copies (needs K and N multiples
// of 4, so a 4-float chunk is wholly inside or outside); otherwise 4-byte.
template <class c, bool VEC>
__device__ __forceinline__ void tc_load_stage(float *As, float *Bs, const float *A,
                                              const float *B, int M, int N, int K,
                                              int m0, int n0, int k0)
{
    const int tid = threadIdx.x;
    if (VEC) {
        // thread tid copies chunk tid % (BK / 4) of rows tid / (BK / 4) + j * RA
        // of A, and chunk tid % (BN / 4) of rows tid / (BN / 4) + j * RB of B:
        // one running pointer each, the rows' offsets a multiply away
        constexpr int RA = c::THREADS * 4 / c::BK, RB = c::THREADS * 4 / c::BN;
        const int ar = tid / (c::BK / 4), aq = tid % (c::BK / 4) * 4;
        const int br = tid / (c::BN / 4), bq = tid % (c::BN / 4) * 4;
        const float *pa = A + (size_t)(m0 + ar) * K + k0 + aq;
        const float *pb = B + (size_t)(k0 + br) * N + n0 + bq;
        const bool ka = k0 + aq < K, nb = n0 + bq < N;
#pragma unroll
        for (int j = 0; j < c::BM / RA; j++) {
            bool in = ka && m0 + ar + j * RA < M;
            tc_cp_async<16>(As + (ar + j * RA) * c::LDA + aq, in ? pa : A, in);
            pa += (size_t)RA * K;
        }
#pragma unroll
        for (int j = 0; j < c::BK / RB; j++) {
            bool in = nb && k0 + br + j * RB < K;
            tc_cp_async<16>(Bs + (br + j * RB) * c::LDB + bq, in ? pb : B, in);
            pb += (size_t)RB * N;
        }
    } else {
        for (int i = tid; i < c::BM * c::BK; i += c::THREADS) {
            int r = i / c::BK, q = i % c::BK;
            bool in = m0 + r < M && k0 + q < K;
            tc_cp_async<4>(As + r * c::LDA + q, in ? A + (size_t)(m0 + r) * K + k0 + q : A, in);
        }
        for (int i = tid; i < c::BK * c::BN; i += c::THREADS) {
            int r = i / c::BN, q = i % c::BN;
            bool in = k0 + r < K && n0 + q < N;
            tc_cp_async<4>(Bs + r * c::LDB + q, in ? B + (size_t)(k0 + r) * N + n0 + q : B, in);
        }
    }
}

// D += A * B for one 16x8x8 piece: a[4] holds the warp's A fragment
// (rows g, g+8; columns t, t+4 for lane = 4g + t), b[2] the B fragment
// (rows t, t+4; column g), d[4] rows g, g+8, columns 2t, 2t+1.
__device__ __forceinline__ void tc_mma(float (&d)[4], const unsigned (&a)[4],
                                       const unsigned (&b)[2])
{
#ifdef CK_SIMT_EMU
    simt_mma_m16n8k8_tf32(d, a, b);
#else
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}

// FP32 bits -> TF32 bits, rounded to nearest (ties away from zero): by
// cvt.rna (ROUND 1), or (ROUND 2) by adding half a TF32 unit in the last
// place to the bits, whose low 13 the Tensor Cores then drop: one integer
// add, the same result for every finite input (an infinity becomes a NaN,
// which cvt.rna would keep); cvt.rna costs more registers (it spilled).
template <int ROUND> __device__ __forceinline__ unsigned tc_to_tf32(unsigned x)
{
    if (ROUND == 2)
        return x + 0x1000u;
#ifdef CK_SIMT_EMU
    return simt_cvt_rna_tf32(__uint_as_float(x));
#else
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(__uint_as_float(x)));
    return r;
#endif
}

// Four 8x4 matrices of 32-bit elements by one ldmatrix (as 8x8 of 16-bit
// pairs): lane l gives the address of row l % 8 of matrix l / 8 and gets,
// of each matrix, row l / 4, element l % 4.
__device__ __forceinline__ void tc_ldmatrix_x4(unsigned (&r)[4], const float *p)
{
#ifdef CK_SIMT_EMU
    simt_ldmatrix_x4(r, p);
#else
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(tc_smem_addr(p)));
#endif
}

// One 8-deep step's fragments, column k of the stage: pa is this lane's
// ldmatrix row of the warp's A (row (l / 8 % 2) * 8 + l % 8 of its first
// 16, column (l / 16) * 4, so the four matrices are rows +0/+8 x columns
// +0/+4), pb its B element (row t, column BV g of the warp's first 8 BV).
template <class c>
__device__ __forceinline__ void tc_load_frags(unsigned (&a)[c::MT][4], unsigned (&b)[c::NT][2],
                                              const float *pa, const float *pb, int k)
{
#pragma unroll
    for (int i = 0; i < c::MT; i++)
        tc_ldmatrix_x4(a[i], pa + i * 16 * c::LDA + k);
    // B: one read of BV floats gives BV mma tiles their element (tc_col)
#pragma unroll
    for (int jj = 0; jj < c::NT / c::BV; jj++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
            const float *p = pb + (k + 4 * h) * c::LDB + jj * 8 * c::BV;
            if (c::BV == 1) {
                b[jj][h] = __float_as_uint(*p);
            } else if (c::BV == 2) {
                float2 v = *reinterpret_cast<const float2 *>(p);
                b[2 * jj][h] = __float_as_uint(v.x), b[2 * jj + 1][h] = __float_as_uint(v.y);
            } else {
                float4 v = *reinterpret_cast<const float4 *>(p);
                b[4 * jj][h] = __float_as_uint(v.x), b[4 * jj + 1][h] = __float_as_uint(v.y);
                b[4 * jj + 2][h] = __float_as_uint(v.z), b[4 * jj + 3][h] = __float_as_uint(v.w);
            }
        }
    if (c::ROUND) {
#pragma unroll
        for (int i = 0; i < c::MT; i++)
#pragma unroll
            for (int e = 0; e < 4; e++)
                a[i][e] = tc_to_tf32<c::ROUND>(a[i][e]);
#pragma unroll
        for (int j = 0; j < c::NT; j++)
            b[j][0] = tc_to_tf32<c::ROUND>(b[j][0]), b[j][1] = tc_to_tf32<c::ROUND>(b[j][1]);
    }
}

// Each warp's accumulators into C: lane 4g + t holds rows g, g + 8 and
// columns 2t, 2t + 1 of each 16x8 mma tile, tile j's columns 8j on (COLS;
// the TMA feed places them otherwise, tw_cols in 07_tf32_mma_tma.cuh).
struct tc_cols {
    __host__ __device__ static int of(int j, int t) { return j * 8 + 2 * t; }
};
template <class c, bool EDGE, class COLS = tc_cols>
__device__ __forceinline__ void tc_store(const float (&acc)[c::MT][c::NT][4],
                                         float *C, int M, int N, int r0, int c0)
{
    const int l = threadIdx.x % 32, g = l / 4, t = l % 4;
#pragma unroll
    for (int i = 0; i < c::MT; i++)
#pragma unroll
        for (int j = 0; j < c::NT; j++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                int r = r0 + i * 16 + g + 8 * h, col = c0 + COLS::of(j, t);
                const float *v = &acc[i][j][2 * h];
                if (!EDGE) {
                    *reinterpret_cast<float2 *>(&C[(size_t)r * N + col]) = make_float2(v[0], v[1]);
                } else if (r < M) {
                    if (col < N) C[(size_t)r * N + col] = v[0];
                    if (col + 1 < N) C[(size_t)r * N + col + 1] = v[1];
                }
            }
}

// The same with B read BV (2 or 4) floats at a time: the mma tiles of a
// group of BV interleave their columns (column n of tile BV jj + r is
// column 8 BV jj + BV n + r of the warp's WN), so that a lane's B elements
// of the group are BV neighbours in shared memory, and its accumulators
// 2 BV neighbours in C (columns 2t, 2t + 1 of each tile of the group are
// 2 BV t .. 2 BV t + 2 BV - 1 of the group): 16-byte stores.
template <class c, bool EDGE>
__device__ __forceinline__ void tc_store_grouped(const float (&acc)[c::MT][c::NT][4],
                                                 float *C, int M, int N, int r0, int c0)
{
    const int l = threadIdx.x % 32, g = l / 4, t = l % 4;
    constexpr int W = 2 * c::BV; // a lane's neighbouring columns in a group
#pragma unroll
    for (int i = 0; i < c::MT; i++)
#pragma unroll
        for (int jj = 0; jj < c::NT / c::BV; jj++)
#pragma unroll
            for (int h = 0; h < 2; h++) {
                int r = r0 + i * 16 + g + 8 * h, col = c0 + jj * 8 * c::BV + W * t;
                float v[W]; // columns col .. col + W - 1
#pragma unroll
                for (int q = 0; q < W; q++)
                    v[q] = acc[i][c::BV * jj + q % c::BV][2 * h + q / c::BV];
                if (!EDGE) {
                    float *p = &C[(size_t)r * N + col];
#pragma unroll
                    for (int q = 0; q < W; q += 4)
                        *reinterpret_cast<float4 *>(p + q) =
                            make_float4(v[q], v[q + 1], v[q + 2], v[q + 3]);
                } else if (r < M) {
#pragma unroll
                    for (int q = 0; q < W; q++)
                        if (col + q < N)
                            C[(size_t)r * N + col + q] = v[q];
                }
            }
}

template <class c, bool VEC, bool EDGE>
__global__ void __launch_bounds__(c::THREADS, c::MIN_BLOCKS)
mm_tf32_mma_kernel(int M, int N, int K,
                   const float *__restrict__ A, // (M, K)
                   const float *__restrict__ B, // (K, N)
                   float *__restrict__ C)       // (M, N)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    __trap(); // the host declines this rung below compute capability 8.0
#else
    CK_DYN_SHARED(float, smem);
    float *As = smem, *Bs = smem + c::STAGES * c::A_STAGE;
    const int warp = threadIdx.x / 32, l = threadIdx.x % 32, g = l / 4, t = l % 4;
    const int wm = warp / (c::BN / c::WN) * c::WM, wn = warp % (c::BN / c::WN) * c::WN;
    int m0, n0; // tiles in groups of 8 tile rows, so neighbours in time share L2 lines
    mm_tile(M, N, c::BM, c::BN, 8, blockIdx.x, &m0, &n0);
    const int kt_n = (K + c::BK - 1) / c::BK;
    // this lane's fragment addresses within a stage (see tc_load_frags)
    const int a_lane = (wm + (l / 8 % 2) * 8 + l % 8) * c::LDA + l / 16 * 4;
    const int b_lane = t * c::LDB + wn + c::BV * g; // see tc_store_grouped

#pragma unroll
    for (int s = 0; s < c::STAGES - 1; s++) {
        if (s < kt_n)
            tc_load_stage<c, VEC>(As + s * c::A_STAGE, Bs + s * c::B_STAGE, A, B, M, N, K,
                                  m0, n0, s * c::BK);
        tc_cp_commit();
    }
    tc_cp_wait<c::STAGES - 2>(); // slice 0 has arrived (for this thread)
    __syncthreads();             // ... for all
    float acc[c::MT][c::NT][4] = {};
    unsigned fa[2][c::MT][4], fb[2][c::NT][2]; // this step's and the next's
    const float *pa = As + a_lane, *pb = Bs + b_lane;
    tc_load_frags<c>(fa[0], fb[0], pa, pb, 0);
    int rs = 0, ws = c::STAGES - 1; // the stage read, the stage written next
    for (int kt = 0; kt < kt_n; kt++) {
#pragma unroll
        for (int ks = 0; ks < c::KS; ks++) {
            if (ks == c::KS - 1) {
                // slice kt + 1 has arrived, and every warp is done reading
                // slice kt - 1 (the stage written next)
                tc_cp_wait<c::STAGES - 2>();
                __syncthreads();
                rs = rs + 1 == c::STAGES ? 0 : rs + 1;
                pa = As + rs * c::A_STAGE + a_lane;
                pb = Bs + rs * c::B_STAGE + b_lane;
            }
            // the next step's fragments: this slice's, or the next slice's first
            if (ks < c::KS - 1 || kt + 1 < kt_n)
                tc_load_frags<c>(fa[(ks + 1) % 2], fb[(ks + 1) % 2], pa, pb,
                                 (ks + 1) % c::KS * 8);
            if (ks == 0) {
                int nk = kt + c::STAGES - 1;
                if (nk < kt_n)
                    tc_load_stage<c, VEC>(As + ws * c::A_STAGE, Bs + ws * c::B_STAGE, A, B,
                                          M, N, K, m0, n0, nk * c::BK);
                tc_cp_commit();
                ws = ws + 1 == c::STAGES ? 0 : ws + 1;
            }
#pragma unroll
            for (int i = 0; i < c::MT; i++)
#pragma unroll
                for (int j = 0; j < c::NT; j++)
                    tc_mma(acc[i][j], fa[ks % 2][i], fb[ks % 2][j]);
        }
    }
    tc_cp_wait<0>();
    if (c::BV == 1)
        tc_store<c, EDGE>(acc, C, M, N, m0 + wm, n0 + wn);
    else
        tc_store_grouped<c, EDGE>(acc, C, M, N, m0 + wm, n0 + wn);
#endif
}

// The rung's kernel, as mm_tf32_mma_with names it (a tuning run passes
// another kernel of the same parameters, 07_tf32_mma_tuning.cuh).
struct tc_main_kernel {
    template <class c, bool VEC, bool EDGE> static constexpr auto get()
    {
        return &mm_tf32_mma_kernel<c, VEC, EDGE>;
    }
};

template <class c, class K, bool VEC, bool EDGE>
static int mm_tf32_mma_launch(const struct mm_args *a, struct ck_err *err)
{
    auto kernel = K::template get<c, VEC, EDGE>();
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int tiles = ((a->M + c::BM - 1) / c::BM) * ((a->N + c::BN - 1) / c::BN);
    CK_LAUNCH(err, kernel, tiles, c::THREADS, c::SMEM, 0, a->M, a->N, a->K, a->A, a->B, a->C);
    return CK_OK;
}

template <class c, class K = tc_main_kernel>
static int mm_tf32_mma_with(const struct mm_args *a, struct ck_err *err)
{
    bool vec = a->K % 4 == 0 && a->N % 4 == 0;
    bool full = a->M % c::BM == 0 && a->N % c::BN == 0;
    if (vec && full)
        return mm_tf32_mma_launch<c, K, true, false>(a, err);
    if (vec)
        return mm_tf32_mma_launch<c, K, true, true>(a, err);
    return mm_tf32_mma_launch<c, K, false, true>(a, err);
}

static int mm_tf32_mma(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_mma_with<tc_cfg>(a, err);
}
#endif
