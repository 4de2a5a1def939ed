/* Rung 3, explicit im2col + a tiled GEMM: first copy every input value each
 * output pixel needs into a column matrix col (C*R*S, N*P*Q) in global
 * memory, then multiply the filters, seen as a (K, C*R*S) matrix, by it with
 * a shared-memory tiled GEMM (4 x 4 outputs per thread). Simple and
 * GEMM-shaped, but col costs R*S times the input in workspace and traffic:
 * conv_gpu_workspace() reports those bytes. */
#ifndef CK_CONV_03_IM2COL_GEMM_CUH
#define CK_CONV_03_IM2COL_GEMM_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"

#define IC_T 64  /* GEMM block tile: 64 filters x 64 pixels */
#define IC_BK 16 /* reduction slice per step */

__global__ void conv_im2col_kernel(struct conv_shape sh, const float *x,
                                   float *col)
{
    long m_total = (long)sh.n * sh.p * sh.q;
    long m = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= m_total)
        return;
    int q = (int)(m % sh.q), p = (int)(m / sh.q % sh.p);
    int n = (int)(m / ((long)sh.q * sh.p));
    int crs = sh.c * sh.r * sh.s;
    for (int kr = blockIdx.y; kr < crs; kr += gridDim.y) { /* row (c,r,s) */
        int c = kr / (sh.r * sh.s), r = kr / sh.s % sh.r, s = kr % sh.s;
        int hh = p * sh.stride - sh.pad + r * sh.dil;
        int ww = q * sh.stride - sh.pad + s * sh.dil;
        bool in = hh >= 0 && hh < sh.h && ww >= 0 && ww < sh.w;
        col[(long)kr * m_total + m] =
            in ? x[(((long)n * sh.c + c) * sh.h + hh) * sh.w + ww] : 0.0f;
    }
}

/* y[n][k][pq] = sum_j w[k][j] * col[j][m], m = n*P*Q + pq. */
__global__ void conv_col_gemm_kernel(struct conv_shape sh, const float *w,
                                     const float *col, float *y)
{
    __shared__ float ws[IC_BK][IC_T + 1]; /* (j, k) */
    __shared__ float cs[IC_BK][IC_T];     /* (j, m) */
    long m_total = (long)sh.n * sh.p * sh.q;
    int crs = sh.c * sh.r * sh.s, pq = sh.p * sh.q;
    long m0 = (long)blockIdx.x * IC_T;
    int k0 = blockIdx.y * IC_T;
    int tm = threadIdx.x % 16, tk = threadIdx.x / 16; /* 16 x 16 threads */
    float acc[4][4] = {{0.0f}};
    for (int j0 = 0; j0 < crs; j0 += IC_BK) {
        for (int i = threadIdx.x; i < IC_BK * IC_T; i += blockDim.x) {
            int jj = i % IC_BK, kk = i / IC_BK; /* along j: w rows contiguous */
            ws[jj][kk] = (k0 + kk < sh.k && j0 + jj < crs)
                             ? w[(long)(k0 + kk) * crs + j0 + jj] : 0.0f;
            int mm = i % IC_T, jr = i / IC_T; /* along m: col rows contiguous */
            cs[jr][mm] = (m0 + mm < m_total && j0 + jr < crs)
                             ? col[(long)(j0 + jr) * m_total + m0 + mm] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int jj = 0; jj < IC_BK; jj++) {
            float a[4], b[4];
            for (int u = 0; u < 4; u++) {
                a[u] = cs[jj][tm + 16 * u];
                b[u] = ws[jj][tk + 16 * u];
            }
            for (int u = 0; u < 4; u++)
                for (int v = 0; v < 4; v++)
                    acc[u][v] += a[u] * b[v];
        }
        __syncthreads();
    }
    for (int u = 0; u < 4; u++) {
        long m = m0 + tm + 16 * u;
        if (m >= m_total)
            continue;
        long n = m / pq, off = m % pq;
        for (int v = 0; v < 4; v++) {
            int k = k0 + tk + 16 * v;
            if (k < sh.k)
                y[(n * sh.k + k) * pq + off] = acc[u][v];
        }
    }
}

static size_t conv_im2col_workspace(const struct conv_shape *sh)
{
    return (size_t)sh->c * sh->r * sh->s * sh->n * sh->p * sh->q * sizeof(float);
}

/* io->ws is col, conv_im2col_workspace() bytes. */
static int conv_im2col_gemm_launch(const struct conv_shape *sh,
                                   const struct conv_io *io, struct ck_err *err)
{
    float *col = (float *)io->ws;
    cudaStream_t st = (cudaStream_t)io->stream;
    long m_total = (long)sh->n * sh->p * sh->q;
    int crs = sh->c * sh->r * sh->s;
    dim3 g1((unsigned)((m_total + 255) / 256), (unsigned)(crs < 65535 ? crs : 65535));
    CK_LAUNCH(err, conv_im2col_kernel, g1, 256, 0, st, *sh, io->x, col);
    dim3 g2((unsigned)((m_total + IC_T - 1) / IC_T),
            (unsigned)((sh->k + IC_T - 1) / IC_T));
    CK_LAUNCH(err, conv_col_gemm_kernel, g2, 256, 0, st, *sh, io->w,
              (const float *)col, io->y);
    return CK_OK;
}

#endif
