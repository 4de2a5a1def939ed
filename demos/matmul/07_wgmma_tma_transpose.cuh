// The wgmma-tma rung's first step (07_wgmma_tma.cuh): wgmma reads TF32
// operands K-major only, so B (K x N, row-major) is transposed into Bt
// (N x K, rows ld floats apart), and A is copied into rows of ld floats
// when its own rows are not 16 bytes apart (K % 4 != 0: the TMA needs
// 16-byte strides). Both round to TF32 on the way (cvt.rna: the Tensor
// Cores would otherwise cut the low 13 mantissa bits). Plain CUDA, no
// Hopper instruction: tests/emu runs it on the CPU.
//
// Reading guide: wg_transpose (any sizes, 32x32 tiles of single floats),
// wg_transpose4 (K, N multiples of 4: 64x64 tiles of float4), wg_prepare()
// picks and launches them.
#ifndef MM_07_WGMMA_TMA_TRANSPOSE_CUH
#define MM_07_WGMMA_TMA_TRANSPOSE_CUH
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

// The same transpose with 16-byte loads and stores, for K and N multiples
// of 4 (so a float4 is wholly inside or outside) and 16-byte aligned B:
// 64x64 tiles, each thread 4 float4 in and 4 out.
__global__ void wg_transpose4(const float *__restrict__ src, float *__restrict__ dst,
                              int rows, int cols, int ld)
{
    __shared__ float tile[64][65];
    const int r0 = blockIdx.y * 64, c0 = blockIdx.x * 64; // of dst (rows = N, cols = K)
#pragma unroll
    for (int j = 0; j < 4; j++) { // src row c0 + r (a k), columns r0 + 4q .. + 3 (n)
        const int i = threadIdx.x + 256 * j, r = i / 16, q = i % 16;
        float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
        if (c0 + r < cols && r0 + 4 * q < rows)
            v = *reinterpret_cast<const float4 *>(src + (size_t)(c0 + r) * rows + r0 + 4 * q);
        tile[r][4 * q] = wg_tf32(v.x), tile[r][4 * q + 1] = wg_tf32(v.y);
        tile[r][4 * q + 2] = wg_tf32(v.z), tile[r][4 * q + 3] = wg_tf32(v.w);
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 4; j++) { // dst row r0 + c, columns c0 + 4q .. + 3
        const int i = threadIdx.x + 256 * j, c = i / 16, q = i % 16;
        if (r0 + c < rows && c0 + 4 * q < cols)
            *reinterpret_cast<float4 *>(dst + (size_t)(r0 + c) * ld + c0 + 4 * q) =
                make_float4(tile[4 * q][c], tile[4 * q + 1][c], tile[4 * q + 2][c],
                            tile[4 * q + 3][c]);
    }
}

// Bt = B^T (N x ld) and, when Ap is not NULL, Ap = A (M x ld), ld >= K.
static int wg_prepare(const struct mm_args *a, float *Bt, float *Ap, int ld, struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K;
    if (K % 4 == 0 && N % 4 == 0 && ld % 4 == 0 && (uintptr_t)a->B % 16 == 0 &&
        (uintptr_t)Bt % 16 == 0)
        CK_LAUNCH(err, wg_transpose4, dim3((K + 63) / 64, (N + 63) / 64), 256, 0, 0, a->B, Bt,
                  N, K, ld);
    else
        CK_LAUNCH(err, wg_transpose<true>, dim3((K + 31) / 32, (N + 31) / 32), 256, 0, 0, a->B,
                  Bt, N, K, ld);
    if (Ap)
        CK_LAUNCH(err, wg_transpose<false>, dim3((K + 31) / 32, (M + 31) / 32), 256, 0, 0, a->A,
                  Ap, M, K, ld);
    return CK_OK;
}

#endif
