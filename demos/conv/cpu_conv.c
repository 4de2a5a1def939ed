/* cpu_conv.c - the convolution on the host, in plain C: the FP64 reference
 * every variant is checked against, the naive loop nest, and a cache-blocked
 * version that uses every core. Also the shape arithmetic (conv.h).
 *
 * The blocked version computes SP_KB output planes at once per (n, k-block)
 * work item: for each input channel and filter tap it streams one row of x
 * and adds it, scaled by SP_KB taps, into SP_KB rows of y, whose planes stay
 * in L1/L2 while all C*R*S taps are applied. The inner loop runs over the
 * output columns whose inputs lie inside the image, so it has no branch and
 * the compiler can vectorise it when stride is 1. */
#include "conv.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../common/threads.h"

#define SP_KB 4 /* filters per work item in the blocked version */

long conv_out_dim(long in, long f, long pad, long stride, long dil)
{
    long span = in + 2 * pad - dil * (f - 1) - 1;
    if (span < 0)
        return 0;
    return span / stride + 1;
}

size_t conv_x_elems(const struct conv_shape *sh)
{
    return (size_t)sh->n * sh->c * sh->h * sh->w;
}

size_t conv_w_elems(const struct conv_shape *sh)
{
    return (size_t)sh->k * sh->c * sh->r * sh->s;
}

size_t conv_y_elems(const struct conv_shape *sh)
{
    return (size_t)sh->n * sh->k * sh->p * sh->q;
}

double conv_flops(const struct conv_shape *sh)
{
    return 2.0 * sh->n * sh->k * sh->p * sh->q * (double)sh->c * sh->r * sh->s;
}

bool conv_shape_init(struct conv_shape *sh, char *why, size_t why_len)
{
    const struct conv_shape *s = sh;
    if (s->n < 1 || s->c < 1 || s->h < 1 || s->w < 1 || s->k < 1 ||
        s->r < 1 || s->s < 1 || s->stride < 1 || s->dil < 1 || s->pad < 0) {
        snprintf(why, why_len, "sizes, stride and dilation must be >= 1, "
                               "padding >= 0");
        return false;
    }
    if (s->h > 8192 || s->w > 8192 || s->pad > 4096 || s->n > 65535) {
        snprintf(why, why_len, "height and width must be <= 8192, padding "
                               "<= 4096, batch <= 65535");
        return false;
    }
    long p = conv_out_dim(s->h, s->r, s->pad, s->stride, s->dil);
    long q = conv_out_dim(s->w, s->s, s->pad, s->stride, s->dil);
    if (p < 1 || q < 1) {
        snprintf(why, why_len, "the dilated %dx%d filter (span %ldx%ld) does "
                 "not fit in the padded %dx%d input", s->r, s->s,
                 (long)s->dil * (s->r - 1) + 1, (long)s->dil * (s->s - 1) + 1,
                 s->h + 2 * s->pad, s->w + 2 * s->pad);
        return false;
    }
    sh->p = (int)p;
    sh->q = (int)q;
    double big = (double)INT_MAX;
    if ((double)s->n * s->c * s->h * s->w > big ||
        (double)s->k * s->c * s->r * s->s > big ||
        (double)s->n * s->k * p * q > big ||
        (double)s->n * p * q > big) {
        snprintf(why, why_len, "a tensor would have 2^31 or more elements");
        return false;
    }
    return true;
}

/* First and one-past-last output index o with 0 <= o*stride + off < in. */
static void valid_range(int in, int out, int stride, int off, int *lo, int *hi)
{
    int a = off >= 0 ? 0 : (-off + stride - 1) / stride;
    int b = in - 1 - off < 0 ? 0 : (in - 1 - off) / stride + 1;
    *lo = a < out ? a : out;
    *hi = b < out ? b : out;
    if (*hi < *lo)
        *hi = *lo;
}

double conv_ref_point(const struct conv_shape *sh, const float *x,
                      const float *w, int n, int k, int p, int q)
{
    double acc = 0.0;
    for (int c = 0; c < sh->c; c++)
        for (int r = 0; r < sh->r; r++) {
            int hh = p * sh->stride - sh->pad + r * sh->dil;
            if (hh < 0 || hh >= sh->h)
                continue;
            for (int s = 0; s < sh->s; s++) {
                int ww = q * sh->stride - sh->pad + s * sh->dil;
                if (ww < 0 || ww >= sh->w)
                    continue;
                acc += (double)x[(((size_t)n * sh->c + c) * sh->h + hh) * sh->w + ww] *
                       (double)w[(((size_t)k * sh->c + c) * sh->r + r) * sh->s + s];
            }
        }
    return acc;
}

void conv_ref_full(const struct conv_shape *sh, const float *x,
                   const float *w, double *ref)
{
    size_t i = 0;
    for (int n = 0; n < sh->n; n++)
        for (int k = 0; k < sh->k; k++)
            for (int p = 0; p < sh->p; p++)
                for (int q = 0; q < sh->q; q++)
                    ref[i++] = conv_ref_point(sh, x, w, n, k, p, q);
}

void conv_cpu_naive(const struct conv_shape *sh, const float *x,
                    const float *w, float *y)
{
    for (int n = 0; n < sh->n; n++)
        for (int k = 0; k < sh->k; k++)
            for (int p = 0; p < sh->p; p++)
                for (int q = 0; q < sh->q; q++) {
                    float acc = 0.0f;
                    for (int c = 0; c < sh->c; c++)
                        for (int r = 0; r < sh->r; r++) {
                            int hh = p * sh->stride - sh->pad + r * sh->dil;
                            for (int s = 0; s < sh->s; s++) {
                                int ww = q * sh->stride - sh->pad + s * sh->dil;
                                if (hh >= 0 && hh < sh->h && ww >= 0 && ww < sh->w)
                                    acc += x[(((size_t)n * sh->c + c) * sh->h + hh) * sh->w + ww] *
                                           w[(((size_t)k * sh->c + c) * sh->r + r) * sh->s + s];
                            }
                        }
                    y[(((size_t)n * sh->k + k) * sh->p + p) * sh->q + q] = acc;
                }
}

struct blocked_ctx {
    const struct conv_shape *sh;
    const float *x, *w;
    float *y;
};

/* Adds tap (c, r, s) of filters k0..k0+kb-1 into their output planes. */
static void blocked_tap(const struct blocked_ctx *b, int n, int k0, int kb,
                        int c, int r, int s)
{
    const struct conv_shape *sh = b->sh;
    int plo, phi, qlo, qhi;
    valid_range(sh->h, sh->p, sh->stride, r * sh->dil - sh->pad, &plo, &phi);
    valid_range(sh->w, sh->q, sh->stride, s * sh->dil - sh->pad, &qlo, &qhi);
    float tap[SP_KB];
    for (int j = 0; j < kb; j++)
        tap[j] = b->w[(((size_t)(k0 + j) * sh->c + c) * sh->r + r) * sh->s + s];
    const float *xc = b->x + ((size_t)n * sh->c + c) * sh->h * sh->w;
    size_t plane = (size_t)sh->p * sh->q;
    float *y0 = b->y + ((size_t)n * sh->k + k0) * plane;
    for (int p = plo; p < phi; p++) {
        /* x index of output column q: row + q*stride, >= 0 for q >= qlo */
        long row = (long)(p * sh->stride - sh->pad + r * sh->dil) * sh->w +
                   s * sh->dil - sh->pad;
        for (int j = 0; j < kb; j++) {
            float t = tap[j], *yrow = y0 + j * plane + (size_t)p * sh->q;
            for (int q = qlo; q < qhi; q++)
                yrow[q] += t * xc[row + (long)q * sh->stride];
        }
    }
}

static void blocked_range(void *ctx, long begin, long end)
{
    const struct blocked_ctx *b = ctx;
    const struct conv_shape *sh = b->sh;
    long kblocks = (sh->k + SP_KB - 1) / SP_KB;
    for (long item = begin; item < end; item++) {
        int n = (int)(item / kblocks), k0 = (int)(item % kblocks) * SP_KB;
        int kb = sh->k - k0 < SP_KB ? sh->k - k0 : SP_KB;
        size_t plane = (size_t)sh->p * sh->q;
        memset(b->y + ((size_t)n * sh->k + k0) * plane, 0,
               (size_t)kb * plane * sizeof(float));
        for (int c = 0; c < sh->c; c++)
            for (int r = 0; r < sh->r; r++)
                for (int s = 0; s < sh->s; s++)
                    blocked_tap(b, n, k0, kb, c, r, s);
    }
}

void conv_cpu_blocked(const struct conv_shape *sh, const float *x,
                      const float *w, float *y)
{
    struct blocked_ctx b = {sh, x, w, y};
    long items = (long)sh->n * ((sh->k + SP_KB - 1) / SP_KB);
    ck_parallel_for(items, blocked_range, &b);
}
