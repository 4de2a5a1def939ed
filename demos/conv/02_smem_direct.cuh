/* Rung 2, direct convolution with shared-memory tiles: a block owns an
 * 8 x tq patch of output pixels for `groups` groups of SD_KT filters
 * (sd_tile.h: tq 32, 16 or 8 as the output is wide, so a small plane does
 * not leave most of the block idle). For a few channels at a time it
 * copies the input patch plus its halo (the extra rows and columns the
 * filter reaches) and those filters' taps into shared memory once, then
 * every thread reads its taps from there: each input value is fetched
 * from global memory about once per block instead of R*S*SD_KT*groups
 * times. */
#ifndef CK_CONV_02_SMEM_DIRECT_CUH
#define CK_CONV_02_SMEM_DIRECT_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"
#include "sd_tile.h"

#define SD_CB 4   /* channels staged per step */

struct sd_geom {
    int tq, groups; /* the block's tile (sd_tile.h) */
    int ih, iw;     /* staged input patch, halo included */
    int cb;         /* channels per step */
    size_t smem;    /* dynamic shared memory bytes */
};

/* Stages up to SD_CB channels per step, fewer when that would not fit in
 * the default 48 KB of shared memory (large or dilated filters). */
static struct sd_geom sd_geometry(const struct conv_shape *sh)
{
    struct sd_geom g;
    struct sd_tile t = sd_tile_of(sh->q, sh->r, sh->s, sh->stride, sh->dil);
    g.tq = t.tq, g.groups = t.groups;
    g.ih = (SD_TP - 1) * sh->stride + (sh->r - 1) * sh->dil + 1;
    g.iw = (g.tq - 1) * sh->stride + (sh->s - 1) * sh->dil + 1;
    size_t per_c = sd_channel_bytes(t, sh->r, sh->s, sh->stride, sh->dil);
    g.cb = sh->c < SD_CB ? sh->c : SD_CB;
    while (g.cb > 1 && g.cb * per_c > SD_SMEM_DEFAULT)
        g.cb /= 2;
    g.smem = g.cb * per_c;
    return g;
}

__global__ void conv_smem_direct_kernel(struct conv_shape sh, struct sd_geom g,
                                        const float *x, const float *w,
                                        float *y)
{
    CK_DYN_SHARED(float, sd_smem);
    const int kf = g.groups * SD_KT;                 /* the block's filters */
    float *xs = sd_smem;                             /* (cb, ih, iw) */
    float *ws = sd_smem + (size_t)g.cb * g.ih * g.iw; /* (cb, kf, R, S) */
    int tiles_q = (sh.q + g.tq - 1) / g.tq;
    int p0 = blockIdx.x / tiles_q * SD_TP, q0 = blockIdx.x % tiles_q * g.tq;
    int k0 = blockIdx.y * kf, n = blockIdx.z;
    int pix = threadIdx.x % (SD_TP * g.tq), grp = threadIdx.x / (SD_TP * g.tq);
    int tp = pix / g.tq, tq = pix % g.tq;
    int h_org = p0 * sh.stride - sh.pad, w_org = q0 * sh.stride - sh.pad;
    int rs = sh.r * sh.s;
    float acc[SD_KT];
    for (int j = 0; j < SD_KT; j++)
        acc[j] = 0.0f;
    for (int c0 = 0; c0 < sh.c; c0 += g.cb) {
        int cn = min(g.cb, sh.c - c0);
        for (int i = threadIdx.x; i < cn * g.ih * g.iw; i += blockDim.x) {
            int cc = i / (g.ih * g.iw), rem = i % (g.ih * g.iw);
            int hh = h_org + rem / g.iw, ww = w_org + rem % g.iw;
            bool in = hh >= 0 && hh < sh.h && ww >= 0 && ww < sh.w;
            xs[i] = in ? x[(((long)n * sh.c + c0 + cc) * sh.h + hh) * sh.w + ww]
                       : 0.0f;
        }
        for (int i = threadIdx.x; i < cn * kf * rs; i += blockDim.x) {
            int cc = i / (kf * rs), j = i / rs % kf, t = i % rs;
            ws[i] = k0 + j < sh.k
                        ? w[((long)(k0 + j) * sh.c + c0 + cc) * rs + t] : 0.0f;
        }
        __syncthreads();
        for (int cc = 0; cc < cn; cc++) {
            const float *xc = xs + (size_t)cc * g.ih * g.iw;
            const float *wc = ws + ((size_t)cc * kf + grp * SD_KT) * rs;
            for (int r = 0; r < sh.r; r++) {
                const float *row = xc + (tp * sh.stride + r * sh.dil) * g.iw +
                                   tq * sh.stride;
                for (int s = 0; s < sh.s; s++) {
                    float v = row[s * sh.dil];
#pragma unroll
                    for (int j = 0; j < SD_KT; j++)
                        acc[j] += v * wc[j * rs + r * sh.s + s];
                }
            }
        }
        __syncthreads();
    }
    int p = p0 + tp, q = q0 + tq, kg = k0 + grp * SD_KT;
    if (p >= sh.p || q >= sh.q)
        return;
    for (int j = 0; j < SD_KT && kg + j < sh.k; j++)
        y[(((long)n * sh.k + kg + j) * sh.p + p) * sh.q + q] = acc[j];
}

static int conv_smem_direct_launch(const struct conv_shape *sh,
                                   const struct conv_io *io, struct ck_err *err)
{
    struct sd_geom g = sd_geometry(sh);
    if (g.smem > SD_SMEM_DEFAULT)
        CUDA_CHECK(err, cudaFuncSetAttribute(
                            conv_smem_direct_kernel,
                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int)g.smem));
    dim3 grid((unsigned)(((sh->p + SD_TP - 1) / SD_TP) *
                         ((sh->q + g.tq - 1) / g.tq)),
              (unsigned)((sh->k + g.groups * SD_KT - 1) / (g.groups * SD_KT)),
              (unsigned)sh->n);
    CK_LAUNCH(err, conv_smem_direct_kernel, grid, SD_THREADS, g.smem,
              (cudaStream_t)io->stream, *sh, g, io->x, io->w, io->y);
    return CK_OK;
}

#endif
