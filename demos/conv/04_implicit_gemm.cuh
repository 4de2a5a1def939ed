/* Rung 4, implicit GEMM (the cuDNN-style kernel): the convolution is the
 * GEMM  Y(M = N*P*Q pixels, K filters) = A(M, C*R*S) * B(C*R*S, K)  where A
 * is im2col's matrix, but A is never stored: each block gathers its
 * (BM x BK) slice of A straight from x into shared memory. Block tiles in
 * shared memory fed by a cp.async pipeline (several slices in flight while
 * one is multiplied), each thread accumulating an 8 x 8 register micro-tile
 * read with 16-byte shared loads, 16-byte output stores where rows allow.
 * When C is a multiple of BK the reduction runs over (r, s, c) and a slice
 * shares one filter tap, so the gather needs one bounds test per slice;
 * otherwise a per-shape table of (c, r, s) offsets, built once as a library
 * builds its plan, drives a per-element gather. */

#ifndef CK_CONV_04_IMPLICIT_GEMM_CUH
#define CK_CONV_04_IMPLICIT_GEMM_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"

/* Table entry for reduction index j = (c, r, s):
 * {c*H*W + r*dil*W + s*dil, (r*dil << 16) | s*dil}; conv_shape_init keeps
 * H, W <= 8192 and pad <= 4096, so r*dil < 2^15. Padded entries carry row
 * offset IG_PAD_ROW, which lands every pixel below the image. */
#include "ig_common.cuh"

#define IG_TAB_PAD 16
#define IG_PAD_ROW 0x7fff
#define IG_NO_ROW (-(1 << 29)) /* h0 of a pixel past M: never in range */

struct ig_args {
    const float *x;   /* (N, C, H, W) */
    const float *w;   /* (K, C*R*S)   */
    float *y;         /* (N, K, P*Q)  */
    const int2 *tab;  /* (ceil(C*R*S / 16) * 16) */
    int m_total, k, crs, pq, q, chw, h, wd, stride, pad;
    int c, s, rs, dil, hw; /* for the (r, s, c)-ordered fast path */
};

/* Epilogue: the thread's pixels come in runs of 4 consecutive m. */
template <int BM, int BN, int TM, int TN>
__device__ __forceinline__ void ig_store(const struct ig_args &a, int m0,
                                         int k0, int tm, int tn,
                                         const float (&acc)[TM][TN])
{
    constexpr int GM = (BM / TM) * 4, GN = (BN / TN) * 4;
    const bool vec = (a.pq % 4) == 0;
#pragma unroll
    for (int g = 0; g < TM / 4; g++) {
        const int mb = m0 + g * GM + tm * 4;
        if (mb >= a.m_total)
            continue;
        const int n = mb / a.pq, off = mb - n * a.pq;
#pragma unroll
        for (int j = 0; j < TN; j++) {
            const int kc = k0 + (j / 4) * GN + tn * 4 + (j % 4);
            if (kc >= a.k)
                continue;
            if (vec) { /* 4 pixels in one image, 16-byte aligned */
                float4 v = make_float4(acc[g * 4 + 0][j], acc[g * 4 + 1][j],
                                       acc[g * 4 + 2][j], acc[g * 4 + 3][j]);
                *(float4 *)&a.y[(n * a.k + kc) * a.pq + off] = v;
                continue;
            }
#pragma unroll
            for (int u = 0; u < 4; u++) {
                const int m = mb + u;
                if (m < a.m_total) {
                    const int nn = m / a.pq;
                    a.y[(nn * a.k + kc) * a.pq + (m - nn * a.pq)] = acc[g * 4 + u][j];
                }
            }
        }
    }
}

/* Where this thread's A-loading pixel sits: h0 (IG_NO_ROW past M), w0 and
 * the x offset of its (c=0, r=0, s=0) tap. */
__device__ __forceinline__ void ig_pixel(const struct ig_args &a, int m,
                                         int *h0, int *w0, int *base)
{
    *h0 = IG_NO_ROW;
    *w0 = 0;
    *base = 0;
    if (m < a.m_total) {
        int n = m / a.pq, pq = m - n * a.pq, p = pq / a.q;
        *h0 = p * a.stride - a.pad;
        *w0 = (pq - p * a.q) * a.stride - a.pad;
        *base = n * a.chw + *h0 * a.wd + *w0;
    }
}

/* The main loop (ig_common.cuh), then the store into y. */
template <int BM, int BN, int BK, int TM, int TN, int LAYOUT, int ST, class Issue>
__device__ __forceinline__ void ig_pipeline(const struct ig_args &a, int ktiles,
                                            float (*as)[BK][BM],
                                            float (*bs)[BK][BN + 4],
                                            Issue &&issue)
{
    int tm, tn;
    float acc[TM][TN];
    ig_mainloop<BM, BN, BK, TM, TN, LAYOUT, ST>(ktiles, as, bs, issue, &tm, &tn, acc);
    ig_store<BM, BN, TM, TN>(a, blockIdx.x * BM, blockIdx.y * BN, tm, tn, acc);
}

/* The general kernel, any C: slices go from global straight into shared
 * memory with cp.async (zero-filled outside the image), ST-1 slices in flight
 * while one is multiplied, so no staging registers; the (c, r, s) of each
 * reduction index comes from the offset table. */
template <int BM, int BN, int BK, int TM, int TN, int MINB, int LAYOUT, int ST>
__global__ void __launch_bounds__((BM / TM) * (BN / TN), MINB)
conv_igemm_async_kernel(const struct ig_args a)
{
    constexpr int NT = (BM / TM) * (BN / TN);
    constexpr int A_ROWS = BK * BM / NT, A_STEP = NT / BM;
    constexpr int B_PER = BK * BN / NT, B_STEP = NT / BK;
    static_assert(NT % BM == 0 && NT % BK == 0 && BK <= IG_TAB_PAD, "tiling");
    __shared__ __align__(16) float as[ST][BK][BM];
    __shared__ __align__(16) float bs[ST][BK][BN + 4];

    const int t = threadIdx.x, m0 = blockIdx.x * BM, k0 = blockIdx.y * BN;
    const int a_col = t % BM, a_row0 = t / BM;
    int h0, w0, a_base;
    ig_pixel(a, m0 + a_col, &h0, &w0, &a_base);
    const int b_row = t % BK, b_col0 = t / BK;

    auto issue = [&](int kt, int st) {
        const int jb = kt * BK;
#pragma unroll
        for (int i = 0; i < A_ROWS; i++) {
            const int2 e = __ldg(&a.tab[jb + a_row0 + i * A_STEP]);
            const int hh = h0 + (e.y >> 16), ww = w0 + (e.y & 0xffff);
            const bool in = (unsigned)hh < (unsigned)a.h && (unsigned)ww < (unsigned)a.wd;
            cp_async4(&as[st][a_row0 + i * A_STEP][a_col],
                      in ? a.x + a_base + e.x : a.x, in);
        }
#pragma unroll
        for (int i = 0; i < B_PER; i++) {
            const int j = jb + b_row, kc = k0 + b_col0 + i * B_STEP;
            const bool in = j < a.crs && kc < a.k;
            cp_async4(&bs[st][b_row][b_col0 + i * B_STEP],
                      in ? a.w + kc * a.crs + j : a.w, in);
        }
    };

    ig_pipeline<BM, BN, BK, TM, TN, LAYOUT, ST>(a, (a.crs + BK - 1) / BK, as, bs,
                                                issue);
}

/* The fast path when C is a multiple of BK: the reduction runs over
 * (r, s, c) with c fastest, so a BK-long slice shares one filter tap (r, s).
 * Each thread then tests its pixel against the image once per slice and
 * steps through channels by adding H*W: no table, no per-element bounds
 * test, which leaves the issue slots to the FFMAs. */
template <int BM, int BN, int BK, int TM, int TN, int MINB, int LAYOUT, int ST>
__global__ void __launch_bounds__((BM / TM) * (BN / TN), MINB)
conv_igemm_rsc_kernel(const struct ig_args a)
{
    constexpr int NT = (BM / TM) * (BN / TN);
    constexpr int A_ROWS = BK * BM / NT, A_STEP = NT / BM;
    constexpr int B_PER = BK * BN / NT, B_STEP = NT / BK;
    static_assert(NT % BM == 0 && NT % BK == 0, "tiling");
    /* dynamic shared memory: ST stages of A (BK, BM) then B (BK, BN+4) */
    CK_DYN_SHARED(__align__(16) float, ig_smem);
    float(*as)[BK][BM] = reinterpret_cast<float(*)[BK][BM]>(ig_smem);
    float(*bs)[BK][BN + 4] = reinterpret_cast<float(*)[BK][BN + 4]>(ig_smem + ST * BK * BM);

    const int t = threadIdx.x, m0 = blockIdx.x * BM, k0 = blockIdx.y * BN;
    const int a_col = t % BM, a_row0 = t / BM;
    int h0, w0, a_base;
    ig_pixel(a, m0 + a_col, &h0, &w0, &a_base);
    const int b_row = t % BK, b_col0 = t / BK;
    /* the next slice to fetch: channels ic..ic+BK-1 of tap (dr, ds) =
     * (r*dil, s*dil); pointers step by whole rows of the slice, so each
     * element costs one 64-bit add and one cp.async */
    int ic = 0, tap = 0, dr = 0, ds = 0; /* tap = r*S + s */
    const size_t a_step = (size_t)A_STEP * a.hw, b_step = (size_t)B_STEP * a.crs;
    const bool k_full = k0 + BN <= a.k; /* block-uniform */

    auto issue = [&](int, int st) { /* slices come in order: kt unused */
        const int hh = h0 + dr, ww = w0 + ds;
        const bool in = (unsigned)hh < (unsigned)a.h && (unsigned)ww < (unsigned)a.wd;
        /* outside the image: read nothing (zero-fill) from a harmless
         * address; C >= BK keeps the stepped addresses inside x */
        const float *pa = a.x + (in ? a_base + (ic + a_row0) * a.hw + dr * a.wd + ds : 0);
#pragma unroll
        for (int i = 0; i < A_ROWS; i++, pa += a_step)
            cp_async4(&as[st][a_row0 + i * A_STEP][a_col], pa, in);
        const float *pb = a.w + (k0 + b_col0) * a.crs + (ic + b_row) * a.rs + tap;
        if (k_full) {
#pragma unroll
            for (int i = 0; i < B_PER; i++, pb += b_step)
                cp_async4(&bs[st][b_row][b_col0 + i * B_STEP], pb, true);
        } else {
#pragma unroll
            for (int i = 0; i < B_PER; i++, pb += b_step) {
                const bool kin = k0 + b_col0 + i * B_STEP < a.k;
                cp_async4(&bs[st][b_row][b_col0 + i * B_STEP], kin ? pb : a.w, kin);
            }
        }
        ic += BK;
        if (ic == a.c) {
            ic = 0;
            tap++;
            ds += a.dil;
            if (ds == a.s * a.dil) {
                ds = 0;
                dr += a.dil;
            }
        }
    };

    ig_pipeline<BM, BN, BK, TM, TN, LAYOUT, ST>(a, a.crs / BK, as, bs, issue);
}

/* A tile configuration of both kernels, by name. */
struct ig_cfg {
    int bm, bn, bk;  /* block tile: BM pixels x BN filters, BK-deep slices */
    int tm, tn;      /* micro-tile each thread accumulates: TM x TN */
    int min_blocks;  /* __launch_bounds__: blocks per SM to fit */
    int layout;      /* ig_place: 0 threads walk M first, 1 warp patches */
    int stages;      /* slices in the cp.async pipeline */
    constexpr int threads() const { return (bm / tm) * (bn / tn); }
    /* dynamic shared memory of the fast kernel: A (bk, bm), B (bk, bn+4) */
    constexpr size_t smem() const
    {
        return (size_t)stages * bk * (bm + bn + 4) * sizeof(float);
    }
};
/* A kernel's template arguments from a configuration. */
#define IG_TARGS(c) c.bm, c.bn, c.bk, c.tm, c.tn, c.min_blocks, c.layout, c.stages

/* The fast path (C a multiple of bk) and the general one (any C). Tuning
 * runs may define IG_FAST_CFG first (04_implicit_gemm_tuning.cuh). */
#ifndef IG_FAST_CFG
#define IG_FAST_CFG {128, 64, 16, 8, 8, 4, 1, 2}
#endif
static constexpr struct ig_cfg ig_fast = IG_FAST_CFG;
static constexpr struct ig_cfg ig_gen = {128, 64, 16, 8, 8, 3, 1, 3};

/* The table is only needed by the general kernel (C % BK != 0). */
static size_t conv_igemm_workspace(const struct conv_shape *sh)
{
    if (sh->c % ig_fast.bk == 0)
        return 0;
    size_t crs = (size_t)sh->c * sh->r * sh->s;
    return (crs + IG_TAB_PAD - 1) / IG_TAB_PAD * IG_TAB_PAD * sizeof(int2);
}

/* Builds the offset table on the host and copies it into ws. */
static int conv_igemm_prepare(const struct conv_shape *sh, void *ws,
                              struct ck_err *err)
{
    size_t bytes = conv_igemm_workspace(sh), len = bytes / sizeof(int2);
    if (bytes == 0)
        return CK_OK;
    int2 *tab = (int2 *)malloc(bytes);
    if (!tab) {
        snprintf(err->msg, sizeof err->msg, "out of host memory (%zu bytes "
                 "for the offset table, %s:%d)", bytes, __FILE__, __LINE__);
        return CK_ENOMEM;
    }
    int rs = sh->r * sh->s, crs = sh->c * rs;
    for (size_t j = 0; j < len; j++) {
        int jj = (int)j, c = jj / rs, r = jj % rs / sh->s, s = jj % sh->s;
        tab[j] = jj < crs ? make_int2(c * sh->h * sh->w + r * sh->dil * sh->w +
                                          s * sh->dil,
                                      (r * sh->dil) << 16 | (s * sh->dil))
                          : make_int2(0, IG_PAD_ROW << 16);
    }
    cudaError_t e = cudaMemcpy(ws, tab, bytes, cudaMemcpyHostToDevice);
    free(tab);
    CUDA_CHECK(err, e);
    return CK_OK;
}

static int conv_igemm_launch(const struct conv_shape *sh,
                             const struct conv_io *io, struct ck_err *err)
{
    struct ig_args a = {io->x, io->w, io->y, (const int2 *)io->ws,
                        sh->n * sh->p * sh->q, sh->k, sh->c * sh->r * sh->s,
                        sh->p * sh->q, sh->q, sh->c * sh->h * sh->w, sh->h,
                        sh->w, sh->stride, sh->pad, sh->c, sh->s,
                        sh->r * sh->s, sh->dil, sh->h * sh->w};
    cudaStream_t st = (cudaStream_t)io->stream;
    if (sh->c % ig_fast.bk == 0) {
        constexpr struct ig_cfg f = ig_fast;
        auto *kern = &conv_igemm_rsc_kernel<IG_TARGS(f)>;
        dim3 grid((unsigned)((a.m_total + f.bm - 1) / f.bm),
                  (unsigned)((sh->k + f.bn - 1) / f.bn));
        if (f.smem() > 48 * 1024)
            CUDA_CHECK(err, cudaFuncSetAttribute(
                                kern, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                (int)f.smem()));
        CK_LAUNCH(err, kern, grid, f.threads(), f.smem(), st, a);
    } else {
        constexpr struct ig_cfg g = ig_gen;
        auto *kern = &conv_igemm_async_kernel<IG_TARGS(g)>;
        dim3 grid((unsigned)((a.m_total + g.bm - 1) / g.bm),
                  (unsigned)((sh->k + g.bn - 1) / g.bn));
        CK_LAUNCH(err, kern, grid, g.threads(), 0, st, a);
    }
    return CK_OK;
}

#endif
