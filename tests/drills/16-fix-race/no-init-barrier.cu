// expect: kind: race
// expect-gpu: kind: order
// thread 0 sets the count to 0 while others may already add to it

__global__ void count_positive(const float *x, int n, int *count)
{
    __shared__ int block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (x[i] > 0)
            atomicAdd(&block_count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(count, block_count);
}
