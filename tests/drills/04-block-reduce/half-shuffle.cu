// expect: cause: partial
// the shuffle starts at offset 8: lanes 16 to 31 never reach lane 0
__global__ void block_sum(const float *x, float *out, int n)
{
    __shared__ float warp_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    for (int d = 8; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffffu, v, d);
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
        for (int d = 8; d > 0; d /= 2)
            v += __shfl_down_sync(0xffffffffu, v, d);
        if (lane == 0)
            atomicAdd(out, v);
    }
}
