// Rung 6, Tensor Cores by hand (TF32): the same blocked product, but each
// warp hands 16x8x8 pieces of it to the Tensor Cores with mma.sync instead
// of doing FMAs one by one. Tiles reach shared memory through cp.async (no
// trip through registers) in a three-stage pipeline, A fragments are read
// with ldmatrix (B fragments need single-float reads: ldmatrix moves
// 16-bit pairs and cannot transpose 32-bit data), and the inputs are TF32: the Tensor Cores keep 10 of
// FP32's 23 mantissa bits (truncated here, not rounded), so the result is
// checked against the TF32 tolerance, like cuBLAS's TF32 rung.
//
// Reading guide: tc_cfg names the tile shapes; tc_load_stage() is the
// global->shared copy of one BK-deep slice; the main loop waits for the
// oldest slice, starts the next one, and multiplies; tc_store() writes each
// warp's 64x64 accumulators.
#ifndef MM_06_TF32_MMA_CUH
#define MM_06_TF32_MMA_CUH
#include "mm_kernels.h"

// 128x128 block tile, 32 deep, 4 warps of 64x64 (4x8 mma tiles of 16x8 each,
// 128 accumulators per thread); rows of the shared tiles are padded so that
// fragment reads hit 32 different banks.
template <int BM_, int BN_, int STAGES_, int WM_ = 64, int WN_ = 64, int MINB_ = 0>
struct tc_cfg_t {
    static constexpr int BM = BM_, BN = BN_, BK = 32, STAGES = STAGES_;
    static constexpr int WM = WM_, WN = WN_;
    static constexpr int WARPS = (BM / WM) * (BN / WN);
    static constexpr int THREADS = 32 * WARPS;
    static constexpr int MT = WM / 16, NT = WN / 8; // mma tiles per warp
    static constexpr int LDA = BK + 4;              // As[m][k]
    static constexpr int LDB = BN + 8;              // Bs[k][n]
    static constexpr int A_STAGE = BM * LDA, B_STAGE = BK * LDB; // floats
    static constexpr int SMEM = STAGES * (A_STAGE + B_STAGE) * 4; // bytes
    static constexpr int MIN_BLOCKS = MINB_ ? MINB_ : THREADS == 128 ? 2 : 1;
};
using tc_cfg = tc_cfg_t<128, 128, 3>;

__device__ __forceinline__ unsigned tc_smem_addr(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

// cp.async of BYTES (16 or 4) bytes; when !in the bytes are zero-filled
// and nothing is read (the source pointer only has to be valid).
template <int BYTES>
__device__ __forceinline__ void tc_cp_async(float *dst, const float *src, bool in)
{
    if (BYTES == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(tc_smem_addr(dst)),
                     "l"(src), "r"(in ? 16 : 0));
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(tc_smem_addr(dst)),
                     "l"(src), "r"(in ? 4 : 0));
}
__device__ __forceinline__ void tc_cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void tc_cp_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

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
#pragma unroll
        for (int j = 0; j < c::BM * c::BK / 4 / c::THREADS; j++) {
            int i = tid + j * c::THREADS, r = i / (c::BK / 4), q = i % (c::BK / 4) * 4;
            bool in = m0 + r < M && k0 + q < K;
            tc_cp_async<16>(As + r * c::LDA + q, in ? A + (size_t)(m0 + r) * K + k0 + q : A, in);
        }
#pragma unroll
        for (int j = 0; j < c::BK * c::BN / 4 / c::THREADS; j++) {
            int i = tid + j * c::THREADS, r = i / (c::BN / 4), q = i % (c::BN / 4) * 4;
            bool in = k0 + r < K && n0 + q < N;
            tc_cp_async<16>(Bs + r * c::LDB + q, in ? B + (size_t)(k0 + r) * N + n0 + q : B, in);
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
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// The A fragment of rows r..r+15, columns k..k+7 of As: four 8x4 matrices
// (rows +0/+8, columns +0/+4), one ldmatrix. Lane l gives the address of
// row (l / 8 % 2) * 8 + l % 8 of matrix l / 8.
template <class c>
__device__ __forceinline__ void tc_load_a(unsigned (&a)[4], const float *As, int r, int k)
{
    const int l = threadIdx.x % 32, q = l / 8;
    const float *p = As + (r + (q & 1) * 8 + l % 8) * c::LDA + k + (q >> 1) * 4;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(tc_smem_addr(p)));
}

template <class c, bool EDGE>
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
                int r = r0 + i * 16 + g + 8 * h, col = c0 + j * 8 + 2 * t;
                const float *v = &acc[i][j][2 * h];
                if (!EDGE) {
                    *reinterpret_cast<float2 *>(&C[(size_t)r * N + col]) = make_float2(v[0], v[1]);
                } else if (r < M) {
                    if (col < N) C[(size_t)r * N + col] = v[0];
                    if (col + 1 < N) C[(size_t)r * N + col + 1] = v[1];
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
    extern __shared__ __align__(16) float smem[];
    float *As = smem, *Bs = smem + c::STAGES * c::A_STAGE;
    const int warp = threadIdx.x / 32, l = threadIdx.x % 32, g = l / 4, t = l % 4;
    const int wm = warp / (c::BN / c::WN) * c::WM, wn = warp % (c::BN / c::WN) * c::WN;
    // tiles in groups of 8 tile rows, so neighbours in time share L2 lines
    const int tiles_n = (N + c::BN - 1) / c::BN, tiles_m = (M + c::BM - 1) / c::BM;
    const int per_group = 8 * tiles_n, first = blockIdx.x / per_group * 8;
    const int gsize = min(tiles_m - first, 8);
    const int m0 = (first + blockIdx.x % per_group % gsize) * c::BM;
    const int n0 = blockIdx.x % per_group / gsize * c::BN;
    const int kt_n = (K + c::BK - 1) / c::BK;

#pragma unroll
    for (int s = 0; s < c::STAGES - 1; s++) {
        if (s < kt_n)
            tc_load_stage<c, VEC>(As + s * c::A_STAGE, Bs + s * c::B_STAGE, A, B, M, N, K,
                               m0, n0, s * c::BK);
        tc_cp_commit();
    }
    float acc[c::MT][c::NT][4] = {};
    for (int kt = 0; kt < kt_n; kt++) {
        tc_cp_wait<c::STAGES - 2>(); // slice kt has arrived (for this thread)
        __syncthreads();             // ... for all, and slice kt-1 is done with
        int nk = kt + c::STAGES - 1;
        if (nk < kt_n)
            tc_load_stage<c, VEC>(As + nk % c::STAGES * c::A_STAGE, Bs + nk % c::STAGES * c::B_STAGE,
                               A, B, M, N, K, m0, n0, nk * c::BK);
        tc_cp_commit();
        const float *as = As + kt % c::STAGES * c::A_STAGE;
        const float *bs = Bs + kt % c::STAGES * c::B_STAGE;
#pragma unroll
        for (int k = 0; k < c::BK; k += 8) {
            unsigned a[c::MT][4], b[c::NT][2];
#pragma unroll
            for (int i = 0; i < c::MT; i++)
                tc_load_a<c>(a[i], as, wm + i * 16, k);
#pragma unroll
            for (int j = 0; j < c::NT; j++) {
                b[j][0] = __float_as_uint(bs[(k + t) * c::LDB + wn + j * 8 + g]);
                b[j][1] = __float_as_uint(bs[(k + t + 4) * c::LDB + wn + j * 8 + g]);
            }
#pragma unroll
            for (int i = 0; i < c::MT; i++)
#pragma unroll
                for (int j = 0; j < c::NT; j++)
                    tc_mma(acc[i][j], a[i], b[j]);
        }
    }
    tc_cp_wait<0>();
    tc_store<c, EDGE>(acc, C, M, N, m0 + wm, n0 + wn);
#endif
}

template <class c, bool VEC, bool EDGE>
static int mm_tf32_mma_launch(const struct mm_args *a, struct ck_err *err)
{
    auto kernel = mm_tf32_mma_kernel<c, VEC, EDGE>;
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int tiles = ((a->M + c::BM - 1) / c::BM) * ((a->N + c::BN - 1) / c::BN);
    CK_LAUNCH(err, kernel, tiles, c::THREADS, c::SMEM, 0, a->M, a->N, a->K, a->A, a->B, a->C);
    return CK_OK;
}

template <class c>
static int mm_tf32_mma_with(const struct mm_args *a, struct ck_err *err)
{
    bool vec = a->K % 4 == 0 && a->N % 4 == 0;
    bool full = a->M % c::BM == 0 && a->N % c::BN == 0;
    if (vec && full)
        return mm_tf32_mma_launch<c, true, false>(a, err);
    if (vec)
        return mm_tf32_mma_launch<c, true, true>(a, err);
    return mm_tf32_mma_launch<c, false, true>(a, err);
}

static int mm_tf32_mma(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_mma_with<tc_cfg>(a, err);
}
#endif
