// expect: cause: wrong
// B's tile is read as if transposed

#define T 16
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[T][T], Bs[T][T];
    int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        int ak = k0 + threadIdx.x, bk = k0 + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < M && ak < K ? A[row * K + ak] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = bk < K && col < N ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T; k++)
            acc += As[threadIdx.y][k] * Bs[threadIdx.x][k];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}
