/* st_kernel.h: the pipeline's kernel, one definition for the GPU and for
 * the host (the CPU fallback and the reference): each element runs a chain
 * of `iters` multiply-adds y = 0.5 y + x (2 FLOP each), which settles near
 * 2x, so every output depends on its own input and a misplaced one shows.
 * --flops-per-byte F gives iters = 2F (4 bytes in per element). */
#ifndef ST_KERNEL_H
#define ST_KERNEL_H

#include <stddef.h>

#if defined(__CUDACC__) || defined(CK_SIMT_EMU)
__global__ void st_kernel(const float *__restrict__ x, float *__restrict__ y,
                          size_t n, int iters)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i], a = v;
    for (int k = 0; k < iters; k++)
        a = fmaf(a, 0.5f, v);
    y[i] = a;
}
#endif

#endif
