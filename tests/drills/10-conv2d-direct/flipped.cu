// expect: cause: wrong
// a true convolution: the filter is flipped, cuDNN's default is not

__global__ void conv2d(const float *in, const float *filt, float *out, int h, int w, int k)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    int r = k / 2;
    float s = 0.0f;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            int yy = y + i - r, xx = x + j - r;
            if (yy >= 0 && yy < h && xx >= 0 && xx < w)
                s += filt[(k - 1 - i) * k + (k - 1 - j)] * in[yy * w + xx];
        }
    out[y * w + x] = s;
}
