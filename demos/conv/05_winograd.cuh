/* Rung 5, Winograd F(2x2, 3x3), non-fused (what cuDNN's WINOGRAD_NONFUSED
 * does): fewer multiplications instead of faster ones. A 2x2 block of
 * outputs of a 3x3 filter needs 36 multiplies directly; in the Winograd
 * domain it needs 16, so the arithmetic drops 2.25x, paid for in adds and
 * in memory traffic for the transformed tensors. Four kernels:
 *   1. filters  U[xi][c][k] = (G g G^T)[xi]           16 x C x K
 *   2. inputs   V[xi][c][t] = (B^T d B)[xi]           one 4x4 patch d per
 *                                                     2x2 output tile t
 *   3. 16 GEMMs M[xi][k][t] = sum_c U[xi][c][k] V[xi][c][t]
 *                                                     (implicit GEMM's tiles:
 *                                                     cp.async, 8x8 per thread)
 *   4. outputs  y tile = A^T M[.][k][t] A             2x2 per (k, t)
 * with (Lavin and Gray, "Fast Algorithms for Convolutional Neural Networks")
 *   B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]
 *   G   = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1]
 *   A^T = [1 1 1 0; 0 1 -1 -1].
 * Only for 3x3 filters, stride 1, dilation 1 (any N, C, H, W, K, padding).
 * The workspace holds U, V and M, padded so the GEMM needs no bounds tests:
 * tiles to a multiple of 128, channels of 16, filters of 64; the transforms
 * write zeros into the padding.
 *
 * Reading guide, in this order: conv_wg_launch at the bottom (the four
 * launches and where U, V, M sit in the workspace); then the kernels in
 * launch order, conv_wg_filter_kernel, conv_wg_input_kernel (each a 4x4 or
 * 4x3 matrix product written out by hand), conv_wg_gemm_kernel (only the
 * issue lambda and the store are its own: the pipeline is ig_mainloop in
 * ig_common.cuh, shared with rung 4), conv_wg_output_kernel; conv_wg_dims
 * and conv_wg_workspace say how big everything is. */

#ifndef CK_CONV_05_WINOGRAD_CUH
#define CK_CONV_05_WINOGRAD_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"
#include "ig_common.cuh"

#define WG_BT 128 /* GEMM block tile: tiles (M) */
#define WG_BK 64  /* ... filters (N) */
#define WG_BC 16  /* ... channels per pipeline slice */
#define WG_ST 3   /* pipeline stages */

struct wg_dims {
    int tiles_h, tiles_w, t, tp, cp, kp;
};

static bool conv_wg_applies(const struct conv_shape *sh)
{
    return sh->r == 3 && sh->s == 3 && sh->stride == 1 && sh->dil == 1;
}

static struct wg_dims conv_wg_dims(const struct conv_shape *sh)
{
    struct wg_dims d;
    d.tiles_h = (sh->p + 1) / 2;
    d.tiles_w = (sh->q + 1) / 2;
    d.t = sh->n * d.tiles_h * d.tiles_w;
    d.tp = (d.t + WG_BT - 1) / WG_BT * WG_BT;
    d.cp = (sh->c + WG_BC - 1) / WG_BC * WG_BC;
    d.kp = (sh->k + WG_BK - 1) / WG_BK * WG_BK;
    return d;
}

/* U, V and M, one after the other (each a multiple of 16 bytes). */
static size_t conv_wg_workspace(const struct conv_shape *sh)
{
    if (!conv_wg_applies(sh))
        return 0;
    struct wg_dims d = conv_wg_dims(sh);
    return 16 * sizeof(float) *
           ((size_t)d.cp * d.kp + (size_t)d.cp * d.tp + (size_t)d.kp * d.tp);
}

struct wg_args {
    const float *x, *w;
    float *y, *u, *v, *m;
    int c, h, wd, k, p, q, pad;
    struct wg_dims d;
    int planes; /* Winograd planes: 16 here, 36 in rung 6 */
    int splits; /* the GEMM's channel sum cut in this many parts (rung 6;
                   1 here): part s writes its own M, planes further on */
};

/* The kernels' arguments for sh and io, in both Winograd rungs: the padded
 * sizes d, `planes` transform planes, the channel sum in `splits` parts;
 * the workspace holds U, then V, then M, `planes` planes each. */
static struct wg_args conv_wg_args(const struct conv_shape *sh, const struct conv_io *io,
                                   struct wg_dims d, int planes, int splits)
{
    struct wg_args a;
    a.x = io->x;
    a.w = io->w;
    a.y = io->y;
    a.c = sh->c;
    a.h = sh->h;
    a.wd = sh->w;
    a.k = sh->k;
    a.p = sh->p;
    a.q = sh->q;
    a.pad = sh->pad;
    a.d = d;
    a.planes = planes;
    a.splits = splits;
    a.u = (float *)io->ws;
    a.v = a.u + (size_t)planes * d.cp * d.kp;
    a.m = a.v + (size_t)planes * d.cp * d.tp;
    return a;
}

/* 1. One thread per (c, k): U = G g G^T. */
__global__ void conv_wg_filter_kernel(const struct wg_args a)
{
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (size_t)a.d.cp * a.d.kp)
        return;
    const int c = (int)(i / a.d.kp), k = (int)(i % a.d.kp);
    float g[3][3], t[4][3];
    const bool in = c < a.c && k < a.k;
#pragma unroll
    for (int r = 0; r < 3; r++)
#pragma unroll
        for (int s = 0; s < 3; s++)
            g[r][s] = in ? a.w[((size_t)k * a.c + c) * 9 + r * 3 + s] : 0.0f;
#pragma unroll
    for (int s = 0; s < 3; s++) { /* t = G g */
        t[0][s] = g[0][s];
        t[1][s] = 0.5f * (g[0][s] + g[1][s] + g[2][s]);
        t[2][s] = 0.5f * (g[0][s] - g[1][s] + g[2][s]);
        t[3][s] = g[2][s];
    }
    float *u = a.u + (size_t)c * a.d.kp + k;
    const size_t plane = (size_t)a.d.cp * a.d.kp;
#pragma unroll
    for (int r = 0; r < 4; r++) { /* U = t G^T */
        u[(r * 4 + 0) * plane] = t[r][0];
        u[(r * 4 + 1) * plane] = 0.5f * (t[r][0] + t[r][1] + t[r][2]);
        u[(r * 4 + 2) * plane] = 0.5f * (t[r][0] - t[r][1] + t[r][2]);
        u[(r * 4 + 3) * plane] = t[r][2];
    }
}

/* Tile t of m x m outputs (2 here, 4 in rung 6): image n, first output
 * row p0 and column q0 (its input patch starts pad above and left of them). */
__device__ __forceinline__ void wg_tile(const struct wg_dims &d, int t, int m, int *n,
                                        int *p0, int *q0)
{
    const int per_img = d.tiles_h * d.tiles_w;
    *n = t / per_img;
    const int tt = t - *n * per_img;
    *p0 = tt / d.tiles_w * m;
    *q0 = tt % d.tiles_w * m;
}

/* 2. One thread per (c, t), t fastest so the 16 stores are coalesced:
 * V = B^T d B over the tile's 4x4 input patch (zeros outside the image). */
__global__ void conv_wg_input_kernel(const struct wg_args a)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= a.d.tp)
        return;
    int n, p0, q0;
    wg_tile(a.d, t, 2, &n, &p0, &q0);
    const int h0 = p0 - a.pad, w0 = q0 - a.pad;
    const size_t plane = (size_t)a.d.cp * a.d.tp;
    for (int c = blockIdx.y; c < a.d.cp; c += gridDim.y) {
        float d[4][4], e[4][4];
        const bool live = t < a.d.t && c < a.c;
        const float *x = a.x + ((size_t)n * a.c + c) * a.h * a.wd;
#pragma unroll
        for (int i = 0; i < 4; i++)
#pragma unroll
            for (int j = 0; j < 4; j++) {
                const int hh = h0 + i, ww = w0 + j;
                d[i][j] = live && (unsigned)hh < (unsigned)a.h &&
                                  (unsigned)ww < (unsigned)a.wd
                              ? __ldg(&x[(size_t)hh * a.wd + ww])
                              : 0.0f;
            }
#pragma unroll
        for (int j = 0; j < 4; j++) { /* e = B^T d */
            e[0][j] = d[0][j] - d[2][j];
            e[1][j] = d[1][j] + d[2][j];
            e[2][j] = d[2][j] - d[1][j];
            e[3][j] = d[1][j] - d[3][j];
        }
        float *v = a.v + (size_t)c * a.d.tp + t;
#pragma unroll
        for (int i = 0; i < 4; i++) { /* V = e B */
            v[(i * 4 + 0) * plane] = e[i][0] - e[i][2];
            v[(i * 4 + 1) * plane] = e[i][1] + e[i][2];
            v[(i * 4 + 2) * plane] = e[i][2] - e[i][1];
            v[(i * 4 + 3) * plane] = e[i][1] - e[i][3];
        }
    }
}

/* 3. blockIdx.z = xi: M[xi] (Kp x Tp) = U[xi]^T (Kp x Cp) V[xi] (Cp x Tp),
 * tiles of BT t x BK k, channels in slices of 16 through a 3-stage cp.async
 * pipeline, 8 t x 8 k per thread (ig_place, ig_multiply of rung 4). This
 * rung runs it as <128, 64, 4>: 128 threads, 4 blocks per SM; rung 6
 * (06_winograd4.cuh) runs it on its 36 planes, picks smaller tiles when
 * there are few of them, and may cut the channel sum into a.splits parts
 * (blockIdx.z = part x planes + xi; part s sums its share of the slices
 * into M plane s x planes + xi). Tp must be a multiple of BT and Kp of BK. */
template <int BT, int BK, int MINB>
__global__ void __launch_bounds__((BT / 8) * (BK / 8), MINB)
    conv_wg_gemm_kernel(const struct wg_args a)
{
    constexpr int NT = (BT / 8) * (BK / 8), TM = 8, TN = 8;
    __shared__ __align__(16) float vs[WG_ST][WG_BC][BT];
    __shared__ __align__(16) float us[WG_ST][WG_BC][BK + 4];
    const int tid = threadIdx.x, t0 = blockIdx.x * BT, k0 = blockIdx.y * BK;
    const int xi = blockIdx.z % a.planes, part = blockIdx.z / a.planes;
    const int all = a.d.cp / WG_BC; /* slices of the whole channel sum */
    const int s0 = part * all / a.splits, slices = (part + 1) * all / a.splits - s0;
    const float *vb = a.v + ((size_t)xi * a.d.cp + (size_t)s0 * WG_BC) * a.d.tp + t0;
    const float *ub = a.u + ((size_t)xi * a.d.cp + (size_t)s0 * WG_BC) * a.d.kp + k0;
    static_assert(WG_BC * BT % (4 * NT) == 0 && WG_BC * BK % (4 * NT) == 0,
                  "whole vectors per thread");

    /* each thread copies VN V and UN U vectors per slice (4 and 2 at
     * 128 x 64); its source pointers step one slice (16 channel rows) at
     * a time */
    constexpr int VR = BT / 4, UR = BK / 4; /* 16-byte vectors per row */
    constexpr int VN = WG_BC * VR / NT, UN = WG_BC * UR / NT;
    const int v_row = tid / VR, v_col = tid % VR * 4;
    const int u_row = tid / UR, u_col = tid % UR * 4;
    const float *pv = vb + (size_t)v_row * a.d.tp + v_col;
    const float *pu = ub + (size_t)u_row * a.d.kp + u_col;
    const size_t v_step = (size_t)(NT / VR) * a.d.tp, u_step = (size_t)(NT / UR) * a.d.kp;

    auto issue = [&](int, int st) { /* slices come in order: kt unused */
#pragma unroll
        for (int i = 0; i < VN; i++)
            cp_async16(&vs[st][v_row + i * (NT / VR)][v_col], pv + i * v_step);
#pragma unroll
        for (int i = 0; i < UN; i++)
            cp_async16(&us[st][u_row + i * (NT / UR)][u_col], pu + i * u_step);
        pv += VN * v_step;
        pu += UN * u_step;
    };

    int tm, tn;
    float acc[TM][TN];
    ig_mainloop<BT, BK, WG_BC, TM, TN, 1, WG_ST>(slices, vs, us, issue, &tm, &tn, acc);
    /* the thread's t come in runs of 4: 16-byte stores along t */
    constexpr int GM = (BT / TM) * 4, GN = (BK / TN) * 4;
    float *mb = a.m + (size_t)blockIdx.z * a.d.kp * a.d.tp + t0;
#pragma unroll
    for (int g = 0; g < TM / 4; g++)
#pragma unroll
        for (int j = 0; j < TN; j++) {
            const int k = k0 + (j / 4) * GN + tn * 4 + (j % 4);
            *(float4 *)&mb[(size_t)k * a.d.tp + g * GM + tm * 4] =
                make_float4(acc[g * 4 + 0][j], acc[g * 4 + 1][j],
                            acc[g * 4 + 2][j], acc[g * 4 + 3][j]);
        }
}

/* 4. One thread per (k, t): the 2x2 outputs A^T M A, cut at the edges. */
__global__ void conv_wg_output_kernel(const struct wg_args a)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= a.d.t)
        return;
    int n, p0, q0;
    wg_tile(a.d, t, 2, &n, &p0, &q0);
    const size_t plane = (size_t)a.d.kp * a.d.tp;
    for (int k = blockIdx.y; k < a.k; k += gridDim.y) {
        const float *m = a.m + (size_t)k * a.d.tp + t;
        float f[4][4], e[2][4];
#pragma unroll
        for (int i = 0; i < 16; i++)
            f[i / 4][i % 4] = m[i * plane];
#pragma unroll
        for (int j = 0; j < 4; j++) { /* e = A^T f */
            e[0][j] = f[0][j] + f[1][j] + f[2][j];
            e[1][j] = f[1][j] - f[2][j] - f[3][j];
        }
        float *y = a.y + (((size_t)n * a.k + k) * a.p + p0) * a.q + q0;
#pragma unroll
        for (int i = 0; i < 2; i++) { /* y = e A */
            if (p0 + i >= a.p)
                break;
            y[(size_t)i * a.q] = e[i][0] + e[i][1] + e[i][2];
            if (q0 + 1 < a.q)
                y[(size_t)i * a.q + 1] = e[i][1] - e[i][2] - e[i][3];
        }
    }
}

static int conv_wg_launch(const struct conv_shape *sh, const struct conv_io *io,
                          struct ck_err *err)
{
    if (!conv_wg_applies(sh)) {
        snprintf(err->msg, sizeof err->msg, "winograd: needs a 3x3 filter, "
                 "stride 1 and dilation 1 (%s:%d)", __FILE__, __LINE__);
        return CK_EARGS;
    }
    cudaStream_t st = (cudaStream_t)io->stream;
    const struct wg_args a = conv_wg_args(sh, io, conv_wg_dims(sh), 16, 1);

    const size_t nu = (size_t)a.d.cp * a.d.kp;
    CK_LAUNCH(err, conv_wg_filter_kernel, (unsigned)((nu + 255) / 256), 256, 0, st, a);
    dim3 gin((unsigned)(a.d.tp / 128), (unsigned)(a.d.cp < 65535 ? a.d.cp : 65535));
    CK_LAUNCH(err, conv_wg_input_kernel, gin, 128, 0, st, a);
    dim3 gg((unsigned)(a.d.tp / WG_BT), (unsigned)(a.d.kp / WG_BK), 16);
    auto *gemm = &conv_wg_gemm_kernel<WG_BT, WG_BK, 4>;
    CK_LAUNCH(err, gemm, gg, 128, 0, st, a);
    dim3 gout((unsigned)((a.d.t + 127) / 128), (unsigned)(a.k < 65535 ? a.k : 65535));
    CK_LAUNCH(err, conv_wg_output_kernel, gout, 128, 0, st, a);
    return CK_OK;
}

#endif
