// expect: cause: unwritten
// the start forgets the block: every block walks the same elements
__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}
