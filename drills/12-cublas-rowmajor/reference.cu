// cublasSgemm for row-major data: cuBLAS reads column-major, and a
// row-major matrix is its transpose in column-major, so compute
// C^T = B^T A^T: B first, then A, dimensions N, M, K.

#include <cublas_v2.h>

cublasStatus_t sgemm_rowmajor(cublasHandle_t h, int M, int N, int K, const float *A,
                              const float *B, float *C)
{
    const float one = 1.0f, zero = 0.0f;
    /* row-major C = A B is column-major C^T = B^T A^T: swap the operands */
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N);
}
