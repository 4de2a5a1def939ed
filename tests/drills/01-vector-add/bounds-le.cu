// expect: kind: out-of-bounds
// the loop runs while i <= n: the last thread reads a[n] and writes c[n]
__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride)
        c[i] = a[i] + b[i];
}
