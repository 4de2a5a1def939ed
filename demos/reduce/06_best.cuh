// Rung 6, the best hand-written reduce. Reading guide: a reduction is
// limited by how fast HBM delivers bytes, so everything here serves one aim,
// many bytes in flight per SM and nothing else in the way:
//   - 16-byte loads (float4): a quarter of the load instructions;
//   - 4 independent float4 loads per thread per step (64 bytes in flight
//     per thread, ~128 KiB per SM), each into its own accumulator;
//   - a grid of exactly the blocks the SMs hold at once (SMs x resident
//     blocks per SM, from cudaOccupancyMaxActiveBlocksPerMultiprocessor),
//     grid-striding over the input: no tail wave, no block start-up cost;
//   - warp shuffles for the block sum; each block writes its partial, and
//     the last block to finish (a __threadfence() and one atomic counter)
//     adds the partials in block order: one launch, no memset of the
//     result, and the same answer every run.
// x must be 16-byte aligned (cudaMalloc gives 256); the n % 4 elements
// after the last whole float4 are read as plain floats. The block size and
// the loads in flight are template arguments: 512 and 4 here, the other
// shapes are for tuning only (06_best_tuning.cuh, CK_RD_BEST_CFG).
#pragma once
#include "05_shuffle.cuh"

#define RD_BEST_BLOCK 512
#define RD_BEST_UNROLL 4

template <int RD_BLOCK_T, int RD_UNROLL_T>
__global__ void __launch_bounds__(RD_BLOCK_T)
rd_best_kernel_t(long long n, const float *__restrict__ x, float *part,
                 unsigned *done, float *out)
{
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    long long n4 = n / 4;
    long long stride = (long long)gridDim.x * RD_BLOCK_T;
    long long i = blockIdx.x * (long long)RD_BLOCK_T + threadIdx.x;
    float acc[RD_UNROLL_T < 4 ? 4 : RD_UNROLL_T] = {0.0f};
    for (; i + (RD_UNROLL_T - 1) * stride < n4; i += RD_UNROLL_T * stride) {
        float4 v[RD_UNROLL_T];
#pragma unroll
        for (int u = 0; u < RD_UNROLL_T; u++)
            v[u] = x4[i + u * stride]; // all loads issued before any add
#pragma unroll
        for (int u = 0; u < RD_UNROLL_T; u++)
            acc[u] += (v[u].x + v[u].y) + (v[u].z + v[u].w);
    }
    for (; i < n4; i += stride) {
        float4 v = x4[i];
        acc[0] += (v.x + v.y) + (v.z + v.w);
    }
    long long t = 4 * n4 + blockIdx.x * (long long)RD_BLOCK_T + threadIdx.x;
    if (t < n)
        acc[1] += x[t]; // the n % 4 tail, one element per thread
    float s = 0.0f;
#pragma unroll
    for (int u = 0; u < (RD_UNROLL_T < 4 ? 4 : RD_UNROLL_T); u++)
        s += acc[u];
    s = rd_block_sum(s);

    __shared__ bool last;
    if (threadIdx.x == 0) {
        part[blockIdx.x] = s;
        __threadfence(); // the partial is visible before the count says so
        last = atomicAdd(done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last)
        return;
    // the last block: add the partials in block order (volatile: read them
    // from L2, where the other blocks' writes are, not from a stale L1)
    float v = 0.0f;
    for (unsigned b = threadIdx.x; b < gridDim.x; b += RD_BLOCK_T)
        v += ((volatile float *)part)[b];
    v = rd_block_sum(v);
    if (threadIdx.x == 0) {
        *out = v;
        *done = 0; // ready for the next launch
    }
}

// The rung as it ships: 512 threads, 4 float4 loads in flight each.
static void (*const rd_best_kernel)(long long, const float *, float *, unsigned *,
                                    float *) = &rd_best_kernel_t<RD_BEST_BLOCK, RD_BEST_UNROLL>;

static int rd_best(const struct rd_args *a, struct ck_err *err)
{
    // a small input needs fewer blocks: at least 4 float4 per thread
    int block = a->best_block ? a->best_block : RD_BEST_BLOCK;
    long long want = rd_blocks(a->n, 16LL * block);
    unsigned grid = want < a->best_grid ? (unsigned)want : (unsigned)a->best_grid;
    void (*k)(long long, const float *, float *, unsigned *, float *) =
        a->best_kernel ? a->best_kernel : rd_best_kernel;
    CK_LAUNCH(err, k, grid, block, 0, 0, a->n, a->x, a->best_part, a->done, a->out);
    return CK_OK;
}
