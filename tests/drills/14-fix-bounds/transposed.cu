// expect: cause: wrong
// the bounds are right, but the input is read at the transposed place

__global__ void brighten(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = 1.5f * in[col * rows + row] + 0.1f;
}
