/* conv_exact.h - the conv demo's second check: small integer inputs, on
 * which a convolution computed as a sum of products is exact in FP32, so
 * the direct, im2col and implicit-GEMM rungs (hand, cuDNN and CPU) are
 * compared with the exact result element for element, and the rungs that
 * are not sums of products (Winograd, FFT) or may round their inputs (TF32)
 * get their largest element-wise error measured against it.
 *
 * The inputs are integers 0..CONV_EXACT_MAX (mean 1.5, never negative: the
 * non-zero-mean inputs a ReLU leaves), exact in FP32, TF32, FP16 and BF16.
 * Every partial sum of an output element, in any order, is an integer of
 * at most C*R*S*MAX^2; below 2^24 (conv_exact_applies) an FP32 accumulator
 * holds it exactly, so a right result is bit for bit the exact one. The
 * exact output is computed once (cpu_conv.c's blocked convolution, exact
 * here for the same reason) and proved independently of any convolution
 * code by its sums: every output plane's sum (over p, q) and every output
 * pixel's sum over the filters (over k) must equal the exact ones, computed
 * in 64-bit integers from window sums of x and filter sums of w, as matmul's
 * exact check proves C by its row and column sums (mm_exact.h).
 *
 * This is the demo's judgement beside its normwise one (conv_check.h), which
 * runs on random inputs and gives the rel_err the screens show. */
#ifndef CK_CONV_EXACT_H
#define CK_CONV_EXACT_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/report.h"
#include "conv.h"
#include "conv_wg_bound.h" /* conv_wg_err_bound: Winograd's bound */

#ifdef __cplusplus
extern "C" {
#endif

#define CONV_EXACT_MAX 3

/* How rung r's output on the integer inputs is judged. */
enum conv_exactness {
    CONV_EXACT_EQUAL,  /* a sum of products: every element must be exact */
    CONV_EXACT_WG2,    /* Winograd F(2x2,3x3): max error within its bound */
    CONV_EXACT_WG4,    /* Winograd F(4x4,3x3): the same, its own bound */
    CONV_EXACT_MEASURE /* cuDNN's FFT, Winograd and TF32-allowed choice:
                          max error measured, not bounded (their transform
                          and tile sizes are cuDNN's own) */
};
static inline enum conv_exactness conv_exactness_of(enum conv_rung_id r)
{
    switch (r) {
    case CONV_WINOGRAD: return CONV_EXACT_WG2;
    case CONV_WINOGRAD4: return CONV_EXACT_WG4;
    case CONV_CUDNN_FFT:
    case CONV_CUDNN_FFT_TILING:
    case CONV_CUDNN_WINOGRAD:
    case CONV_CUDNN_WINOGRAD_NONFUSED:
    case CONV_CUDNN_DEFAULT: return CONV_EXACT_MEASURE;
    default: return CONV_EXACT_EQUAL;
    }
}

struct conv_exact {
    bool on;       /* the shape allows the exact check (conv_exact_applies) */
    float *x, *w;  /* (N,C,H,W), (K,C,R,S): integers 0..CONV_EXACT_MAX */
    float *y;      /* (N,K,P,Q): the exact output, proved by its sums */
    size_t ny;
    double scale;  /* C*R*S*MAX^2: the largest |y| these inputs can give */
};

/* Whether every partial sum stays below 2^24 at sh (C*R*S*MAX^2 < 2^24). */
bool conv_exact_applies(const struct conv_shape *sh);

/* Draws the inputs and computes and proves the exact output: CK_OK,
 * CK_ENOMEM, or (never expected) CK_ECHECK when the computed output fails
 * its sums; why says which. A shape the check does not apply to leaves
 * e->on false and returns CK_OK. */
int conv_exact_init(struct conv_exact *e, const struct conv_shape *sh,
                    unsigned long long seed, char *why, size_t n);
void conv_exact_free(struct conv_exact *e); /* accepts a zeroed e */

/* Whether y (N,K,P,Q) is proved exact by its plane and pixel sums alone,
 * with every element an integer in [0, scale]; why says where not. */
bool conv_exact_sums_ok(const struct conv_exact *e, const struct conv_shape *sh,
                        const float *y, char *why, size_t n);

/* Whether out equals the exact output in every element; why names the
 * first element that does not. */
bool conv_exact_equal(const struct conv_exact *e, const struct conv_shape *sh,
                      const float *out, char *why, size_t n);

/* max |out - y| / scale over every element; NAN if out holds NaN or Inf. */
double conv_exact_max_err(const struct conv_exact *e, const float *out);

/* What the integer inputs gave one rung (its record's exact, max_err and
 * max_err_bound fields). */
struct conv_exact_result {
    int exact;     /* 1 every element exact, 0 not, -1 not judged so */
    double max_err;   /* conv_exact_max_err, NAN when not measured */
    double bound;     /* the bound max_err was held to, NAN when none */
};
#define CONV_EXACT_NONE ((struct conv_exact_result){-1, NAN, NAN})

/* Judges rung r's output out (n = e->ny floats, from e->x and e->w) as
 * conv_exactness_of(r) says, into *x; a failure sets r's ok false and its
 * error. The test hook: CK_DEMO_CORRUPT=<id>+1 adds 1 to out's middle
 * element first (the normwise check on random inputs cannot see that).
 * Returns res->ok; a shape without the check (e->on false) passes. */
bool conv_exact_judge(const struct conv_exact *e, const struct conv_shape *sh,
                      enum conv_rung_id r, float *out, struct conv_exact_result *x,
                      struct ck_result *res);

#ifdef __cplusplus
}
#endif

#endif
