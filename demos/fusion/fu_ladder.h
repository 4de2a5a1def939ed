/* fu_ladder.h: THE fusion ladder, one chain computed four ways on the GPU
 * and two on the CPU: a product (a 3x3 convolution as an implicit GEMM,
 * --op conv, or a plain GEMM, --op gemm), a bias per output channel, then
 * an activation (ReLU after the convolution, GELU after the GEMM). Each
 * way runs once as three steps that write the product to memory and read
 * it back (unfused) and once with bias and activation applied where the
 * product is made (fused). Plain C with no CUDA, so the C host, the CUDA
 * side, the CPU emulation and the tests read it. The columns are every
 * ladder's (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *
 * here: fn is a hand rung's launcher (01_unfused.cuh, 02_fused.cuh), a
 * library rung's call (fu_lib.cu) or a CPU rung's function (fu_cpu.c);
 * cap is 0: a CPU rung runs as many rows of the product as its budget
 * allows (FU_CPU_FLOPS). Every rung is FP32 (cuDNN under FMA math,
 * cuBLASLt under CUBLAS_COMPUTE_32F). The twin of each fused rung is the
 * row above it (fu_twin): the bytes and time it saves are against that. */
#ifndef FU_LADDER_H
#define FU_LADDER_H
#include "../common/ladder_row.h"

#define FU_LADDER(X)                                                          \
    X(UNFUSED, "unfused", next, hand, "by hand, 3 launches",                  \
      "the hand implicit GEMM writes the product to global memory, a bias "   \
      "kernel reads and rewrites it, an activation kernel reads and "         \
      "rewrites it again",                                                    \
      fu_unfused, 1e-4, 0, fp32, 0, any, "手写，三次启动")                    \
    X(FUSED, "fused", next, hand, "by hand, epilogue fused",                  \
      "the same implicit GEMM adds the bias and applies the activation to "  \
      "each output while it is still in a register: one launch, the product " \
      "written once",                                                         \
      fu_fused, 1e-4, 0, fp32, 0, any, "手写，融合尾声")                      \
    X(LIB_UNFUSED, "lib-unfused", next, library, "library, 3 calls",          \
      "conv: cudnnConvolutionForward, cudnnAddTensor, "                       \
      "cudnnActivationForward; gemm: cublasLtMatmul, then the bias and GELU " \
      "kernels: the product goes through memory three times",                 \
      fu_lib_unfused, 1e-4, 0, fp32, 0, any, "库，三次调用")                  \
    X(LIB_FUSED, "lib-fused", next, library, "library, one fused call",       \
      "conv: cuDNN's graph API, conv + bias + ReLU as one plan (else the "    \
      "legacy cudnnConvolutionBiasActivationForward); gemm: cublasLtMatmul "  \
      "with CUBLASLT_EPILOGUE_GELU_BIAS: the library's own epilogue",         \
      fu_lib_fused, 1e-4, 0, fp32, 0, any, "库，一次融合调用")                \
    X(CPU_UNFUSED, "cpu-unfused", next, cpu, "CPU, 3 passes",                 \
      "one core: the product into memory, then a pass adding the bias, "      \
      "then a pass applying the activation",                                  \
      fu_cpu_unfused, 1e-4, 0, fp32, 0, any, "CPU，三遍")                     \
    X(CPU_FUSED, "cpu-fused", next, cpu, "CPU, fused",                        \
      "one core: bias and activation applied to each output plane or row "    \
      "while it is still in the cache",                                       \
      fu_cpu_fused, 1e-4, 0, fp32, 0, any, "CPU，融合")

/* FU_<ENUM>, the row's index, and FU_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P FU
enum fu_rung { FU_LADDER(CK_LADDER_INDEX) FU_NRUNGS };
enum fu_rung_number { CK_LADDER_NUMBERS(FU_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: FU_LADDER(FU_RUNG_ROW). */
#define FU_RUNG_ROW(e, ...) CK_RUNG_ROW_N(FU_NUMBER_##e, e, __VA_ARGS__)

/* Whether rung r is a fused one (its unfused twin is the row above). */
static inline int fu_is_fused(int r)
{
    return r == FU_FUSED || r == FU_LIB_FUSED || r == FU_CPU_FUSED;
}

/* The unfused twin of a fused rung, -1 for an unfused one. */
static inline int fu_twin(int r)
{
    return fu_is_fused(r) ? r - 1 : -1;
}

#endif
