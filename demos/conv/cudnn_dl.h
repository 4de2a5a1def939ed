/* cudnn_dl.h - the few cuDNN calls the conv demo makes, loaded at run time
 * with dlopen (libcudnn.so.9) into a table of function pointers, so cuDNN is
 * never a link-time dependency: without it the demo runs every other variant
 * and says cuDNN is not installed. Only built with CUDA (needs cudnn.h for
 * the types; nothing is linked).
 *
 *   struct conv_cudnn_lib *l = conv_cudnn_load(); // NULL: not installed
 *   l->create(&h); ...
 *   conv_cudnn_unload(l);                         // accepts NULL
 *
 * These are cuDNN's legacy (v7-style) convolution calls, still exported by
 * cuDNN 9's libcudnn.so.9. */
#ifndef CK_CUDNN_DL_H
#define CK_CUDNN_DL_H

#include <cudnn.h>

#ifdef __cplusplus
extern "C" {
#endif

struct conv_cudnn_lib {
    void *lib;
    size_t version; /* cudnnGetVersion(): major*10000 + minor*100 + patch */
    const char *(*error_string)(cudnnStatus_t s);
    cudnnStatus_t (*create)(cudnnHandle_t *h);
    cudnnStatus_t (*destroy)(cudnnHandle_t h);
    cudnnStatus_t (*create_tensor)(cudnnTensorDescriptor_t *d);
    cudnnStatus_t (*destroy_tensor)(cudnnTensorDescriptor_t d);
    cudnnStatus_t (*set_tensor4d)(cudnnTensorDescriptor_t d,
                                  cudnnTensorFormat_t f, cudnnDataType_t t,
                                  int n, int c, int h, int w);
    cudnnStatus_t (*create_filter)(cudnnFilterDescriptor_t *d);
    cudnnStatus_t (*destroy_filter)(cudnnFilterDescriptor_t d);
    cudnnStatus_t (*set_filter4d)(cudnnFilterDescriptor_t d, cudnnDataType_t t,
                                  cudnnTensorFormat_t f, int k, int c, int h,
                                  int w);
    cudnnStatus_t (*create_conv)(cudnnConvolutionDescriptor_t *d);
    cudnnStatus_t (*destroy_conv)(cudnnConvolutionDescriptor_t d);
    cudnnStatus_t (*set_conv2d)(cudnnConvolutionDescriptor_t d, int pad_h,
                                int pad_w, int u, int v, int dil_h, int dil_w,
                                cudnnConvolutionMode_t mode,
                                cudnnDataType_t compute);
    cudnnStatus_t (*set_math)(cudnnConvolutionDescriptor_t d,
                              cudnnMathType_t m);
    cudnnStatus_t (*out_dim)(const cudnnConvolutionDescriptor_t d,
                             const cudnnTensorDescriptor_t x,
                             const cudnnFilterDescriptor_t w, int *n, int *c,
                             int *h, int *wd);
    cudnnStatus_t (*algo_max)(cudnnHandle_t h, int *count);
    cudnnStatus_t (*workspace)(cudnnHandle_t h, const cudnnTensorDescriptor_t x,
                               const cudnnFilterDescriptor_t w,
                               const cudnnConvolutionDescriptor_t c,
                               const cudnnTensorDescriptor_t y,
                               cudnnConvolutionFwdAlgo_t a, size_t *bytes);
    cudnnStatus_t (*find_ex)(cudnnHandle_t h, const cudnnTensorDescriptor_t xd,
                             const void *x, const cudnnFilterDescriptor_t wd,
                             const void *w, const cudnnConvolutionDescriptor_t cd,
                             const cudnnTensorDescriptor_t yd, void *y,
                             const int requested, int *returned,
                             cudnnConvolutionFwdAlgoPerf_t *perf, void *ws,
                             size_t ws_bytes);
    cudnnStatus_t (*forward)(cudnnHandle_t h, const void *alpha,
                             const cudnnTensorDescriptor_t xd, const void *x,
                             const cudnnFilterDescriptor_t wd, const void *w,
                             const cudnnConvolutionDescriptor_t cd,
                             cudnnConvolutionFwdAlgo_t a, void *ws,
                             size_t ws_bytes, const void *beta,
                             const cudnnTensorDescriptor_t yd, void *y);
};

struct conv_cudnn_lib *conv_cudnn_load(void);
void conv_cudnn_unload(struct conv_cudnn_lib *l);

#ifdef __cplusplus
}
#endif

#endif
