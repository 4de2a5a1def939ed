// Count the positive values of x into *count.  On the emulator the count
// even comes out right, yet the kernel is wrong on a GPU: find the fault
// and repair it.

__global__ void count_positive(const float *x, int n, int *count)
{
    __shared__ int block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (x[i] > 0)
            block_count++;
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(count, block_count);
}
