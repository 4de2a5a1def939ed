// expect: kind: out-of-bounds
// the halo loads do not check the array's ends

#define R 3
#define BLOCK 256
__global__ void stencil(const float *in, float *out, int n)
{
    __shared__ float s[BLOCK + 2 * R];
    int g = blockIdx.x * BLOCK + threadIdx.x, l = threadIdx.x + R;
    s[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < R) {
        int left = g - R, right = g + BLOCK;
        s[l - R] = in[left];
        s[l + BLOCK] = in[right];
    }
    __syncthreads();
    if (g < n) {
        float sum = 0.0f;
        for (int k = -R; k <= R; k++)
            sum += (R + 1 - (k < 0 ? -k : k)) * s[l + k];
        out[g] = sum / 16.0f;
    }
}
