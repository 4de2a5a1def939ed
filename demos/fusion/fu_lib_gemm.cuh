// fu_lib_gemm.cuh: cuBLASLt's side of the fusion demo (included by
// fu_lib.cu only). Row-major y (M, N) = A (M, K)·B (K, N) is, to a
// column-major library, yᵀ (N×M) = Bᵀ (N×K)·Aᵀ (K×M): the same memory,
// no transposes, B passed first. The bias is then one value per row of
// yᵀ, which is what CUBLASLT_EPILOGUE_GELU_BIAS adds (a vector as long as
// the output's rows) before GELU. Both descriptors compute in
// CUBLAS_COMPUTE_32F (pure FP32), the fused one differing only by its
// epilogue and bias pointer; each gets cuBLASLt's first heuristic pick.
#pragma once

static int gemm_handle(struct fu_lt *t, const struct fu_shape *s, struct ck_err *err)
{
    LT_CHECK(err, t->p_cublasLtCreate(&t->h));
    LT_CHECK(err, t->p_cublasLtMatrixLayoutCreate(&t->lb, CUDA_R_32F, (uint64_t)s->n,
                                                (uint64_t)s->k, (int64_t)s->n));
    LT_CHECK(err, t->p_cublasLtMatrixLayoutCreate(&t->la, CUDA_R_32F, (uint64_t)s->k,
                                                (uint64_t)s->m, (int64_t)s->k));
    LT_CHECK(err, t->p_cublasLtMatrixLayoutCreate(&t->ly, CUDA_R_32F, (uint64_t)s->n,
                                                (uint64_t)s->m, (int64_t)s->n));
    CUDA_CHECK(err, cudaMalloc(&t->ws, FU_LT_WS_BYTES));
    return CK_OK;
}

static int gemm_plan(struct fu_lib *l, const struct fu_args *a, bool fused, struct ck_err *err)
{
    struct fu_lt *t = l->lt;
    if (t->planned[fused])
        return CK_OK;
    if (!t->h) {
        int rc = gemm_handle(t, &a->s, err);
        if (rc != CK_OK)
            return rc;
    }
    cublasLtMatmulDesc_t *desc = &t->desc[fused];
    LT_CHECK(err, t->p_cublasLtMatmulDescCreate(desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    if (fused) {
        cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
        const float *bias = a->bias;
        LT_CHECK(err, t->p_cublasLtMatmulDescSetAttribute(*desc, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                                        &epi, sizeof epi));
        LT_CHECK(err, t->p_cublasLtMatmulDescSetAttribute(*desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                                        &bias, sizeof bias));
    }
    cublasLtMatmulPreference_t pref;
    uint64_t ws = FU_LT_WS_BYTES;
    LT_CHECK(err, t->p_cublasLtMatmulPreferenceCreate(&pref));
    LT_CHECK(err, t->p_cublasLtMatmulPreferenceSetAttribute(
                      pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
    cublasLtMatmulHeuristicResult_t res;
    int got = 0;
    cublasStatus_t st = t->p_cublasLtMatmulAlgoGetHeuristic(t->h, *desc, t->lb, t->la, t->ly, t->ly,
                                                          pref, 1, &res, &got);
    t->p_cublasLtMatmulPreferenceDestroy(pref);
    if (st != CUBLAS_STATUS_SUCCESS || got < 1)
        return decline(err, fused ? "cuBLASLt has no FP32 algorithm with the GELU + bias "
                                    "epilogue for this shape"
                                  : "cuBLASLt has no FP32 algorithm for this shape");
    t->algo[fused] = res.algo;
    t->planned[fused] = true;
    return CK_OK;
}

static int gemm_run(const struct fu_args *a, bool fused, struct ck_err *err)
{
    struct fu_lt *t = a->lib->lt;
    const float one = 1.0f, zero = 0.0f;
    LT_CHECK(err, t->p_cublasLtMatmul(t->h, t->desc[fused], &one, a->b, t->lb, a->a, t->la, &zero,
                                    a->y, t->ly, a->y, t->ly, &t->algo[fused], t->ws,
                                    FU_LT_WS_BYTES, 0));
    return fused ? CK_OK : fu_bias_act(a, err);
}

static void gemm_free(struct fu_lt *t)
{
    if (!t)
        return;
    cudaFree(t->ws);
    for (int f = 0; f < 2; f++)
        if (t->planned[f] || t->desc[f])
            t->p_cublasLtMatmulDescDestroy(t->desc[f]);
    if (t->h) {
        t->p_cublasLtMatrixLayoutDestroy(t->lb), t->p_cublasLtMatrixLayoutDestroy(t->la);
        t->p_cublasLtMatrixLayoutDestroy(t->ly), t->p_cublasLtDestroy(t->h);
    }
    dlclose(t->lib);
    free(t);
}
