#include <cstdio>
#include <cuda_runtime.h>

__global__ void poke(int *p) { *p = 1; }  // p is NULL

int main(void)
{
    poke<<<1, 1>>>(NULL);
    cudaError_t launch = cudaGetLastError();
    cudaError_t sync = cudaDeviceSynchronize();
    void *q = NULL;
    cudaError_t later = cudaMalloc(&q, 16);
    printf("launch: %s\n", cudaGetErrorString(launch));
    printf("sync:   %s\n", cudaGetErrorString(sync));
    printf("later:  %s\n", cudaGetErrorString(later));
    return 0;
}
