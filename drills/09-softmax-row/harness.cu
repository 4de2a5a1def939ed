// harness for softmax-row: y = softmax of each row of x (rows x cols), one
// block of 128 threads per row.  Some rows hold values up to 100, whose
// exp overflows a float unless the row's maximum is taken off first.
#include "drill.h"

__global__ void softmax_rows(const float *x, float *y, int rows, int cols);

static void run(ck_drill &d, long rows, long cols)
{
    long n = rows * cols;
    std::vector<float> x(n), y(n), want(n);
    ck_fill(x, 14);
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            if (r % 2 == 0)
                x[r * cols + c] *= 100.0f;
    for (long r = 0; r < rows; r++) {
        double m = -1e300, s = 0;
        for (long c = 0; c < cols; c++)
            m = x[r * cols + c] > m ? x[r * cols + c] : m;
        for (long c = 0; c < cols; c++)
            s += exp(x[r * cols + c] - m);
        for (long c = 0; c < cols; c++)
            want[r * cols + c] = (float)(exp(x[r * cols + c] - m) / s);
    }
    float *dx = ck_upload(x), *dy = ck_alloc_poison<float>(n);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, softmax_rows, (int)rows, 128, 0, 0, dx, dy, (int)rows, (int)cols);
    d.launched(err);
    ck_download(y, dy);
    d.check_floats(d.name(), y.data(), want.data(), n, 1e-5);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 5.0 * n, [&] {
            CK_LAUNCH(err, softmax_rows, (int)rows, 128, 0, 0, dx, dy, (int)rows, (int)cols);
        });
    cudaFree(dx), cudaFree(dy);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).r, d.size(i).c);
    return d.finish();
}
