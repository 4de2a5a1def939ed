/* ck_cuda.cuh: error checks for .cu files (GPU side only, never included by C).
 *
 *   CUDA_CHECK(err, expr)   run a CUDA runtime call; on failure write
 *                           "<expr>: <cuda message> (file:line)" into err
 *                           (struct ck_err *) and `return CK_ECUDA;`
 *   CUDA_LAUNCH_CHECK(err)  after every kernel launch: a bad configuration
 *                           shows up here, not at the next unrelated call.
 *
 * So every function that uses them returns int (enum ck_status). */
#ifndef CK_CUDA_CUH
#define CK_CUDA_CUH

#include <stdio.h>
#include <cuda_runtime.h>
#include "ck.h"

#define CUDA_CHECK(err, expr)                                                  \
    do {                                                                       \
        cudaError_t ck_e_ = (expr);                                            \
        if (ck_e_ != cudaSuccess) {                                            \
            snprintf((err)->msg, sizeof (err)->msg, "%s: %s (%s:%d)", #expr,   \
                     cudaGetErrorString(ck_e_), __FILE__, __LINE__);           \
            return CK_ECUDA;                                                   \
        }                                                                      \
    } while (0)

#define CUDA_LAUNCH_CHECK(err) CUDA_CHECK(err, cudaGetLastError())

#endif
