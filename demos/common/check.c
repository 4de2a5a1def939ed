/* check.c: random inputs, NaN poisoning and the relative-error compare. */
#include "check.h"

#include <math.h>
#include <string.h>

void ck_rng_seed(struct ck_rng *r, uint64_t seed)
{
    r->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (r->s == 0)
        r->s = 1;
}

uint64_t ck_rng_next(struct ck_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

float ck_rng_float(struct ck_rng *r)
{
    uint64_t x = ck_rng_next(r);
    float mag = 0.1f + 0.9f * (float)((x >> 40) & 0xFFFFFF) / 16777216.0f;
    return (x & 1) ? -mag : mag;
}

void ck_fill_random(float *p, size_t n, struct ck_rng *r)
{
    for (size_t i = 0; i < n; i++)
        p[i] = ck_rng_float(r);
}

void ck_poison_nan(float *p, size_t n)
{
    memset(p, 0xFF, n * sizeof *p); /* all bits set: a quiet NaN */
}

double ck_rel_err(const float *out, const double *ref, size_t n)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(out[i]))
            return NAN;
        double d = (double)out[i] - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
    }
    return den > 0 ? sqrt(num / den) : NAN;
}

double ck_rel_err_f32(const float *out, const float *ref, size_t n)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(out[i]) || !isfinite(ref[i]))
            return NAN;
        double d = (double)out[i] - (double)ref[i];
        num += d * d;
        den += (double)ref[i] * ref[i];
    }
    return den > 0 ? sqrt(num / den) : NAN;
}

bool ck_within(double rel_err, double tol)
{
    return isfinite(rel_err) && rel_err <= tol;
}
