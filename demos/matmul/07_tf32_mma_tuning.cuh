// 07_tf32_mma_tuning.cuh: the tuning scaffolding of rung 7 (07_tf32_mma.cuh),
// kept out of the learner's file: the CK_MM_TF32_CFG switch that runs the
// tf32-mma rung with another configuration for a tuning run
// (demos/scripts/tf32_tune.sh), so one process times each beside cuBLAS.
// The demo without it runs mm_tf32_mma_rung(): the TMA feed (tw_cfg,
// 07_tf32_mma_tma.cuh) on sm_90, the cp.async kernel (tc_cfg) elsewhere.
//
//   CK_MM_TF32_CFG  0 or unset: the rung as the demo runs it;
//                   1..MM_TF32_NTUNE: mm_tf32_tune_cfgs[CK_MM_TF32_CFG - 1]
//                   below (read in mm_gpu_open, mm_gpu.cu, which refuses
//                   any other value: matmul exits 2, naming it).
#ifndef MM_07_TF32_MMA_TUNING_CUH
#define MM_07_TF32_MMA_TUNING_CUH
#include "07_tf32_mma.cuh"

// The rung before register double buffering, for comparison: one barrier at
// the top of each slice, then all of a step's fragments, then its mmas.
template <class c, bool VEC, bool EDGE>
__global__ void __launch_bounds__(c::THREADS, c::MIN_BLOCKS)
mm_tf32_mma_v0_kernel(int M, int N, int K, const float *__restrict__ A,
                      const float *__restrict__ B, float *__restrict__ C)
{
    static_assert(c::BV == 1, "tc_store: B read one float at a time");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    __trap();
#else
    CK_DYN_SHARED(float, smem);
    float *As = smem, *Bs = smem + c::STAGES * c::A_STAGE;
    const int warp = threadIdx.x / 32, l = threadIdx.x % 32, g = l / 4, t = l % 4;
    const int wm = warp / (c::BN / c::WN) * c::WM, wn = warp % (c::BN / c::WN) * c::WN;
    int m0, n0;
    mm_tile(M, N, c::BM, c::BN, 8, blockIdx.x, &m0, &n0);
    const int kt_n = (K + c::BK - 1) / c::BK;
    const int a_lane = (wm + (l / 8 % 2) * 8 + l % 8) * c::LDA + l / 16 * 4;
    const int b_lane = t * c::LDB + wn + c::BV * g;
#pragma unroll
    for (int s = 0; s < c::STAGES - 1; s++) {
        if (s < kt_n)
            tc_load_stage<c, VEC>(As + s * c::A_STAGE, Bs + s * c::B_STAGE, A, B, M, N, K,
                                  m0, n0, s * c::BK);
        tc_cp_commit();
    }
    float acc[c::MT][c::NT][4] = {};
    for (int kt = 0; kt < kt_n; kt++) {
        tc_cp_wait<c::STAGES - 2>();
        __syncthreads();
        int nk = kt + c::STAGES - 1;
        if (nk < kt_n)
            tc_load_stage<c, VEC>(As + nk % c::STAGES * c::A_STAGE,
                                  Bs + nk % c::STAGES * c::B_STAGE, A, B, M, N, K, m0, n0,
                                  nk * c::BK);
        tc_cp_commit();
        const float *pa = As + kt % c::STAGES * c::A_STAGE + a_lane;
        const float *pb = Bs + kt % c::STAGES * c::B_STAGE + b_lane;
#pragma unroll
        for (int k = 0; k < c::BK; k += 8) {
            unsigned a[c::MT][4], b[c::NT][2];
            tc_load_frags<c>(a, b, pa, pb, k);
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

// The first version's kernel, for mm_tf32_mma_with (07_tf32_mma.cuh).
struct tc_v0_kernel {
    template <class c, bool VEC, bool EDGE> static constexpr auto get()
    {
        return &mm_tf32_mma_v0_kernel<c, VEC, EDGE>;
    }
};

// The configurations a tuning run can force; the name says the feed,
// block, warp tile, stages, BK, rounding (cut: the Tensor Cores' own). The
// rung as the demo runs it (CK_MM_TF32_CFG 0) is on sm_90 the TMA feed,
// 128x256 w64x64 s4 k32 cut (62-64% of cuBLAS TF32 at 4096^3 on the H200;
// the cp.async kernel 57-62% and the feed with three stages 62-64% beside
// it, NOTES.md), elsewhere the cp.async kernel 128x256 w64x64 s3 k32 cut.
// % of cuBLAS TF32 at 4096^3 on the H200 (NOTES.md, median of 3 runs)
// after the cp.async ones. The other
// shapes, roundings (cvt.rna, an integer add), stage counts and B reads
// measured against it (NOTES.md has each one's number, all below the
// rung's own) were taken out of this table once measured: each kept
// configuration is a kernel of its own, compiled into every build of the
// demo. tc_cfg_t still takes every one of those parameters.
#ifndef CK_SIMT_EMU
// the rung as the ladder runs it (mm_gpu.cu), and its TMA feed with three
// stages (07_tf32_mma_tma.cuh, in mm_sm90a.cu)
int mm_tf32_mma_rung(const struct mm_args *a, struct ck_err *err);
int mm_tf32_tma_s3(const struct mm_args *a, struct ck_err *err);
#else
// the emulation has no TMA: there the rung is its cp.async kernel
static int mm_tf32_mma_rung(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_mma(a, err);
}
#endif
typedef int (*mm_tf32_launcher)(const struct mm_args *a, struct ck_err *err);
struct mm_tf32_tune_cfg {
    const char *name;
    mm_tf32_launcher fn;
    int round; // the configuration's ROUND, 2 (the cut) for 0 (tests/emu)
};
static const struct mm_tf32_tune_cfg mm_tf32_tune_cfgs[] = {
    {"v0 128x128 w64x64 s3 k32 cut (no fragment double buffer)", // 47.3
     mm_tf32_mma_with<tc_cfg_t<128, 128, 3, 64, 64, 0>, tc_v0_kernel>, 2},
    {"128x128 w64x64 s3 k32 cut", mm_tf32_mma_with<tc_cfg_t<128, 128, 3, 64, 64, 0>>, 2}, // 56.1
#ifndef CK_SIMT_EMU // the emulation runs the cp.async kernel as the rung
    {"cp.async 128x256 w64x64 s3 k32 cut (the rung off sm_90)", mm_tf32_mma, 2},
    {"TMA 128x256 w64x64 s3 k32 cut, producer warpgroup", mm_tf32_tma_s3, 2},
#endif
};
#define MM_TF32_NTUNE ((int)(sizeof mm_tf32_tune_cfgs / sizeof mm_tf32_tune_cfgs[0]))

static int mm_tf32_tune(const struct mm_args *a, int cfg, struct ck_err *err)
{
    return cfg >= 1 && cfg <= MM_TF32_NTUNE ? mm_tf32_tune_cfgs[cfg - 1].fn(a, err)
                                            : mm_tf32_mma_rung(a, err);
}

#endif
