/* mm_exact.c: integer inputs and the exact row and column sums of their
 * product (see mm_exact.h). */
#include "mm_exact.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void fill(float *p, size_t n, struct ck_rng *r)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (float)(ck_rng_next(r) >> 33 & MM_EXACT_MAX);
}

bool mm_exact_init(struct mm_exact *e, int M, int N, int K, uint64_t seed)
{
    memset(e, 0, sizeof *e);
    if (K >= MM_EXACT_K_MAX)
        return false;
    e->M = M, e->N = N, e->K = K;
    e->A = malloc((size_t)M * K * sizeof(float));
    e->B = malloc((size_t)K * N * sizeof(float));
    e->row = calloc((size_t)M, sizeof(long long));
    e->col = calloc((size_t)N, sizeof(long long));
    long long *bsum = calloc((size_t)K, sizeof(long long));
    long long *asum = calloc((size_t)K, sizeof(long long));
    bool ok = e->A && e->B && e->row && e->col && bsum && asum;
    if (ok) {
        struct ck_rng r;
        ck_rng_seed(&r, seed);
        fill(e->A, (size_t)M * K, &r);
        fill(e->B, (size_t)K * N, &r);
        for (int k = 0; k < K; k++) /* B 1 and 1^T A */
            for (int j = 0; j < N; j++)
                bsum[k] += (long long)e->B[(size_t)k * N + j];
        for (int i = 0; i < M; i++)
            for (int k = 0; k < K; k++) {
                long long a = (long long)e->A[(size_t)i * K + k];
                e->row[i] += a * bsum[k];
                asum[k] += a;
            }
        for (int k = 0; k < K; k++)
            for (int j = 0; j < N; j++)
                e->col[j] += asum[k] * (long long)e->B[(size_t)k * N + j];
    }
    free(bsum);
    free(asum);
    if (!ok)
        mm_exact_free(e);
    return ok;
}

void mm_exact_free(struct mm_exact *e)
{
    free(e->A);
    free(e->B);
    free(e->row);
    free(e->col);
    memset(e, 0, sizeof *e);
}

bool mm_exact_check(const struct mm_exact *e, const float *C, char *why,
                    size_t n)
{
    long long top = (long long)e->K * MM_EXACT_MAX * MM_EXACT_MAX;
    long long *col = calloc((size_t)e->N, sizeof *col);
    if (!col) {
        snprintf(why, n, "out of host memory for the exact check");
        return false;
    }
    bool ok = true;
    for (int i = 0; i < e->M && ok; i++) {
        long long row = 0;
        for (int j = 0; j < e->N; j++) {
            float c = C[(size_t)i * e->N + j];
            if (!(c >= 0 && c <= (float)top && c == floorf(c))) {
                snprintf(why, n, "C[%d][%d] = %g is not an integer in [0, %lld]",
                         i, j, c, top);
                ok = false;
                break;
            }
            row += (long long)c;
            col[j] += (long long)c;
        }
        if (ok && row != e->row[i]) {
            snprintf(why, n, "row %d sums to %lld, exactly %lld", i, row, e->row[i]);
            ok = false;
        }
    }
    for (int j = 0; j < e->N && ok; j++)
        if (col[j] != e->col[j]) {
            snprintf(why, n, "column %d sums to %lld, exactly %lld", j, col[j], e->col[j]);
            ok = false;
        }
    free(col);
    return ok;
}
