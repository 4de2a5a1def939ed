// Block reduction: add the n floats of x into *out (0 before the launch).
// Blocks of 256 threads; there are fewer threads than elements.

__global__ void block_sum(const float *x, float *out, int n)
{
    __shared__ float warp_sums[32];
    float v = 0.0f;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v = x[i]; // TODO: a grid-stride loop, so every element is counted

    // TODO: sum v across the warp with __shfl_down_sync (offsets 16, 8, 4, 2, 1)

    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    // TODO: warp 0 sums the warps' sums, then its lane 0 adds the block's
    // sum to *out with one atomicAdd
    (void)warp_sums;
    (void)out;
}
