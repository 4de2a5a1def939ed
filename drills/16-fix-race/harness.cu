// harness for fix-race: how many of n floats are above 0, into *count
// (0 before the launch); at most 8 blocks of 256 threads on the emulator.
#include "drill.h"

__global__ void count_positive(const float *x, int n, int *count);

static void run(ck_drill &d, long n)
{
    std::vector<float> x(n);
    std::vector<int> count(1, 0);
    ck_fill(x, 8);
    long want = 0;
    for (long i = 0; i < n; i++)
        want += x[i] > 0;
    float *dx = ck_upload(x);
    int *dcount = ck_upload(count);
    long blocks = (n + 255) / 256, most = d.gpu() ? 4L * d.sms() : 8;
    int grid = (int)(blocks < most ? blocks : most);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, count_positive, grid, 256, 0, 0, dx, (int)n, dcount);
    d.launched(err);
    ck_download(count, dcount);
    d.check_sum(d.name(), count[0], (double)want, 0.0);
    if (d.timing())
        d.time(d.name(), 4.0 * n, 0.0, [&] {
            CK_LAUNCH(err, count_positive, grid, 256, 0, 0, dx, (int)n, dcount);
        });
    cudaFree(dx), cudaFree(dcount);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
