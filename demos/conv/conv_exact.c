/* conv_exact.c - the integer inputs, their exact output and its proof by
 * sums, and the exact and element-wise judgements (conv_exact.h). */
#include "conv_exact.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/args.h"
#include "../common/check.h"
#include "../common/ladder.h"

static double exact_scale(const struct conv_shape *sh)
{
    return (double)sh->c * sh->r * sh->s * CONV_EXACT_MAX * CONV_EXACT_MAX;
}

bool conv_exact_applies(const struct conv_shape *sh)
{
    return exact_scale(sh) < 16777216.0;
}

static void fill(float *p, size_t n, struct ck_rng *r)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (float)(ck_rng_next(r) >> 33 & CONV_EXACT_MAX);
}

/* xw[(n*C + c)*R*S + r*S + s] = the sum of x[n][c] over the rows and
 * columns tap (r, s) visits for the P x Q outputs (padding reads 0). */
static void window_sums(const struct conv_shape *sh, const float *x, long long *xw,
                        long long *row)
{
    for (long nc = 0; nc < (long)sh->n * sh->c; nc++) {
        const float *plane = x + (size_t)nc * sh->h * sh->w;
        for (int r = 0; r < sh->r; r++) {
            memset(row, 0, (size_t)sh->w * sizeof *row);
            for (int p = 0; p < sh->p; p++) {
                int h = p * sh->stride - sh->pad + r * sh->dil;
                for (int w = 0; h >= 0 && h < sh->h && w < sh->w; w++)
                    row[w] += (long long)plane[(size_t)h * sh->w + w];
            }
            for (int s = 0; s < sh->s; s++) {
                long long t = 0;
                for (int q = 0; q < sh->q; q++) {
                    int w = q * sh->stride - sh->pad + s * sh->dil;
                    t += w >= 0 && w < sh->w ? row[w] : 0;
                }
                xw[((size_t)nc * sh->r + r) * sh->s + s] = t;
            }
        }
    }
}

/* The exact sums: plane[n*K + k] over p, q and pix[(n*P + p)*Q + q] over k. */
static bool exact_sums(const struct conv_shape *sh, const float *x, const float *w,
                       long long *plane, long long *pix)
{
    size_t crs = (size_t)sh->c * sh->r * sh->s;
    long long *xw = (long long *)malloc((size_t)sh->n * crs * sizeof *xw);
    long long *row = (long long *)malloc((size_t)sh->w * sizeof *row);
    long long *wk = (long long *)calloc(crs, sizeof *wk);
    bool ok = xw && row && wk;
    if (ok) {
        window_sums(sh, x, xw, row);
        for (int n = 0; n < sh->n; n++)
            for (int k = 0; k < sh->k; k++) {
                long long t = 0;
                for (size_t j = 0; j < crs; j++)
                    t += (long long)w[(size_t)k * crs + j] * xw[(size_t)n * crs + j];
                plane[(size_t)n * sh->k + k] = t;
            }
        for (int k = 0; k < sh->k; k++)
            for (size_t j = 0; j < crs; j++)
                wk[j] += (long long)w[(size_t)k * crs + j];
        for (int n = 0; n < sh->n; n++)
            for (int p = 0; p < sh->p; p++)
                for (int q = 0; q < sh->q; q++) {
                    long long t = 0;
                    for (int c = 0; c < sh->c; c++)
                        for (int r = 0; r < sh->r; r++) {
                            int h = p * sh->stride - sh->pad + r * sh->dil;
                            for (int s = 0; h >= 0 && h < sh->h && s < sh->s; s++) {
                                int ww = q * sh->stride - sh->pad + s * sh->dil;
                                if (ww >= 0 && ww < sh->w)
                                    t += wk[((size_t)c * sh->r + r) * sh->s + s] *
                                         (long long)x[(((size_t)n * sh->c + c) * sh->h + h) *
                                                          sh->w + ww];
                            }
                        }
                    pix[((size_t)n * sh->p + p) * sh->q + q] = t;
                }
    }
    free(xw);
    free(row);
    free(wk);
    return ok;
}

/* Every element an integer in [0, scale]; then the sums of y against the
 * exact ones. *oom set when the sums could not be made. */
static bool sums_match(const struct conv_exact *e, const struct conv_shape *sh,
                       const float *y, char *why, size_t n, bool *oom)
{
    size_t planes = (size_t)sh->n * sh->k, pq = (size_t)sh->p * sh->q;
    for (size_t i = 0; i < planes * pq; i++)
        if (!(y[i] >= 0 && y[i] <= e->scale && y[i] == floorf(y[i]))) {
            snprintf(why, n, "element %zu = %g is not an integer in [0, %.0f]", i, y[i], e->scale);
            return false;
        }
    long long *plane = (long long *)malloc(planes * sizeof *plane);
    long long *pix = (long long *)calloc((size_t)sh->n * pq, sizeof *pix);
    bool ok = plane && pix && exact_sums(sh, e->x, e->w, plane, pix);
    *oom = !ok;
    for (size_t nk = 0; ok && nk < planes; nk++) {
        long long t = 0;
        for (size_t j = 0; j < pq; j++)
            t += (long long)y[nk * pq + j];
        if (t != plane[nk]) {
            snprintf(why, n, "output plane n=%zu k=%zu sums to %lld, exactly %lld",
                     nk / sh->k, nk % sh->k, t, plane[nk]);
            ok = false;
        }
    }
    for (size_t i = 0; ok && i < (size_t)sh->n * pq; i++) {
        size_t nn = i / pq, j = i % pq;
        long long t = 0;
        for (int k = 0; k < sh->k; k++)
            t += (long long)y[(nn * sh->k + k) * pq + j];
        if (t != pix[i]) {
            snprintf(why, n, "output pixel n=%zu p=%zu q=%zu sums over k to %lld, exactly %lld",
                     nn, j / sh->q, j % sh->q, t, pix[i]);
            ok = false;
        }
    }
    free(plane);
    free(pix);
    return ok;
}

bool conv_exact_sums_ok(const struct conv_exact *e, const struct conv_shape *sh,
                        const float *y, char *why, size_t n)
{
    bool oom = false;
    bool ok = sums_match(e, sh, y, why, n, &oom);
    if (oom)
        snprintf(why, n, "out of host memory for the exact sums");
    return ok;
}

int conv_exact_init(struct conv_exact *e, const struct conv_shape *sh,
                    unsigned long long seed, char *why, size_t n)
{
    memset(e, 0, sizeof *e);
    if (!conv_exact_applies(sh))
        return CK_OK;
    e->scale = exact_scale(sh);
    e->ny = conv_y_elems(sh);
    e->x = (float *)malloc(conv_x_elems(sh) * sizeof *e->x);
    e->w = (float *)malloc(conv_w_elems(sh) * sizeof *e->w);
    e->y = (float *)malloc(e->ny * sizeof *e->y);
    if (!e->x || !e->w || !e->y) {
        snprintf(why, n, "out of host memory for the exact check");
        conv_exact_free(e);
        return CK_ENOMEM;
    }
    struct ck_rng rng;
    ck_rng_seed(&rng, seed ^ 0x1e7e6e5ull);
    fill(e->x, conv_x_elems(sh), &rng);
    fill(e->w, conv_w_elems(sh), &rng);
    conv_cpu_blocked(sh, e->x, e->w, e->y);
    if (!conv_exact_sums_ok(e, sh, e->y, why, n)) {
        int rc = strstr(why, "memory") ? CK_ENOMEM : CK_ECHECK;
        conv_exact_free(e);
        return rc;
    }
    e->on = true;
    return CK_OK;
}

void conv_exact_free(struct conv_exact *e)
{
    free(e->x);
    free(e->w);
    free(e->y);
    memset(e, 0, sizeof *e);
}

bool conv_exact_equal(const struct conv_exact *e, const struct conv_shape *sh,
                      const float *out, char *why, size_t n)
{
    for (size_t i = 0; i < e->ny; i++) {
        if (out[i] == e->y[i])
            continue;
        size_t pq = (size_t)sh->p * sh->q, nk = i / pq;
        snprintf(why, n, "y[%zu][%zu][%zu][%zu] = %.9g, exactly %.0f", nk / sh->k,
                 nk % sh->k, i % pq / sh->q, i % sh->q, out[i], e->y[i]);
        return false;
    }
    return true;
}

double conv_exact_max_err(const struct conv_exact *e, const float *out)
{
    double most = 0;
    for (size_t i = 0; i < e->ny; i++) {
        if (!isfinite(out[i]))
            return NAN;
        double d = fabs((double)out[i] - e->y[i]);
        most = d > most ? d : most;
    }
    return most / e->scale;
}

bool conv_exact_judge(const struct conv_exact *e, const struct conv_shape *sh,
                      enum conv_rung_id r, float *out, struct conv_exact_result *x,
                      struct ck_result *res)
{
    *x = CONV_EXACT_NONE;
    if (!e->on)
        return res->ok;
    ck_corrupt_plus_one(res->id, out, e->ny); /* the test hook: CK_DEMO_CORRUPT=<id>+1 */
    enum conv_exactness how = conv_exactness_of(r);
    char why[192];
    if (how == CONV_EXACT_EQUAL) {
        x->exact = conv_exact_equal(e, sh, out, why, sizeof why);
        x->max_err = x->exact ? 0 : conv_exact_max_err(e, out);
        if (!x->exact) {
            res->ok = false;
            snprintf(res->error, sizeof res->error, "integer inputs, not exact: %s", why);
        }
        return res->ok;
    }
    x->max_err = conv_exact_max_err(e, out);
    if (!isfinite(x->max_err)) {
        res->ok = false;
        snprintf(res->error, sizeof res->error, "integer inputs: output holds NaN or Inf");
        return false;
    }
    if (how == CONV_EXACT_MEASURE)
        return res->ok;
    int m = how == CONV_EXACT_WG2 ? 2 : 4;
    x->bound = conv_wg_err_bound(m, sh->c);
    if (!(x->max_err <= x->bound)) {
        res->ok = false;
        snprintf(res->error, sizeof res->error, "integer inputs: largest element-wise "
                 "error %.3g of the value scale exceeds F(%dx%d,3x3)'s bound %.3g",
                 x->max_err, m, m, x->bound);
    }
    return res->ok;
}
