// expect: kind: deadlock
// expect-gpu: passes (measured on the H200: the right answer, and compute-sanitizer synccheck reports nothing; the CUDA Programming Guide allows __syncthreads() in conditional code only where the condition is the same across the block. The emulator finds it.)
// the barrier inside the if: the last block's idle threads never reach it

__global__ void reverse_blocks(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int base = blockIdx.x * blockDim.x, t = threadIdx.x;
    int m = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
    if (t < m) {
        s[t] = in[base + t];
        __syncthreads();
        out[base + t] = s[m - 1 - t];
    }
}
