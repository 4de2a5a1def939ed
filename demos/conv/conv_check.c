/* conv_check.c - references and the pass/fail judgement (conv_check.h). */
#include "conv_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/ladder.h"
#include "../common/threads.h"

struct full_ctx {
    const struct conv_shape *sh;
    const float *x, *w;
    double *ref;
};

/* Output planes [begin, end) of the flat (n, k) index. */
static void full_range(void *ctx, long begin, long end)
{
    const struct full_ctx *f = ctx;
    const struct conv_shape *sh = f->sh;
    for (long nk = begin; nk < end; nk++) {
        double *o = f->ref + (size_t)nk * sh->p * sh->q;
        for (int p = 0; p < sh->p; p++)
            for (int q = 0; q < sh->q; q++)
                *o++ = conv_ref_point(sh, f->x, f->w, (int)(nk / sh->k),
                                      (int)(nk % sh->k), p, q);
    }
}

static bool build_samples(struct conv_ref *ref, const struct conv_shape *sh,
                          const float *x, const float *w,
                          unsigned long long seed)
{
    struct ck_rng rng;
    ck_rng_seed(&rng, seed);
    ref->n = ref->y_elems < CONV_SAMPLES ? ref->y_elems : CONV_SAMPLES;
    ref->vals = malloc(ref->n * sizeof *ref->vals);
    ref->idx = malloc(ref->n * sizeof *ref->idx);
    if (!ref->vals || !ref->idx)
        return false;
    for (size_t i = 0; i < ref->n; i++) {
        size_t e = i == 0 ? 0 : i == 1 ? ref->y_elems - 1
                                      : ck_rng_next(&rng) % ref->y_elems;
        size_t pq = (size_t)sh->p * sh->q, nk = e / pq;
        ref->idx[i] = e;
        ref->vals[i] = conv_ref_point(sh, x, w, (int)(nk / sh->k),
                                      (int)(nk % sh->k), (int)(e % pq / sh->q),
                                      (int)(e % sh->q));
    }
    return true;
}

bool conv_ref_build(struct conv_ref *ref, const struct conv_shape *sh,
                    const float *x, const float *w, unsigned long long seed)
{
    memset(ref, 0, sizeof *ref);
    ref->y_elems = conv_y_elems(sh);
    if (conv_flops(sh) > CONV_FULL_REF_FLOPS)
        return build_samples(ref, sh, x, w, seed);
    ref->full = true;
    ref->n = ref->y_elems;
    ref->vals = malloc(ref->n * sizeof *ref->vals);
    if (!ref->vals)
        return false;
    struct full_ctx f = {sh, x, w, ref->vals};
    ck_parallel_for((long)sh->n * sh->k, full_range, &f);
    return true;
}

void conv_ref_free(struct conv_ref *ref)
{
    free(ref->vals);
    free(ref->idx);
    free(ref->lib);
    memset(ref, 0, sizeof *ref);
}

/* ||out - ref|| / ||ref|| over the sampled points; NAN if any output
 * element at all is NaN or Inf. */
static double sampled_err(const struct conv_ref *ref, const float *out)
{
    for (size_t i = 0; i < ref->y_elems; i++)
        if (!isfinite(out[i]))
            return NAN;
    double num = 0, den = 0;
    for (size_t i = 0; i < ref->n; i++) {
        double d = (double)out[ref->idx[i]] - ref->vals[i];
        num += d * d;
        den += ref->vals[i] * ref->vals[i];
    }
    return den > 0 ? sqrt(num / den) : NAN;
}

double conv_ref_err(const struct conv_ref *ref, const float *out, bool use_lib,
                    const char **checked)
{
    *checked = ref->full || !(use_lib && ref->lib) ? "fp64" : "library";
    if (ref->full)
        return ck_rel_err(out, ref->vals, ref->n);
    if (use_lib && ref->lib)
        return ck_rel_err_f32(out, ref->lib, ref->y_elems);
    return sampled_err(ref, out);
}

bool conv_ref_judge(const struct conv_ref *ref, const float *out, bool use_lib,
                    struct ck_result *r)
{
    const char *checked;
    double e = conv_ref_err(ref, out, use_lib, &checked);
    return ck_judge(r, e, checked);
}

bool conv_ref_keep_lib(struct conv_ref *ref, const float *out, double rel_err)
{
    if (ref->full || (ref->lib && ref->lib_err <= rel_err))
        return true;
    if (!ref->lib && !(ref->lib = malloc(ref->y_elems * sizeof *ref->lib)))
        return false;
    memcpy(ref->lib, out, ref->y_elems * sizeof *ref->lib);
    ref->lib_err = rel_err;
    return true;
}
