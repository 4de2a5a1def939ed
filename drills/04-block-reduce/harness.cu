// harness for block-reduce: the sum of n floats into *out (0 before the
// launch), on at most 8 blocks of 256 threads on the emulator (4 per SM
// on a GPU), checked against a sum in double.
#include "drill.h"

__global__ void block_sum(const float *x, float *out, int n);

static void run(ck_drill &d, long n)
{
    std::vector<float> x(n), out(1, 0.0f);
    ck_fill(x, 7);
    double want = 0;
    for (long i = 0; i < n; i++)
        want += x[i];
    float *dx = ck_upload(x), *dout = ck_upload(out);
    const int block = 256;
    long blocks = (n + block - 1) / block, most = d.gpu() ? 4L * d.sms() : 8;
    int grid = (int)(blocks < most ? blocks : most);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, block_sum, grid, block, 0, 0, dx, dout, (int)n);
    d.launched(err);
    ck_download(out, dout);
    d.check_sum(d.name(), out[0], want, 1e-4);
    if (d.timing())
        d.time(d.name(), 4.0 * n, 1.0 * n, [&] {
            cudaMemset(dout, 0, sizeof(float));
            CK_LAUNCH(err, block_sum, grid, block, 0, 0, dx, dout, (int)n);
        });
    cudaFree(dx), cudaFree(dout);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
