/* fu_cpu.c: the fusion demo's problem, FP64 reference, error and CPU
 * rungs (see fu_cpu.h). */
#include "fu_cpu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

bool fu_shape_init(struct fu_shape *s, char *why, size_t n)
{
    if (s->op == FU_CONV) {
        s->p = s->h + 2 * s->pad - s->r + 1;
        s->q = s->w + 2 * s->pad - s->s + 1;
        if (s->p < 1 || s->q < 1) {
            snprintf(why, n, "the filter (%dx%d) is larger than the padded input", s->r, s->s);
            return false;
        }
        s->m = (long long)s->nb * s->p * s->q;
        s->n = s->kf;
        s->k = s->c * s->r * s->s;
    }
    double big = (double)s->m * s->n, in = s->op == FU_CONV
        ? (double)s->nb * s->c * s->h * s->w : (double)s->m * s->k;
    if (big >= 2147483648.0 || in >= 2147483648.0 || (double)s->k * s->n >= 2147483648.0) {
        snprintf(why, n, "a tensor of 2^31 elements or more is refused");
        return false;
    }
    return true;
}

static float *randoms(size_t n, struct ck_rng *g)
{
    float *v = malloc(n * sizeof *v);
    if (v)
        ck_fill_random(v, n, g);
    return v;
}

/* the checked outputs: every one, or FU_SAMPLE with the first and last */
static bool pick(struct fu_problem *p, struct ck_rng *g)
{
    const struct fu_shape *s = &p->s;
    bool all = 2.0 * s->m * s->n * s->k <= FU_FULL_FLOPS;
    p->nchk = all ? p->ny : FU_SAMPLE;
    p->rows = malloc(p->nchk * sizeof *p->rows);
    p->cols = malloc(p->nchk * sizeof *p->cols);
    p->ref = malloc(p->nchk * sizeof *p->ref);
    if (!p->rows || !p->cols || !p->ref)
        return false;
    for (size_t i = 0; i < p->nchk; i++) {
        size_t j = all ? i : i == 0 ? 0 : i == 1 ? p->ny - 1 : ck_rng_next(g) % p->ny;
        p->rows[i] = (long long)(j / (size_t)s->n);
        p->cols[i] = (int)(j % (size_t)s->n);
        p->ref[i] = fu_ref_at(p, p->rows[i], p->cols[i]);
    }
    return true;
}

bool fu_problem_init(struct fu_problem *p, const struct fu_shape *s, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->s = *s;
    struct ck_rng g;
    ck_rng_seed(&g, seed);
    p->na = s->op == FU_CONV ? (size_t)s->nb * s->c * s->h * s->w : (size_t)s->m * s->k;
    p->nb = (size_t)s->k * s->n;
    p->ny = (size_t)s->m * s->n;
    p->a = randoms(p->na, &g);
    p->b = randoms(p->nb, &g);
    p->bias = randoms((size_t)s->n, &g);
    if (!p->a || !p->b || !p->bias || !pick(p, &g)) {
        fu_problem_free(p);
        return false;
    }
    return true;
}

void fu_problem_free(struct fu_problem *p)
{
    free(p->a), free(p->b), free(p->bias);
    free(p->rows), free(p->cols), free(p->ref);
    memset(p, 0, sizeof *p);
}

double fu_ref_at(const struct fu_problem *p, long long row, int col)
{
    double sum = 0;
    for (int kk = 0; kk < p->s.k; kk++)
        sum += (double)fu_a_at(&p->s, p->a, row, kk) * fu_b_at(&p->s, p->b, kk, col);
    return fu_act_d(p->s.op, sum + p->bias[col]);
}

double fu_rel_err(const struct fu_problem *p, const float *y, long long rows)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < p->nchk; i++) {
        if (p->rows[i] >= rows)
            continue;
        double v = y[fu_out_index(&p->s, p->rows[i], p->cols[i])];
        if (!isfinite(v))
            return NAN;
        num += (v - p->ref[i]) * (v - p->ref[i]);
        den += p->ref[i] * p->ref[i];
    }
    return den > 0 ? sqrt(num / den) : NAN;
}

/* one filter's output plane of image img: the taps added over shifted
 * input rows (the padding's rows and columns skipped) */
static void conv_plane(const struct fu_problem *p, int img, int f, float *out)
{
    const struct fu_shape *s = &p->s;
    memset(out, 0, (size_t)s->p * s->q * sizeof *out);
    for (int c = 0; c < s->c; c++)
        for (int r = 0; r < s->r; r++)
            for (int t = 0; t < s->s; t++) {
                float wv = p->b[(((size_t)f * s->c + c) * s->r + r) * s->s + t];
                const float *x = p->a + ((size_t)img * s->c + c) * s->h * s->w;
                int qlo = s->pad - t > 0 ? s->pad - t : 0;
                int qhi = s->w + s->pad - t < s->q ? s->w + s->pad - t : s->q;
                for (int oy = 0; oy < s->p; oy++) {
                    int ih = oy - s->pad + r;
                    if (ih < 0 || ih >= s->h)
                        continue;
                    const float *xr = x + (size_t)ih * s->w;
                    int sh = t - s->pad;
                    float *o = out + (size_t)oy * s->q;
                    for (int ox = qlo; ox < qhi; ox++)
                        o[ox] += wv * xr[ox + sh];
                }
            }
}

/* one row of the GEMM: y[row][*] = A[row][*]·B */
static void gemm_row(const struct fu_problem *p, long long row, float *out)
{
    const struct fu_shape *s = &p->s;
    memset(out, 0, (size_t)s->n * sizeof *out);
    for (int kk = 0; kk < s->k; kk++) {
        float av = p->a[(size_t)row * s->k + kk];
        const float *b = p->b + (size_t)kk * s->n;
        for (int j = 0; j < s->n; j++)
            out[j] += av * b[j];
    }
}

/* bias and activation over n outputs of column col, or of columns 0.. */
static void epilogue(int op, float *y, size_t n, const float *bias, int col, int ncol)
{
    for (size_t i = 0; i < n; i++) {
        float b = col >= 0 ? bias[col] : bias[i % (size_t)ncol];
        y[i] = fu_act(op, y[i] + b);
    }
}

/* the product into y, rows 0 .. rows-1, the epilogue fused or not */
static void product(const struct fu_problem *p, long long rows, float *y, bool fused)
{
    const struct fu_shape *s = &p->s;
    if (s->op == FU_GEMM) {
        for (long long i = 0; i < rows; i++) {
            gemm_row(p, i, y + (size_t)i * s->n);
            if (fused)
                epilogue(s->op, y + (size_t)i * s->n, (size_t)s->n, p->bias, -1, s->n);
        }
        return;
    }
    size_t pq = (size_t)s->p * s->q;
    for (long long img = 0; img < rows / (long long)pq; img++)
        for (int f = 0; f < s->kf; f++) {
            float *out = y + ((size_t)img * s->kf + f) * pq;
            conv_plane(p, (int)img, f, out);
            if (fused)
                epilogue(s->op, out, pq, p->bias, f, s->kf);
        }
}

void fu_cpu_fused(const struct fu_problem *p, long long rows, float *y)
{
    product(p, rows, y, true);
}

void fu_cpu_unfused(const struct fu_problem *p, long long rows, float *y)
{
    const struct fu_shape *s = &p->s;
    size_t n = (size_t)rows * s->n;
    product(p, rows, y, false);
    for (size_t i = 0; i < n; i++)   /* pass 2: the bias */
        y[i] += p->bias[fu_col_of(s, i)];
    for (size_t i = 0; i < n; i++)   /* pass 3: the activation */
        y[i] = fu_act(s->op, y[i]);
}
