/* fu_num.h: the fusion demo's problem as numbers, one definition for the
 * host, the device and the CPU emulation (plain C, header only): the
 * shape, the product seen as a GEMM (rows M, columns N, reduction K),
 * where an output element lives, the operands' elements (the convolution's
 * input gathered as im2col would, without storing it) and the two
 * activations.
 *
 *   conv  x (nb, c, h, w) NCHW, filters (kf, c, r, s) KCRS, stride 1,
 *         padding pad; y (nb, kf, p, q). Row m = (image, p, q), column =
 *         filter, reduction (c, r, s): M = nb·p·q, N = kf, K = c·r·s.
 *         Activation ReLU.
 *   gemm  A (M, K) and B (K, N) row-major, y (M, N). Activation GELU in
 *         its tanh form, 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), the
 *         form cuBLASLt's GELU epilogue computes (PyTorch's
 *         _addmm_activation, which calls that epilogue, uses it too).
 * The bias is one value per column (per filter, per output feature). */
#ifndef FU_NUM_H
#define FU_NUM_H

#include <math.h>
#include <stddef.h>

#if defined(__CUDACC__)
#define FU_HD __host__ __device__ __forceinline__
#else
#define FU_HD static inline
#endif

enum fu_op { FU_CONV, FU_GEMM };

struct fu_shape {
    int op;                            /* enum fu_op */
    long long m;                       /* rows of the product */
    int n, k;                          /* columns, reduction */
    int nb, c, h, w, kf, r, s, pad, p, q; /* conv only */
};

/* where output (row, col) lives in y */
FU_HD size_t fu_out_index(const struct fu_shape *s, long long row, int col)
{
    if (s->op == FU_GEMM)
        return (size_t)row * s->n + col;
    long long pq = (long long)s->p * s->q, img = row / pq;
    return (size_t)((img * s->kf + col) * pq + row % pq);
}

/* the column (bias index) of y's element i */
FU_HD int fu_col_of(const struct fu_shape *s, size_t i)
{
    if (s->op == FU_GEMM)
        return (int)(i % (size_t)s->n);
    return (int)(i / ((size_t)s->p * s->q) % (size_t)s->kf);
}

/* a conv output row, taken apart once: its image's input planes and the
 * input position of its filter's top-left tap */
struct fu_row {
    const float *x; /* image (c, h, w) */
    int ih0, iw0;   /* p - pad, q - pad */
};

FU_HD struct fu_row fu_row_of(const struct fu_shape *s, const float *a, long long row)
{
    long long pq = (long long)s->p * s->q, img = row / pq;
    int p = (int)(row % pq / s->q), q = (int)(row % s->q);
    struct fu_row r = {a + (size_t)img * s->c * s->h * s->w, p - s->pad, q - s->pad};
    return r;
}

/* x gathered for that row at reduction index kk = (c, r, s); 0 in the
 * padding */
FU_HD float fu_a_row(const struct fu_shape *s, const struct fu_row *w, int kk)
{
    int rs = s->r * s->s, c = kk / rs, rem = kk - c * rs, r = rem / s->s, t = rem - r * s->s;
    int ih = w->ih0 + r, iw = w->iw0 + t;
    if (ih < 0 || ih >= s->h || iw < 0 || iw >= s->w)
        return 0.0f;
    return w->x[((size_t)c * s->h + ih) * s->w + iw];
}

/* the product's left operand at (row, kk): A, or x gathered */
FU_HD float fu_a_at(const struct fu_shape *s, const float *a, long long row, int kk)
{
    if (s->op == FU_GEMM)
        return a[(size_t)row * s->k + kk];
    struct fu_row w = fu_row_of(s, a, row);
    return fu_a_row(s, &w, kk);
}

/* the right operand at (kk, col): B, or the filter col's tap kk */
FU_HD float fu_b_at(const struct fu_shape *s, const float *b, int kk, int col)
{
    if (s->op == FU_GEMM)
        return b[(size_t)kk * s->n + col];
    return b[(size_t)col * s->k + kk];
}

FU_HD float fu_gelu(float x)
{
    return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

FU_HD float fu_act(int op, float x)
{
    return op == FU_GEMM ? fu_gelu(x) : x > 0.0f ? x : 0.0f;
}

/* the reference's activation, in double */
static inline double fu_act_d(int op, double x)
{
    if (op == FU_GEMM)
        return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
    return x > 0 ? x : 0;
}

#endif
