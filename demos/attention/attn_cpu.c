/* attn_cpu.c: the attention demo's host side (see attn_cpu.h): inputs,
 * the FP64 reference of the checked rows, the error, the CPU rung. */
#include <math.h>
#include <stdlib.h>

#include "attn_cpu.h"
#include "attn_num.h"
#include "check.h"

static float ld(const struct at_problem *p, const unsigned short *x, size_t i)
{
    return at_to_float(x[i], p->bf16);
}

/* row r (head * s + query) of the output in FP64 into o[d] */
static void ref_row(const struct at_problem *p, long long r, double *sc, double *o)
{
    int s = p->s, d = p->d, i = (int)(r % s), n = p->causal ? i + 1 : s;
    size_t base = (size_t)(r / s) * s * d;
    double mx = -INFINITY, sum = 0;
    for (int j = 0; j < n; j++) {
        double x = 0;
        for (int c = 0; c < d; c++)
            x += (double)ld(p, p->q, base + (size_t)i * d + c) *
                 ld(p, p->k, base + (size_t)j * d + c);
        sc[j] = x / sqrt((double)d);
        mx = fmax(mx, sc[j]);
    }
    for (int j = 0; j < n; j++)
        sum += sc[j] = exp(sc[j] - mx);
    for (int c = 0; c < d; c++) {
        double v = 0;
        for (int j = 0; j < n; j++)
            v += sc[j] * ld(p, p->v, base + (size_t)j * d + c);
        o[c] = v / sum;
    }
}

static void fill(unsigned short *x, size_t n, float amp, bool bf16, struct ck_rng *r)
{
    for (size_t i = 0; i < n; i++)
        x[i] = at_from_float(amp * (2.0f * ck_rng_float(r) - 1.0f), bf16);
}

bool at_problem_init(struct at_problem *p, int bh, int s, int d, bool causal,
                     bool bf16, uint64_t seed)
{
    *p = (struct at_problem){bh, s, d, causal, bf16, NULL, NULL, NULL, NULL, 0, NULL};
    size_t n = (size_t)bh * s * d;
    bool full = 4.0 * bh * (double)s * s * d <= AT_FULL_FLOPS;
    long long total = (long long)bh * s;
    p->nrows = full ? (int)total : AT_SAMPLE;
    p->q = malloc(n * 2), p->k = malloc(n * 2), p->v = malloc(n * 2);
    p->rows = malloc(sizeof *p->rows * (size_t)p->nrows);
    p->ref = malloc(sizeof *p->ref * (size_t)p->nrows * d);
    double *sc = malloc(sizeof *sc * (size_t)s);
    if (!p->q || !p->k || !p->v || !p->rows || !p->ref || !sc) {
        free(sc);
        at_problem_free(p);
        return false;
    }
    struct ck_rng r;
    ck_rng_seed(&r, seed);
    fill(p->q, n, 1.0f, bf16, &r);
    fill(p->k, n, 2.0f, bf16, &r); /* scores of a few units: a peaked softmax */
    fill(p->v, n, 1.0f, bf16, &r);
    for (int i = 0; i < p->nrows; i++) /* sampled: the first head's first and
                                        last rows, the last row, random rows */
        p->rows[i] = full ? i : i == 0 ? 0 : i == 1 ? s - 1 : i == 2 ? total - 1
                     : (long long)(ck_rng_next(&r) % (uint64_t)total);
    for (int i = 0; i < p->nrows; i++)
        ref_row(p, p->rows[i], sc, p->ref + (size_t)i * d);
    free(sc);
    return true;
}

void at_problem_free(struct at_problem *p)
{
    free(p->q), free(p->k), free(p->v), free(p->rows), free(p->ref);
    p->q = p->k = p->v = NULL, p->rows = NULL, p->ref = NULL;
}

double at_rel_err(const struct at_problem *p, const float *out, int heads)
{
    double num = 0, den = 0;
    for (int i = 0; i < p->nrows; i++) {
        long long r = p->rows[i];
        if (r / p->s >= heads)
            continue;
        for (int c = 0; c < p->d; c++) {
            double got = out[r * p->d + c], want = p->ref[(size_t)i * p->d + c];
            if (!isfinite(got))
                return NAN;
            num += (got - want) * (got - want), den += want * want;
        }
    }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

void at_cpu_naive(const struct at_problem *p, int heads, float *out)
{
    int s = p->s, d = p->d;
    float *sc = malloc(sizeof *sc * (size_t)s);
    if (!sc)
        return; /* out stays NaN: the check says so */
    float scale = 1.0f / sqrtf((float)d);
    for (long long r = 0; r < (long long)heads * s; r++) {
        int i = (int)(r % s), n = p->causal ? i + 1 : s;
        size_t base = (size_t)(r / s) * s * d;
        float mx = -INFINITY, sum = 0;
        for (int j = 0; j < n; j++) {
            float x = 0;
            for (int c = 0; c < d; c++)
                x += ld(p, p->q, base + (size_t)i * d + c) * ld(p, p->k, base + (size_t)j * d + c);
            sc[j] = x * scale;
            mx = fmaxf(mx, sc[j]);
        }
        for (int j = 0; j < n; j++)
            sum += sc[j] = expf(sc[j] - mx);
        for (int c = 0; c < d; c++) {
            float v = 0;
            for (int j = 0; j < n; j++)
                v += sc[j] * ld(p, p->v, base + (size_t)j * d + c);
            out[r * d + c] = v / sum;
        }
    }
    free(sc);
}
