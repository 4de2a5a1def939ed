/* conv_cudnn.cu - cuDNN's forward convolution through the legacy (v7-style)
 * API, which cuDNN 9 still provides: tensor descriptors for x and y (NCHW,
 * FP32; or NHWC in FP32 or FP16, with the kernels that move a tensor
 * between the layouts), a filter descriptor (KCRS, or KRSC), a
 * convolution descriptor (padding,
 * stride, dilation, cross-correlation, FP32 compute, a math mode), then
 * cudnnFindConvolutionForwardAlgorithmEx to run every algorithm once and
 * cudnnConvolutionForward to run a chosen one. See conv_cudnn.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ck_cuda.cuh"
#include "../common/gpu.h"
#include "conv_cudnn.h"

/* The algorithm's name is its rung's id (conv_ladder.h) without "cudnn-". */
extern "C" const char *conv_cudnn_algo_name(int algo)
{
    int r = conv_algo_rung(algo);
    const char *id = r >= 0 ? conv_rungs[r].id : NULL;
    return id && !strncmp(id, "cudnn-", 6) ? id + 6 : "unknown";
}

/* A toolkit without cuDNN's headers still builds the demo: it then reports
 * cuDNN as unavailable instead of failing to compile. */
#if !__has_include(<cudnn.h>)
extern "C" const char *conv_cudnn_math_name(int math)
{
    (void)math;
    return "unknown";
}

extern "C" int conv_cudnn_open(struct conv_cudnn **out,
                               const struct conv_shape *sh, char *version,
                               size_t version_len, struct ck_err *err)
{
    return conv_cudnn_open_form(out, sh, CONV_FORM_NCHW_FP32, version, version_len, err);
}

extern "C" int conv_cudnn_open_form(struct conv_cudnn **out, const struct conv_shape *sh,
                                    enum conv_cudnn_form form, char *version,
                                    size_t version_len, struct ck_err *err)
{
    (void)sh;
    *out = NULL;
    snprintf(version, version_len, "not built in");
    snprintf(err->msg, sizeof err->msg, "built without cuDNN headers (cudnn.h)");
    return CK_OK;
}

extern "C" int conv_cudnn_open_form(struct conv_cudnn **out, const struct conv_shape *sh,
                                    enum conv_cudnn_form, char *version, size_t version_len,
                                    struct ck_err *err)
{
    return conv_cudnn_open(out, sh, version, version_len, err);
}

extern "C" size_t conv_cudnn_elem(const struct conv_cudnn *) { return sizeof(float); }

extern "C" int conv_cudnn_to_form(const struct conv_cudnn *, const float *, void *, int, int,
                                  int, int, struct ck_err *err)
{
    snprintf(err->msg, sizeof err->msg, "built without cuDNN headers");
    return CK_ECUDA;
}

extern "C" int conv_cudnn_from_form(const struct conv_cudnn *, const void *, float *, int, int,
                                    int, int, struct ck_err *err)
{
    snprintf(err->msg, sizeof err->msg, "built without cuDNN headers");
    return CK_ECUDA;
}

extern "C" int conv_cudnn_find(struct conv_cudnn *, bool, const void *, const void *, void *,
                               struct conv_cudnn_algo *, int *, struct ck_err *err)
{
    snprintf(err->msg, sizeof err->msg, "built without cuDNN headers");
    return CK_ECUDA;
}

extern "C" int conv_cudnn_forward(struct conv_cudnn *, const struct conv_cudnn_algo *,
                                  const void *, const void *, void *, struct ck_err *err)
{
    snprintf(err->msg, sizeof err->msg, "built without cuDNN headers");
    return CK_ECUDA;
}

extern "C" void conv_cudnn_close(struct conv_cudnn *) {}

extern "C" int conv_cudnn_poison(struct conv_cudnn *, struct ck_err *) { return CK_OK; }

extern "C" int conv_cudnn_ws_last(struct conv_cudnn *, float *v, struct ck_err *)
{
    *v = 0;
    return CK_OK;
}
#else
#include <cuda_fp16.h>
#include "cudnn_dl.h"

/* Largest workspace we hand cuDNN: algorithms wanting more are skipped. */
#define CONV_CUDNN_WS_CAP ((size_t)2 << 30)

struct conv_cudnn {
    struct conv_cudnn_lib *l;
    cudnnHandle_t h;
    cudnnTensorDescriptor_t xd, yd;
    cudnnFilterDescriptor_t wd;
    cudnnConvolutionDescriptor_t cd;
    void *ws;        /* device workspace of ws_bytes */
    size_t ws_bytes;
    enum conv_cudnn_form form;
};

extern "C" const char *conv_cudnn_math_name(int math)
{
    switch (math) {
    case CUDNN_FMA_MATH: return "fma";
    case CUDNN_DEFAULT_MATH: return "default";
    case CUDNN_TENSOR_OP_MATH: return "tensor-op";
    case CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION: return "tensor-op-conversion";
    }
    return "unknown";
}

static int describe(struct conv_cudnn *c, const struct conv_shape *sh,
                    struct ck_err *err)
{
    struct conv_cudnn_lib *l = c->l;
    int n, k, p, q;
    /* a filter's NHWC is KRSC; FP16 tensors, FP32 sums (the convolution's
     * compute type) in every form */
    const cudnnTensorFormat_t fmt =
        c->form == CONV_FORM_NCHW_FP32 ? CUDNN_TENSOR_NCHW : CUDNN_TENSOR_NHWC;
    const cudnnDataType_t dt = c->form == CONV_FORM_NHWC_FP16 ? CUDNN_DATA_HALF
                                                              : CUDNN_DATA_FLOAT;
    CUDNN_CHECK(err, l, l->create(&c->h));
    CUDNN_CHECK(err, l, l->create_tensor(&c->xd));
    CUDNN_CHECK(err, l, l->create_tensor(&c->yd));
    CUDNN_CHECK(err, l, l->create_filter(&c->wd));
    CUDNN_CHECK(err, l, l->create_conv(&c->cd));
    CUDNN_CHECK(err, l, l->set_tensor4d(c->xd, fmt, dt, sh->n, sh->c, sh->h, sh->w));
    CUDNN_CHECK(err, l, l->set_filter4d(c->wd, dt, fmt, sh->k, sh->c, sh->r, sh->s));
    CUDNN_CHECK(err, l, l->set_conv2d(c->cd, sh->pad, sh->pad, sh->stride,
                                      sh->stride, sh->dil, sh->dil,
                                      CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    CUDNN_CHECK(err, l, l->out_dim(c->cd, c->xd, c->wd, &n, &k, &p, &q));
    if (n != sh->n || k != sh->k || p != sh->p || q != sh->q) {
        snprintf(err->msg, sizeof err->msg, "cuDNN output shape %dx%dx%dx%d "
                 "differs from ours %dx%dx%dx%d", n, k, p, q, sh->n, sh->k,
                 sh->p, sh->q);
        return CK_ECUDA;
    }
    CUDNN_CHECK(err, l, l->set_tensor4d(c->yd, fmt, dt, n, k, p, q));
    return CK_OK;
}

extern "C" int conv_cudnn_open(struct conv_cudnn **out,
                               const struct conv_shape *sh, char *version,
                               size_t version_len, struct ck_err *err)
{
    return conv_cudnn_open_form(out, sh, CONV_FORM_NCHW_FP32, version, version_len, err);
}

extern "C" int conv_cudnn_open_form(struct conv_cudnn **out, const struct conv_shape *sh,
                                    enum conv_cudnn_form form, char *version,
                                    size_t version_len, struct ck_err *err)
{
    *out = NULL;
    struct conv_cudnn_lib *l = conv_cudnn_load();
    if (!l) {
        snprintf(err->msg, sizeof err->msg, "cuDNN not installed "
                 "(libcudnn.so.9 not found; CK_LIB_PATH adds folders)");
        snprintf(version, version_len, "not installed");
        return CK_OK;
    }
    snprintf(version, version_len, "%zu.%zu.%zu", l->version / 10000,
             l->version % 10000 / 100, l->version % 100);
    struct conv_cudnn *c = (struct conv_cudnn *)calloc(1, sizeof *c);
    if (!c) {
        conv_cudnn_unload(l);
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    c->l = l;
    c->form = form;
    int rc = describe(c, sh, err);
    if (rc != CK_OK) {
        conv_cudnn_close(c);
        return rc;
    }
    *out = c;
    return CK_OK;
}

/* Grows the workspace to the largest any algorithm asks for (under the cap
 * and what fits in device memory), so Find can try them all. */
static int size_workspace(struct conv_cudnn *c, struct ck_err *err)
{
    size_t need = 0;
    for (int a = 0; a < CONV_CUDNN_ALGOS; a++) {
        size_t b = 0;
        if (c->l->workspace(c->h, c->xd, c->wd, c->cd, c->yd,
                            (cudnnConvolutionFwdAlgo_t)a, &b) ==
                CUDNN_STATUS_SUCCESS && b <= CONV_CUDNN_WS_CAP && b > need) {
            size_t more = b > c->ws_bytes ? b - c->ws_bytes : 0;
            int fits = ck_gpu_fits(more, err); /* 1, 0 or an error */
            if (fits == CK_ECUDA)
                return CK_ECUDA;
            if (fits == 1)
                need = b;
        }
    }
    if (need <= c->ws_bytes)
        return CK_OK;
    CUDA_CHECK(err, cudaFree(c->ws));
    c->ws = NULL;
    c->ws_bytes = 0;
    CUDA_CHECK(err, cudaMalloc(&c->ws, need));
    c->ws_bytes = need;
    return CK_OK;
}

extern "C" int conv_cudnn_find(struct conv_cudnn *c, bool fma, const void *x, const void *w,
                               void *y, struct conv_cudnn_algo res[CONV_CUDNN_ALGOS],
                               int *best, struct ck_err *err)
{
    struct conv_cudnn_lib *l = c->l;
    cudnnConvolutionFwdAlgoPerf_t perf[4 * CONV_CUDNN_ALGOS];
    int want = 0, got = 0;
    /* cuDNN's legacy convolutions use Tensor Cores only when the math
     * type asks for them (CUDNN_TENSOR_OP_MATH); DEFAULT_MATH allows TF32
     * on FP32 data, and FP16 data then runs on the CUDA cores: the NHWC
     * forms ask, the ladder's own is FP32 (fma) or cuDNN's default */
    const cudnnMathType_t math = fma                              ? CUDNN_FMA_MATH
                                 : c->form == CONV_FORM_NCHW_FP32 ? CUDNN_DEFAULT_MATH
                                                                  : CUDNN_TENSOR_OP_MATH;
    CUDNN_CHECK(err, l, l->set_math(c->cd, math));
    int rc = size_workspace(c, err);
    if (rc != CK_OK)
        return rc;
    CUDNN_CHECK(err, l, l->algo_max(c->h, &want));
    if (want > 4 * CONV_CUDNN_ALGOS)
        want = 4 * CONV_CUDNN_ALGOS;
    CUDNN_CHECK(err, l, l->find_ex(c->h, c->xd, x, c->wd, w, c->cd, c->yd, y,
                                   want, &got, perf, c->ws, c->ws_bytes));
    for (int a = 0; a < CONV_CUDNN_ALGOS; a++) {
        res[a] = (struct conv_cudnn_algo){a, false, (int)math, 0, 0.0f, "not returned by Find"};
    }
    *best = -1;
    /* perf is sorted fastest first; keep each algorithm's first success */
    for (int i = got - 1; i >= 0; i--) {
        int a = (int)perf[i].algo;
        if (a < 0 || a >= CONV_CUDNN_ALGOS)
            continue;
        if (perf[i].status != CUDNN_STATUS_SUCCESS) {
            if (!res[a].supported)
                snprintf(res[a].status, sizeof res[a].status, "%s",
                         l->error_string(perf[i].status));
            continue;
        }
        res[a] = (struct conv_cudnn_algo){a, true, (int)perf[i].mathType,
                                          perf[i].memory, perf[i].time, ""};
        *best = a;
    }
    return CK_OK;
}

extern "C" int conv_cudnn_forward(struct conv_cudnn *c, const struct conv_cudnn_algo *a,
                                  const void *x, const void *w, void *y, struct ck_err *err)
{
    struct conv_cudnn_lib *l = c->l;
    const float one = 1.0f, zero = 0.0f;
    if (a->workspace > c->ws_bytes) {
        snprintf(err->msg, sizeof err->msg, "cuDNN %s wants %zu workspace "
                 "bytes, %zu allocated", conv_cudnn_algo_name(a->algo),
                 a->workspace, c->ws_bytes);
        return CK_ECUDA;
    }
    CUDNN_CHECK(err, l, l->set_math(c->cd, (cudnnMathType_t)a->math));
    CUDNN_CHECK(err, l, l->forward(c->h, &one, c->xd, x, c->wd, w, c->cd,
                                   (cudnnConvolutionFwdAlgo_t)a->algo, c->ws,
                                   c->ws_bytes, &zero, c->yd, y));
    return CK_OK;
}

extern "C" size_t conv_cudnn_elem(const struct conv_cudnn *c)
{
    return c->form == CONV_FORM_NHWC_FP16 ? sizeof(__half) : sizeof(float);
}

/* where element e of an n x ch x h x w tensor in NCHW order lies in NHWC */
__device__ static size_t nhwc_of(size_t e, int ch, int h, int w)
{
    size_t x = e % w, y = e / w % h, j = e / ((size_t)w * h) % ch, i = e / ((size_t)w * h * ch);
    return ((i * h + y) * w + x) * ch + j;
}
__device__ static void put(float *p, float v) { *p = v; }
__device__ static void put(__half *p, float v) { *p = __float2half_rn(v); }
__device__ static float get(const float *p) { return *p; }
__device__ static float get(const __half *p) { return __half2float(*p); }

// one thread an element, in NCHW order: NCHW FP32 into NHWC of type T
template <class T>
__global__ void conv_to_nhwc_kernel(const float *nchw, T *nhwc, int n, int ch, int h, int w)
{
    size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x, total = (size_t)n * ch * h * w;
    if (e >= total)
        return;
    put(&nhwc[nhwc_of(e, ch, h, w)], nchw[e]);
}

// and back: NHWC of type T into NCHW FP32, one thread an NCHW element
template <class T>
__global__ void conv_from_nhwc_kernel(const T *nhwc, float *nchw, int n, int ch, int h, int w)
{
    size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x, total = (size_t)n * ch * h * w;
    if (e >= total)
        return;
    nchw[e] = get(&nhwc[nhwc_of(e, ch, h, w)]);
}

static unsigned form_blocks(int n, int ch, int h, int w)
{
    return (unsigned)(((size_t)n * ch * h * w + 255) / 256);
}

// only the NHWC forms are moved: an NCHW FP32 handle uses the ladder's own
static int form_nhwc(const struct conv_cudnn *c, struct ck_err *err)
{
    if (c->form != CONV_FORM_NCHW_FP32)
        return CK_OK;
    snprintf(err->msg, sizeof err->msg, "an NCHW FP32 cuDNN handle has no other form to move to");
    return CK_EARGS;
}

extern "C" int conv_cudnn_to_form(const struct conv_cudnn *c, const float *src, void *dst, int n,
                                  int ch, int h, int w, struct ck_err *err)
{
    if (form_nhwc(c, err) != CK_OK)
        return CK_EARGS;
    unsigned blocks = form_blocks(n, ch, h, w);
    if (c->form == CONV_FORM_NHWC_FP16)
        CK_LAUNCH(err, conv_to_nhwc_kernel<__half>, blocks, 256, 0, 0, src, (__half *)dst, n, ch,
                  h, w);
    else
        CK_LAUNCH(err, conv_to_nhwc_kernel<float>, blocks, 256, 0, 0, src, (float *)dst, n, ch, h,
                  w);
    return CK_OK;
}

extern "C" int conv_cudnn_from_form(const struct conv_cudnn *c, const void *src, float *dst,
                                    int n, int ch, int h, int w, struct ck_err *err)
{
    if (form_nhwc(c, err) != CK_OK)
        return CK_EARGS;
    unsigned blocks = form_blocks(n, ch, h, w);
    if (c->form == CONV_FORM_NHWC_FP16)
        CK_LAUNCH(err, conv_from_nhwc_kernel<__half>, blocks, 256, 0, 0, (const __half *)src, dst,
                  n, ch, h, w);
    else
        CK_LAUNCH(err, conv_from_nhwc_kernel<float>, blocks, 256, 0, 0, (const float *)src, dst,
                  n, ch, h, w);
    return CK_OK;
}

extern "C" int conv_cudnn_poison(struct conv_cudnn *c, struct ck_err *err)
{
    if (c->ws_bytes)
        CUDA_CHECK(err, cudaMemset(c->ws, 0xFF, c->ws_bytes)); // NaN bits
    return CK_OK;
}

extern "C" int conv_cudnn_ws_last(struct conv_cudnn *c, float *v, struct ck_err *err)
{
    *v = 0;
    if (c->ws_bytes >= sizeof *v)
        CUDA_CHECK(err, cudaMemcpy(v, (char *)c->ws + (c->ws_bytes - sizeof *v) / sizeof *v *
                                          sizeof *v, sizeof *v, cudaMemcpyDeviceToHost));
    return CK_OK;
}

extern "C" void conv_cudnn_close(struct conv_cudnn *c)
{
    if (!c)
        return;
    struct conv_cudnn_lib *l = c->l;
    if (c->cd)
        l->destroy_conv(c->cd);
    if (c->wd)
        l->destroy_filter(c->wd);
    if (c->yd)
        l->destroy_tensor(c->yd);
    if (c->xd)
        l->destroy_tensor(c->xd);
    if (c->h)
        l->destroy(c->h);
    cudaFree(c->ws);
    conv_cudnn_unload(l);
    free(c);
}
#endif
