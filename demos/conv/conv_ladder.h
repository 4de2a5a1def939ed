/* conv_ladder.h: THE convolution ladder, the one place a rung is added,
 * renamed or reordered. Plain C with no CUDA, so the C host, the CUDA side,
 * the tutorial (src/core/quiz_measure.c) and the tests all read it.
 *
 *   X(ENUM, id, rung, kind, label, idea, fn, tol, cap)
 *     ENUM   CONV_<ENUM> in enum conv_rung_id (the row's index)
 *     id     the variant id: --variants, --list, the result lines
 *     rung   its number on the ladder; cuDNN's algorithms share one
 *     kind   hand | library | cpu (a bare word: it also picks code)
 *     label  the short name shown in tables
 *     idea   one line: what this rung does differently
 *     fn     hand: its launcher in NN_*.cuh (conv.h: conv_hand_fn);
 *            library: the cudnnConvolutionFwdAlgo_t it runs, -1 for
 *            cuDNN's own fastest choice; cpu: its function in cpu_conv.c
 *     tol    the relative-error tolerance (check.h)
 *     cap    unused here (0): every rung runs the whole problem
 * Each use defines X, expands CONV_LADDER(X) and undefines X. Keep ENUM, id, rung
 * and kind on the X( line: tests/e2e/ladder_lib.bash reads them there. */
#ifndef CK_CONV_LADDER_H
#define CK_CONV_LADDER_H

#define CONV_LADDER(X)                                                         \
    X(NAIVE, "naive", 1, hand, "naive direct",                                 \
      "one thread per output, every input and tap read from global memory",    \
      conv_naive_launch, CK_TOL_FP32, 0)                                       \
    X(SMEM_DIRECT, "smem-direct", 2, hand, "shared-memory direct",             \
      "input tile with halo and filter taps staged in shared memory, reused",  \
      conv_smem_direct_launch, CK_TOL_FP32, 0)                                 \
    X(IM2COL_GEMM, "im2col-gemm", 3, hand, "im2col + tiled GEMM",              \
      "unfold inputs into a (C*R*S, N*P*Q) matrix in memory, then a GEMM",     \
      conv_im2col_gemm_launch, CK_TOL_FP32, 0)                                 \
    X(IMPLICIT_GEMM, "implicit-gemm", 4, hand, "implicit GEMM",                \
      "GEMM tiles gathered from x on the fly: cp.async pipeline, 8x8 per "     \
      "thread",                                                                \
      conv_igemm_launch, CK_TOL_FP32, 0)                                       \
    X(WINOGRAD, "winograd", 5, hand, "Winograd F(2x2,3x3)",                    \
      "transform 4x4 input tiles and 3x3 filters, 16 GEMMs, 2.25x fewer "      \
      "multiplies",                                                            \
      conv_wg_launch, CK_TOL_FP32, 0)                                          \
    X(WINOGRAD4, "winograd4", 6, hand, "Winograd F(4x4,3x3)",                  \
      "6x6 input tiles, 36 GEMMs: 4x fewer multiplies, 2.25x the input "       \
      "moved",                                                                 \
      conv_wg4_launch, CK_TOL_FP32, 0)                                         \
    X(CUDNN_IMPLICIT_GEMM, "cudnn-implicit-gemm", 7, library,                  \
      "cuDNN implicit-gemm", "cuDNN IMPLICIT_GEMM, pure FP32 (CUDNN_FMA_MATH)", \
      0, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_IMPLICIT_PRECOMP_GEMM, "cudnn-implicit-precomp-gemm", 7, library,  \
      "cuDNN implicit-precomp-gemm",                                           \
      "cuDNN IMPLICIT_PRECOMP_GEMM (precomputed indices), pure FP32",          \
      1, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_GEMM, "cudnn-gemm", 7, library, "cuDNN gemm",                      \
      "cuDNN GEMM (explicit im2col in workspace), pure FP32",                  \
      2, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_DIRECT, "cudnn-direct", 7, library, "cuDNN direct",                \
      "cuDNN DIRECT, pure FP32", 3, CK_TOL_FP32, 0)                            \
    X(CUDNN_FFT, "cudnn-fft", 7, library, "cuDNN fft",                         \
      "cuDNN FFT (convolution as pointwise products of FFTs), pure FP32",      \
      4, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_FFT_TILING, "cudnn-fft-tiling", 7, library, "cuDNN fft-tiling",    \
      "cuDNN FFT_TILING (FFT on input tiles, less workspace), pure FP32",      \
      5, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_WINOGRAD, "cudnn-winograd", 7, library, "cuDNN winograd",          \
      "cuDNN WINOGRAD (fewer multiplies for small filters), pure FP32",        \
      6, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_WINOGRAD_NONFUSED, "cudnn-winograd-nonfused", 7, library,          \
      "cuDNN winograd-nonfused",                                               \
      "cuDNN WINOGRAD_NONFUSED (transforms in workspace), pure FP32",          \
      7, CK_TOL_FP32, 0)                                                       \
    X(CUDNN_DEFAULT, "cudnn-default", 7, library, "cuDNN fastest, TF32-allowed", \
      "cuDNN's fastest algorithm under CUDNN_DEFAULT_MATH: TF32 Tensor Cores", \
      -1, CK_TOL_TF32, 0)                                                      \
    X(CPU_NAIVE, "cpu-naive", 8, cpu, "CPU naive",                             \
      "the seven nested loops on one core", conv_cpu_naive, CK_TOL_FP32, 0)    \
    X(CPU_BLOCKED, "cpu-blocked", 9, cpu, "CPU blocked, all cores",            \
      "4 filters x one output plane per item, branch-free rows, pthreads",     \
      conv_cpu_blocked, CK_TOL_FP32, 0)

enum conv_rung_id {
#define CONV_ENUM_(e, ...) CONV_##e,
    CONV_LADDER(CONV_ENUM_)
#undef CONV_ENUM_
    CONV_NRUNGS
};

/* The cuDNN algorithm a library rung runs (-1: cuDNN's own choice, or not
 * a library rung), and the rung that runs algorithm a (-1: none). */
static inline int conv_rung_algo(enum conv_rung_id r)
{
#define CONV_ALGO_library(fn) fn
#define CONV_ALGO_hand(fn) -1
#define CONV_ALGO_cpu(fn) -1
#define CONV_ALGO_(e, id, rung, kind, label, idea, fn, tol, cap) CONV_ALGO_##kind(fn),
    static const int algo[] = {CONV_LADDER(CONV_ALGO_)};
#undef CONV_ALGO_
#undef CONV_ALGO_library
#undef CONV_ALGO_hand
#undef CONV_ALGO_cpu
    return (unsigned)r < CONV_NRUNGS ? algo[r] : -1;
}

static inline int conv_algo_rung(int a)
{
    for (int r = 0; a >= 0 && r < CONV_NRUNGS; r++)
        if (conv_rung_algo((enum conv_rung_id)r) == a)
            return r;
    return -1;
}

#endif
