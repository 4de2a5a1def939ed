// Direct 2-D convolution as cuDNN computes it (cross-correlation: the
// filter is not flipped): out[y][x] = sum over i, j < k of
// filt[i][j] * in[y + i - k/2][x + j - k/2], taps outside the image 0.
__global__ void conv2d(const float *in, const float *filt, float *out, int h, int w, int k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    int r = k / 2;
    // TODO: the k x k taps; only the centre one is here
    out[y * w + x] = filt[r * k + r] * in[y * w + x];
}
