/* conv_ladder.h: THE convolution ladder, the one place a rung is added,
 * renamed or reordered: a row here and its header (NN_<id>.cuh) are all a
 * rung needs. Plain C with no CUDA, so the C host, the CUDA side, the CPU
 * emulation, the tutorial (src/core/quiz_measure.c, results_text.c) and the
 * tests all read it. The columns are every ladder's
 * (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *
 * here: ENUM is CONV_<ENUM> in enum conv_rung_id; cuDNN's algorithms share
 * one rung (step same); fn, for a hand rung, its launcher in NN_*.cuh
 * (conv.h: conv_hand_fn), for a library rung the
 * cudnnConvolutionFwdAlgo_t it runs (-1: cuDNN's own fastest choice), for
 * a cpu rung its function in cpu_conv.c; cap is unused (0): every rung
 * runs the whole problem. */
#ifndef CK_CONV_LADDER_H
#define CK_CONV_LADDER_H
#include "../common/ladder_row.h"

/* the rows are aligned by hand: */
/* clang-format off */
#define CONV_LADDER(X)                                                        \
    X(NAIVE, "naive", next, hand, "naive direct",                             \
      "one thread per output, every input and tap read from global memory",   \
      conv_naive_launch, CK_TOL_FP32, 0,                                      \
      fp32, 0, any, "朴素直接卷积")                                           \
    X(SMEM_DIRECT, "smem-direct", next, hand, "shared-memory direct",         \
      "input tile with halo and filter taps staged in shared memory, reused", \
      conv_smem_direct_launch, CK_TOL_FP32, 0,                                \
      fp32, 0, any, "共享内存直接卷积")                                       \
    X(IM2COL_GEMM, "im2col-gemm", next, hand, "im2col + tiled GEMM",          \
      "unfold inputs into a (C*R*S, N*P*Q) matrix in memory, then a GEMM",    \
      conv_im2col_gemm_launch, CK_TOL_FP32, 0,                                \
      fp32, 0, any, "im2col + 分块 GEMM")                                     \
    X(IMPLICIT_GEMM, "implicit-gemm", next, hand, "implicit GEMM",            \
      "GEMM tiles gathered from x on the fly: cp.async pipeline, 8x8 per "    \
      "thread",                                                               \
      conv_igemm_launch, CK_TOL_FP32, 0,                                      \
      fp32, 0, any, "隐式 GEMM")                                              \
    X(WINOGRAD, "winograd", next, hand, "Winograd F(2x2,3x3)",                \
      "transform 4x4 input tiles and 3x3 filters, 16 GEMMs, 2.25x fewer "     \
      "multiplies",                                                           \
      conv_wg_launch, CK_TOL_FP32, 0,                                         \
      fp32, 0, any, "")                                                       \
    X(WINOGRAD4, "winograd4", next, hand, "Winograd F(4x4,3x3)",              \
      "6x6 input tiles, 36 GEMMs: 4x fewer multiplies, 2.25x the input "      \
      "moved",                                                                \
      conv_wg4_launch, CK_TOL_FP32, 0,                                        \
      fp32, 0, any, "")                                                       \
    X(CUDNN_IMPLICIT_GEMM, "cudnn-implicit-gemm", next, library,              \
      "cuDNN implicit-gemm", "cuDNN IMPLICIT_GEMM, pure FP32 (CUDNN_FMA_MATH)", \
      0, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_IMPLICIT_PRECOMP_GEMM, "cudnn-implicit-precomp-gemm", same, library, \
      "cuDNN implicit-precomp-gemm",                                          \
      "cuDNN IMPLICIT_PRECOMP_GEMM (precomputed indices), pure FP32",         \
      1, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_GEMM, "cudnn-gemm", same, library, "cuDNN gemm",                  \
      "cuDNN GEMM (explicit im2col in workspace), pure FP32",                 \
      2, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_DIRECT, "cudnn-direct", same, library, "cuDNN direct",            \
      "cuDNN DIRECT, pure FP32", 3, CK_TOL_FP32, 0,                           \
      fp32, 0, any, "")                                                       \
    X(CUDNN_FFT, "cudnn-fft", same, library, "cuDNN fft",                     \
      "cuDNN FFT (convolution as pointwise products of FFTs), pure FP32",     \
      4, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_FFT_TILING, "cudnn-fft-tiling", same, library, "cuDNN fft-tiling", \
      "cuDNN FFT_TILING (FFT on input tiles, less workspace), pure FP32",     \
      5, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_WINOGRAD, "cudnn-winograd", same, library, "cuDNN winograd",      \
      "cuDNN WINOGRAD (fewer multiplies for small filters), pure FP32",       \
      6, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_WINOGRAD_NONFUSED, "cudnn-winograd-nonfused", same, library,      \
      "cuDNN winograd-nonfused",                                              \
      "cuDNN WINOGRAD_NONFUSED (transforms in workspace), pure FP32",         \
      7, CK_TOL_FP32, 0,                                                      \
      fp32, 0, any, "")                                                       \
    X(CUDNN_DEFAULT, "cudnn-default", same, library, "cuDNN fastest, TF32-allowed", \
      "cuDNN's fastest algorithm under CUDNN_DEFAULT_MATH: TF32 Tensor Cores", \
      -1, CK_TOL_TF32, 0,                                                     \
      tf32, 0, any, "")                                                       \
    X(CUDNN_NHWC_TF32, "cudnn-nhwc-tf32", same, library,                      \
      "cuDNN fastest, NHWC TF32",                                             \
      "cuDNN's fastest algorithm on NHWC tensors (KRSC filters), FP32 data, " \
      "CUDNN_TENSOR_OP_MATH (TF32 Tensor Cores): the layout its Tensor Core " \
      "kernels read; another layout and precision than the hand rungs'",      \
      -1, CK_TOL_TF32, 0,                                                     \
      tf32, 0, any, "")                                                       \
    X(CUDNN_NHWC_FP16, "cudnn-nhwc-fp16", same, library,                      \
      "cuDNN fastest, NHWC FP16",                                             \
      "cuDNN's fastest algorithm on NHWC tensors in FP16 (inputs rounded to " \
      "FP16, sums in FP32), CUDNN_TENSOR_OP_MATH: half the bytes, FP16 "      \
      "Tensor Cores; another layout and precision than the hand rungs'",      \
      -1, CK_TOL_FP16, 0,                                                     \
      fp16, 0, any, "")                                                       \
    X(CPU_NAIVE, "cpu-naive", next, cpu, "CPU naive",                         \
      "the seven nested loops on one core", conv_cpu_naive, CK_TOL_FP32, 0,   \
      fp32, 0, any, "CPU 朴素")                                               \
    X(CPU_BLOCKED, "cpu-blocked", next, cpu, "CPU blocked, all cores",        \
      "4 filters x one output plane per item, branch-free rows, pthreads",    \
      conv_cpu_blocked, CK_TOL_FP32, 0,                                       \
      fp32, 0, any, "CPU 分块，全部核心")
/* clang-format on */

/* CONV_<ENUM>, the row's index, and CONV_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P CONV
enum conv_rung_id { CONV_LADDER(CK_LADDER_INDEX) CONV_NRUNGS };
enum conv_rung_number { CK_LADDER_NUMBERS(CONV_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: CONV_LADDER(CONV_RUNG_ROW). */
#define CONV_RUNG_ROW(e, ...) CK_RUNG_ROW_N(CONV_NUMBER_##e, e, __VA_ARGS__)

/* The cuDNN algorithm a library rung runs (-1: cuDNN's own choice, or not
 * a library rung), and the rung that runs algorithm a (-1: none). */
static inline int conv_rung_algo(enum conv_rung_id r)
{
#define CONV_ALGO_library(fn) fn
#define CONV_ALGO_hand(fn) -1
#define CONV_ALGO_cpu(fn) -1
#define CONV_ALGO_(e, id, step, kind, label, idea, fn, ...) CONV_ALGO_##kind(fn),
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
