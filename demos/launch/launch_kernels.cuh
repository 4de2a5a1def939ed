// launch_kernels.cuh: the launch demo's kernels (GPU side only). Four
// versions of one memory-bound sum, y = a*x + y, that differ only in what a
// block asks of the SM (threads, registers, shared memory) and how wide its
// loads are, and one compute-bound kernel for the wave tail. Any n >= 1.
#pragma once
#include "ck_cuda.cuh"

// one element per thread: the textbook form
__global__ void ln_plain_kernel(long long n, float a, const float *__restrict__ x,
                                float *__restrict__ y)
{
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = fmaf(a, x[i], y[i]);
}

// four elements per thread: one 16-byte load of x, one of y and one store,
// a quarter of the threads and of the memory instructions of the plain
// form (x and y come from cudaMalloc, so x + i is 16-byte aligned when i
// is a multiple of 4); the last n % 4 elements one at a time. On the H200
// (`make bench`, 1 GiB) the plain form peaks at 72% of HBM and this one at
// 90%: the plain form keeps a quarter of the bytes in flight per SM, too
// few to cover the memory's latency.
#define LN_VEC 4
__global__ void ln_vec4_kernel(long long n, float a, const float *__restrict__ x,
                               float *__restrict__ y)
{
    long long i = LN_VEC * (blockIdx.x * (long long)blockDim.x + threadIdx.x);
    if (i + LN_VEC <= n) {
        float4 xv = *(const float4 *)(x + i), yv = *(const float4 *)(y + i);
        yv.x = fmaf(a, xv.x, yv.x), yv.y = fmaf(a, xv.y, yv.y);
        yv.z = fmaf(a, xv.z, yv.z), yv.w = fmaf(a, xv.w, yv.w);
        *(float4 *)(y + i) = yv;
    } else {
        for (; i < n; i++)
            y[i] = fmaf(a, x[i], y[i]);
    }
}

// LN_REGS_PER_THREAD elements per thread, blockDim.x apart (coalesced), all
// loaded into registers before the first store: ~2 * LN_REGS_PER_THREAD
// registers per thread
#define LN_REGS_PER_THREAD 32
__global__ void ln_regs_kernel(long long n, float a, const float *__restrict__ x,
                               float *__restrict__ y)
{
    long long base =
        blockIdx.x * (long long)blockDim.x * LN_REGS_PER_THREAD + threadIdx.x;
    float xv[LN_REGS_PER_THREAD], yv[LN_REGS_PER_THREAD];
#pragma unroll
    for (int j = 0; j < LN_REGS_PER_THREAD; j++) {
        long long i = base + (long long)j * blockDim.x;
        xv[j] = i < n ? x[i] : 0.0f;
        yv[j] = i < n ? y[i] : 0.0f;
    }
#pragma unroll
    for (int j = 0; j < LN_REGS_PER_THREAD; j++) {
        long long i = base + (long long)j * blockDim.x;
        if (i < n)
            y[i] = fmaf(a, xv[j], yv[j]);
    }
}

// x staged through a shared tile; the launch asks for LN_SMEM_BYTES of
// dynamic shared memory per block, as a kernel with a large tile would
#define LN_SMEM_BYTES (48 * 1024)
__global__ void ln_smem_kernel(long long n, float a, const float *__restrict__ x,
                               float *__restrict__ y)
{
    CK_DYN_SHARED(float, tile);
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    if (i < n)
        y[i] = fmaf(a, tile[threadIdx.x], y[i]);
}

// The wave-tail kernel: pure arithmetic, no memory traffic until the end.
// Each of 256 threads runs one dependent FMA chain, so a block takes the
// same time whether it runs alone or beside others (its warps wait on the
// FMA latency, not on each other); it asks for more than half an SM's
// shared memory, so exactly one block fits per SM and a wave is one block
// per SM. Thread t writes thread t^1's result (through shared memory, so
// the tile is used).
#define LN_WAVE_BLOCK 256
#define LN_WAVE_CHAINS 1
__device__ __host__ inline float ln_wave_start(unsigned t, int j, float a)
{
    return a * (float)(t % 7 + j + 1) * 1e-3f;
}

__global__ void __launch_bounds__(LN_WAVE_BLOCK, 1)
ln_wave_kernel(int iters, float a, float *__restrict__ out)
{
    CK_DYN_SHARED(float, pad);
    float v[LN_WAVE_CHAINS];
#pragma unroll
    for (int j = 0; j < LN_WAVE_CHAINS; j++)
        v[j] = ln_wave_start(threadIdx.x, j, a);
    for (int it = 0; it < iters; it++)
#pragma unroll
        for (int j = 0; j < LN_WAVE_CHAINS; j++)
            v[j] = fmaf(v[j], 0.999f, 1e-3f);
    float s = 0.0f;
#pragma unroll
    for (int j = 0; j < LN_WAVE_CHAINS; j++)
        s += v[j];
    pad[threadIdx.x] = s;
    __syncthreads();
    out[blockIdx.x * (long long)LN_WAVE_BLOCK + threadIdx.x] = pad[threadIdx.x ^ 1];
}

// The device-side check of the memory-bound kernels: counts the elements
// where y is not exactly fmaf(a, x, y0) (an element not written keeps y0,
// which differs since x is never 0) or not finite.
__global__ void ln_check_kernel(long long n, float a, const float *__restrict__ x,
                                const float *__restrict__ y0,
                                const float *__restrict__ y, unsigned long long *bad)
{
    long long stride = (long long)gridDim.x * blockDim.x;
    unsigned long long b = 0;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += stride)
        b += !(y[i] == fmaf(a, x[i], y0[i])) || !isfinite(y[i]);
    if (b)
        atomicAdd(bad, b);
}
