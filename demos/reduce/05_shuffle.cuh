// Rung 5, warp shuffles: a grid-stride loop lets each thread sum many
// elements in a register (the grid is what the SMs hold at once, not one
// thread per element); then __shfl_down_sync adds across each warp through
// registers, no shared memory and no __syncthreads, in 5 steps; the warps'
// sums meet in shared memory, one warp adds them, and one atomicAdd per
// block (not per element) lands in the result.
#pragma once
#include "rd_kernels.cuh"

#define RD_SHUFFLE_BLOCK 256

__device__ __forceinline__ float rd_warp_sum(float v)
{
    for (int d = 16; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffffu, v, d);
    return v; // lane 0 holds the warp's sum
}

// The block's sum in lane 0 of warp 0 (blockDim.x a multiple of 32, <= 1024).
__device__ __forceinline__ float rd_block_sum(float v)
{
    __shared__ float warp_sums[32];
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = rd_warp_sum(v);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
        v = rd_warp_sum(v);
    }
    return v;
}

__global__ void __launch_bounds__(RD_SHUFFLE_BLOCK)
rd_shuffle_kernel(long long n, const float *__restrict__ x, float *out)
{
    float v = 0.0f;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += stride)
        v += x[i];
    v = rd_block_sum(v);
    if (threadIdx.x == 0)
        atomicAdd(out, v);
}

static int rd_shuffle(const struct rd_args *a, struct ck_err *err)
{
    unsigned grid = rd_blocks(a->n, RD_SHUFFLE_BLOCK);
    if (grid > (unsigned)a->shuffle_grid)
        grid = (unsigned)a->shuffle_grid;
    CUDA_CHECK(err, cudaMemsetAsync(a->out, 0, sizeof(float), 0));
    CK_LAUNCH(err, rd_shuffle_kernel, grid, RD_SHUFFLE_BLOCK, 0, 0, a->n, a->x,
              a->out);
    return CK_OK;
}
