/* conv_cudnn.h - the cuDNN rung: cuDNN's own forward-convolution algorithms
 * on the same problem, each run on its own so the demo can check and time
 * it (conv_cudnn.cu, only with CUDA; cuDNN itself is loaded at run time).
 *
 *   conv_cudnn_open()  load libcudnn, make the handle and descriptors
 *   conv_cudnn_find()  cudnnFindConvolutionForwardAlgorithmEx under one math
 *                      mode; fills one entry per algorithm (fastest first is
 *                      cuDNN's own ranking; we time again ourselves)
 *   conv_cudnn_forward() one cudnnConvolutionForward with an algorithm
 * All return enum ck_status and put a message naming the call, file and line
 * into err; conv_cudnn_close() accepts NULL. */
#ifndef CK_CONV_CUDNN_H
#define CK_CONV_CUDNN_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/ck.h"
#include "conv.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CONV_CUDNN_ALGOS 8 /* CUDNN_CONVOLUTION_FWD_ALGO_COUNT in cuDNN 9 */

struct conv_cudnn_algo {
    int algo;         /* cudnnConvolutionFwdAlgo_t */
    bool supported;   /* Find ran it successfully */
    int math;         /* cudnnMathType_t it ran with */
    size_t workspace; /* bytes it asked for */
    float find_ms;    /* cuDNN's own timing during Find */
    char status[64];  /* cuDNN's status name when not supported */
};

struct conv_cudnn;

/* The tensors' layout and type a handle describes: the ladder's own
 * (NCHW x and y, KCRS filters, FP32), or cuDNN's Tensor Core layout (NHWC
 * x and y, KRSC filters) in FP32 or in FP16 (sums in FP32 either way). */
enum conv_cudnn_form { CONV_FORM_NCHW_FP32,
                       CONV_FORM_NHWC_FP32,
                       CONV_FORM_NHWC_FP16 };

/* *out is NULL (and CK_OK returned, reason in err) when cuDNN is missing. */
int conv_cudnn_open(struct conv_cudnn **out, const struct conv_shape *sh,
                    char *version, size_t version_len, struct ck_err *err);
/* the same for another form (conv_cudnn_open is CONV_FORM_NCHW_FP32) */
int conv_cudnn_open_form(struct conv_cudnn **out, const struct conv_shape *sh,
                         enum conv_cudnn_form form, char *version, size_t version_len,
                         struct ck_err *err);
/* bytes of one element of the handle's tensors: 4, or 2 in FP16 */
size_t conv_cudnn_elem(const struct conv_cudnn *c);
/* An NCHW FP32 tensor of n x ch x h x w (a filter: k x c x r x s) into the
 * handle's NHWC form at dst, and an output in that form back into NCHW
 * FP32 (for the check against the ladder's reference). For the NHWC forms
 * only: an NCHW FP32 handle uses the ladder's own tensors. */
int conv_cudnn_to_form(const struct conv_cudnn *c, const float *src, void *dst, int n,
                       int ch, int h, int w, struct ck_err *err);
int conv_cudnn_from_form(const struct conv_cudnn *c, const void *src, float *dst, int n,
                         int ch, int h, int w, struct ck_err *err);
/* fma: CUDNN_FMA_MATH (pure FP32), else CUDNN_DEFAULT_MATH (TF32 allowed)
 * in NCHW FP32 and CUDNN_TENSOR_OP_MATH (Tensor Cores) in the NHWC forms.
 * res[a] describes algorithm a. *best is the fastest supported one, or -1.
 * x, w and y are in the handle's form. */
int conv_cudnn_find(struct conv_cudnn *c, bool fma, const void *x, const void *w, void *y,
                    struct conv_cudnn_algo res[CONV_CUDNN_ALGOS], int *best,
                    struct ck_err *err);
int conv_cudnn_forward(struct conv_cudnn *c, const struct conv_cudnn_algo *a, const void *x,
                       const void *w, void *y, struct ck_err *err);
void conv_cudnn_close(struct conv_cudnn *c);
/* Every byte of the workspace cuDNN gets set to 0xFF (NaN as floats), as
 * the hand rungs' workspace is before their check: an algorithm that reads
 * a part it did not write then fails the check. */
int conv_cudnn_poison(struct conv_cudnn *c, struct ck_err *err);
/* The workspace's last float into *v (0 without a workspace): the test
 * hook's stand-in for an algorithm reading workspace it did not write. */
int conv_cudnn_ws_last(struct conv_cudnn *c, float *v, struct ck_err *err);

/* "implicit-gemm", "fft-tiling"...; "fma"/"default"/"tensor-op". */
const char *conv_cudnn_algo_name(int algo);
const char *conv_cudnn_math_name(int math);

#ifdef __cplusplus
}
#endif

#endif
