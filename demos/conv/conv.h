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

enum conv_kind { CONV_KIND_CPU, CONV_KIND_HAND, CONV_KIND_LIBRARY };

/* The ladder: one row per rung, used by main, --list and the TUI. */
struct conv_rung {
    const char *id;    /* variant id on the command line and in YAML */
    int rung;          /* position on the ladder */
    enum conv_kind kind;
    const char *name;  /* short label */
    const char *idea;  /* one line */
};
extern const struct conv_rung conv_rungs[];
extern const size_t conv_rung_count;

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

/* GPU rungs (conv_gpu.cu), compiled only with nvcc. Ids match conv_rungs:
 * "naive", "smem-direct", "im2col-gemm", "implicit-gemm", "winograd".
 * Pointers are device pointers; ws is a device workspace of
 * conv_gpu_workspace() bytes prepared by conv_gpu_prepare(). All return a
 * cudaError_t as int (0 ok). conv_gpu_declines() is NULL when the rung
 * handles the shape, or why it does not (Winograd: 3x3, stride 1, dil 1). */
const char *conv_gpu_declines(const char *id, const struct conv_shape *sh);
size_t conv_gpu_workspace(const char *id, const struct conv_shape *sh);
int conv_gpu_prepare(const char *id, const struct conv_shape *sh, void *ws);
int conv_gpu_launch(const char *id, const struct conv_shape *sh,
                    const float *x, const float *w, float *y, void *ws,
                    void *stream);

#ifdef __cplusplus
}
#endif

#endif
