// Rung 4, cuDNN's fused attention through the graph API: the whole of
// softmax(Q·Kᵀ/√d)·V described to cuDNN as one graph of small operations
// (two matmuls, a scale, the causal mask, a softmax made of a max, a
// subtraction, an exp, a sum and a division), and cuDNN's heuristics pick
// an engine that runs that graph as ONE fused flash-attention kernel: the
// S×S scores live in registers and shared memory, never in HBM.
//
// Reading guide. This is cuDNN 9's backend API (cudnn_graph.h) in plain
// C calls, the layer NVIDIA's cudnn-frontend C++ headers build on: every
// object is a descriptor, created, given attributes, finalized.
//   1. tensors: Q (B·H,1,S,D), Kᵀ as a view of K by its strides
//      (B·H,1,D,S), V, the 16-bit O, two scalars passed by value (the
//      scale 1/√d and the -inf of the mask) and the intermediate tensors,
//      all "virtual": names in the graph that never get memory;
//   2. operations, in the order the fused engines recognise (the pattern
//      cudnn-frontend's SDPA node builds): matmul Q·Kᵀ (FP32 sums), ×
//      scale, [causal: row index ≥ column index, else -inf], max over the
//      row, subtract it, exp, sum over the row, [the row's log-sum-exp,
//      virtual: the engines match it too], divide, P in 16 bits, matmul
//      P·V into O;
//   3. the operation graph, the engine heuristics (mode A), the first
//      engine configuration whose execution plan finalizes, its
//      workspace, and a variant pack naming each tensor's memory.
// When no engine takes the graph (an older GPU or cuDNN, a head dimension
// it lacks) the rung declines with cuDNN's own reason. O is 16-bit, as
// the engines write it; the check widens it to FP32 after the run (the
// time is the graph's execution alone).
#pragma once
#include "at_kernels.cuh"

struct at_sdpa;
static int at_cudnn(const struct at_args *a, struct ck_err *err);

// O (16-bit, the engine's) widened into the FP32 output the check reads
__global__ void at_widen_kernel(const at_u16 *in, float *out, size_t n, bool bf16)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = at_ld(in + i, bf16);
}

#if !__has_include(<cudnn_graph.h>)
static int at_sdpa_open(struct at_args *a, struct at_sdpa **out, struct ck_err *err)
{
    (void)a, *out = NULL;
    snprintf(err->msg, sizeof err->msg, "built without cuDNN's headers (cudnn_graph.h)");
    return AT_DECLINED;
}
static int at_cudnn(const struct at_args *a, struct ck_err *err)
{
    (void)a;
    snprintf(err->msg, sizeof err->msg, "built without cuDNN's headers");
    return CK_ECUDA;
}
static int at_cudnn_widen(const struct at_args *a, struct ck_err *err)
{
    (void)a, (void)err;
    return CK_OK;
}
static int at_cudnn_poison(const struct at_args *a, struct ck_err *err)
{
    (void)a, (void)err;
    return CK_OK;
}
static void at_sdpa_close(struct at_sdpa *c) { (void)c; }
#else
#include "sdpa_dl.h"

#define SDPA_KEEP 96    // descriptors: the causal graph 47, the heuristics and plans 17
#define SDPA_CONFIGS 8  // engine configurations tried, best first
#define SDPA_OPS 16     // operations in the graph (the causal one 14)

struct at_sdpa {
    struct sdpa_lib *l;
    cudnnHandle_t h;
    cudnnBackendDescriptor_t keep[SDPA_KEEP]; // every descriptor, freed at close
    int nkeep;
    cudnnBackendDescriptor_t plan, pack;
    float scale, neg_inf;      // the by-value scalars the pack points at
    at_u16 *o16;               // (bh, s, d) the engine's 16-bit output
    void *ws;                  // the plan's workspace
    int64_t ws_bytes;
    cudnnStatus_t st;          // the first failure, and where it was
    const char *where;
};

enum { SD_Q = 1, SD_K, SD_V, SD_O, SD_SCALE, SD_NEG_INF, SD_VIRTUAL = 100 };

// One backend call; the first failure is kept (st, where) and every later
// call is skipped, so a graph is built as straight-line code.
#define SD(c, call) ((c)->st == CUDNN_STATUS_SUCCESS &&                       \
                     ((c)->st = (c)->l->call) != CUDNN_STATUS_SUCCESS ?       \
                     ((c)->where = #call, 0) : 0)

static cudnnBackendDescriptor_t sd_new(struct at_sdpa *c, cudnnBackendDescriptorType_t t)
{
    cudnnBackendDescriptor_t d = NULL;
    if (c->nkeep == SDPA_KEEP && c->st == CUDNN_STATUS_SUCCESS)
        c->st = CUDNN_STATUS_ALLOC_FAILED, c->where = "more descriptors than SDPA_KEEP";
    SD(c, desc_create(t, &d));
    if (d)
        c->keep[c->nkeep++] = d;
    return d;
}

// One attribute of a descriptor: count values of type `type` at v (count
// 0: one value); v NULL: the attribute is left unset
struct sd_attr {
    cudnnBackendAttributeName_t name;
    cudnnBackendAttributeType_t type;
    int64_t count;
    const void *v;
};

#define SD_D CUDNN_TYPE_BACKEND_DESCRIPTOR
#define SD_NATTR(at) ((int)(sizeof(at) / sizeof((at)[0])))

// A descriptor of type t given its attributes in order, then finalized:
// the one way every descriptor here is built
static cudnnBackendDescriptor_t sd_make(struct at_sdpa *c, cudnnBackendDescriptorType_t t,
                                        const struct sd_attr *at, int n)
{
    cudnnBackendDescriptor_t d = sd_new(c, t);
    for (int i = 0; i < n; i++)
        if (at[i].v)
            SD(c, set(d, at[i].name, at[i].type, at[i].count ? at[i].count : 1, at[i].v));
    SD(c, finalize(d));
    return d;
}

// a tensor of 4 dimensions; by_value: a scalar the pack passes from the host
static cudnnBackendDescriptor_t sd_tensor(struct at_sdpa *c, int64_t uid, cudnnDataType_t type,
                                          int64_t d0, int64_t d1, int64_t d2, int64_t d3,
                                          const int64_t stride[4], bool by_value)
{
    const int64_t dim[4] = {d0, d1, d2, d3}, align = 16;
    bool virt = uid >= SD_VIRTUAL;
    const struct sd_attr at[] = {
        {CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &type},
        {CUDNN_ATTR_TENSOR_DIMENSIONS, CUDNN_TYPE_INT64, 4, dim},
        {CUDNN_ATTR_TENSOR_STRIDES, CUDNN_TYPE_INT64, 4, stride},
        {CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid},
        {CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &align},
        {CUDNN_ATTR_TENSOR_IS_VIRTUAL, CUDNN_TYPE_BOOLEAN, 1, &virt},
        {CUDNN_ATTR_TENSOR_IS_BY_VALUE, CUDNN_TYPE_BOOLEAN, 1, &by_value},
    };
    return sd_make(c, CUDNN_BACKEND_TENSOR_DESCRIPTOR, at, SD_NATTR(at));
}

// y = mode(x, b, t): b and t may be NULL; axis >= 0 only for GEN_INDEX
static cudnnBackendDescriptor_t sd_pointwise(struct at_sdpa *c, cudnnPointwiseMode_t mode,
                                             cudnnDataType_t math, int64_t axis,
                                             cudnnBackendDescriptor_t x, cudnnBackendDescriptor_t b,
                                             cudnnBackendDescriptor_t t, cudnnBackendDescriptor_t y)
{
    const struct sd_attr pa[] = {
        {CUDNN_ATTR_POINTWISE_MODE, CUDNN_TYPE_POINTWISE_MODE, 1, &mode},
        {CUDNN_ATTR_POINTWISE_MATH_PREC, CUDNN_TYPE_DATA_TYPE, 1, &math},
        {CUDNN_ATTR_POINTWISE_AXIS, CUDNN_TYPE_INT64, 1, axis >= 0 ? &axis : NULL},
    };
    cudnnBackendDescriptor_t pw = sd_make(c, CUDNN_BACKEND_POINTWISE_DESCRIPTOR, pa, SD_NATTR(pa));
    const struct sd_attr oa[] = {
        {CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, SD_D, 1, &pw},
        {CUDNN_ATTR_OPERATION_POINTWISE_XDESC, SD_D, 1, &x},
        {CUDNN_ATTR_OPERATION_POINTWISE_BDESC, SD_D, 1, b ? &b : NULL},
        {CUDNN_ATTR_OPERATION_POINTWISE_TDESC, SD_D, 1, t ? &t : NULL},
        {CUDNN_ATTR_OPERATION_POINTWISE_YDESC, SD_D, 1, &y},
    };
    return sd_make(c, CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR, oa, SD_NATTR(oa));
}

// y = op over the last dimension of x (y's is 1), FP32
static cudnnBackendDescriptor_t sd_reduce(struct at_sdpa *c, cudnnReduceTensorOp_t how,
                                          cudnnBackendDescriptor_t x, cudnnBackendDescriptor_t y)
{
    cudnnDataType_t f32 = CUDNN_DATA_FLOAT;
    const struct sd_attr ra[] = {
        {CUDNN_ATTR_REDUCTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &f32},
        {CUDNN_ATTR_REDUCTION_OPERATOR, CUDNN_TYPE_REDUCTION_OPERATOR_TYPE, 1, &how},
    };
    cudnnBackendDescriptor_t r = sd_make(c, CUDNN_BACKEND_REDUCTION_DESCRIPTOR, ra, SD_NATTR(ra));
    const struct sd_attr oa[] = {
        {CUDNN_ATTR_OPERATION_REDUCTION_DESC, SD_D, 1, &r},
        {CUDNN_ATTR_OPERATION_REDUCTION_XDESC, SD_D, 1, &x},
        {CUDNN_ATTR_OPERATION_REDUCTION_YDESC, SD_D, 1, &y},
    };
    return sd_make(c, CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR, oa, SD_NATTR(oa));
}

// c = a·b over the last two dimensions, batched over the first two, FP32 sums
static cudnnBackendDescriptor_t sd_matmul(struct at_sdpa *c, cudnnBackendDescriptor_t a,
                                          cudnnBackendDescriptor_t b, cudnnBackendDescriptor_t out)
{
    cudnnDataType_t f32 = CUDNN_DATA_FLOAT;
    const struct sd_attr ma[] = {{CUDNN_ATTR_MATMUL_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &f32}};
    cudnnBackendDescriptor_t mm = sd_make(c, CUDNN_BACKEND_MATMUL_DESCRIPTOR, ma, SD_NATTR(ma));
    const struct sd_attr oa[] = {
        {CUDNN_ATTR_OPERATION_MATMUL_ADESC, SD_D, 1, &a},
        {CUDNN_ATTR_OPERATION_MATMUL_BDESC, SD_D, 1, &b},
        {CUDNN_ATTR_OPERATION_MATMUL_CDESC, SD_D, 1, &out},
        {CUDNN_ATTR_OPERATION_MATMUL_DESC, SD_D, 1, &mm},
    };
    return sd_make(c, CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR, oa, SD_NATTR(oa));
}

// The graph of softmax(Q·Kᵀ·scale [masked])·V; ops[] gets its operations
// in order, returns how many.
static int sd_graph(struct at_sdpa *c, const struct at_args *a, cudnnBackendDescriptor_t ops[SDPA_OPS])
{
    const int64_t bh = a->bh, s = a->s, d = a->d;
    const int64_t sd_str[4] = {s * d, s * d, d, 1};  // Q, V, O: (bh, 1, s, d) row-major
    const int64_t kt_str[4] = {s * d, s * d, 1, d};  // Kᵀ: K's memory read as (bh, 1, d, s)
    const int64_t ss_str[4] = {s * s, s * s, s, 1};  // scores: (bh, 1, s, s)
    const int64_t row_str[4] = {s, s, 1, 1};         // a value per row: (bh, 1, s, 1)
    const int64_t one_str[4] = {1, 1, 1, 1};
    cudnnDataType_t io = a->bf16 ? CUDNN_DATA_BFLOAT16 : CUDNN_DATA_HALF;
    const cudnnDataType_t F = CUDNN_DATA_FLOAT;
    int64_t v = SD_VIRTUAL;
    int n = 0;
    cudnnBackendDescriptor_t q = sd_tensor(c, SD_Q, io, bh, 1, s, d, sd_str, false);
    cudnnBackendDescriptor_t kt = sd_tensor(c, SD_K, io, bh, 1, d, s, kt_str, false);
    cudnnBackendDescriptor_t vv = sd_tensor(c, SD_V, io, bh, 1, s, d, sd_str, false);
    cudnnBackendDescriptor_t o = sd_tensor(c, SD_O, io, bh, 1, s, d, sd_str, false);
    cudnnBackendDescriptor_t scale = sd_tensor(c, SD_SCALE, F, 1, 1, 1, 1, one_str, true);
    cudnnBackendDescriptor_t s0 = sd_tensor(c, v++, F, bh, 1, s, s, ss_str, false);
    cudnnBackendDescriptor_t s1 = sd_tensor(c, v++, F, bh, 1, s, s, ss_str, false);
    ops[n++] = sd_matmul(c, q, kt, s0);                                // S = Q·Kᵀ
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_MUL, F, -1, s0, scale, NULL, s1);
    if (a->causal) { // keep S where row ≥ column, else -inf
        cudnnBackendDescriptor_t ninf = sd_tensor(c, SD_NEG_INF, F, 1, 1, 1, 1, one_str, true);
        cudnnBackendDescriptor_t row = sd_tensor(c, v++, CUDNN_DATA_INT32, bh, 1, s, s, ss_str, false);
        cudnnBackendDescriptor_t col = sd_tensor(c, v++, CUDNN_DATA_INT32, bh, 1, s, s, ss_str, false);
        cudnnBackendDescriptor_t keep = sd_tensor(c, v++, CUDNN_DATA_BOOLEAN, bh, 1, s, s, ss_str, false);
        cudnnBackendDescriptor_t s2 = sd_tensor(c, v++, F, bh, 1, s, s, ss_str, false);
        ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_GEN_INDEX, F, 2, s1, NULL, NULL, row);
        ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_GEN_INDEX, F, 3, s1, NULL, NULL, col);
        ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_CMP_GE, CUDNN_DATA_BOOLEAN, -1, row, col, NULL,
                                keep);
        ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_BINARY_SELECT, F, -1, s1, ninf, keep, s2);
        s1 = s2;
    }
    cudnnBackendDescriptor_t mx = sd_tensor(c, v++, F, bh, 1, s, 1, row_str, false);
    cudnnBackendDescriptor_t sub = sd_tensor(c, v++, F, bh, 1, s, s, ss_str, false);
    cudnnBackendDescriptor_t ex = sd_tensor(c, v++, F, bh, 1, s, s, ss_str, false);
    cudnnBackendDescriptor_t sum = sd_tensor(c, v++, F, bh, 1, s, 1, row_str, false);
    cudnnBackendDescriptor_t lg = sd_tensor(c, v++, F, bh, 1, s, 1, row_str, false);
    cudnnBackendDescriptor_t lse = sd_tensor(c, v++, F, bh, 1, s, 1, row_str, false);
    cudnnBackendDescriptor_t p = sd_tensor(c, v++, io, bh, 1, s, s, ss_str, false); // 16-bit P
    ops[n++] = sd_reduce(c, CUDNN_REDUCE_TENSOR_MAX, s1, mx);                       // m = max_j
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_SUB, F, -1, s1, mx, NULL, sub);    // S - m
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_EXP, F, -1, sub, NULL, NULL, ex);  // e^(S-m)
    ops[n++] = sd_reduce(c, CUDNN_REDUCE_TENSOR_ADD, ex, sum);                      // l = Σ_j
    // the row's log-sum-exp m + log l, which training keeps for the
    // backward pass: virtual here, but part of the pattern the engines match
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_LOG, F, -1, sum, NULL, NULL, lg);
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_ADD, F, -1, mx, lg, NULL, lse);
    ops[n++] = sd_pointwise(c, CUDNN_POINTWISE_DIV, F, -1, ex, sum, NULL, p);     // P = e/l
    ops[n++] = sd_matmul(c, p, vv, o);                                              // O = P·V
    return n;
}

// cuDNN's reason for the first failure, into err
static void sd_why(const struct at_sdpa *c, const char *what, struct ck_err *err)
{
    char last[160] = "";
    if (c->l->last_error)
        c->l->last_error(last, sizeof last);
    snprintf(err->msg, sizeof err->msg, "cuDNN %zu.%zu.%zu %s: %s in %.60s%s%.150s",
             c->l->version / 10000, c->l->version / 100 % 100, c->l->version % 100, what,
             c->l->error_string(c->st), c->where ? c->where : "?", last[0] ? ": " : "", last);
}

// The heuristics' configurations, best first; the first whose plan
// finalizes is kept (c->plan). false: none did (c->st says why).
static bool sd_plan(struct at_sdpa *c, cudnnBackendDescriptor_t graph)
{
    cudnnBackendHeurMode_t mode = CUDNN_HEUR_MODE_A;
    const struct sd_attr ha[] = {
        {CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, SD_D, 1, &graph},
        {CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &mode},
    };
    cudnnBackendDescriptor_t heur = sd_make(c, CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR, ha, SD_NATTR(ha));
    cudnnBackendDescriptor_t cfg[SDPA_CONFIGS];
    int64_t got = 0;
    for (int i = 0; i < SDPA_CONFIGS; i++)
        cfg[i] = sd_new(c, CUDNN_BACKEND_ENGINECFG_DESCRIPTOR);
    SD(c, get(heur, CUDNN_ATTR_ENGINEHEUR_RESULTS, SD_D, SDPA_CONFIGS, &got, cfg));
    if (c->st != CUDNN_STATUS_SUCCESS)
        return false;
    if (got == 0) {
        c->st = CUDNN_STATUS_NOT_SUPPORTED, c->where = "the heuristics: no engine";
        return false;
    }
    for (int64_t i = 0; i < got; i++) {
        const struct sd_attr pa[] = {
            {CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE, 1, &c->h},
            {CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, SD_D, 1, &cfg[i]},
        };
        cudnnBackendDescriptor_t plan =
            sd_make(c, CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, pa, SD_NATTR(pa));
        if (c->st == CUDNN_STATUS_SUCCESS) {
            c->plan = plan;
            return true;
        }
        if (i + 1 < got) // the next configuration may take it: forget this failure
            c->st = CUDNN_STATUS_SUCCESS, c->where = NULL;
    }
    return false;
}

// The variant pack: each named tensor's memory (the scalars' on the host)
static bool sd_pack(struct at_sdpa *c, const struct at_args *a)
{
    int64_t uid[6] = {SD_Q, SD_K, SD_V, SD_O, SD_SCALE, SD_NEG_INF};
    void *ptr[6] = {(void *)a->q, (void *)a->k, (void *)a->v, c->o16, &c->scale, &c->neg_inf};
    int n = a->causal ? 6 : 5;
    const struct sd_attr ka[] = {
        {CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, n, uid},
        {CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, n, ptr},
        {CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, 1, &c->ws},
    };
    c->pack = sd_make(c, CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR, ka, SD_NATTR(ka));
    return c->st == CUDNN_STATUS_SUCCESS;
}

static void at_sdpa_close(struct at_sdpa *c)
{
    if (!c)
        return;
    for (int i = c->nkeep - 1; i >= 0; i--)
        c->l->desc_destroy(c->keep[i]);
    if (c->h)
        c->l->destroy(c->h);
    cudaFree(c->o16), cudaFree(c->ws);
    sdpa_lib_unload(c->l);
    free(c);
}

// Memory for O16 and the workspace, checked against free memory first
static int sd_alloc(struct at_sdpa *c, const struct at_args *a, struct ck_err *err)
{
    size_t o_bytes = (size_t)a->bh * a->s * a->d * sizeof(at_u16);
    int fits = ck_gpu_fits(o_bytes + (size_t)c->ws_bytes, err);
    if (fits != 1)
        return fits == 0 ? AT_DECLINED : CK_ECUDA;
    CUDA_CHECK(err, cudaMalloc((void **)&c->o16, o_bytes));
    if (c->ws_bytes > 0)
        CUDA_CHECK(err, cudaMalloc(&c->ws, (size_t)c->ws_bytes));
    return CK_OK;
}

// Loads cuDNN, builds the graph for this problem and its plan. *out is
// NULL unless CK_OK; AT_DECLINED (reason in err) when cuDNN is missing or
// none of its engines takes the graph.
static int at_sdpa_open(struct at_args *a, struct at_sdpa **out, struct ck_err *err)
{
    *out = NULL;
    struct at_sdpa *c = (struct at_sdpa *)calloc(1, sizeof *c);
    if (!c)
        return snprintf(err->msg, sizeof err->msg, "out of host memory"), CK_ENOMEM;
    if (!(c->l = sdpa_lib_load())) {
        free(c);
        snprintf(err->msg, sizeof err->msg, "cuDNN is not installed (libcudnn.so.9 not found)");
        return AT_DECLINED;
    }
    c->scale = a->scale;
    c->neg_inf = c->l->version < 91000 ? -3.402823466e38f : -INFINITY;
    cudnnBackendDescriptor_t ops[SDPA_OPS];
    int n = 0, rc = AT_DECLINED;
    SD(c, create(&c->h));
    if (c->st != CUDNN_STATUS_SUCCESS) {
        sd_why(c, "could not start", err);
        at_sdpa_close(c);
        return AT_DECLINED;
    }
    n = sd_graph(c, a, ops);
    const struct sd_attr ga[] = {
        {CUDNN_ATTR_OPERATIONGRAPH_OPS, SD_D, n, ops},
        {CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, 1, &c->h},
    };
    cudnnBackendDescriptor_t graph =
        sd_make(c, CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, ga, SD_NATTR(ga));
    if (c->st != CUDNN_STATUS_SUCCESS || !sd_plan(c, graph)) {
        sd_why(c, "has no engine for this attention graph", err);
    } else {
        int64_t cnt = 0;
        SD(c, get(c->plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, &cnt,
                  &c->ws_bytes));
        rc = c->st == CUDNN_STATUS_SUCCESS ? sd_alloc(c, a, err) : CK_ECUDA;
        if (rc == CK_OK && !sd_pack(c, a))
            rc = CK_ECUDA;
        if (c->st != CUDNN_STATUS_SUCCESS)
            sd_why(c, "failed", err);
    }
    if (rc != CK_OK) {
        at_sdpa_close(c);
        return rc;
    }
    *out = c;
    return CK_OK;
}

// The rung: one execution of the plan (the whole attention, one graph)
static int at_cudnn(const struct at_args *a, struct ck_err *err)
{
    struct at_sdpa *c = a->sdpa;
    cudnnStatus_t st = c->l->execute(c->h, c->plan, c->pack);
    if (st != CUDNN_STATUS_SUCCESS) {
        snprintf(err->msg, sizeof err->msg, "cudnnBackendExecute: %s", c->l->error_string(st));
        return CK_ECUDA;
    }
    return CK_OK;
}

// Before the check's run: O16 all ones, a NaN in FP16 and BF16 alike, so
// an element the engine never wrote fails the check
static int at_cudnn_poison(const struct at_args *a, struct ck_err *err)
{
    CUDA_CHECK(err, cudaMemset(a->sdpa->o16, 0xff, (size_t)a->bh * a->s * a->d * sizeof(at_u16)));
    return CK_OK;
}

// For the check, after the run: O16 widened into the FP32 O
static int at_cudnn_widen(const struct at_args *a, struct ck_err *err)
{
    size_t n = (size_t)a->bh * a->s * a->d;
    CK_LAUNCH(err, at_widen_kernel, (unsigned)((n + 255) / 256), 256, 0, 0, a->sdpa->o16, a->o,
              n, a->bf16);
    return CK_OK;
}
#endif
