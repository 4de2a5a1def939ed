// harness for cudnn-conv-forward: y = x (N x C x H x W) convolved with
// K = C + 1 filters of C x 3 x 3, padding 1, stride 1, cross-correlation,
// NCHW, through the learner's cuDNN calls; a size is NxCxHxW.  Judged on
// a GPU only.
#include "drill.h"
#include <cudnn.h>

cudnnStatus_t conv_forward(cudnnHandle_t h, const float *x, const float *w, float *y, int n,
                           int c, int hh, int ww, int k);

static void run(ck_drill &d, cudnnHandle_t h, long N, long C, long H, long W)
{
    long K = C + 1;
    std::vector<float> x(N * C * H * W), w(K * C * 9), y(N * K * H * W), want(N * K * H * W);
    ck_fill(x, 21), ck_fill(w, 22);
    /* the FP64 reference only where it is checked (not at the timing size) */
    for (long b = 0; !d.timing() && b < N; b++)
        for (long o = 0; o < K; o++)
            for (long r = 0; r < H; r++)
                for (long q = 0; q < W; q++) {
                    double s = 0;
                    for (long ci = 0; ci < C; ci++)
                        for (int i = 0; i < 3; i++)
                            for (int j = 0; j < 3; j++) {
                                long rr = r + i - 1, qq = q + j - 1;
                                if (rr >= 0 && rr < H && qq >= 0 && qq < W)
                                    s += (double)w[((o * C + ci) * 3 + i) * 3 + j] *
                                         x[((b * C + ci) * H + rr) * W + qq];
                            }
                    want[((b * K + o) * H + r) * W + q] = (float)s;
                }
    float *dx = ck_upload(x), *dw = ck_upload(w), *dy = ck_alloc_poison<float>(N * K * H * W);
    cudnnStatus_t st = conv_forward(h, dx, dw, dy, (int)N, (int)C, (int)H, (int)W, (int)K);
    d.launched(cudaGetLastError());
    ck_download(y, dy);
    if (st != CUDNN_STATUS_SUCCESS)
        d.fail(d.name(), 0, 0, (double)st, "cudnn-status");
    else if (!d.timing())
        d.check_floats(d.name(), y.data(), want.data(), N * K * H * W, 1e-4);
    if (d.timing())
        d.time(d.name(), 4.0 * (N * C * H * W + N * K * H * W), 2.0 * N * K * H * W * C * 9,
               [&] { conv_forward(h, dx, dw, dy, (int)N, (int)C, (int)H, (int)W, (int)K); });
    cudaFree(dx), cudaFree(dw), cudaFree(dy);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    cudnnHandle_t h;
    if (cudnnCreate(&h) != CUDNN_STATUS_SUCCESS) {
        fprintf(stderr, "drill: cudnnCreate failed\n");
        return 3;
    }
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i)) {
            const ck_size &z = d.size(i);
            run(d, h, z.r, z.c, z.k, z.m);
        }
    cudnnDestroy(h);
    return d.finish();
}
