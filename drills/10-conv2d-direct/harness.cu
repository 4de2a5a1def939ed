// harness for conv2d-direct: a k x k filter slid over an h x w image
// (cross-correlation, as cuDNN's default), zero padding so out is h x w;
// k is 5 when h and w are both odd, else 3; blocks of 16 x 16 threads,
// grid (ceil(w / 16), ceil(h / 16)).  A size is HxW.
#include "drill.h"

__global__ void conv2d(const float *in, const float *filt, float *out, int h, int w, int k);

static void run(ck_drill &d, long h, long w)
{
    int k = h % 2 && w % 2 ? 5 : 3, r = k / 2;
    std::vector<float> in(h * w), f(k * k), out(h * w), want(h * w);
    ck_fill(in, 16), ck_fill(f, 17);
    for (long y = 0; y < h; y++)
        for (long x = 0; x < w; x++) {
            double s = 0;
            for (int i = 0; i < k; i++)
                for (int j = 0; j < k; j++) {
                    long yy = y + i - r, xx = x + j - r;
                    if (yy >= 0 && yy < h && xx >= 0 && xx < w)
                        s += (double)f[i * k + j] * in[yy * w + xx];
                }
            want[y * w + x] = (float)s;
        }
    float *din = ck_upload(in), *df = ck_upload(f), *dout = ck_alloc_poison<float>(h * w);
    dim3 block(16, 16), grid((unsigned)((w + 15) / 16), (unsigned)((h + 15) / 16));
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, conv2d, grid, block, 0, 0, din, df, dout, (int)h, (int)w, k);
    d.launched(err);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), h * w, 1e-5);
    if (d.timing())
        d.time(d.name(), 8.0 * h * w, 2.0 * h * w * k * k, [&] {
            CK_LAUNCH(err, conv2d, grid, block, 0, 0, din, df, dout, (int)h, (int)w, k);
        });
    cudaFree(din), cudaFree(df), cudaFree(dout);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).r, d.size(i).c);
    return d.finish();
}
