// Rung 7 on Hopper: the same mma.sync product as 07_tf32_mma.cuh, but the
// warps that feed the Tensor Cores no longer copy. A producer warpgroup,
// of which one thread works, hands the Tensor Memory Accelerator (TMA)
// each 32-deep slice of A (128 rows) and B (256 columns); the TMA writes it
// into a ring of shared-memory stages, swizzled, and counts its bytes on
// the stage's "full" mbarrier. The eight consumer warps wait on that
// barrier instead of on the whole block, read their fragments (ldmatrix
// for A, single-float reads for B, double-buffered in registers as in the
// cp.async rung) and, once a stage's last fragments have fed an mma,
// arrive on its "empty" barrier so that the producer refills it. In the K
// loop no consumer thread computes a copy address or meets __syncthreads, and
// setmaxnreg hands the producer's registers to the consumers' 128
// accumulators.
//
// The 128-byte swizzle places 16-byte chunk c of a 128-byte row r at chunk
// c ^ (r % 8). For A (rows along K) the eight rows an ldmatrix reads then
// hit eight different chunks. For B (rows along K too, one TMA box per 32
// columns) lanes t and t + 1, which read neighbouring rows, would share a
// chunk; so each 8-column mma tile takes columns 4j'..4j'+3 and
// 16+4j'..16+4j'+3 of its box (j' = its place among the box's four): the
// 32 lanes of a read hit 32 banks, and a lane's two output columns stay
// neighbours (tw_col).
//
// Reading guide: tw_cfg names the tile and the stages; tw_frags() reads
// one 8-deep step's fragments from a stage; in mm_tf32_tma_kernel the
// producer's thread loops over K issuing TMA copies, the consumers loop
// over the ring (unrolled by stage, so every shared-memory address is a
// register plus a constant) waiting, reading and arriving; tc_store()
// writes the accumulators to the columns tw_col() gives. The mbarrier and
// TMA helpers are mm_tma.cuh's.
//
// sm_90a only (setmaxnreg; the TMA is sm_90's): compiled in mm_sm90a.cu.
// Where K or N is not a multiple of 4 or an input is not 16-byte aligned
// (the TMA's strides and addresses) the cp.async kernel runs instead.
#ifndef MM_07_TF32_MMA_TMA_CUH
#define MM_07_TF32_MMA_TMA_CUH
#include "07_tf32_mma.cuh"
#include "mm_tma.cuh"

// 128 x 256 block tile, 32 deep, eight consumer warps of 64 x 64 (2 x 4,
// 4 x 8 mma tiles each: 128 accumulators a thread) and a producer
// warpgroup; STAGES stages of 48 KiB.
template <int STAGES_> struct tw_cfg_t {
    static constexpr int BM = 128, BN = 256, BK = 32, STAGES = STAGES_;
    static constexpr int WM = 64, WN = 64, CONSUMERS = 8;
    // setmaxnreg moves registers a warpgroup at a time: 24 left to each
    // producer thread, 240 to each consumer thread (64512 in all, what 384
    // threads launched at 168 hold)
    static constexpr int THREADS = 32 * (CONSUMERS + 4);
    static constexpr int PRODUCER_REGS = 24, CONSUMER_REGS = 240;
    static constexpr int MT = WM / 16, NT = WN / 8, KS = BK / 8;
    static constexpr int A_BYTES = BM * BK * 4, B_BYTES = BK * BN * 4;
    static constexpr int B_BOX = BK * 32 * 4; // one TMA box of B: 32 rows of K, 32 columns
    static constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    static constexpr int SMEM = STAGES * STAGE_BYTES + 2 * STAGES * 8 + 1024;
};
// four stages (NOTES.md has the three-stage ring beside it)
using tw_cfg = tw_cfg_t<4>;

// Where lane l of the consumer warp at (wm, wn) of the tile reads, in bytes
// from the start of a stage's A or B (tests/emu/tf32_tma_emu.cc checks
// these against the mma.sync fragment layouts and the 32 banks):
// its ldmatrix row for 8-deep step ks of its first 16-row mma tile (row
// (l / 8 % 2) * 8 + l % 8, chunk 2 ks + l / 16: the same four 8 x 4
// matrices as the cp.async rung's); the next tiles are 16 rows (2048
// bytes) on, which leaves the swizzle as it is
__host__ __device__ __forceinline__ int tw_a_off(int l, int wm, int ks)
{
    int row = wm + (l / 8 % 2) * 8 + l % 8;
    return (int)tma_swizzle_128b((uint32_t)(row * 128 + (2 * ks + l / 16) * 16));
}
// its B element (row t + 4h of step 0, column 4j' + g % 4 + 16 (g / 4)
// of its first box) for mma tile j' of a box; the step's rows are 8 k
// (1024 bytes) on, the next box B_BOX on
__host__ __device__ __forceinline__ int tw_b_off(int l, int wn, int jp, int h, int box_bytes)
{
    int g = l / 4, t = l % 4, col = 4 * jp + g % 4 + 16 * (g / 4);
    return wn / 32 * box_bytes + (int)tma_swizzle_128b((uint32_t)((t + 4 * h) * 128 + col * 4));
}
// the first of the two neighbouring output columns lane t holds of mma
// tile j (0 .. 7) of its warp: the B columns above, as C's
__host__ __device__ __forceinline__ int tw_col(int j, int t)
{
    return 32 * (j / 4) + 4 * (j % 4) + 2 * (t % 2) + 16 * (t / 2);
}
struct tw_cols { // for tc_store (07_tf32_mma.cuh)
    __host__ __device__ static int of(int j, int t) { return tw_col(j, t); }
};

#ifndef CK_SIMT_EMU
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// One 8-deep step's fragments from a stage (generic pointers into shared
// memory; a_off and b_off as tw_a_off and tw_b_off give them).
template <class c, int KS_>
__device__ __forceinline__ void tw_frags(unsigned (&a)[c::MT][4], unsigned (&b)[c::NT][2],
                                         const unsigned char *As, const unsigned char *Bs,
                                         const int (&a_off)[c::KS], const int (&b_off)[4][2])
{
#pragma unroll
    for (int i = 0; i < c::MT; i++)
        tc_ldmatrix_x4(a[i], (const float *)(As + a_off[KS_] + i * 16 * 128));
#pragma unroll
    for (int j = 0; j < c::NT; j++)
#pragma unroll
        for (int h = 0; h < 2; h++)
            b[j][h] = *(const unsigned *)(Bs + (j / 4) * c::B_BOX + KS_ * 8 * 128 +
                                          b_off[j % 4][h]);
}
#endif

template <class c, bool EDGE>
__global__ void __launch_bounds__(c::THREADS, 1)
mm_tf32_tma_kernel(const __grid_constant__ CUtensorMap tmA, // A (M, K), boxes 128 x 32
                   const __grid_constant__ CUtensorMap tmB, // B (K, N), boxes 32 x 32
                   float *__restrict__ C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ __align__(16) unsigned char tw_raw[];
    const uint32_t raw = tma_smem_u32(tw_raw), pad = (1024 - (raw & 1023)) & 1023;
    unsigned char *ring = tw_raw + pad; // 1024-byte aligned: the swizzle's rows
    const uint32_t ring_u = raw + pad;
    const uint32_t bars = ring_u + c::STAGES * c::STAGE_BYTES; // full[s], then empty[s]
    const int warp = threadIdx.x / 32, l = threadIdx.x % 32;
    int m0, n0; // tiles in groups of 8 tile rows (mm_kernels.h)
    mm_tile(M, N, c::BM, c::BN, 8, blockIdx.x, &m0, &n0);
    const int kt_n = (K + c::BK - 1) / c::BK;

    tma_ring_init(bars, c::STAGES, c::CONSUMERS); // one arrival per consumer warp

    if (warp < 4) { // the producer warpgroup: one thread feeds the ring
        asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(c::PRODUCER_REGS));
        if (threadIdx.x == 0) {
            tma_prefetch_maps(&tmA, &tmB);
            tma_ring_produce<c::STAGES, c::STAGE_BYTES>(
                ring_u, bars, 0, kt_n, [&](uint32_t a, uint32_t full, int kt) {
                    tma_load_2d(a, &tmA, full, kt * c::BK, m0); // A, then B's boxes
#pragma unroll
                    for (int q = 0; q < c::BN / 32; q++)
                        tma_load_2d(a + c::A_BYTES + q * c::B_BOX, &tmB, full, n0 + 32 * q,
                                    kt * c::BK);
                });
        }
        return;
    }

    // consumer warp w: rows wm .. wm + 63, columns wn .. wn + 63 of the tile
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(c::CONSUMER_REGS));
    const int w = warp - 4, wm = w / 4 * c::WM, wn = w % 4 * c::WN;
    int a_off[c::KS], b_off[4][2];
#pragma unroll
    for (int ks = 0; ks < c::KS; ks++)
        a_off[ks] = tw_a_off(l, wm, ks);
#pragma unroll
    for (int jp = 0; jp < 4; jp++)
#pragma unroll
        for (int h = 0; h < 2; h++)
            b_off[jp][h] = tw_b_off(l, wn, jp, h, c::B_BOX);
    float acc[c::MT][c::NT][4] = {};
    unsigned fa[2][c::MT][4], fb[2][c::NT][2]; // this step's and the next's
    tma_bar_wait(bars, 0);
    tw_frags<c, 0>(fa[0], fb[0], ring, ring + c::A_BYTES, a_off, b_off);
    for (int kt0 = 0; kt0 < kt_n; kt0 += c::STAGES) {
        const uint32_t ph = (uint32_t)(kt0 / c::STAGES) & 1;
        // unrolled by stage: s, and so every stage address, is a constant
#pragma unroll
        for (int s = 0; s < c::STAGES; s++) {
            const int kt = kt0 + s;
            if (kt >= kt_n)
                break;
            const unsigned char *As = ring + s * c::STAGE_BYTES, *Bs = As + c::A_BYTES;
            const int sn = s + 1 == c::STAGES ? 0 : s + 1; // the next slice's stage
            const unsigned char *An = ring + sn * c::STAGE_BYTES, *Bn = An + c::A_BYTES;
            // the stage before is read (its last fragments fed mmas already
            // issued, so their loads are done): one arrival per warp frees it
            if (kt > 0) {
                __syncwarp();
                if (l == 0)
                    tma_bar_arrive(bars + 8 * (c::STAGES + (s == 0 ? c::STAGES - 1 : s - 1)));
            }
            // step KS_: the next step's fragments (this stage's, or the next
            // slice's first once its stage has landed), then this step's mmas
#define TW_STEP(KS_)                                                                     \
    do {                                                                                 \
        if (KS_ + 1 < c::KS) {                                                           \
            tw_frags<c, (KS_ + 1) % c::KS>(fa[(KS_ + 1) % 2], fb[(KS_ + 1) % 2], As, Bs, \
                                           a_off, b_off);                                \
        } else if (kt + 1 < kt_n) {                                                      \
            tma_bar_wait(bars + 8 * sn, sn == 0 ? ph ^ 1 : ph);                          \
            tw_frags<c, 0>(fa[0], fb[0], An, Bn, a_off, b_off);                          \
        }                                                                                \
        _Pragma("unroll") for (int i = 0; i < c::MT; i++)                                \
            _Pragma("unroll") for (int j = 0; j < c::NT; j++)                            \
                tc_mma(acc[i][j], fa[KS_ % 2][i], fb[KS_ % 2][j]);                       \
    } while (0)
            static_assert(c::KS == 4, "TW_STEP is spelled out for four steps a slice");
            TW_STEP(0);
            TW_STEP(1);
            TW_STEP(2);
            TW_STEP(3);
#undef TW_STEP
        }
    }
    tc_store<c, EDGE, tw_cols>(acc, C, M, N, m0 + wm, n0 + wn);
#else
    __trap(); // the host runs the cp.async kernel unless built for sm_90a on an sm_90 GPU
#endif
}

template <class c, bool EDGE>
static int mm_tf32_tma_launch(const struct mm_args *a, struct ck_err *err)
{
    CUtensorMap ta, tb; // A in boxes of 128 rows x 32 k, B of 32 k x 32 columns
    int rc = tma_map_2d(&ta, a->A, a->M, a->K, a->K, c::BM, err);
    if (rc == CK_OK)
        rc = tma_map_2d(&tb, a->B, a->K, a->N, a->N, c::BK, err);
    if (rc != CK_OK)
        return rc;
    auto kernel = mm_tf32_tma_kernel<c, EDGE>;
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int tiles = ((a->M + c::BM - 1) / c::BM) * ((a->N + c::BN - 1) / c::BN);
    CK_LAUNCH(err, kernel, tiles, c::THREADS, c::SMEM, 0, ta, tb, a->C, a->M, a->N, a->K);
    return CK_OK;
}

// The TMA feed where it applies (an sm_90 GPU, a build for sm_90a, K > 0,
// K and N multiples of 4, 16-byte aligned inputs: the TMA's strides and
// addresses); the cp.async kernel otherwise.
template <class c> static int mm_tf32_tma_with(const struct mm_args *a, struct ck_err *err)
{
#if defined(MM_SM90A) && MM_SM90A
    if (a->cc == 90 && a->K > 0 && a->K % 4 == 0 && a->N % 4 == 0 && (uintptr_t)a->A % 16 == 0 &&
        (uintptr_t)a->B % 16 == 0) {
        if (a->M % c::BM == 0 && a->N % c::BN == 0)
            return mm_tf32_tma_launch<c, false>(a, err);
        return mm_tf32_tma_launch<c, true>(a, err);
    }
#endif
    return mm_tf32_mma(a, err);
}
#endif // CK_SIMT_EMU
#endif
