// Brighten an image: each thread one pixel, those outside the image do
// nothing.

__global__ void brighten(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = 1.5f * in[row * cols + col] + 0.1f;
}
