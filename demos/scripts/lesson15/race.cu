#define T 32

__global__ void tiled(const float *A, const float *B,
                      float *C, int n)   // n % T == 0
{
    __shared__ float As[T][T], Bs[T][T];
    int row = blockIdx.y * T + threadIdx.y;
    int col = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < n; t += T) {
        As[threadIdx.y][threadIdx.x] =
            A[row * n + t + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] =
            B[(t + threadIdx.y) * n + col];
        __syncthreads();        // tiles loaded
        for (int k = 0; k < T; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        // missing: __syncthreads() before the next load
    }
    C[row * n + col] = acc;
}

/* Not part of the lesson's block: a launch, so that racecheck has a run
 * to check (64 x 64 matrices, one 32 x 32 block per tile of C). */
#include <cstdio>
#include <cuda_runtime.h>

int main(void)
{
    const int n = 64;
    float *A, *B, *C;
    cudaMallocManaged(&A, n * n * sizeof(float));
    cudaMallocManaged(&B, n * n * sizeof(float));
    cudaMallocManaged(&C, n * n * sizeof(float));
    for (int i = 0; i < n * n; i++) {
        A[i] = 1.0f;
        B[i] = 2.0f;
    }
    tiled<<<dim3(n / T, n / T), dim3(T, T)>>>(A, B, C, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("tiled: %s, C[0] = %.1f (want %.1f)\n", cudaGetErrorString(e),
           C[0], 2.0f * n);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    return 0;
}
