// expect: cause: wrong
// transposing both operands gives C^T, stored where C should be

#include <cublas_v2.h>

cublasStatus_t sgemm_rowmajor(cublasHandle_t h, int M, int N, int K, const float *A,
                              const float *B, float *C)
{
    const float one = 1.0f, zero = 0.0f;
    /* row-major C = A B is column-major C^T = B^T A^T: swap the operands */
    return cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_T, M, N, K, &one, A, K, B, N, &zero, C, M);
}
