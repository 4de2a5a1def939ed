// expect: kind: out-of-bounds
// only the rows are checked: a column past the edge spills, off the end on the last row

__global__ void brighten(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows)
        out[row * cols + col] = 1.5f * in[row * cols + col] + 0.1f;
}
