// fu_lib_conv.cuh: cuDNN's side of the fusion demo (included by fu_lib.cu
// only): the descriptors of x, the filters, y, the bias (1, K, 1, 1) and
// ReLU, the algorithm cuDNN finds fastest under CUDNN_FMA_MATH (pure FP32;
// both library rungs use it, so they differ only by the fusion), and the
// two rungs' calls. The fused call's z input (y = ReLU(conv + 0·z +
// bias)) is a zeroed buffer of its own, so nothing it might read is NaN.
#pragma once

#if FU_HAVE_CUDNN

static const char *const fu_algo_names[] = {
    "implicit-gemm", "implicit-precomp-gemm", "gemm", "direct", "fft", "fft-tiling",
    "winograd", "winograd-nonfused"};

static void *fu_z; // the fused call's zeroed z (conv_free frees it)

static int conv_descs(struct fu_dnn *d, const struct fu_shape *s, struct ck_err *err)
{
    DNN(err, d, d->p_cudnnCreate(&d->h));
    DNN(err, d, d->p_cudnnCreateTensorDescriptor(&d->x));
    DNN(err, d, d->p_cudnnCreateTensorDescriptor(&d->y));
    DNN(err, d, d->p_cudnnCreateTensorDescriptor(&d->bias));
    DNN(err, d, d->p_cudnnCreateFilterDescriptor(&d->w));
    DNN(err, d, d->p_cudnnCreateConvolutionDescriptor(&d->conv));
    DNN(err, d, d->p_cudnnCreateActivationDescriptor(&d->relu));
    DNN(err, d, d->p_cudnnSetTensor4dDescriptor(d->x, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, s->nb,
                                              s->c, s->h, s->w));
    DNN(err, d, d->p_cudnnSetTensor4dDescriptor(d->y, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, s->nb,
                                              s->kf, s->p, s->q));
    DNN(err, d, d->p_cudnnSetTensor4dDescriptor(d->bias, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1,
                                              s->kf, 1, 1));
    DNN(err, d, d->p_cudnnSetFilter4dDescriptor(d->w, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, s->kf,
                                              s->c, s->r, s->s));
    DNN(err, d, d->p_cudnnSetConvolution2dDescriptor(d->conv, s->pad, s->pad, 1, 1, 1, 1,
                                                   CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    DNN(err, d, d->p_cudnnSetConvolutionMathType(d->conv, CUDNN_FMA_MATH));
    DNN(err, d, d->p_cudnnSetActivationDescriptor(d->relu, CUDNN_ACTIVATION_RELU,
                                                CUDNN_NOT_PROPAGATE_NAN, 0.0));
    return CK_OK;
}

static int conv_plan(struct fu_lib *l, const struct fu_args *a, struct ck_err *err)
{
    struct fu_dnn *d = l->dnn;
    int rc = conv_descs(d, &a->s, err);
    if (rc != CK_OK)
        return rc;
    size_t ny = (size_t)a->s.m * a->s.n * sizeof(float);
    struct ck_err why;
    int fits = ck_gpu_fits(ny + FU_WS_BYTES, &why);
    if (fits < 0 || fits > 1) {
        *err = why;
        return CK_ECUDA;
    }
    if (fits == 0 && ck_gpu_fits(ny, &why) != 1)
        return decline(err, "no room for the fused call's z input");
    CUDA_CHECK(err, cudaMalloc(&fu_z, ny));
    CUDA_CHECK(err, cudaMemset(fu_z, 0, ny));
    d->ws_bytes = fits ? FU_WS_BYTES : 0;
    if (d->ws_bytes)
        CUDA_CHECK(err, cudaMalloc(&d->ws, d->ws_bytes));
    cudnnConvolutionFwdAlgoPerf_t perf[8];
    int got = 0;
    DNN(err, d, d->p_cudnnFindConvolutionForwardAlgorithmEx(d->h, d->x, a->a, d->w, a->b, d->conv,
                                                          d->y, a->y, 8, &got, perf, d->ws,
                                                          d->ws_bytes));
    for (int i = 0; i < got; i++)
        if (perf[i].status == CUDNN_STATUS_SUCCESS && perf[i].memory <= d->ws_bytes) {
            d->algo = perf[i].algo;
            snprintf(l->algo, sizeof l->algo, "%s",
                     (unsigned)d->algo < 8 ? fu_algo_names[d->algo] : "other");
            if (d->graph->p_cudnnBackendDestroyDescriptor)
                graph_plan(d->graph, d, &a->s); // else its why says what is missing
            return CK_OK;
        }
    return decline(err, "cuDNN found no FP32 algorithm for this convolution");
}

static int conv_run(const struct fu_args *a, bool fused, struct ck_err *err)
{
    struct fu_dnn *d = a->lib->dnn;
    const float one = 1.0f, zero = 0.0f;
    if (fused && d->graph->plan)
        return graph_run(d->graph, d, a, err);
    if (fused) {
        DNN(err, d, d->p_cudnnConvolutionBiasActivationForward(
                        d->h, &one, d->x, a->a, d->w, a->b, d->conv, d->algo, d->ws, d->ws_bytes,
                        &zero, d->y, fu_z, d->bias, a->bias, d->relu, d->y, a->y));
        return CK_OK;
    }
    DNN(err, d, d->p_cudnnConvolutionForward(d->h, &one, d->x, a->a, d->w, a->b, d->conv, d->algo,
                                           d->ws, d->ws_bytes, &zero, d->y, a->y));
    DNN(err, d, d->p_cudnnAddTensor(d->h, &one, d->bias, a->bias, &one, d->y, a->y));
    DNN(err, d, d->p_cudnnActivationForward(d->h, d->relu, &one, d->y, a->y, &zero, d->y, a->y));
    return CK_OK;
}

static void conv_free(struct fu_dnn *d)
{
    cudaFree(fu_z);
    fu_z = NULL;
    if (!d)
        return;
    cudaFree(d->ws);
    graph_free(d->graph);
    if (d->h) {
        d->p_cudnnDestroyTensorDescriptor(d->x), d->p_cudnnDestroyTensorDescriptor(d->y);
        d->p_cudnnDestroyTensorDescriptor(d->bias), d->p_cudnnDestroyFilterDescriptor(d->w);
        d->p_cudnnDestroyConvolutionDescriptor(d->conv);
        d->p_cudnnDestroyActivationDescriptor(d->relu);
        d->p_cudnnDestroy(d->h);
    }
    for (int i = 0; i < 3; i++)
        if (d->libs[i])
            dlclose(d->libs[i]);
    free(d);
}
#else
static int conv_plan(struct fu_lib *, const struct fu_args *, struct ck_err *err)
{
    return decline(err, "built without cudnn.h");
}
static int conv_run(const struct fu_args *, bool, struct ck_err *err)
{
    snprintf(err->msg, sizeof err->msg, "built without cudnn.h");
    return CK_ECUDA;
}
#endif
