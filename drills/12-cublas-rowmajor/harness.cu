// harness for cublas-rowmajor: C (M x N) = A (M x K) B (K x N), all
// row-major on the device, through the learner's call of cublasSgemm; a
// size is MxNxK.  Judged on a GPU only.
#include "drill.h"
#include <cublas_v2.h>

cublasStatus_t sgemm_rowmajor(cublasHandle_t h, int M, int N, int K, const float *A,
                              const float *B, float *C);

static void run(ck_drill &d, cublasHandle_t h, long M, long N, long K)
{
    std::vector<float> A(M * K), B(K * N), C(M * N), want(M * N);
    ck_fill(A, 18), ck_fill(B, 19);
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
    cublasStatus_t st = sgemm_rowmajor(h, (int)M, (int)N, (int)K, dA, dB, dC);
    if (st != CUBLAS_STATUS_SUCCESS)
        d.fail(d.name(), 0, 0, (double)st, "cublas-status");
    d.launched(cudaGetLastError());
    ck_download(C, dC);
    if (st == CUBLAS_STATUS_SUCCESS)
        if (!d.timing())
        d.check_floats(d.name(), C.data(), want.data(), M * N, 1e-4);
    if (d.timing())
        d.time(d.name(), 4.0 * (M * K + K * N + M * N), 2.0 * M * N * K,
               [&] { sgemm_rowmajor(h, (int)M, (int)N, (int)K, dA, dB, dC); });
    cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "drill: cublasCreate failed\n");
        return 3;
    }
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, h, d.size(i).r, d.size(i).c, d.size(i).k);
    cublasDestroy(h);
    return d.finish();
}
