// expect: cause: wrong
// a slip of the pen: a[i] twice, b never read
__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + a[i];
}
