/* mm_ladder.h: THE matmul ladder, the one place a rung is added, renamed or
 * reordered: a row here, its header (NN_<id>.cuh) and its traffic model
 * (MM_TRAFFIC_<ENUM> in mm_traffic.h, which the build asks for) are all a
 * rung needs.
 * Plain C with no CUDA, so the C host, the CUDA side, the CPU emulation,
 * the tutorial (src/core/quiz_measure.c, results_text.c, the tiling view) and
 * the tests all read it. The columns are every ladder's
 * (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *
 * here: ENUM is MM_<ENUM> in enum mm_rung; fn, for a hand rung, its
 * launcher in NN_*.cuh (the rungs that need sm90a: in mm_sm90a.cu, which
 * alone is compiled for sm_90a), for a library rung its call in mm_gpu.cu,
 * for a cpu rung its function in cpu_mm.c; cap, for a cpu rung, the largest
 * size per dimension it runs at. */
#ifndef MM_LADDER_H
#define MM_LADDER_H
#include "../common/ladder_row.h"

// the rows are aligned by hand:
// clang-format off
#define MM_LADDER(X)                                                          \
    X(NAIVE, "naive", next, hand, "naive, uncoalesced",                       \
      "one thread per output; a warp's threads walk down a column of C, so "  \
      "every load and store is its own transaction",                          \
      mm_naive, CK_TOL_FP32, 0,                                               \
      fp32, 0, any, "朴素，未合并访存")                                       \
    X(COALESCED, "coalesced", next, hand, "naive, coalesced",                 \
      "the same, but a warp's threads take neighbouring columns: one "        \
      "128-byte load serves 32 threads",                                      \
      mm_coalesced, CK_TOL_FP32, 0,                                           \
      fp32, 0, any, "朴素，合并访存")                                         \
    X(SMEM_TILED, "smem-tiled", next, hand, "shared-memory tiles",            \
      "a block stages 32x32 tiles of A and B in shared memory and reuses "    \
      "each element 32 times",                                                \
      mm_smem_tiled, CK_TOL_FP32, 0,                                          \
      fp32, 0, any, "共享内存分块")                                           \
    X(REGBLOCK, "regblock", next, hand, "register blocking",                  \
      "each thread computes a 4x4 micro-tile, so each shared-memory read "    \
      "feeds 4 FMAs from registers",                                          \
      mm_regblock, CK_TOL_FP32, 0,                                            \
      fp32, 0, any, "寄存器分块")                                             \
    X(BEST, "best", next, hand, "library-style",                              \
      "warp tiles, 8x8 per thread, float4 loads, double buffering; block "    \
      "tile and K split picked per size so every SM has work",                \
      mm_best, CK_TOL_FP32, 0,                                                \
      fp32, 0, any, "库式写法")                                               \
    X(CUBLAS, "cublas", next, library, "cuBLAS SGEMM (FP32)",                 \
      "the vendor library in pure FP32 (CUBLAS_DEFAULT_MATH): the baseline "  \
      "for % of library",                                                     \
      mm_cublas_fp32, CK_TOL_FP32, 0,                                         \
      fp32, 0, any, "")                                                       \
    X(TF32_MMA, "tf32-mma", next, hand, "Tensor Cores by hand (TF32)",        \
      "each warp hands 16x8x8 pieces to the Tensor Cores (mma.sync) on "      \
      "inputs cut to TF32; the TMA (sm_90) or cp.async stages the tiles: "    \
      "another precision",                                                    \
      mm_tf32_mma_rung, CK_TOL_TF32, 0,                                       \
      tf32, 1, sm80, "手写张量核心 (TF32)")                                   \
    X(WGMMA_TMA, "wgmma-tma", next, hand, "Hopper wgmma + TMA (TF32)",        \
      "the TMA copies whole tiles while warpgroups hand 64x256x8 pieces to "  \
      "the Tensor Cores straight from shared memory (wgmma): sm_90 only",     \
      mm_wgmma_tma, CK_TOL_TF32, 0,                                           \
      tf32, 1, sm90a, "Hopper wgmma + TMA 张量核心 (TF32)")                   \
    X(CUBLAS_TF32, "cublas-tf32", next, library, "cuBLAS TF32 Tensor Cores",  \
      "cuBLAS with CUBLAS_TF32_TENSOR_OP_MATH: Tensor Cores on inputs "       \
      "rounded to 10 mantissa bits, faster and less exact",                   \
      mm_cublas_tf32, CK_TOL_TF32, 0,                                         \
      tf32, 0, any, "cuBLAS TF32 张量核心")                                   \
    X(WGMMA_FP16, "wgmma-fp16", next, hand, "Hopper wgmma + TMA (FP16)",      \
      "the wgmma rung on FP16 inputs: 64x256x16 pieces, B read as it lies "   \
      "(no transpose first), twice the Tensor Core rate of TF32",             \
      mm_wgmma_fp16, CK_TOL_FP16, 0,                                          \
      fp16, 1, sm90a, "Hopper wgmma + TMA 张量核心 (FP16)")                   \
    X(CUBLAS_FP16, "cublas-fp16", next, library, "cuBLAS FP16 in, FP32 sums", \
      "cublasGemmEx on inputs stored as FP16 (11 significant bits), "         \
      "accumulated in FP32: half the bytes, another precision",               \
      mm_cublas_fp16, CK_TOL_FP16, 0,                                         \
      fp16, 0, any, "cuBLAS FP16 输入，FP32 累加")                            \
    X(WGMMA_BF16, "wgmma-bf16", next, hand, "Hopper wgmma + TMA (BF16)",      \
      "the same wgmma kernel on BF16 inputs: FP32's range, 8 significant "    \
      "bits",                                                                 \
      mm_wgmma_bf16, CK_TOL_BF16, 0,                                          \
      bf16, 1, sm90a, "Hopper wgmma + TMA 张量核心 (BF16)")                   \
    X(CUBLAS_BF16, "cublas-bf16", next, library, "cuBLAS BF16 in, FP32 sums", \
      "cublasGemmEx on BF16 inputs: FP32's range but 8 significant bits, "    \
      "accumulated in FP32: another precision",                               \
      mm_cublas_bf16, CK_TOL_BF16, 0,                                         \
      bf16, 0, sm80, "cuBLAS BF16 输入，FP32 累加")                           \
    X(CPU_NAIVE, "cpu-naive", next, cpu, "CPU naive, 1 thread",               \
      "the textbook triple loop on one CPU core",                             \
      cpu_mm_naive, CK_TOL_FP32, 512,                                         \
      fp32, 0, any, "CPU 朴素，单线程")                                       \
    X(CPU_BLOCKED, "cpu-blocked", next, cpu, "CPU blocked, all cores",        \
      "cache-sized tiles of B, rows of C split over every host core",         \
      cpu_mm_blocked, CK_TOL_FP32, 2048,                                      \
      fp32, 0, any, "CPU 分块，全部核心")
// clang-format on

/* MM_<ENUM>, the row's index, and MM_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P MM
enum mm_rung { MM_LADDER(CK_LADDER_INDEX) MM_NRUNGS };
enum mm_rung_number { CK_LADDER_NUMBERS(MM_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: MM_LADDER(MM_RUNG_ROW). */
#define MM_RUNG_ROW(e, ...) CK_RUNG_ROW_N(MM_NUMBER_##e, e, __VA_ARGS__)

/* A rung's id, for code that names one rung (the tutorial's tiling view). */
static inline const char *mm_rung_id(enum mm_rung r)
{
#define MM_ID_(e, id, ...) id,
    static const char *const ids[] = {MM_LADDER(MM_ID_)};
#undef MM_ID_
    return (unsigned)r < MM_NRUNGS ? ids[r] : "";
}

/* What rung r multiplies in: its prec column ("fp32", "tf32", "fp16",
 * "bf16"; the records' precision: the tutorial compares only FP32 rungs
 * as "best" and "library"). */
static inline const char *mm_rung_precision(enum mm_rung r)
{
#define MM_PREC_(e, id, step, kind, label, idea, fn, tol, cap, prec, ...) #prec,
    static const char *const p[] = {MM_LADDER(MM_PREC_)};
#undef MM_PREC_
    return (unsigned)r < MM_NRUNGS ? p[r] : "fp32";
}

/* 1: rung r is hand-written Tensor Core code (its tc column). */
static inline int mm_rung_tc(enum mm_rung r)
{
#define MM_TC_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, ...) tc,
    static const int tc[] = {MM_LADDER(MM_TC_)};
#undef MM_TC_
    return (unsigned)r < MM_NRUNGS ? tc[r] : 0;
}

/* What rung r needs of the GPU (its needs column): CK_NEEDS_any (0),
 * CK_NEEDS_sm80 or CK_NEEDS_sm90a (ladder_row.h). */
static inline int mm_rung_needs(enum mm_rung r)
{
#define MM_NEEDS_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, ...) \
    CK_NEEDS_##needs,
    static const int n[] = {MM_LADDER(MM_NEEDS_)};
#undef MM_NEEDS_
    return (unsigned)r < MM_NRUNGS ? n[r] : 0;
}

#endif
