// expect: cause: repeated
// every thread adds the block's count to the total

__global__ void count_positive(const float *x, int n, int *count)
{
    __shared__ int block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (x[i] > 0)
            atomicAdd(&block_count, 1);
    __syncthreads();
    atomicAdd(count, block_count);
}
