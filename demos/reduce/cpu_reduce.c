/* cpu_reduce.c: the reduce problem and the CPU rungs (see cpu_reduce.h). */
#include "cpu_reduce.h"

#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "threads.h"

/* The integer input (cpu_reduce.h); the running total is held below
 * RD_EXACT_SUM even by an unlikely draw, so exactness is certain. */
static void fill_integers(struct rd_problem *p, struct ck_rng *r)
{
    long long n = p->n, sum = 0;
    uint64_t odds = n <= RD_DENSE_MAX ? 0 : (uint64_t)((double)(RD_EXACT_SUM / 2) / (double)n
                                                        * 4294967296.0);
    for (long long i = 0; i < n; i++) {
        uint64_t v = ck_rng_next(r);
        long long k = n <= RD_DENSE_MAX ? 1 + (long long)((v >> 33) % 8)
                                        : (v >> 32) < odds;
        if (sum + k >= RD_EXACT_SUM)
            k = 0;
        sum += k;
        p->xi[i] = (float)k;
    }
    if (sum == 0 && n > 0) /* a sum of 0 would let a result of 0 pass */
        p->xi[n / 2] = 1, sum = 1;
    p->ref_int = (double)sum;
}

bool rd_check(const struct rd_problem *p, float out, float out_int)
{
    return ck_within(rd_rel_err(p, out), rd_tol(p->n)) && (double)out_int == p->ref_int;
}

bool rd_problem_init(struct rd_problem *p, long long n, uint64_t seed)
{
    *p = (struct rd_problem){.n = n};
    p->x = malloc((size_t)n * sizeof(float));
    p->xi = malloc((size_t)n * sizeof(float));
    if (!p->x || !p->xi) {
        rd_problem_free(p);
        return false;
    }
    struct ck_rng r;
    ck_rng_seed(&r, seed);
    ck_fill_random(p->x, (size_t)n, &r);
    for (long long i = 0; i < n; i++) {
        p->ref += p->x[i];
        p->abs_sum += fabs(p->x[i]);
    }
    fill_integers(p, &r);
    return true;
}

void rd_problem_free(struct rd_problem *p)
{
    free(p->x);
    free(p->xi);
    p->x = p->xi = NULL;
}

double rd_tol(long long n)
{
    return 4.0 * sqrt((double)n) * ldexp(1.0, -24);
}

double rd_rel_err(const struct rd_problem *p, float out)
{
    if (!isfinite(out))
        return NAN;
    return fabs((double)out - p->ref) / p->abs_sum;
}

float rd_cpu_naive(long long n, const float *x)
{
    float s = 0.0f;
    for (long long i = 0; i < n; i++)
        s += x[i];
    return s;
}

#define RD_SLICES 64

struct slices {
    long long n;
    const float *x;
    float part[RD_SLICES];
};

/* slice k of [0, n): 8 accumulators so the adds do not wait on each other */
static void sum_slices(void *ctx, long begin, long end)
{
    struct slices *s = ctx;
    for (long k = begin; k < end; k++) {
        long long lo = s->n * k / RD_SLICES, hi = s->n * (k + 1) / RD_SLICES;
        float acc[8] = {0};
        long long i = lo;
        for (; i + 8 <= hi; i += 8)
            for (int u = 0; u < 8; u++)
                acc[u] += s->x[i + u];
        for (; i < hi; i++)
            acc[0] += s->x[i];
        s->part[k] = ((acc[0] + acc[1]) + (acc[2] + acc[3])) +
                     ((acc[4] + acc[5]) + (acc[6] + acc[7]));
    }
}

float rd_cpu_threads(long long n, const float *x)
{
    struct slices s = {.n = n, .x = x};
    ck_parallel_for(RD_SLICES, sum_slices, &s);
    float sum = 0.0f;
    for (int k = 0; k < RD_SLICES; k++)
        sum += s.part[k];
    return sum;
}
