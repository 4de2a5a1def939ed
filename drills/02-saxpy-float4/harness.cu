// harness for saxpy-float4: y = a x + y at each size, a = 2.5, on at most
// 8 blocks of 256 threads on the emulator (4 per SM on a GPU); x and y come
// from cudaMalloc, so both start 16-byte aligned.
#include "drill.h"

__global__ void saxpy4(int n, float a, const float *x, float *y);

static void run(ck_drill &d, long n)
{
    std::vector<float> x(n), y(n), want(n), before(n);
    ck_fill(x, 3), ck_fill(y, 4);
    const float a = 2.5f;
    for (long i = 0; i < n; i++)
        want[i] = a * x[i] + y[i], before[i] = y[i];
    float *dx = ck_upload(x), *dy = ck_upload(y);
    const int block = 256;
    long blocks = (n / 4 + block) / block, most = d.gpu() ? 4L * d.sms() : 8;
    int grid = (int)(blocks < most ? blocks : most);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, saxpy4, grid, block, 0, 0, (int)n, a, dx, dy);
    d.launched(err);
    ck_download(y, dy);
    d.check_updated(d.name(), y.data(), want.data(), before.data(), n, 1e-6);
    if (d.timing())
        d.time(d.name(), 12.0 * n, 2.0 * n, [&] {
            CK_LAUNCH(err, saxpy4, grid, block, 0, 0, (int)n, a, dx, dy);
        });
    cudaFree(dx), cudaFree(dy);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
