#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)                  // the bug: must be i < n
        x[i] = (float)i;
}

int main(void)
{
    int n = 1000;
    float *d = NULL;
    cudaMalloc(&d, n * sizeof(float));
    fill<<<(n + 255) / 256, 256>>>(d, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("fill: %s\n", cudaGetErrorString(e));
    cudaFree(d);
    return 0;
}
