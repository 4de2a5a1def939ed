// harness for histogram: 256 bins of n values in 0 .. 255, bins zeroed
// before the launch; at most 8 blocks of 256 threads on the emulator.
#include "drill.h"

__global__ void histogram(const int *data, int n, unsigned *bins);

static void run(ck_drill &d, long n)
{
    std::vector<int> data(n), want(256, 0), got(256);
    ck_fill_ints(data, 9, 256);
    for (long i = 0; i < n; i++)
        want[data[i]]++;
    std::vector<unsigned> bins(256, 0);
    int *dd = ck_upload(data);
    unsigned *db = ck_upload(bins);
    long blocks = (n + 255) / 256, most = d.gpu() ? 4L * d.sms() : 8;
    int grid = (int)(blocks < most ? blocks : most);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, histogram, grid, 256, 0, 0, dd, (int)n, db);
    d.launched(err);
    ck_download(bins, db);
    for (int b = 0; b < 256; b++)
        got[b] = (int)bins[b];
    d.check_ints(d.name(), got.data(), want.data(), 256);
    if (d.timing())
        d.time(d.name(), 4.0 * n, 0.0, [&] {
            CK_LAUNCH(err, histogram, grid, 256, 0, 0, dd, (int)n, db);
        });
    cudaFree(dd), cudaFree(db);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
