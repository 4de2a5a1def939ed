// harness for vector-add: c = a + b at each size, on a grid of at most
// 8 blocks of 256 threads on the emulator (4 per SM on a GPU), so a kernel
// without a grid-stride loop leaves most of a large array unwritten.
#include "drill.h"

/* the learner's kernel (drills/en/01-vector-add.yaml's signature) */
__global__ void vector_add(const float *a, const float *b, float *c, int n);

static void run(ck_drill &d, long n)
{
    std::vector<float> a(n), b(n), c(n), want(n);
    ck_fill(a, 1), ck_fill(b, 2);
    for (long i = 0; i < n; i++)
        want[i] = a[i] + b[i];
    float *da = ck_upload(a), *db = ck_upload(b), *dc = ck_alloc_poison<float>(n);
    const int block = 256;
    long blocks = (n + block - 1) / block, most = d.gpu() ? 4L * d.sms() : 8;
    int grid = (int)(blocks < most ? blocks : most);
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, vector_add, grid, block, 0, 0, da, db, dc, (int)n);
    d.launched(err);
    ck_download(c, dc);
    d.check_floats(d.name(), c.data(), want.data(), n, 0.0);
    if (d.timing())
        d.time(d.name(), 12.0 * n, 1.0 * n, [&] {
            CK_LAUNCH(err, vector_add, grid, block, 0, 0, da, db, dc, (int)n);
        });
    cudaFree(da), cudaFree(db), cudaFree(dc);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
