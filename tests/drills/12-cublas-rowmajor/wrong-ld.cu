// expect: cause: wrong
// the swap is right but A's leading dimension is M

#include <cublas_v2.h>

cublasStatus_t sgemm_rowmajor(cublasHandle_t h, int M, int N, int K, const float *A,
                              const float *B, float *C)
{
    const float one = 1.0f, zero = 0.0f;
    /* row-major C = A B is column-major C^T = B^T A^T: swap the operands */
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, M, &zero, C, N);
}
