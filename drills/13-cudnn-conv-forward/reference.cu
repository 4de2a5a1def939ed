// cuDNN's forward convolution set up from its descriptors, as lesson
// 10 walks it: tensors, filter, convolution, output size, algorithm,
// workspace, the call, everything destroyed.

#include <cuda_runtime.h>
#include <cudnn.h>

/* y (n x k x h x w) = x (n x c x h x w) convolved with w (k x c x 3 x 3),
 * padding 1, stride 1, cross-correlation, NCHW floats on the device */
cudnnStatus_t conv_forward(cudnnHandle_t h, const float *x, const float *w, float *y, int n,
                           int c, int hh, int ww, int k)
{
    cudnnTensorDescriptor_t xd, yd;
    cudnnFilterDescriptor_t wd;
    cudnnConvolutionDescriptor_t cd;
    cudnnCreateTensorDescriptor(&xd), cudnnCreateTensorDescriptor(&yd);
    cudnnCreateFilterDescriptor(&wd), cudnnCreateConvolutionDescriptor(&cd);
    cudnnSetTensor4dDescriptor(xd, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, hh, ww);
    cudnnSetFilter4dDescriptor(wd, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, 3, 3);
    cudnnSetConvolution2dDescriptor(cd, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,
                                    CUDNN_DATA_FLOAT);
    int on, oc, oh, ow;
    cudnnGetConvolution2dForwardOutputDim(cd, xd, wd, &on, &oc, &oh, &ow);
    cudnnSetTensor4dDescriptor(yd, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, on, oc, oh, ow);
    cudnnConvolutionFwdAlgoPerf_t perf;
    int found = 0;
    cudnnStatus_t st = cudnnGetConvolutionForwardAlgorithm_v7(h, xd, wd, cd, yd, 1, &found, &perf);
    size_t bytes = 0;
    void *ws = NULL;
    if (st == CUDNN_STATUS_SUCCESS)
        st = cudnnGetConvolutionForwardWorkspaceSize(h, xd, wd, cd, yd, perf.algo, &bytes);
    if (st == CUDNN_STATUS_SUCCESS && bytes && cudaMalloc(&ws, bytes) != cudaSuccess)
        st = CUDNN_STATUS_ALLOC_FAILED;
    const float one = 1.0f, zero = 0.0f;
    if (st == CUDNN_STATUS_SUCCESS)
        st = cudnnConvolutionForward(h, &one, xd, x, wd, w, cd, perf.algo, ws, bytes, &zero, yd, y);
    cudaFree(ws);
    cudnnDestroyConvolutionDescriptor(cd), cudnnDestroyFilterDescriptor(wd);
    cudnnDestroyTensorDescriptor(xd), cudnnDestroyTensorDescriptor(yd);
    return st;
}
