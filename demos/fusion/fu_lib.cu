// fu_lib.cu: the fusion demo's library rungs (see fu_lib.h). cuDNN's
// calls are its legacy API, which cuDNN 9 keeps: tensor, filter,
// convolution and activation descriptors; cudnnConvolutionForward,
// cudnnAddTensor and cudnnActivationForward for the three calls; for the
// fused one the graph API (fu_lib_graph.cuh) where cuDNN has a plan for
// it, else cudnnConvolutionBiasActivationForward (deprecated in cuDNN 9,
// still exported). cuBLASLt's are its matmul descriptor, three
// matrix layouts and a heuristic pick, the fused call differing only by
// the epilogue attribute. Both are bound with dlopen, each a table of
// pointers typed from its own header.
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include "dl.h"
#include "gpu.h"
#include "fu_lib.h"

#if __has_include(<cudnn.h>)
#include <cudnn.h>
#define FU_HAVE_CUDNN 1
#else
#define FU_HAVE_CUDNN 0
#endif
#include <cublasLt.h>

#define FU_WS_BYTES (256u << 20)  // cuDNN's workspace, at most
#define FU_LT_WS_BYTES (32u << 20) // cuBLASLt's

// a function pointer named like the call, typed from the header
#define FU_FN(name) decltype(&::name) p_##name

#if FU_HAVE_CUDNN
typedef cudnnStatus_t (*fu_cba_fn)(cudnnHandle_t, const void *, const cudnnTensorDescriptor_t,
                                   const void *, const cudnnFilterDescriptor_t, const void *,
                                   const cudnnConvolutionDescriptor_t, cudnnConvolutionFwdAlgo_t,
                                   void *, size_t, const void *, const cudnnTensorDescriptor_t,
                                   const void *, const cudnnTensorDescriptor_t, const void *,
                                   const cudnnActivationDescriptor_t,
                                   const cudnnTensorDescriptor_t, void *);
struct fu_dnn {
    void *libs[3];
    FU_FN(cudnnGetErrorString); FU_FN(cudnnCreate); FU_FN(cudnnDestroy);
    FU_FN(cudnnCreateTensorDescriptor); FU_FN(cudnnDestroyTensorDescriptor);
    FU_FN(cudnnSetTensor4dDescriptor); FU_FN(cudnnCreateFilterDescriptor);
    FU_FN(cudnnDestroyFilterDescriptor); FU_FN(cudnnSetFilter4dDescriptor);
    FU_FN(cudnnCreateConvolutionDescriptor); FU_FN(cudnnDestroyConvolutionDescriptor);
    FU_FN(cudnnSetConvolution2dDescriptor); FU_FN(cudnnSetConvolutionMathType);
    FU_FN(cudnnFindConvolutionForwardAlgorithmEx); FU_FN(cudnnConvolutionForward);
    FU_FN(cudnnAddTensor); FU_FN(cudnnCreateActivationDescriptor);
    FU_FN(cudnnSetActivationDescriptor); FU_FN(cudnnDestroyActivationDescriptor);
    FU_FN(cudnnActivationForward);
    fu_cba_fn p_cudnnConvolutionBiasActivationForward;
    cudnnHandle_t h;
    cudnnTensorDescriptor_t x, y, bias;
    cudnnFilterDescriptor_t w;
    cudnnConvolutionDescriptor_t conv;
    cudnnActivationDescriptor_t relu;
    cudnnConvolutionFwdAlgo_t algo;
    void *ws;
    size_t ws_bytes;
    struct fu_graph *graph; // the graph API's plan, or why not (fu_lib_graph.cuh)
};
#endif

struct fu_lt {
    void *lib;
    FU_FN(cublasLtCreate); FU_FN(cublasLtDestroy); FU_FN(cublasLtMatmulDescCreate);
    FU_FN(cublasLtMatmulDescDestroy); FU_FN(cublasLtMatmulDescSetAttribute);
    FU_FN(cublasLtMatrixLayoutCreate); FU_FN(cublasLtMatrixLayoutDestroy);
    FU_FN(cublasLtMatmulPreferenceCreate); FU_FN(cublasLtMatmulPreferenceDestroy);
    FU_FN(cublasLtMatmulPreferenceSetAttribute); FU_FN(cublasLtMatmulAlgoGetHeuristic);
    FU_FN(cublasLtMatmul);
    cublasLtHandle_t h;
    cublasLtMatmulDesc_t desc[2];     // [fused]: default, GELU_BIAS
    cublasLtMatrixLayout_t lb, la, ly; // B as column-major N×K, A as K×M, y as N×M
    cublasLtMatmulAlgo_t algo[2];
    bool planned[2];
    void *ws;
};

struct fu_lib {
    bool tried;        // the op's library looked for (once)
    char missing[160]; // why it is not there ("" when loaded)
#if FU_HAVE_CUDNN
    struct fu_dnn *dnn;
#endif
    struct fu_lt *lt;
    char algo[48];
};

// binds every pointer of table t from the open libraries; false when one is missing
static bool bind_all(void *const *libs, int nlibs, void **slots, const char *const *names, int n,
                     char *missing, size_t size)
{
    for (int i = 0; i < n; i++) {
        slots[i] = NULL;
        for (int j = 0; j < nlibs && !slots[i]; j++)
            slots[i] = libs[j] ? dlsym(libs[j], names[i]) : NULL;
        if (!slots[i]) {
            snprintf(missing, size, "the library lacks %s", names[i]);
            return false;
        }
    }
    return true;
}

#if FU_HAVE_CUDNN
#define DNN(err, d, expr) CK_CHECK_STATUS(err, expr, CUDNN_STATUS_SUCCESS, (d)->p_cudnnGetErrorString)
#endif
#include "fu_lib_graph.cuh"

#if FU_HAVE_CUDNN
static const char *const dnn_names[] = {
    "cudnnGetErrorString", "cudnnCreate", "cudnnDestroy", "cudnnCreateTensorDescriptor",
    "cudnnDestroyTensorDescriptor", "cudnnSetTensor4dDescriptor", "cudnnCreateFilterDescriptor",
    "cudnnDestroyFilterDescriptor", "cudnnSetFilter4dDescriptor",
    "cudnnCreateConvolutionDescriptor", "cudnnDestroyConvolutionDescriptor",
    "cudnnSetConvolution2dDescriptor", "cudnnSetConvolutionMathType",
    "cudnnFindConvolutionForwardAlgorithmEx", "cudnnConvolutionForward", "cudnnAddTensor",
    "cudnnCreateActivationDescriptor", "cudnnSetActivationDescriptor",
    "cudnnDestroyActivationDescriptor", "cudnnActivationForward",
    "cudnnConvolutionBiasActivationForward"};

static struct fu_dnn *dnn_load(char *missing, size_t size)
{
    static const char *const main_lib[] = {"libcudnn.so.9", NULL};
    static const char *const ops[] = {"libcudnn_ops.so.9", NULL};
    static const char *const cnn[] = {"libcudnn_cnn.so.9", NULL};
    struct fu_dnn *d = (struct fu_dnn *)calloc(1, sizeof *d);
    if (!d) {
        snprintf(missing, size, "out of host memory");
        return NULL;
    }
    d->libs[0] = ck_dl_open(main_lib);
    if (!d->libs[0]) {
        snprintf(missing, size, "cuDNN is not installed (libcudnn.so.9 not found)");
        free(d);
        return NULL;
    }
    d->libs[1] = ck_dl_open(ops), d->libs[2] = ck_dl_open(cnn);
    const int n = (int)(sizeof dnn_names / sizeof *dnn_names);
    static_assert(sizeof(void *) * n == offsetof(struct fu_dnn, h) - offsetof(struct fu_dnn, p_cudnnGetErrorString),
                  "dnn_names lists every pointer of struct fu_dnn, in order");
    if (!bind_all(d->libs, 3, (void **)&d->p_cudnnGetErrorString, dnn_names, n, missing, size) ||
        !(d->graph = (struct fu_graph *)calloc(1, sizeof *d->graph))) {
        for (int i = 0; i < 3; i++)
            if (d->libs[i])
                dlclose(d->libs[i]);
        free(d);
        return NULL;
    }
    struct fu_graph *g = d->graph;
    const int ng = (int)(sizeof graph_names / sizeof *graph_names);
    if (!bind_all(d->libs, 3, (void **)&g->p_cudnnBackendCreateDescriptor, graph_names, ng,
                  g->why, sizeof g->why))
        g->p_cudnnBackendDestroyDescriptor = NULL; // graph_free destroys nothing
    return d;
}
#endif

static const char *const lt_names[] = {
    "cublasLtCreate", "cublasLtDestroy", "cublasLtMatmulDescCreate", "cublasLtMatmulDescDestroy",
    "cublasLtMatmulDescSetAttribute", "cublasLtMatrixLayoutCreate", "cublasLtMatrixLayoutDestroy",
    "cublasLtMatmulPreferenceCreate", "cublasLtMatmulPreferenceDestroy",
    "cublasLtMatmulPreferenceSetAttribute", "cublasLtMatmulAlgoGetHeuristic", "cublasLtMatmul"};

static struct fu_lt *lt_load(char *missing, size_t size)
{
    static const char *const names[] = {"libcublasLt.so.13", "libcublasLt.so.12", NULL};
    struct fu_lt *t = (struct fu_lt *)calloc(1, sizeof *t);
    if (!t) {
        snprintf(missing, size, "out of host memory");
        return NULL;
    }
    t->lib = ck_dl_open(names);
    const int n = (int)(sizeof lt_names / sizeof *lt_names);
    static_assert(sizeof(void *) * n == offsetof(struct fu_lt, h) - offsetof(struct fu_lt, p_cublasLtCreate),
                  "lt_names lists every pointer of struct fu_lt, in order");
    if (!t->lib) {
        snprintf(missing, size, "cuBLASLt is not installed (libcublasLt.so not found)");
    } else if (bind_all(&t->lib, 1, (void **)&t->p_cublasLtCreate, lt_names, n, missing, size)) {
        return t;
    } else {
        dlclose(t->lib);
    }
    free(t);
    return NULL;
}

struct fu_lib *fu_lib_new(void)
{
    return (struct fu_lib *)calloc(1, sizeof(struct fu_lib));
}

static const char *lt_status(cublasStatus_t s)
{
    static char b[32];
    snprintf(b, sizeof b, "cublasStatus_t %d", (int)s);
    return b;
}
#define LT_CHECK(err, expr) CK_CHECK_STATUS(err, expr, CUBLAS_STATUS_SUCCESS, lt_status)

static int decline(struct ck_err *err, const char *why)
{
    snprintf(err->msg, sizeof err->msg, "%s", why);
    return FU_DECLINED;
}

#include "fu_lib_conv.cuh"
#include "fu_lib_gemm.cuh"

int fu_lib_prepare(struct fu_lib *l, const struct fu_args *a, bool fused, struct ck_err *err)
{
    if (!l->tried) {
        l->tried = true;
#if FU_HAVE_CUDNN
        if (a->s.op == FU_CONV)
            l->dnn = dnn_load(l->missing, sizeof l->missing);
#else
        if (a->s.op == FU_CONV)
            snprintf(l->missing, sizeof l->missing, "built without cudnn.h");
#endif
        if (a->s.op == FU_GEMM)
            l->lt = lt_load(l->missing, sizeof l->missing);
        if (l->missing[0])
            return decline(err, l->missing);
        int rc = a->s.op == FU_CONV ? conv_plan(l, a, err) : CK_OK;
        if (rc != CK_OK)
            return rc;
    }
    if (l->missing[0])
        return decline(err, l->missing);
    return a->s.op == FU_GEMM ? gemm_plan(l, a, fused, err) : CK_OK;
}

int fu_lib_unfused(const struct fu_args *a, struct ck_err *err)
{
    return a->s.op == FU_CONV ? conv_run(a, false, err) : gemm_run(a, false, err);
}

int fu_lib_fused(const struct fu_args *a, struct ck_err *err)
{
    return a->s.op == FU_CONV ? conv_run(a, true, err) : gemm_run(a, true, err);
}

const char *fu_lib_algo(const struct fu_lib *l, int op)
{
    return l && op == FU_CONV ? l->algo : "";
}

const char *fu_lib_api(const struct fu_lib *l, int op, bool fused)
{
    if (op == FU_GEMM)
        return fused ? "cublasLtMatmul, CUBLASLT_EPILOGUE_GELU_BIAS" : "cublasLtMatmul";
    if (!fused)
        return "cudnnConvolutionForward, cudnnAddTensor, cudnnActivationForward";
#if FU_HAVE_CUDNN
    static char b[256];
    const struct fu_graph *g = l && l->dnn ? l->dnn->graph : NULL;
    if (g && g->plan)
        return "graph API: conv + bias + ReLU in one execution plan";
    snprintf(b, sizeof b, "cudnnConvolutionBiasActivationForward (legacy; %s)",
             g && g->why[0] ? g->why : "graph API not tried");
    return b;
#else
    (void)l;
    return "";
#endif
}

void fu_lib_free(struct fu_lib *l)
{
    if (!l)
        return;
#if FU_HAVE_CUDNN
    conv_free(l->dnn);
#endif
    gemm_free(l->lt);
    free(l);
}
