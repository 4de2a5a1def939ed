/* st_host.c: the pipeline's kernel on the host and its check (st_host.h). */
#include "st_host.h"

#include <math.h>

#include "check.h"

/* 256 elements at a time, so the chain runs across a vector of independent
 * elements. */
void st_cpu_kernel(const float *x, float *y, size_t n, int iters)
{
    for (size_t b = 0; b < n; b += 256) {
        size_t m = n - b < 256 ? n - b : 256;
        float a[256];
        for (size_t j = 0; j < m; j++)
            a[j] = x[b + j];
        for (int k = 0; k < iters; k++)
            for (size_t j = 0; j < m; j++)
                a[j] = a[j] * 0.5f + x[b + j];
        for (size_t j = 0; j < m; j++)
            y[b + j] = a[j];
    }
}

static double reference(float x, int iters)
{
    double a = x;
    for (int k = 0; k < iters; k++)
        a = a * 0.5 + x;
    return a;
}

double st_verify(const float *in, const float *out, size_t total, size_t chunk, int chunks,
                 int iters, uint64_t seed)
{
    size_t n = total / sizeof(float), per = chunk / sizeof(float);
    for (size_t i = 0; i < n; i++)
        if (!isfinite(out[i]))
            return NAN;
    struct ck_rng r;
    ck_rng_seed(&r, seed ^ 0x5eed);
    double worst = 0;
    for (int c = 0; c < chunks; c++)
        for (int k = 0; k < ST_SAMPLES_PER_CHUNK; k++) {
            size_t i = c * per + (k == 0 ? 0 : k == 1 ? per - 1 : ck_rng_next(&r) % per);
            double ref = reference(in[i], iters);
            double e = fabs(out[i] - ref) / fabs(ref);
            worst = e > worst ? e : worst;
        }
    return worst;
}
