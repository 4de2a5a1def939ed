/* attn_ladder.h: THE attention ladder, softmax(Q·Kᵀ/√d)·V, the one place
 * a rung is added, renamed or reordered. Plain C with no CUDA, so the C
 * host, the CUDA side, the CPU emulation and the tests read it. The
 * columns are every ladder's (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *
 * here: ENUM is AT_<ENUM> in enum at_rung; fn, for a hand rung, its
 * launcher in NN_*.cuh, for a library rung its call in
 * 02_cublas_softmax.cuh or 04_cudnn_sdpa.cuh, for the cpu rung its function in attn_cpu.c; tol
 * is the FP16 tolerance (BF16 inputs use CK_TOL_BF16, attn_tol()); cap is
 * 0: the CPU rung runs the full S on as many heads as fit its budget. prec
 * is what the inputs are in with --dtype fp16 (the default). */
#ifndef AT_LADDER_H
#define AT_LADDER_H
#include "../common/ladder_row.h"

#define AT_LADDER(X)                                                          \
    X(THREE, "three-kernel", next, hand, "three kernels, S×S in HBM",         \
      "Q·Kᵀ into an FP32 S×S matrix in global memory, a row softmax over it " \
      "in place, then P·V: three launches, the S×S scores written and read "  \
      "back through HBM",                                                     \
      at_three, 5e-3, 0,                                                      \
      fp16, 0, any, "三个核函数，S×S 写入显存")                               \
    X(CUBLAS, "cublas-softmax", next, library, "cuBLAS GEMMs + fused softmax", \
      "cublasGemmStridedBatchedEx for Q·Kᵀ (FP32 scores) and P·V (FP16 P), " \
      "one fused scale-mask-softmax kernel between them: the S×S matrix "     \
      "still goes through HBM",                                               \
      at_cublas, 5e-3, 0,                                                     \
      fp16, 0, any, "cuBLAS GEMM + 融合 softmax")                             \
    X(FLASH, "flash-mma", next, hand, "fused flash, mma.sync",                \
      "one kernel: a block owns 64 query rows, K and V tiles of 64 keys "     \
      "stream through shared memory, online softmax in registers, "           \
      "mma.sync m16n8k16 Tensor Cores; no S×S matrix anywhere",               \
      at_flash, 5e-3, 0,                                                      \
      fp16, 1, sm80, "融合 flash，mma.sync")                                  \
    X(CUDNN, "cudnn-sdpa", next, library, "cuDNN SDPA, graph API",           \
      "the whole attention as one cuDNN graph (matmul, scale, mask, "          \
      "softmax of max, exp, sum and divide, matmul) in the backend API; "      \
      "cuDNN's heuristics run it as one fused flash-attention kernel",        \
      at_cudnn, 5e-3, 0,                                                      \
      fp16, 0, any, "cuDNN SDPA（图 API）")                                    \
    X(CPU_NAIVE, "cpu-naive", next, cpu, "CPU naive, 1 thread",               \
      "the three loops of the definition per head on one core, FP32 sums; "  \
      "on as many heads as a few GFLOP allow",                                \
      at_cpu_naive, 5e-3, 0,                                                  \
      fp16, 0, any, "CPU 朴素，单线程")

/* AT_<ENUM>, the row's index, and AT_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P AT
enum at_rung { AT_LADDER(CK_LADDER_INDEX) AT_NRUNGS };
enum at_rung_number { CK_LADDER_NUMBERS(AT_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: AT_LADDER(AT_RUNG_ROW). */
#define AT_RUNG_ROW(e, ...) CK_RUNG_ROW_N(AT_NUMBER_##e, e, __VA_ARGS__)

#endif
