// expect: cause: wrong
// the shared counters are never cleared: they start with what the last block left

__global__ void histogram(const int *data, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
}
