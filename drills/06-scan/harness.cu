// harness for scan: the inclusive prefix sum of n small whole numbers
// (exact in float), on blocks of 256: scan_blocks scans each block's
// elements and leaves each block's total in sums; the totals are scanned
// the same way (recursively), then add_offsets adds to each block the
// scanned totals of the blocks before it.
#include "drill.h"

__global__ void scan_blocks(const float *in, float *out, float *sums, int n);
__global__ void add_offsets(float *out, const float *offsets, int n);

static void scan(ck_drill &d, const float *din, float *dout, long n)
{
    long blocks = (n + 255) / 256;
    cudaError_t err = cudaSuccess;
    float *sums = blocks > 1 ? ck_alloc_poison<float>(blocks) : NULL;
    CK_LAUNCH(err, scan_blocks, (int)blocks, 256, 0, 0, din, dout, sums, (int)n);
    d.launched(err);
    if (blocks > 1) {
        float *scanned = ck_alloc_poison<float>(blocks);
        scan(d, sums, scanned, blocks);
        CK_LAUNCH(err, add_offsets, (int)blocks, 256, 0, 0, dout, (const float *)scanned, (int)n);
        d.launched(err);
        cudaFree(scanned);
    }
    cudaFree(sums);
}

static void run(ck_drill &d, long n)
{
    std::vector<int> v(n);
    std::vector<float> in(n), out(n), want(n);
    ck_fill_ints(v, 15, 4);
    double acc = 0;
    for (long i = 0; i < n; i++)
        in[i] = (float)v[i], acc += v[i], want[i] = (float)acc;
    float *din = ck_upload(in), *dout = ck_alloc_poison<float>(n);
    scan(d, din, dout, n);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), n, 0.0);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 1.0 * n, [&] { scan(d, din, dout, n); });
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
