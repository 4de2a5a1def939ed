// expect: cause: unwritten
// the loop stops one short: the last element is never written
__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1; i += stride)
        c[i] = a[i] + b[i];
}
