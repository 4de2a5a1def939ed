// harness for stencil-1d: out[i] = (1 in[i-3] + 2 in[i-2] + 3 in[i-1] +
// 4 in[i] + 3 in[i+1] + 2 in[i+2] + 1 in[i+3]) / 16, zero outside the
// array; blocks of 256 threads, grid ceil(n / 256).
#include "drill.h"

__global__ void stencil(const float *in, float *out, int n);

static void run(ck_drill &d, long n)
{
    std::vector<float> in(n), out(n), want(n);
    ck_fill(in, 11);
    for (long i = 0; i < n; i++) {
        float s = 0;
        for (int k = -3; k <= 3; k++)
            if (i + k >= 0 && i + k < n)
                s += (4 - (k < 0 ? -k : k)) * in[i + k];
        want[i] = s / 16.0f;
    }
    float *din = ck_upload(in), *dout = ck_alloc_poison<float>(n);
    int grid = (int)((n + 255) / 256);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, stencil, grid, 256, 0, 0, din, dout, (int)n);
    d.launched(err);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), n, 1e-5);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 14.0 * n, [&] {
            CK_LAUNCH(err, stencil, grid, 256, 0, 0, din, dout, (int)n);
        });
    cudaFree(din), cudaFree(dout);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
