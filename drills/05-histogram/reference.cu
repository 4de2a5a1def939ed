// Histogram with a private copy per block in shared memory: cleared,
// counted with shared atomics, then added to the global bins once.

__global__ void histogram(const int *data, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
}
