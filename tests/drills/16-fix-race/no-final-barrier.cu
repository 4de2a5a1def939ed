// expect: kind: race
// thread 0 reads the block's count before the others are done adding

__global__ void count_positive(const float *x, int n, int *count)
{
    __shared__ int block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (x[i] > 0)
            atomicAdd(&block_count, 1);
    if (threadIdx.x == 0)
        atomicAdd(count, block_count);
}
