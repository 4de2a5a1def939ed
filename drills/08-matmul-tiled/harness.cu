// harness for matmul-tiled: C (M x N) = A (M x K) B (K x N), row-major, on
// 16 x 16 blocks, grid (ceil(N / 16), ceil(M / 16)); a size is MxNxK.
#include "drill.h"

__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K);

static void run(ck_drill &d, long M, long N, long K)
{
    std::vector<float> A(M * K), B(K * N), C(M * N), want(M * N);
    ck_fill(A, 12), ck_fill(B, 13);
    /* the FP64 reference only where it is checked: at the timing size
     * (4096^3) it would take minutes; the sizes above were checked first */
    for (long i = 0; !d.timing() && i < M; i++)
        for (long j = 0; j < N; j++) {
            double s = 0;
            for (long k = 0; k < K; k++)
                s += (double)A[i * K + k] * B[k * N + j];
            want[i * N + j] = (float)s;
        }
    float *dA = ck_upload(A), *dB = ck_upload(B), *dC = ck_alloc_poison<float>(M * N);
    dim3 block(16, 16), grid((unsigned)((N + 15) / 16), (unsigned)((M + 15) / 16));
    cudaError_t err = cudaSuccess;
    CK_LAUNCH(err, matmul, grid, block, 0, 0, dA, dB, dC, (int)M, (int)N, (int)K);
    d.launched(err);
    ck_download(C, dC);
    if (!d.timing())
        d.check_floats(d.name(), C.data(), want.data(), M * N, 1e-4);
    if (d.timing())
        d.time(d.name(), 4.0 * (M * K + K * N + M * N), 2.0 * M * N * K, [&] {
            CK_LAUNCH(err, matmul, grid, block, 0, 0, dA, dB, dC, (int)M, (int)N, (int)K);
        });
    cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).r, d.size(i).c, d.size(i).k);
    return d.finish();
}
