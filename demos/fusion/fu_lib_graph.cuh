// fu_lib_graph.cuh: cuDNN's graph API for the fused rung (included by
// fu_lib.cu only, through fu_lib_conv.cuh): conv + bias + ReLU described
// as one operation graph of the backend C API (cudnn_graph.h, part of
// cuDNN 9): the tensors x, w, bias and y by their NCHW dims and strides,
// the convolution's output and the sum virtual (never stored), a
// convolution-forward operation, a pointwise ADD and a pointwise
// RELU_FWD; cuDNN's heuristics (mode A) list engine configurations, and
// the first that finalizes into a plan, computes without Tensor Cores
// (CUDNN_NUMERICAL_NOTE_TENSOR_CORE: TF32, outside the FP32 tolerance)
// and needs at most FU_WS_BYTES of workspace is the rung's. When none
// does, or the library lacks the calls, graph_plan says why and the rung
// falls back to the legacy cudnnConvolutionBiasActivationForward; the
// record's `api` names which ran and why.
#pragma once

#if FU_HAVE_CUDNN
struct fu_graph {
    FU_FN(cudnnBackendCreateDescriptor); FU_FN(cudnnBackendDestroyDescriptor);
    FU_FN(cudnnBackendSetAttribute); FU_FN(cudnnBackendGetAttribute);
    FU_FN(cudnnBackendFinalize); FU_FN(cudnnBackendExecute);
    cudnnBackendDescriptor_t made[64]; // every descriptor made, destroyed at the end
    int nmade;
    cudnnBackendDescriptor_t plan; // NULL: the legacy call
    void *ws;
    int64_t ws_bytes;
    char why[200]; // why the legacy call runs ("" when the graph does)
};

static const char *const graph_names[] = {
    "cudnnBackendCreateDescriptor", "cudnnBackendDestroyDescriptor", "cudnnBackendSetAttribute",
    "cudnnBackendGetAttribute", "cudnnBackendFinalize", "cudnnBackendExecute"};

enum { G_X = 1, G_W, G_B, G_Y, G_CONV, G_SUM }; // the tensors' unique ids

// a step of building the graph; on failure g->why says which and false returns
#define G_TRY(g, d, expr)                                                      \
    do {                                                                       \
        cudnnStatus_t g_st_ = (expr);                                          \
        if (g_st_ != CUDNN_STATUS_SUCCESS) {                                   \
            snprintf((g)->why, sizeof (g)->why, "graph API: %.90s: %s", #expr, \
                     (d)->p_cudnnGetErrorString(g_st_));                       \
            return false;                                                      \
        }                                                                      \
    } while (0)
#define G_SET(g, d, desc, attr, type, n, ptr)                                  \
    G_TRY(g, d, (g)->p_cudnnBackendSetAttribute(desc, attr, type, n, ptr))

static bool g_new(struct fu_graph *g, struct fu_dnn *d, cudnnBackendDescriptorType_t t,
                  cudnnBackendDescriptor_t *out)
{
    *out = NULL;
    if (g->nmade >= (int)(sizeof g->made / sizeof *g->made)) {
        snprintf(g->why, sizeof g->why, "graph API: too many descriptors");
        return false;
    }
    G_TRY(g, d, g->p_cudnnBackendCreateDescriptor(t, out));
    g->made[g->nmade++] = *out;
    return true;
}

// an NCHW FP32 tensor of dims n, c, h, w
static bool g_tensor(struct fu_graph *g, struct fu_dnn *d, int64_t uid, const int64_t dim[4],
                     bool is_virtual, cudnnBackendDescriptor_t *t)
{
    int64_t stride[4] = {dim[1] * dim[2] * dim[3], dim[2] * dim[3], dim[3], 1}, align = 4;
    cudnnDataType_t type = CUDNN_DATA_FLOAT;
    if (!g_new(g, d, CUDNN_BACKEND_TENSOR_DESCRIPTOR, t))
        return false;
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &type);
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, 4, dim);
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, 4, stride);
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid);
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &align);
    G_SET(g, d, *t, CUDNN_ATTR_TENSOR_IS_VIRTUAL, CUDNN_TYPE_BOOLEAN, 1, &is_virtual);
    G_TRY(g, d, g->p_cudnnBackendFinalize(*t));
    return true;
}

static bool g_conv_op(struct fu_graph *g, struct fu_dnn *d, const struct fu_shape *s,
                      cudnnBackendDescriptor_t x, cudnnBackendDescriptor_t w,
                      cudnnBackendDescriptor_t y, cudnnBackendDescriptor_t *op)
{
    cudnnBackendDescriptor_t conv;
    cudnnDataType_t type = CUDNN_DATA_FLOAT;
    cudnnConvolutionMode_t mode = CUDNN_CROSS_CORRELATION;
    int64_t dims = 2, one[2] = {1, 1}, pad[2] = {s->pad, s->pad};
    float alpha = 1.0f, beta = 0.0f;
    if (!g_new(g, d, CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR, &conv))
        return false;
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &type);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, 1, &mode);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, 1, &dims);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_DILATIONS, CUDNN_TYPE_INT64, 2, one);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, CUDNN_TYPE_INT64, 2, one);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, CUDNN_TYPE_INT64, 2, pad);
    G_SET(g, d, conv, CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, CUDNN_TYPE_INT64, 2, pad);
    G_TRY(g, d, g->p_cudnnBackendFinalize(conv));
    if (!g_new(g, d, CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR, op))
        return false;
    cudnnBackendAttributeType_t bd = CUDNN_TYPE_BACKEND_DESCRIPTOR;
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X, bd, 1, &x);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, bd, 1, &w);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y, bd, 1, &y);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, bd, 1, &conv);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA, CUDNN_TYPE_FLOAT, 1, &alpha);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA, CUDNN_TYPE_FLOAT, 1, &beta);
    G_TRY(g, d, g->p_cudnnBackendFinalize(*op));
    return true;
}

// a pointwise operation: out = mode(in[, b])
static bool g_pointwise(struct fu_graph *g, struct fu_dnn *d, cudnnPointwiseMode_t mode,
                        cudnnBackendDescriptor_t in, cudnnBackendDescriptor_t b,
                        cudnnBackendDescriptor_t out, cudnnBackendDescriptor_t *op)
{
    cudnnBackendDescriptor_t pw;
    cudnnDataType_t type = CUDNN_DATA_FLOAT;
    cudnnBackendAttributeType_t bd = CUDNN_TYPE_BACKEND_DESCRIPTOR;
    if (!g_new(g, d, CUDNN_BACKEND_POINTWISE_DESCRIPTOR, &pw))
        return false;
    G_SET(g, d, pw, CUDNN_ATTR_POINTWISE_MODE, CUDNN_TYPE_POINTWISE_MODE, 1, &mode);
    G_SET(g, d, pw, CUDNN_ATTR_POINTWISE_MATH_PREC, CUDNN_TYPE_DATA_TYPE, 1, &type);
    G_TRY(g, d, g->p_cudnnBackendFinalize(pw));
    if (!g_new(g, d, CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR, op))
        return false;
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, bd, 1, &pw);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_POINTWISE_XDESC, bd, 1, &in);
    if (b)
        G_SET(g, d, *op, CUDNN_ATTR_OPERATION_POINTWISE_BDESC, bd, 1, &b);
    G_SET(g, d, *op, CUDNN_ATTR_OPERATION_POINTWISE_YDESC, bd, 1, &out);
    G_TRY(g, d, g->p_cudnnBackendFinalize(*op));
    return true;
}

// the operation graph: conv, + bias, ReLU
static bool g_graph(struct fu_graph *g, struct fu_dnn *d, const struct fu_shape *s,
                    cudnnBackendDescriptor_t *graph)
{
    const int64_t dx[4] = {s->nb, s->c, s->h, s->w}, dw[4] = {s->kf, s->c, s->r, s->s};
    const int64_t db[4] = {1, s->kf, 1, 1}, dy[4] = {s->nb, s->kf, s->p, s->q};
    cudnnBackendDescriptor_t x, w, b, y, cy, sum, ops[3];
    if (!g_tensor(g, d, G_X, dx, false, &x) || !g_tensor(g, d, G_W, dw, false, &w) ||
        !g_tensor(g, d, G_B, db, false, &b) || !g_tensor(g, d, G_Y, dy, false, &y) ||
        !g_tensor(g, d, G_CONV, dy, true, &cy) || !g_tensor(g, d, G_SUM, dy, true, &sum))
        return false;
    if (!g_conv_op(g, d, s, x, w, cy, &ops[0]) ||
        !g_pointwise(g, d, CUDNN_POINTWISE_ADD, cy, b, sum, &ops[1]) ||
        !g_pointwise(g, d, CUDNN_POINTWISE_RELU_FWD, sum, NULL, y, &ops[2]))
        return false;
    if (!g_new(g, d, CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, graph))
        return false;
    G_SET(g, d, *graph, CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 3, ops);
    G_SET(g, d, *graph, CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, 1, &d->h);
    G_TRY(g, d, g->p_cudnnBackendFinalize(*graph));
    return true;
}

// whether engine config cfg uses Tensor Cores (TF32 for FP32 data)
static bool g_tensor_core(struct fu_graph *g, cudnnBackendDescriptor_t cfg)
{
    cudnnBackendDescriptor_t eng = NULL;
    cudnnBackendNumericalNote_t notes[16];
    int64_t n = 0;
    bool tc = true; // unknown counts as Tensor Cores: not taken
    if (g->p_cudnnBackendCreateDescriptor(CUDNN_BACKEND_ENGINE_DESCRIPTOR, &eng) !=
        CUDNN_STATUS_SUCCESS)
        return true;
    if (g->p_cudnnBackendGetAttribute(cfg, CUDNN_ATTR_ENGINECFG_ENGINE,
                                      CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &n, &eng) ==
            CUDNN_STATUS_SUCCESS &&
        g->p_cudnnBackendGetAttribute(eng, CUDNN_ATTR_ENGINE_NUMERICAL_NOTE,
                                      CUDNN_TYPE_NUMERICAL_NOTE, 16, &n, notes) ==
            CUDNN_STATUS_SUCCESS) {
        tc = false;
        for (int64_t i = 0; i < n && i < 16; i++)
            tc |= notes[i] == CUDNN_NUMERICAL_NOTE_TENSOR_CORE;
    }
    g->p_cudnnBackendDestroyDescriptor(eng);
    return tc;
}

// the heuristics' configurations, in order; the first that becomes a plan
static bool g_plan(struct fu_graph *g, struct fu_dnn *d, cudnnBackendDescriptor_t graph)
{
    cudnnBackendDescriptor_t heur, cfg[16];
    cudnnBackendHeurMode_t mode = CUDNN_HEUR_MODE_A;
    int64_t n = 0;
    if (!g_new(g, d, CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR, &heur))
        return false;
    G_SET(g, d, heur, CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1,
          &graph);
    G_SET(g, d, heur, CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &mode);
    G_TRY(g, d, g->p_cudnnBackendFinalize(heur));
    for (int i = 0; i < 16; i++)
        if (!g_new(g, d, CUDNN_BACKEND_ENGINECFG_DESCRIPTOR, &cfg[i]))
            return false;
    G_TRY(g, d, g->p_cudnnBackendGetAttribute(heur, CUDNN_ATTR_ENGINEHEUR_RESULTS,
                                              CUDNN_TYPE_BACKEND_DESCRIPTOR, 16, &n, cfg));
    int fp32 = 0;
    for (int64_t i = 0; i < n && i < 16; i++) {
        if (g_tensor_core(g, cfg[i]))
            continue;
        fp32++;
        cudnnBackendDescriptor_t plan;
        if (!g_new(g, d, CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, &plan))
            return false;
        int64_t ws = 0, got = 0;
        if (g->p_cudnnBackendSetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE,
                                          1, &d->h) != CUDNN_STATUS_SUCCESS ||
            g->p_cudnnBackendSetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG,
                                          CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &cfg[i]) !=
                CUDNN_STATUS_SUCCESS ||
            g->p_cudnnBackendFinalize(plan) != CUDNN_STATUS_SUCCESS ||
            g->p_cudnnBackendGetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE,
                                          CUDNN_TYPE_INT64, 1, &got, &ws) != CUDNN_STATUS_SUCCESS ||
            ws > (int64_t)FU_WS_BYTES)
            continue;
        g->plan = plan, g->ws_bytes = ws;
        return true;
    }
    snprintf(g->why, sizeof g->why,
             "graph API: cuDNN's heuristics offered %lld engine configurations for FP32 NCHW "
             "conv + bias + ReLU, %d without Tensor Cores, none of which became a plan",
             (long long)n, fp32);
    return false;
}

// builds the graph and its plan; false (g->why) when the legacy call must do
static bool graph_plan(struct fu_graph *g, struct fu_dnn *d, const struct fu_shape *s)
{
    cudnnBackendDescriptor_t graph;
    if (!g_graph(g, d, s, &graph) || !g_plan(g, d, graph))
        return false;
    if (g->ws_bytes > 0 && cudaMalloc(&g->ws, (size_t)g->ws_bytes) != cudaSuccess) {
        cudaGetLastError();
        snprintf(g->why, sizeof g->why, "graph API: no room for its %lld-byte workspace",
                 (long long)g->ws_bytes);
        g->plan = NULL;
        return false;
    }
    return true;
}

static int graph_run(struct fu_graph *g, struct fu_dnn *d, const struct fu_args *a,
                     struct ck_err *err)
{
    cudnnBackendDescriptor_t vp;
    int64_t uid[4] = {G_X, G_W, G_B, G_Y};
    void *ptr[4] = {(void *)a->a, (void *)a->b, (void *)a->bias, a->y};
    DNN(err, d, g->p_cudnnBackendCreateDescriptor(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, &vp));
    cudnnStatus_t st = g->p_cudnnBackendSetAttribute(vp, CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS,
                                                     CUDNN_TYPE_INT64, 4, uid);
    if (st == CUDNN_STATUS_SUCCESS)
        st = g->p_cudnnBackendSetAttribute(vp, CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS,
                                           CUDNN_TYPE_VOID_PTR, 4, ptr);
    if (st == CUDNN_STATUS_SUCCESS)
        st = g->p_cudnnBackendSetAttribute(vp, CUDNN_ATTR_VARIANT_PACK_WORKSPACE,
                                           CUDNN_TYPE_VOID_PTR, 1, &g->ws);
    if (st == CUDNN_STATUS_SUCCESS)
        st = g->p_cudnnBackendFinalize(vp);
    if (st == CUDNN_STATUS_SUCCESS)
        st = g->p_cudnnBackendExecute(d->h, g->plan, vp);
    g->p_cudnnBackendDestroyDescriptor(vp);
    DNN(err, d, st);
    return CK_OK;
}

static void graph_free(struct fu_graph *g)
{
    if (!g)
        return;
    cudaFree(g->ws);
    for (int i = g->nmade - 1; i >= 0; i--)
        g->p_cudnnBackendDestroyDescriptor(g->made[i]);
    free(g);
}
#endif
