// Inclusive scan: out[i] = in[0] + ... + in[i].  scan_blocks scans each
// block's 256 elements and writes the block's total to sums[blockIdx.x]
// (when sums is not NULL); the harness scans those totals and calls
// add_offsets, which adds to each block the total of the blocks before it.

__global__ void scan_blocks(const float *in, float *out, float *sums, int n)
{
    __shared__ float s[256];
    int g = blockIdx.x * blockDim.x + threadIdx.x, t = threadIdx.x;
    s[t] = g < n ? in[g] : 0.0f;
    __syncthreads();
    // TODO: for d = 1, 2, 4, ... below blockDim.x: s[t] += s[t - d] (for
    // t >= d), all threads reading before any writes
    if (g < n)
        out[g] = s[t];
    if (t == (int)blockDim.x - 1 && sums)
        sums[blockIdx.x] = s[t];
}

__global__ void add_offsets(float *out, const float *offsets, int n)
{
    // TODO: blocks after the first add offsets[blockIdx.x - 1]
    (void)out, (void)offsets, (void)n;
}
