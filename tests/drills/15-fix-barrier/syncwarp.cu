// expect: kind: race
// __syncwarp orders a warp, not the block: the mirror is in another warp

__global__ void reverse_blocks(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int base = blockIdx.x * blockDim.x, t = threadIdx.x;
    int m = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
    if (t < m)
        s[t] = in[base + t];
    __syncwarp();
    if (t < m)
        out[base + t] = s[m - 1 - t];
}
