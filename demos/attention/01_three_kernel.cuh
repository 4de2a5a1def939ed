// Rung 1, three kernels: the definition as three launches. Q·Kᵀ by 16×16
// tiles staged in shared memory into an FP32 S×S matrix in global memory,
// the row softmax over it in place (at_softmax_kernel), then P·V by the
// same tiling. The S×S matrix (4·S² bytes a head) is written, read,
// written and read again through HBM; that traffic and its memory are
// what the fused rung removes. Causal: tiles wholly above the diagonal are
// skipped in both products.
#pragma once
#include "at_kernels.cuh"

#define AT_T 16

// scores[bh][i][j] = Q[i]·K[j], FP32 sums of the 16-bit inputs
__global__ void at_scores_kernel(int s, int d, bool causal, bool bf16, const at_u16 *q,
                                 const at_u16 *k, float *scores)
{
    __shared__ float qs[AT_T][AT_T + 1], ks[AT_T][AT_T + 1];
    int i0 = blockIdx.y * AT_T, j0 = blockIdx.x * AT_T, bh = blockIdx.z;
    if (causal && j0 > i0 + AT_T - 1)
        return; // the whole block: above the diagonal
    int ty = threadIdx.y, tx = threadIdx.x, i = i0 + ty, j = j0 + tx;
    const at_u16 *Q = q + (size_t)bh * s * d, *K = k + (size_t)bh * s * d;
    float acc = 0;
    for (int c0 = 0; c0 < d; c0 += AT_T) {
        int c = c0 + tx;
        qs[ty][tx] = i < s && c < d ? at_ld(Q + (size_t)i * d + c, bf16) : 0.0f;
        ks[ty][tx] = j0 + ty < s && c < d ? at_ld(K + (size_t)(j0 + ty) * d + c, bf16) : 0.0f;
        __syncthreads();
        for (int t = 0; t < AT_T; t++)
            acc += qs[ty][t] * ks[tx][t];
        __syncthreads();
    }
    if (i < s && j < s)
        scores[((size_t)bh * s + i) * s + j] = acc;
}

// O[bh][i][c] = sum_j P[i][j] V[j][c], P FP32
__global__ void at_pv_kernel(int s, int d, bool causal, bool bf16, const float *p,
                             const at_u16 *v, float *o)
{
    __shared__ float ps[AT_T][AT_T + 1], vs[AT_T][AT_T + 1];
    int i0 = blockIdx.y * AT_T, c0 = blockIdx.x * AT_T, bh = blockIdx.z;
    int ty = threadIdx.y, tx = threadIdx.x, i = i0 + ty, c = c0 + tx;
    const float *P = p + (size_t)bh * s * s;
    const at_u16 *V = v + (size_t)bh * s * d;
    int jend = causal ? min(s, i0 + AT_T) : s;
    float acc = 0;
    for (int j0 = 0; j0 < jend; j0 += AT_T) {
        ps[ty][tx] = i < s && j0 + tx < s ? P[(size_t)i * s + j0 + tx] : 0.0f;
        vs[ty][tx] = j0 + ty < s && c < d ? at_ld(V + (size_t)(j0 + ty) * d + c, bf16) : 0.0f;
        __syncthreads();
        for (int t = 0; t < AT_T; t++)
            acc += ps[ty][t] * vs[t][tx];
        __syncthreads();
    }
    if (i < s && c < d)
        o[((size_t)bh * s + i) * d + c] = acc;
}

static int at_three(const struct at_args *a, struct ck_err *err)
{
    dim3 blk(AT_T, AT_T);
    dim3 gs(at_blocks(a->s, AT_T), at_blocks(a->s, AT_T), a->bh);
    CK_LAUNCH(err, at_scores_kernel, gs, blk, 0, 0, a->s, a->d, a->causal, a->bf16, a->q,
              a->k, a->scores);
    CK_LAUNCH(err, at_softmax_kernel, (unsigned)(a->bh * a->s), AT_SM_THREADS, 0, 0, a->s,
              a->causal, a->bf16, a->scale, a->scores, (at_u16 *)NULL);
    dim3 gp(at_blocks(a->d, AT_T), at_blocks(a->s, AT_T), a->bh);
    CK_LAUNCH(err, at_pv_kernel, gp, blk, 0, 0, a->s, a->d, a->causal, a->bf16,
              (const float *)a->scores, a->v, a->o);
    return CK_OK;
}
