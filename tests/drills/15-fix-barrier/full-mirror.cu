// expect: cause: wrong
// the mirror of a full block: the last block reads slots nobody wrote

__global__ void reverse_blocks(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int base = blockIdx.x * blockDim.x, t = threadIdx.x;
    int m = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
    if (t < m)
        s[t] = in[base + t];
    __syncthreads();
    if (t < m)
        out[base + t] = s[255 - t];
}
