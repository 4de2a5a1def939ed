// expect: kind: race
// the warps' partial results are read before all are written

__global__ void softmax_rows(const float *x, float *y, int rows, int cols)
{
    __shared__ float red[32];
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nw = blockDim.x / 32;
    /* online: a running max m and the sum s of exp(v - m) */
    float m = -INFINITY, s = 0.0f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) {
        float v = in[j], nm = fmaxf(m, v);
        s = s * expf(m - nm) + expf(v - nm);
        m = nm;
    }
    for (int d = 16; d > 0; d /= 2) {
        float om = __shfl_xor_sync(0xffffffffu, m, d), os = __shfl_xor_sync(0xffffffffu, s, d);
        float nm = fmaxf(m, om);
        s = (m == -INFINITY ? 0.0f : s * expf(m - nm)) + (om == -INFINITY ? 0.0f : os * expf(om - nm));
        m = nm;
    }
    if (lane == 0)
        red[warp] = m, red[16 + warp] = s;
    float bm = -INFINITY, bs = 0.0f;
    for (int w = 0; w < nw; w++)
        bm = fmaxf(bm, red[w]);
    for (int w = 0; w < nw; w++)
        bs += red[w] == -INFINITY ? 0.0f : red[16 + w] * expf(red[w] - bm);
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
        out[j] = expf(in[j] - bm) / bs;
}
