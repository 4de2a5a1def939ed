// Rung 2, shared-memory tree, interleaved addressing: each block loads 256
// elements into shared memory and halves them log2(256) = 8 times; at step s
// thread t adds s[t + s] into s[t] when t % 2s == 0. The working threads are
// spread out, so every warp diverges and the modulo is slow; their words lie
// in one 32-word stretch per warp, so there are no bank conflicts (those come
// with the index = 2*s*t form, Harris's kernel 2). One partial per block; the
// partials are reduced again by the same kernel until one is left.
#pragma once
#include "rd_kernels.cuh"

__global__ void rd_interleaved_kernel(long long n, const float *__restrict__ in,
                                      float *__restrict__ part)
{
    __shared__ float s[RD_BLOCK];
    unsigned t = threadIdx.x;
    long long i = blockIdx.x * (long long)RD_BLOCK + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned step = 1; step < RD_BLOCK; step *= 2) {
        if (t % (2 * step) == 0)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0)
        part[blockIdx.x] = s[0];
}

static int rd_interleaved_pass(long long n, const float *in, float *out,
                               struct ck_err *err)
{
    CK_LAUNCH(err, rd_interleaved_kernel, rd_blocks(n, RD_BLOCK), RD_BLOCK, 0, 0, n,
              in, out);
    return CK_OK;
}

static int rd_interleaved(const struct rd_args *a, struct ck_err *err)
{
    return rd_tree(a, rd_interleaved_pass, RD_BLOCK, err);
}
