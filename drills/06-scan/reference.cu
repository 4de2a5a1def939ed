// Inclusive scan: within a block by doubling steps in shared memory
// (Hillis-Steele, a barrier between reading and writing), across blocks
// by the block totals, scanned, added back.

__global__ void scan_blocks(const float *in, float *out, float *sums, int n)
{
    __shared__ float s[256];
    int g = blockIdx.x * blockDim.x + threadIdx.x, t = threadIdx.x;
    s[t] = g < n ? in[g] : 0.0f;
    __syncthreads();
    for (int d = 1; d < (int)blockDim.x; d *= 2) {
        float add = t >= d ? s[t - d] : 0.0f;
        __syncthreads();
        s[t] += add;
        __syncthreads();
    }
    if (g < n)
        out[g] = s[t];
    if (t == (int)blockDim.x - 1 && sums)
        sums[blockIdx.x] = s[t];
}

__global__ void add_offsets(float *out, const float *offsets, int n)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && g < n)
        out[g] += offsets[blockIdx.x - 1];
}
