/* cublas_dl.h: cuBLAS through dlopen (libcublas.so.13, then .12), as a small
 * table of function pointers. Only when CK_HAVE_CUDA (needs cublas_v2.h for
 * its types; nothing is linked). A machine without cuBLAS gets NULL from
 * ck_cublas_load() and still runs every other variant.
 *
 *   struct ck_cublas *cb = ck_cublas_load();   // NULL: not installed
 *   cb->create(&h); cb->set_math(h, CUBLAS_DEFAULT_MATH); cb->sgemm(...);
 *   ck_cublas_free(cb);                         // accepts NULL
 *
 * ck_cublas_status_str() names a cublasStatus_t for error messages. */
#ifndef CK_CUBLAS_DL_H
#define CK_CUBLAS_DL_H

#include <cublas_v2.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ck_cublas {
    void *lib;
    char version[32];
    cublasStatus_t (*create)(cublasHandle_t *h);
    cublasStatus_t (*destroy)(cublasHandle_t h);
    cublasStatus_t (*set_math)(cublasHandle_t h, cublasMath_t mode);
    cublasStatus_t (*sgemm)(cublasHandle_t h, cublasOperation_t ta,
                            cublasOperation_t tb, int m, int n, int k,
                            const float *alpha, const float *a, int lda,
                            const float *b, int ldb, const float *beta,
                            float *c, int ldc);
    /* cublasGemmEx: the reduced-precision rungs (FP16/BF16 in, FP32 out) */
    cublasStatus_t (*gemm_ex)(cublasHandle_t h, cublasOperation_t ta,
                              cublasOperation_t tb, int m, int n, int k,
                              const void *alpha, const void *a,
                              cudaDataType at, int lda, const void *b,
                              cudaDataType bt, int ldb, const void *beta,
                              void *c, cudaDataType ct, int ldc,
                              cublasComputeType_t compute,
                              cublasGemmAlgo_t algo);
    /* cublasGemmStridedBatchedEx: batched products (the attention demo) */
    cublasStatus_t (*gemm_strided_ex)(
        cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
        int k, const void *alpha, const void *a, cudaDataType at, int lda,
        long long stride_a, const void *b, cudaDataType bt, int ldb,
        long long stride_b, const void *beta, void *c, cudaDataType ct, int ldc,
        long long stride_c, int batch, cublasComputeType_t compute,
        cublasGemmAlgo_t algo);
};

struct ck_cublas *ck_cublas_load(void);
void ck_cublas_free(struct ck_cublas *cb);
const char *ck_cublas_status_str(int status);

#ifdef __cplusplus
}
#endif

#endif
