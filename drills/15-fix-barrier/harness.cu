// harness for fix-barrier: each block of 256 threads reverses its own
// 256 elements (the last block the ones left); grid ceil(n / 256).
#include "drill.h"

__global__ void reverse_blocks(const float *in, float *out, int n);

static void run(ck_drill &d, long n)
{
    std::vector<float> in(n), out(n), want(n);
    ck_fill(in, 6);
    for (long base = 0; base < n; base += 256) {
        long m = n - base < 256 ? n - base : 256;
        for (long t = 0; t < m; t++)
            want[base + t] = in[base + m - 1 - t];
    }
    float *din = ck_upload(in), *dout = ck_alloc_poison<float>(n);
    int grid = (int)((n + 255) / 256);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, reverse_blocks, grid, 256, 0, 0, din, dout, (int)n);
    d.launched(err);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), n, 0.0);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 0.0, [&] {
            CK_LAUNCH(err, reverse_blocks, grid, 256, 0, 0, din, dout, (int)n);
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
