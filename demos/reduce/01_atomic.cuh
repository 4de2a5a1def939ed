// Rung 1, atomics: one thread per element, and every thread adds its
// element straight into the single result with atomicAdd. Correct, and as
// slow as a queue: all N additions are serialised on one address in L2.
#pragma once
#include "rd_kernels.cuh"

__global__ void rd_atomic_kernel(long long n, const float *__restrict__ x,
                                 float *out)
{
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, x[i]);
}

static int rd_atomic(const struct rd_args *a, struct ck_err *err)
{
    CUDA_CHECK(err, cudaMemsetAsync(a->out, 0, sizeof(float), 0));
    CK_LAUNCH(err, rd_atomic_kernel, rd_blocks(a->n, 256), 256, 0, 0, a->n, a->x,
              a->out);
    return CK_OK;
}
