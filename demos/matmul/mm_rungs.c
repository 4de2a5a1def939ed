/* mm_rungs.c: the matmul ladder table (see mm_rungs.h). */
#include "mm_rungs.h"

#include "cpu_mm.h"

/* the values of enum mm_gpu_variant (mm_gpu.h), spelled out so this table
 * compiles without CUDA */
enum { G_NAIVE, G_COALESCED, G_SMEM, G_REGBLOCK, G_BEST, G_CUBLAS, G_TF32 };

const struct mm_rung mm_rungs[MM_NRUNGS] = {
    {"naive", "naive, uncoalesced", "hand",
     "one thread per output; a warp's threads walk down a column of C, so "
     "every load and store is its own transaction", G_NAIVE, 0, 0, CK_TOL_FP32},
    {"coalesced", "naive, coalesced", "hand",
     "the same, but a warp's threads take neighbouring columns: one 128-byte "
     "load serves 32 threads", G_COALESCED, 0, 0, CK_TOL_FP32},
    {"smem-tiled", "shared-memory tiles", "hand",
     "a block stages 32x32 tiles of A and B in shared memory and reuses each "
     "element 32 times", G_SMEM, 0, 0, CK_TOL_FP32},
    {"regblock", "register blocking", "hand",
     "each thread computes a 4x4 micro-tile, so each shared-memory read feeds "
     "4 FMAs from registers", G_REGBLOCK, 0, 0, CK_TOL_FP32},
    {"best", "library-style", "hand",
     "128x128 tiles, warp tiles, 8x8 per thread, float4 loads, double "
     "buffering: what cuBLAS does inside", G_BEST, 0, 0, CK_TOL_FP32},
    {"cublas", "cuBLAS SGEMM (FP32)", "library",
     "the vendor library in pure FP32 (CUBLAS_DEFAULT_MATH): the baseline for "
     "% of library", G_CUBLAS, 0, 0, CK_TOL_FP32},
    {"cublas-tf32", "cuBLAS TF32 Tensor Cores", "library",
     "cuBLAS with CUBLAS_TF32_TENSOR_OP_MATH: Tensor Cores on inputs rounded "
     "to 10 mantissa bits, faster and less exact", G_TF32, 0, 0, CK_TOL_TF32},
    {"cpu-naive", "CPU naive, 1 thread", "cpu",
     "the textbook triple loop on one CPU core", -1, cpu_mm_naive, 512,
     CK_TOL_FP32},
    {"cpu-blocked", "CPU blocked, all cores", "cpu",
     "cache-sized tiles of B, rows of C split over every host core", -1,
     cpu_mm_blocked, 2048, CK_TOL_FP32},
};
