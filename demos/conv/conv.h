/* conv.h - the convolution demo's shared declarations: the problem shape,
 * the one table of rungs, the CPU variants and the GPU entry points.
 *
 * The convolution is a 2-D cross-correlation in FP32:
 *   x: (N, C, H, W) NCHW input     w: (K, C, R, S) KCRS filters
 *   y: (N, K, P, Q) NKPQ output    P = (H + 2*pad - dil*(R-1) - 1)/stride + 1
 *   y[n][k][p][q] = sum_{c,r,s} x[n][c][p*stride-pad+r*dil][q*stride-pad+s*dil]
 *                               * w[k][c][r][s]      (out-of-image x reads as 0)
 * This header is plain C so conv.c builds without nvcc; the .cu files include
 * it inside extern "C". */
#ifndef CK_CONV_H
#define CK_CONV_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/ck.h"
#include "../common/ladder.h"
#include "conv_ladder.h"
#include "wg4_rule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A problem. Invariant after conv_shape_init() returns true: every field
 * >= 1 (pad >= 0), p, q >= 1, and every tensor has < 2^31 elements, so
 * kernels may index with int. */
struct conv_shape {
    int n, c, h, w, k, r, s;
    int pad, stride, dil;
    int p, q; /* derived output height and width */
};

/* Fills sh->p, sh->q from the others. Returns false, with a reason in why
 * (at least 128 bytes), when the sizes are out of range or give an empty
 * output. */
bool conv_shape_init(struct conv_shape *sh, char *why, size_t why_len);

/* Output extent along one axis: (in + 2*pad - dil*(f-1) - 1)/stride + 1,
 * or <= 0 when the filter does not fit. */
long conv_out_dim(long in, long f, long pad, long stride, long dil);

size_t conv_x_elems(const struct conv_shape *sh); /* N*C*H*W */
size_t conv_w_elems(const struct conv_shape *sh); /* K*C*R*S */
size_t conv_y_elems(const struct conv_shape *sh); /* N*K*P*Q */
double conv_flops(const struct conv_shape *sh);   /* 2*N*K*P*Q*C*R*S */

/* The ladder (conv_ladder.h) as a table of struct ck_rung (ladder.h),
 * indexed by enum conv_rung_id: used by main, --list and the GPU driver. */
extern const struct ck_rung conv_rungs[CONV_NRUNGS];

/* CPU variants (cpu_conv.c). x, w, y as above, y fully overwritten. */
void conv_cpu_naive(const struct conv_shape *sh, const float *x,
                    const float *w, float *y);
/* Cache-blocked, all online cores (pthreads) over (n, filter-block) items. */
void conv_cpu_blocked(const struct conv_shape *sh, const float *x,
                      const float *w, float *y);
/* FP64 reference of one output element (n, k, p, q). */
double conv_ref_point(const struct conv_shape *sh, const float *x,
                      const float *w, int n, int k, int p, int q);
/* FP64 reference of the whole output (small sizes). */
void conv_ref_full(const struct conv_shape *sh, const float *x,
                   const float *w, double *ref);

/* What a hand rung's launcher gets: device pointers, its workspace of
 * conv_gpu_workspace() bytes (prepared by conv_gpu_prepare()) and the
 * stream (a cudaStream_t; NULL is the default stream). Every launcher is
 *   static int fn(const struct conv_shape *sh, const struct conv_io *io,
 *                 struct ck_err *err)
 * launches through CK_LAUNCH and returns enum ck_status; conv_ladder.h
 * names it in its fn column. */
struct conv_io {
    const float *x, *w; /* (N, C, H, W), (K, C, R, S) */
    float *y;           /* (N, K, P, Q) */
    void *ws;
    void *stream;
};

/* GPU rungs (conv_gpu.cu), compiled only with nvcc; r is a hand rung.
 * conv_gpu_declines() is NULL when the rung handles the shape, or why it
 * does not (Winograd: 3x3, stride 1, dil 1). The others return enum
 * ck_status with err naming the failing call and its rung file and line. */
const char *conv_gpu_declines(enum conv_rung_id r, const struct conv_shape *sh);
size_t conv_gpu_workspace(enum conv_rung_id r, const struct conv_shape *sh);
int conv_gpu_prepare(enum conv_rung_id r, const struct conv_shape *sh,
                     void *ws, struct ck_err *err);
int conv_gpu_launch(enum conv_rung_id r, const struct conv_shape *sh,
                    const struct conv_io *io, struct ck_err *err);
/* The plan winograd4's rule makes at sh on this GPU (wg4_rule.h: its SMs
 * and the blocks per SM the runtime gives each GEMM kernel), before any
 * tuning switch. */
struct wg4_plan conv_gpu_wg4_rule(const struct conv_shape *sh);

#ifdef __cplusplus
}
#endif

#endif
