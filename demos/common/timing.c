/* timing.c: CPU timing and the median/min/max statistics (see timing.h). */
#define _POSIX_C_SOURCE 200809L
#include "timing.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double ck_noise(const double *ms, int n)
{
    double sum = 0, sq = 0;
    if (n < 2)
        return 0;
    for (int i = 0; i < n; i++)
        sum += ms[i];
    double mean = sum / n;
    for (int i = 0; i < n; i++)
        sq += (ms[i] - mean) * (ms[i] - mean);
    return mean > 0 ? sqrt(sq / (n - 1)) / mean : 0;
}

bool ck_time_enough(const double *ms, int n, double total_ms)
{
    if (n >= CK_TIME_MAX_REPS || total_ms >= CK_TIME_CAP_MS)
        return true;
    return n >= 3 && total_ms >= CK_TIME_TARGET_MS && ck_noise(ms, n) <= CK_NOISE_MAX;
}

void ck_timing_stats(double *ms, int n, struct ck_timing *t)
{
    if (n <= 0) {
        t->ms = t->ms_min = t->ms_max = NAN;
        t->reps = 0;
        return;
    }
    t->noise = ck_noise(ms, n);
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    t->ms = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    t->ms_min = ms[0];
    t->ms_max = ms[n - 1];
    t->reps = n;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int ck_time_cpu(ck_run_fn run, void *ctx, int ncopies, int reps,
                struct ck_timing *t)
{
    int rc, n = 0;
    double first = now_ms();
    if ((rc = run(ctx, 0)) != CK_OK) /* one warm-up: CPU runs are long */
        return rc;
    double once = now_ms() - first;
    if (reps <= 0) {
        reps = once > 0 ? (int)(CK_TIME_TARGET_MS / once) : CK_TIME_MAX_REPS;
        reps = reps < 3 ? 3 : reps > CK_TIME_MAX_REPS ? CK_TIME_MAX_REPS : reps;
    }
    double *ms = malloc((size_t)reps * sizeof *ms);
    if (!ms)
        return CK_ENOMEM;
    memset(t, 0, sizeof *t); /* warm, not queued, no GPU clocks */
    for (; n < reps; n++) {
        double t0 = now_ms();
        if ((rc = run(ctx, (n + 1) % ncopies)) != CK_OK)
            break;
        ms[n] = now_ms() - t0;
    }
    ck_timing_stats(ms, n, t);
    free(ms);
    return rc;
}

void ck_pair_stats(double *r, int n, struct ck_pair *p)
{
    struct ck_timing t;
    ck_timing_stats(r, n, &t);
    *p = (struct ck_pair){t.ms, t.ms_min, t.ms_max, t.reps};
}

int ck_time_cpu_pair(ck_run_fn rung, void *rctx, ck_run_fn lib, void *lctx, int pairs,
                     struct ck_pair *p)
{
    int max = CK_TIME_MAX_REPS / 2, rc = CK_OK, n = 0;
    pairs = pairs < 3 ? 3 : pairs > max ? max : pairs;
    double *r = malloc((size_t)pairs * sizeof *r);
    if (!r)
        return CK_ENOMEM;
    for (; n < pairs && rc == CK_OK; n++) {
        bool lib_first = n % 2;
        double ms[2];
        for (int j = 0; j < 2 && rc == CK_OK; j++) {
            bool is_lib = lib_first == (j == 0);
            double t0 = now_ms();
            rc = is_lib ? lib(lctx, 0) : rung(rctx, 0);
            ms[is_lib] = now_ms() - t0;
        }
        if (rc == CK_OK)
            r[n] = ms[0] > 0 ? 100.0 * ms[1] / ms[0] : NAN;
    }
    if (rc == CK_OK)
        ck_pair_stats(r, pairs, p);
    free(r);
    return rc;
}
