// expect: cause: wrong
// the data read as column-major: the starter's mistake

#include <cublas_v2.h>

cublasStatus_t sgemm_rowmajor(cublasHandle_t h, int M, int N, int K, const float *A,
                              const float *B, float *C)
{
    const float one = 1.0f, zero = 0.0f;
    /* row-major C = A B is column-major C^T = B^T A^T: swap the operands */
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &one, A, M, B, K, &zero, C, M);
}
