// harness for fix-bounds: out = 1.5 in + 0.1 over a rows x cols image, on
// 16 x 16 blocks, grid (ceil(cols / 16), ceil(rows / 16)): the blocks on the
// right and bottom edges have threads outside the image.
#include "drill.h"

__global__ void brighten(const float *in, float *out, int rows, int cols);

static void run(ck_drill &d, long rows, long cols)
{
    long n = rows * cols;
    std::vector<float> in(n), out(n), want(n);
    ck_fill(in, 5);
    for (long i = 0; i < n; i++)
        want[i] = 1.5f * in[i] + 0.1f;
    float *din = ck_upload(in), *dout = ck_alloc_poison<float>(n);
    dim3 block(16, 16), grid((unsigned)((cols + 15) / 16), (unsigned)((rows + 15) / 16));
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, brighten, grid, block, 0, 0, din, dout, (int)rows, (int)cols);
    d.launched(err);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), n, 1e-6);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 2.0 * n, [&] {
            CK_LAUNCH(err, brighten, grid, block, 0, 0, din, dout, (int)rows, (int)cols);
        });
    cudaFree(din), cudaFree(dout);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).r, d.size(i).c);
    return d.finish();
}
