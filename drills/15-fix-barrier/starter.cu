// Reverse each block's 256 elements through shared memory (the last
// block reverses the ones left).  The results are wrong, and not always
// the same way: find the fault and repair it.

__global__ void reverse_blocks(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int base = blockIdx.x * blockDim.x, t = threadIdx.x;
    int m = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
    if (t < m)
        s[t] = in[base + t];
    if (t < m)
        out[base + t] = s[m - 1 - t];
}
