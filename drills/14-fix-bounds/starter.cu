// Brighten an image: out = 1.5 in + 0.1 for each pixel of a rows x cols
// image stored row by row.  This kernel crashes on some images: find the
// fault and repair it.

__global__ void brighten(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < cols && col < rows)
        out[row * cols + col] = 1.5f * in[row * cols + col] + 0.1f;
}
