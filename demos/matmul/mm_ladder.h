/* mm_ladder.h: THE matmul ladder, the one place a rung is added, renamed or
 * reordered. Plain C with no CUDA, so the C host, the CUDA side, the
 * tutorial (src/core/quiz_measure.c, the tiling view) and the tests all read it.
 *
 *   X(ENUM, id, rung, kind, label, idea, fn, tol, cap)
 *     ENUM   MM_<ENUM> in enum mm_rung (the row's index)
 *     id     the variant id: --variants, --list, the result lines
 *     rung   its number on the ladder (rows are in rung order)
 *     kind   hand | library | cpu (a bare word: it also picks code)
 *     label  the short name shown in tables
 *     idea   one line: what this rung does differently
 *     fn     hand: its launcher in NN_*.cuh (mm_sm90a.cu for the rungs
 *            with sm_90a code: wgmma-tma, tf32-mma); library: its call in
 *            mm_gpu.cu; cpu: its function in cpu_mm.c
 *     tol    the relative-error tolerance (check.h)
 *     cap    cpu: the largest size per dimension it runs at; else 0
 * Each use defines X, expands MM_LADDER(X) and undefines X. Keep ENUM, id, rung
 * and kind on the X( line: tests/e2e/ladder_lib.bash reads them there. */
#ifndef MM_LADDER_H
#define MM_LADDER_H

#define MM_LADDER(X)                                                           \
    X(NAIVE, "naive", 1, hand, "naive, uncoalesced",                           \
      "one thread per output; a warp's threads walk down a column of C, so "   \
      "every load and store is its own transaction",                           \
      mm_naive, CK_TOL_FP32, 0)                                                \
    X(COALESCED, "coalesced", 2, hand, "naive, coalesced",                     \
      "the same, but a warp's threads take neighbouring columns: one "         \
      "128-byte load serves 32 threads",                                       \
      mm_coalesced, CK_TOL_FP32, 0)                                            \
    X(SMEM_TILED, "smem-tiled", 3, hand, "shared-memory tiles",                \
      "a block stages 32x32 tiles of A and B in shared memory and reuses "     \
      "each element 32 times",                                                 \
      mm_smem_tiled, CK_TOL_FP32, 0)                                           \
    X(REGBLOCK, "regblock", 4, hand, "register blocking",                      \
      "each thread computes a 4x4 micro-tile, so each shared-memory read "     \
      "feeds 4 FMAs from registers",                                           \
      mm_regblock, CK_TOL_FP32, 0)                                             \
    X(BEST, "best", 5, hand, "library-style",                                  \
      "warp tiles, 8x8 per thread, float4 loads, double buffering; block "     \
      "tile and K split picked per size so every SM has work",                 \
      mm_best, CK_TOL_FP32, 0)                                                 \
    X(CUBLAS, "cublas", 6, library, "cuBLAS SGEMM (FP32)",                     \
      "the vendor library in pure FP32 (CUBLAS_DEFAULT_MATH): the baseline "   \
      "for % of library",                                                      \
      mm_cublas_fp32, CK_TOL_FP32, 0)                                          \
    X(TF32_MMA, "tf32-mma", 7, hand, "Tensor Cores by hand (TF32)",            \
      "each warp hands 16x8x8 pieces to the Tensor Cores (mma.sync) on "       \
      "inputs cut to TF32; the TMA (sm_90) or cp.async stages the tiles: "     \
      "another precision",                                                     \
      mm_tf32_mma_rung, CK_TOL_TF32, 0)                                        \
    X(WGMMA_TMA, "wgmma-tma", 8, hand, "Hopper wgmma + TMA (TF32)",            \
      "the TMA copies whole tiles while warpgroups hand 64x256x8 pieces to "   \
      "the Tensor Cores straight from shared memory (wgmma): sm_90 only",      \
      mm_wgmma_tma, CK_TOL_TF32, 0)                                            \
    X(CUBLAS_TF32, "cublas-tf32", 9, library, "cuBLAS TF32 Tensor Cores",      \
      "cuBLAS with CUBLAS_TF32_TENSOR_OP_MATH: Tensor Cores on inputs "        \
      "rounded to 10 mantissa bits, faster and less exact",                    \
      mm_cublas_tf32, CK_TOL_TF32, 0)                                          \
    X(CUBLAS_FP16, "cublas-fp16", 10, library, "cuBLAS FP16 in, FP32 sums",    \
      "cublasGemmEx on inputs stored as FP16 (11 significant bits), "          \
      "accumulated in FP32: half the bytes, another precision",                \
      mm_cublas_fp16, CK_TOL_FP16, 0)                                          \
    X(CUBLAS_BF16, "cublas-bf16", 11, library, "cuBLAS BF16 in, FP32 sums",    \
      "cublasGemmEx on BF16 inputs: FP32's range but 8 significant bits, "     \
      "accumulated in FP32: another precision",                                \
      mm_cublas_bf16, CK_TOL_BF16, 0)                                          \
    X(CPU_NAIVE, "cpu-naive", 12, cpu, "CPU naive, 1 thread",                  \
      "the textbook triple loop on one CPU core",                              \
      cpu_mm_naive, CK_TOL_FP32, 512)                                          \
    X(CPU_BLOCKED, "cpu-blocked", 13, cpu, "CPU blocked, all cores",           \
      "cache-sized tiles of B, rows of C split over every host core",          \
      cpu_mm_blocked, CK_TOL_FP32, 2048)

enum mm_rung {
#define MM_ENUM_(e, ...) MM_##e,
    MM_LADDER(MM_ENUM_)
#undef MM_ENUM_
    MM_NRUNGS
};

/* A rung's id, for code that names one rung (the tutorial's tiling view). */
static inline const char *mm_rung_id(enum mm_rung r)
{
#define MM_ID_(e, id, ...) id,
    static const char *const ids[] = {MM_LADDER(MM_ID_)};
#undef MM_ID_
    return (unsigned)r < MM_NRUNGS ? ids[r] : "";
}

#endif
