// Vector add with a grid-stride loop: c[i] = a[i] + b[i] for every i < n.

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}
