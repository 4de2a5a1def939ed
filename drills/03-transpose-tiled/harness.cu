// harness for transpose-tiled: out (cols x rows) = in (rows x cols)
// transposed, on blocks of 32 x 8 threads, each doing a 32 x 32 tile:
// grid (ceil(cols / 32), ceil(rows / 32)).
#include "drill.h"

__global__ void transpose(const float *in, float *out, int rows, int cols);

static void run(ck_drill &d, long rows, long cols)
{
    long n = rows * cols;
    std::vector<float> in(n), out(n), want(n);
    ck_fill(in, 10);
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            want[c * rows + r] = in[r * cols + c];
    float *din = ck_upload(in), *dout = ck_alloc_poison<float>(n);
    dim3 block(32, 8), grid((unsigned)((cols + 31) / 32), (unsigned)((rows + 31) / 32));
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, transpose, grid, block, 0, 0, din, dout, (int)rows, (int)cols);
    d.launched(err);
    ck_download(out, dout);
    d.check_floats(d.name(), out.data(), want.data(), n, 0.0);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 0.0, [&] {
            CK_LAUNCH(err, transpose, grid, block, 0, 0, din, dout, (int)rows, (int)cols);
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
