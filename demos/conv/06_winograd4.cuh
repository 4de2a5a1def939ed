/* Rung 6, Winograd F(4x4, 3x3), non-fused: rung 5's four kernels with
 * bigger tiles. A 4x4 block of outputs of a 3x3 filter comes from a 6x6
 * input patch: 36 multiplies per channel in the Winograd domain where the
 * direct forms spend 144, so 4x fewer (rung 5: 2.25x), and the transformed
 * input is 36/16 = 2.25x the input (rung 5: 16/4 = 4x), so the GEMMs and
 * the transforms also move less memory. The price is accuracy: the
 * transforms' coefficients reach 8 and 1/24, so rounding errors grow
 * (NOTES.md has the measured error; still far inside CK_TOL_FP32).
 *   1. filters  U[xi][c][k] = (G g G^T)[xi]           36 x C x K
 *   2. inputs   V[xi][c][t] = (B^T d B)[xi]           one 6x6 patch d per
 *                                                     4x4 output tile t
 *   3. 36 GEMMs M[xi][k][t] = sum_c U[xi][c][k] V[xi][c][t]
 *                                                     (rung 5's GEMM kernel,
 *                                                     tile by wg4_rule.h)
 *   4. outputs  y tile = A^T M[.][k][t] A             4x4 per (k, t)
 * with the interpolation points 0, 1, -1, 2, -2 and infinity (Lavin and
 * Gray, "Fast Algorithms for Convolutional Neural Networks"):
 *   B^T = [4  0 -5  0 1 0;  0 -4 -4  1 1 0;  0  4 -4 -1 1 0;
 *          0 -2 -1  2 1 0;  0  2 -1 -2 1 0;  0  4  0 -5 0 1]
 *   G   = [1/4 0 0; -1/6 -1/6 -1/6; -1/6 1/6 -1/6;
 *          1/24 1/12 1/6; 1/24 -1/12 1/6; 0 0 1]
 *   A^T = [1 1 1 1 1 0; 0 1 -1 2 -2 0; 0 1 1 4 4 0; 0 1 -1 8 -8 1].
 * Only for 3x3 filters, stride 1, dilation 1 (any N, C, H, W, K, padding).
 * The workspace holds U, V and M padded as rung 5's (tiles to 128,
 * channels to 16, filters to 64), so every GEMM tile of wg4_rule.h fits.
 *
 * Reading guide: conv_wg4_launch at the bottom, then the kernels in launch
 * order; the 1-D transforms wg4_bt, wg4_g, wg4_at are each one matrix row
 * set written out by hand, applied to columns and then to rows. */

#ifndef CK_CONV_06_WINOGRAD4_CUH
#define CK_CONV_06_WINOGRAD4_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"
#include "05_winograd.cuh"
#include "wg4_rule.h"

#ifndef WG4_CHOOSE /* 06_winograd4_tuning.cuh may override the rule */
#define WG4_CHOOSE(tp, kp, cp, m) wg4_pick(tp, kp, cp, m)
#endif

static bool conv_wg4_applies(const struct conv_shape *sh)
{
    return conv_wg_applies(sh);
}

static struct wg_dims conv_wg4_dims(const struct conv_shape *sh)
{
    struct wg_dims d;
    d.tiles_h = (sh->p + 3) / 4;
    d.tiles_w = (sh->q + 3) / 4;
    d.t = sh->n * d.tiles_h * d.tiles_w;
    d.tp = (d.t + WG_BT - 1) / WG_BT * WG_BT;
    d.cp = (sh->c + WG_BC - 1) / WG_BC * WG_BC;
    d.kp = (sh->k + WG_BK - 1) / WG_BK * WG_BK;
    return d;
}

/* What the rule plans for on this GPU (wg4_rule.h): the device's SMs and
 * the blocks per SM the runtime gives each tile's GEMM kernel, asked once;
 * the CPU emulation, which has no runtime to ask, plans for the H200
 * (wg4_h200). */
static struct wg4_machine wg4_machine(void)
{
    static struct wg4_machine m = wg4_h200;
#ifndef CK_SIMT_EMU
    static bool asked;
    if (!asked) {
        int dev = 0, v = 0;
        if (cudaGetDevice(&dev) == cudaSuccess &&
            cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess)
            m.sms = ck_sms_or_h200(v);
#define WG4_ASK_(e, name, bt, bk, minb, eff)                                                  \
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(                                          \
            &v, (const void *)&conv_wg_gemm_kernel<bt, bk, minb>, (bt / 8) * (bk / 8), 0) ==    \
            cudaSuccess &&                                                                      \
        v > 0)                                                                                  \
        m.slots[WG4_##e] = v;
        WG4_TILES(WG4_ASK_)
#undef WG4_ASK_
        asked = true;
    }
#endif
    return m;
}

/* The GEMMs' plan (wg4_rule.h; 06_winograd4_tuning.cuh may force one). */
static struct wg4_plan conv_wg4_plan(const struct wg_dims &d)
{
    const struct wg4_machine m = wg4_machine();
    return WG4_CHOOSE(d.tp, d.kp, d.cp, &m);
}

/* U, V and the split partial sums M, one after the other (each a
 * multiple of 16 bytes). */
static size_t conv_wg4_workspace(const struct conv_shape *sh)
{
    if (!conv_wg4_applies(sh))
        return 0;
    struct wg_dims d = conv_wg4_dims(sh);
    struct wg4_plan pl = conv_wg4_plan(d);
    return 36 * sizeof(float) *
           ((size_t)d.cp * d.kp + (size_t)d.cp * d.tp + (size_t)pl.split * d.kp * d.tp);
}

/* e = B^T d for one column d[0..5] (stride st apart in the arrays). */
__device__ __forceinline__ void wg4_bt(const float *d, float *e, int st)
{
    const float d0 = d[0], d1 = d[st], d2 = d[2 * st], d3 = d[3 * st],
                d4 = d[4 * st], d5 = d[5 * st];
    e[0] = 4.0f * d0 - 5.0f * d2 + d4;
    e[st] = -4.0f * (d1 + d2) + d3 + d4;
    e[2 * st] = 4.0f * (d1 - d2) - d3 + d4;
    e[3 * st] = 2.0f * (d3 - d1) - d2 + d4;
    e[4 * st] = 2.0f * (d1 - d3) - d2 + d4;
    e[5 * st] = 4.0f * d1 - 5.0f * d3 + d5;
}

/* t = G g for one column g[0..2] into t[0..5]. */
__device__ __forceinline__ void wg4_g(const float *g, float *t, int gs, int ts)
{
    const float g0 = g[0], g1 = g[gs], g2 = g[2 * gs];
    t[0] = 0.25f * g0;
    t[ts] = (-1.0f / 6.0f) * (g0 + g1 + g2);
    t[2 * ts] = (-1.0f / 6.0f) * (g0 - g1 + g2);
    t[3 * ts] = (1.0f / 24.0f) * g0 + (1.0f / 12.0f) * g1 + (1.0f / 6.0f) * g2;
    t[4 * ts] = (1.0f / 24.0f) * g0 - (1.0f / 12.0f) * g1 + (1.0f / 6.0f) * g2;
    t[5 * ts] = g2;
}

/* o = A^T f for one column f[0..5] into o[0..3]. */
__device__ __forceinline__ void wg4_at(const float *f, float *o, int fs, int os)
{
    const float f0 = f[0], f1 = f[fs], f2 = f[2 * fs], f3 = f[3 * fs],
                f4 = f[4 * fs], f5 = f[5 * fs];
    const float s12 = f1 + f2, d12 = f1 - f2, s34 = f3 + f4, d34 = f3 - f4;
    o[0] = f0 + s12 + s34;
    o[os] = d12 + 2.0f * d34;
    o[2 * os] = s12 + 4.0f * s34;
    o[3 * os] = d12 + 8.0f * d34 + f5;
}

/* 1. A block per 32 filters x 8 channels: their 32 x 72 taps (72
 * consecutive floats per filter) staged in shared memory by coalesced
 * loads, then one thread per (c, k), k fastest so the 36 stores of a warp
 * are 128 contiguous bytes each: U = G g G^T. */
#define WG4_FK 32 /* filters per block */
#define WG4_FC 8  /* channels per block */
__global__ void __launch_bounds__(WG4_FK * WG4_FC) conv_wg4_filter_kernel(const struct wg_args a)
{
    __shared__ float taps[WG4_FK][WG4_FC * 9 + 1];
    const int k0 = blockIdx.x * WG4_FK, c0 = blockIdx.y * WG4_FC, tid = threadIdx.x;
    for (int i = tid; i < WG4_FK * WG4_FC * 9; i += WG4_FK * WG4_FC) {
        const int kl = i / (WG4_FC * 9), j = i % (WG4_FC * 9);
        const int k = k0 + kl, c = c0 + j / 9;
        taps[kl][j] = k < a.k && c < a.c ? a.w[((size_t)k * a.c + c0) * 9 + j] : 0.0f;
    }
    __syncthreads();
    const int kl = tid % WG4_FK, cl = tid / WG4_FK;
    float g[3][3], t[6][3], u[6][6];
#pragma unroll
    for (int r = 0; r < 3; r++)
#pragma unroll
        for (int s = 0; s < 3; s++)
            g[r][s] = taps[kl][cl * 9 + r * 3 + s];
#pragma unroll
    for (int s = 0; s < 3; s++) /* t = G g, column by column */
        wg4_g(&g[0][s], &t[0][s], 3, 3);
#pragma unroll
    for (int r = 0; r < 6; r++) /* U = t G^T, row by row */
        wg4_g(&t[r][0], &u[r][0], 1, 1);
    float *up = a.u + (size_t)(c0 + cl) * a.d.kp + k0 + kl;
    const size_t plane = (size_t)a.d.cp * a.d.kp;
#pragma unroll
    for (int xi = 0; xi < 36; xi++)
        up[xi * plane] = u[xi / 6][xi % 6];
}

/* 2. One thread per (c, t), t fastest so the 36 stores are coalesced:
 * V = B^T d B over the tile's 6x6 input patch (zeros outside the image). */
__global__ void conv_wg4_input_kernel(const struct wg_args a)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= a.d.tp)
        return;
    int n, p0, q0;
    wg_tile(a.d, t, 4, &n, &p0, &q0);
    const int h0 = p0 - a.pad, w0 = q0 - a.pad;
    const size_t plane = (size_t)a.d.cp * a.d.tp;
    for (int c = blockIdx.y; c < a.d.cp; c += gridDim.y) {
        float d[6][6], e[6][6], v[6][6];
        const bool live = t < a.d.t && c < a.c;
        const float *x = a.x + ((size_t)n * a.c + c) * a.h * a.wd;
#pragma unroll
        for (int i = 0; i < 6; i++)
#pragma unroll
            for (int j = 0; j < 6; j++) {
                const int hh = h0 + i, ww = w0 + j;
                d[i][j] = live && (unsigned)hh < (unsigned)a.h &&
                                  (unsigned)ww < (unsigned)a.wd
                              ? __ldg(&x[(size_t)hh * a.wd + ww])
                              : 0.0f;
            }
#pragma unroll
        for (int j = 0; j < 6; j++) /* e = B^T d, column by column */
            wg4_bt(&d[0][j], &e[0][j], 6);
#pragma unroll
        for (int i = 0; i < 6; i++) /* V = e B, row by row */
            wg4_bt(&e[i][0], &v[i][0], 1);
        float *vp = a.v + (size_t)c * a.d.tp + t;
#pragma unroll
        for (int xi = 0; xi < 36; xi++)
            vp[xi * plane] = v[xi / 6][xi % 6];
    }
}

/* 4. One thread per (k, t): the 4x4 outputs A^T M A, M the sum of the
 * GEMMs' a.splits partial planes, cut at the edges; whole rows of 4 go out
 * as one 16-byte store when Q % 4 == 0. */
__global__ void conv_wg4_output_kernel(const struct wg_args a)
{
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= a.d.t)
        return;
    int n, p0, q0;
    wg_tile(a.d, t, 4, &n, &p0, &q0);
    const size_t plane = (size_t)a.d.kp * a.d.tp;
    const bool vec = a.q % 4 == 0;
    for (int k = blockIdx.y; k < a.k; k += gridDim.y) {
        const float *m = a.m + (size_t)k * a.d.tp + t;
        float f[6][6], e[4][6], o[4][4];
#pragma unroll
        for (int xi = 0; xi < 36; xi++)
            f[xi / 6][xi % 6] = m[xi * plane];
        for (int s = 1; s < a.splits; s++)
#pragma unroll
            for (int xi = 0; xi < 36; xi++)
                f[xi / 6][xi % 6] += m[(s * 36 + xi) * plane];
#pragma unroll
        for (int j = 0; j < 6; j++) /* e = A^T f, column by column */
            wg4_at(&f[0][j], &e[0][j], 6, 6);
#pragma unroll
        for (int i = 0; i < 4; i++) /* o = e A, row by row */
            wg4_at(&e[i][0], &o[i][0], 1, 1);
        float *y = a.y + (((size_t)n * a.k + k) * a.p + p0) * a.q + q0;
#pragma unroll
        for (int i = 0; i < 4; i++) {
            if (p0 + i >= a.p)
                break;
            float *row = y + (size_t)i * a.q;
            if (vec) {
                *(float4 *)row = make_float4(o[i][0], o[i][1], o[i][2], o[i][3]);
                continue;
            }
#pragma unroll
            for (int j = 0; j < 4; j++)
                if (q0 + j < a.q)
                    row[j] = o[i][j];
        }
    }
}


/* The GEMMs of step 3 with tile cfg (wg4_rule.h), a.splits parts each. */
static int wg4_gemm(int cfg, const struct wg_args &a, cudaStream_t st, struct ck_err *err)
{
    const struct wg4_tile_info *ti = &wg4_tiles[cfg];
    dim3 g((unsigned)(a.d.tp / ti->bt), (unsigned)(a.d.kp / ti->bk),
           (unsigned)(36 * a.splits));
    switch (cfg) { /* each row of WG4_TILES, its slots as the launch bounds */
#define WG4_GEMM_(e, name, bt, bk, slots, eff)                                                 \
    case WG4_##e: {                                                                            \
        auto *k = &conv_wg_gemm_kernel<bt, bk, slots>;                                         \
        CK_LAUNCH(err, k, g, (bt / 8) * (bk / 8), 0, st, a);                                   \
        return CK_OK;                                                                          \
    }
        WG4_TILES(WG4_GEMM_)
#undef WG4_GEMM_
    }
    snprintf(err->msg, sizeof err->msg, "winograd4: no GEMM tile %d", cfg);
    return CK_EARGS;
}

static int conv_wg4_launch(const struct conv_shape *sh, const struct conv_io *io,
                           struct ck_err *err)
{
    if (!conv_wg4_applies(sh)) {
        snprintf(err->msg, sizeof err->msg, "winograd4: needs a 3x3 filter, "
                 "stride 1 and dilation 1 (%s:%d)", __FILE__, __LINE__);
        return CK_EARGS;
    }
    cudaStream_t st = (cudaStream_t)io->stream;
    const struct wg_dims d = conv_wg4_dims(sh);
    const struct wg4_plan pl = conv_wg4_plan(d);
    const struct wg_args a = conv_wg_args(sh, io, d, 36, pl.split);

    static_assert(WG_BK % WG4_FK == 0 && WG_BC % WG4_FC == 0, "whole filter blocks");
    dim3 gf((unsigned)(a.d.kp / WG4_FK), (unsigned)(a.d.cp / WG4_FC));
    CK_LAUNCH(err, conv_wg4_filter_kernel, gf, WG4_FK * WG4_FC, 0, st, a);
    dim3 gin((unsigned)(a.d.tp / 128), (unsigned)(a.d.cp < 65535 ? a.d.cp : 65535));
    CK_LAUNCH(err, conv_wg4_input_kernel, gin, 128, 0, st, a);
    int rc = wg4_gemm(pl.tile, a, st, err);
    if (rc != CK_OK)
        return rc;
    dim3 gout((unsigned)((a.d.t + 127) / 128), (unsigned)(a.k < 65535 ? a.k : 65535));
    CK_LAUNCH(err, conv_wg4_output_kernel, gout, 128, 0, st, a);
    return CK_OK;
}

#endif
