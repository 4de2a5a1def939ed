/* conv_gpu.cu - the hand-written GPU rungs of the convolution ladder behind
 * three extern "C" entry points, so the host program stays plain C. Each
 * rung lives in its own NN_*.cuh file; this file only dispatches by id.
 * Launch errors come back as cudaError_t values; the caller checks them. */
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

#include "conv.h"

#include "01_naive.cuh"
#include "02_smem_direct.cuh"
#include "03_im2col_gemm.cuh"
#include "04_implicit_gemm.cuh"
#include "05_winograd.cuh"

extern "C" const char *conv_gpu_declines(const char *id,
                                         const struct conv_shape *sh)
{
    if (strcmp(id, "winograd") == 0 && !conv_wg_applies(sh))
        return "F(2x2, 3x3) needs a 3x3 filter, stride 1 and dilation 1";
    return NULL;
}

extern "C" size_t conv_gpu_workspace(const char *id, const struct conv_shape *sh)
{
    if (strcmp(id, "im2col-gemm") == 0)
        return conv_im2col_workspace(sh);
    if (strcmp(id, "implicit-gemm") == 0)
        return conv_igemm_workspace(sh);
    if (strcmp(id, "winograd") == 0)
        return conv_wg_workspace(sh);
    return 0;
}

extern "C" int conv_gpu_prepare(const char *id, const struct conv_shape *sh,
                                void *ws)
{
    if (strcmp(id, "implicit-gemm") == 0)
        return (int)conv_igemm_prepare(sh, ws);
    return (int)cudaSuccess;
}

extern "C" int conv_gpu_launch(const char *id, const struct conv_shape *sh,
                               const float *x, const float *w, float *y,
                               void *ws, void *stream)
{
    cudaStream_t st = (cudaStream_t)stream;
    if (strcmp(id, "naive") == 0)
        return (int)conv_naive_launch(sh, x, w, y, st);
    if (strcmp(id, "smem-direct") == 0)
        return (int)conv_smem_direct_launch(sh, x, w, y, st);
    if (strcmp(id, "im2col-gemm") == 0)
        return (int)conv_im2col_gemm_launch(sh, x, w, y, (float *)ws, st);
    if (strcmp(id, "implicit-gemm") == 0)
        return (int)conv_igemm_launch(sh, x, w, y, ws, st);
    if (strcmp(id, "winograd") == 0)
        return (int)conv_wg_launch(sh, x, w, y, ws, st);
    return (int)cudaErrorInvalidValue;
}
