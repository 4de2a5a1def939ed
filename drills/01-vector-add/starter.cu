// Vector add with a grid-stride loop: c[i] = a[i] + b[i] for every i < n.
// The grid is fixed and smaller than n: each thread must take the elements
// i, i + stride, i + 2 * stride, ... where stride is the grid's thread count.

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // TODO: one element per thread covers only the first gridDim.x * blockDim.x
    // elements. Turn this into a loop that strides over the whole array.
    if (i < n)
        c[i] = a[i] + b[i];
}
