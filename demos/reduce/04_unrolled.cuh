// Rung 4, first add during the load, last warp unrolled: each thread loads
// two elements a block apart and adds them before the tree; with blocks of
// 1024 threads a block covers 2048 elements, so there are 8 times fewer
// partial sums per pass than rung 3's and fewer passes (launches) in all. The tree stops at 64 partial
// sums; the first warp finishes them alone, with __syncwarp() between its
// steps instead of block-wide __syncthreads() (the old "volatile, no sync"
// version is a data race since Volta's independent thread scheduling).
#pragma once
#include "rd_kernels.cuh"

#define RD_BLOCK4 1024 // threads per block of this rung

__global__ void rd_unrolled_kernel(long long n, const float *__restrict__ in,
                                   float *__restrict__ part)
{
    __shared__ float s[RD_BLOCK4];
    unsigned t = threadIdx.x;
    long long i = blockIdx.x * (2LL * RD_BLOCK4) + t;
    float v = i < n ? in[i] : 0.0f;
    if (i + RD_BLOCK4 < n)
        v += in[i + RD_BLOCK4];
    s[t] = v;
    __syncthreads();
    for (unsigned step = RD_BLOCK4 / 2; step > 32; step /= 2) {
        if (t < step)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t < 32) {
        v = s[t] + s[t + 32];
        for (unsigned step = 16; step > 0; step /= 2) {
            __syncwarp();
            s[t] = v;        // every lane publishes its sum ...
            __syncwarp();
            v += s[t + step]; // ... then reads its partner's (lanes >= step
                              // compute junk that nobody reads)
        }
        if (t == 0)
            part[blockIdx.x] = v;
    }
}

static int rd_unrolled_pass(long long n, const float *in, float *out,
                            struct ck_err *err)
{
    CK_LAUNCH(err, rd_unrolled_kernel, rd_blocks(n, 2 * RD_BLOCK4), RD_BLOCK4, 0, 0, n,
              in, out);
    return CK_OK;
}

static int rd_unrolled(const struct rd_args *a, struct ck_err *err)
{
    return rd_tree(a, rd_unrolled_pass, 2 * RD_BLOCK4, err);
}
