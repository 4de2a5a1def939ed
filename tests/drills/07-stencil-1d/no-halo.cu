// expect: cause: wrong
// no halo: the neighbours across a block's edge are whatever s held

#define R 3
#define BLOCK 256
__global__ void stencil(const float *in, float *out, int n)
{
    __shared__ float s[BLOCK + 2 * R];
    int g = blockIdx.x * BLOCK + threadIdx.x, l = threadIdx.x + R;
    s[l] = g < n ? in[g] : 0.0f;
    __syncthreads();
    if (g < n) {
        float sum = 0.0f;
        for (int k = -R; k <= R; k++)
            sum += (R + 1 - (k < 0 ? -k : k)) * s[l + k];
        out[g] = sum / 16.0f;
    }
}
