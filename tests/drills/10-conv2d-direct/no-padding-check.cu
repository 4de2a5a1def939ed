// expect: kind: out-of-bounds
// taps off the image are read anyway

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
            s += filt[i * k + j] * in[yy * w + xx];
        }
    out[y * w + x] = s;
}
