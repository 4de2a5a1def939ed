// The wgmma-tma rung's first step (08_wgmma_tma.cuh): wgmma reads TF32
// operands K-major only, so B (K x N, row-major) is transposed into Bt
// (N x K, rows ld floats apart), and A is copied into rows of ld floats
// when its own rows are not 16 bytes apart (K % 4 != 0: the TMA needs
// 16-byte strides). Both round to TF32 on the way (cvt.rna: the Tensor
// Cores would otherwise cut the low 13 mantissa bits). Plain CUDA, no
// Hopper instruction: tests/emu/wgmma_emu.cc runs it on the CPU.
//
// Reading guide: wg_tf32() rounds one value; wg_transpose<TRANS> moves 32x32
// tiles through shared memory (transposed or not); wg_prepare() launches it.
#ifndef MM_08_WGMMA_TMA_TRANSPOSE_CUH
#define MM_08_WGMMA_TMA_TRANSPOSE_CUH
#include <stdint.h>
#include "mm_kernels.h"

// x rounded to the nearest TF32 value (10 mantissa bits, ties away from
// zero), still stored as an FP32 bit pattern.
__device__ __forceinline__ float wg_tf32(float x)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    uint32_t r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return __uint_as_float(r);
#else
    return x;
#endif
}

// dst (rows x ld, row-major) = src (cols x rows, row-major) transposed when
// TRANS, else copied row by row into rows of ld >= cols floats; 32x32
// tiles through shared memory so both sides are read and written coalesced.
// Both round to TF32 on the way: the Tensor Cores would otherwise cut the
// low 13 mantissa bits off (A, read in place, is cut).
template <bool TRANS>
__global__ void wg_transpose(const float *__restrict__ src, float *__restrict__ dst,
                             int rows, int cols, int ld)
{
    __shared__ float tile[32][33];
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32; // 32 x 8 threads
    const int r0 = blockIdx.y * 32, c0 = blockIdx.x * 32;   // of dst
    if (TRANS) {
        for (int i = ty; i < 32; i += 8) // src row c0 + i, column r0 + tx
            if (c0 + i < cols && r0 + tx < rows)
                tile[i][tx] = wg_tf32(src[(size_t)(c0 + i) * rows + r0 + tx]);
        __syncthreads();
        for (int i = ty; i < 32; i += 8)
            if (r0 + i < rows && c0 + tx < cols)
                dst[(size_t)(r0 + i) * ld + c0 + tx] = tile[tx][i];
    } else {
        for (int i = ty; i < 32; i += 8)
            if (r0 + i < rows && c0 + tx < cols)
                dst[(size_t)(r0 + i) * ld + c0 + tx] =
                    wg_tf32(src[(size_t)(r0 + i) * cols + c0 + tx]);
    }
}

// Bt = B^T (N x ld) and, when Ap is not NULL, Ap = A (M x ld), ld >= K.
static int wg_prepare(const struct mm_args *a, float *Bt, float *Ap, int ld, struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K;
    CK_LAUNCH(err, wg_transpose<true>, dim3((K + 31) / 32, (N + 31) / 32), 256, 0, 0, a->B, Bt,
              N, K, ld);
    if (Ap)
        CK_LAUNCH(err, wg_transpose<false>, dim3((K + 31) / 32, (M + 31) / 32), 256, 0, 0, a->A,
                  Ap, M, K, ld);
    return CK_OK;
}

#endif
