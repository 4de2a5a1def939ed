// expect: kind: race
// local[v]++ from many threads at once: counts are lost on a GPU

__global__ void histogram(const int *data, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        local[data[i]]++;
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b])
            atomicAdd(&bins[b], local[b]);
}
