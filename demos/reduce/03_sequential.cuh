// Rung 3, shared-memory tree, sequential addressing: the same tree, but at
// step s the first s threads add s[t + s] into s[t]. The working threads
// are packed at the front, so whole warps either work or skip (no
// divergence until the last 32), and a warp reads 32 consecutive words (no
// bank conflicts).
#pragma once
#include "rd_kernels.cuh"

__global__ void rd_sequential_kernel(long long n, const float *__restrict__ in,
                                     float *__restrict__ part)
{
    __shared__ float s[RD_BLOCK];
    unsigned t = threadIdx.x;
    long long i = blockIdx.x * (long long)RD_BLOCK + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned step = RD_BLOCK / 2; step > 0; step /= 2) {
        if (t < step)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0)
        part[blockIdx.x] = s[0];
}

static int rd_sequential_pass(long long n, const float *in, float *out,
                              struct ck_err *err)
{
    CK_LAUNCH(err, rd_sequential_kernel, rd_blocks(n, RD_BLOCK), RD_BLOCK, 0, 0, n,
              in, out);
    return CK_OK;
}

static int rd_sequential(const struct rd_args *a, struct ck_err *err)
{
    return rd_tree(a, rd_sequential_pass, RD_BLOCK, err);
}
