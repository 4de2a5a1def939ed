/* mm_problem.c: host inputs and the FP64 reference (see mm_problem.h). */
#include "mm_problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu_mm.h"

bool mm_problem_init(struct mm_problem *p, int M, int N, int K, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    p->M = M, p->N = N, p->K = K;
    bool full = (long long)M * N * K <= MM_FULL_REF_WORK || M <= MM_SAMPLE_ROWS;
    p->nrows = full ? M : MM_SAMPLE_ROWS;
    p->A = malloc((size_t)M * K * sizeof(float));
    p->B = malloc((size_t)K * N * sizeof(float));
    p->C = malloc((size_t)M * N * sizeof(float));
    p->ref = malloc((size_t)p->nrows * N * sizeof(double));
    if (!full)
        p->rows = malloc((size_t)p->nrows * sizeof(int));
    if (!p->A || !p->B || !p->C || !p->ref || (!full && !p->rows)) {
        mm_problem_free(p);
        return false;
    }
    struct ck_rng rng;
    ck_rng_seed(&rng, seed);
    ck_fill_random(p->A, (size_t)M * K, &rng);
    ck_fill_random(p->B, (size_t)K * N, &rng);
    for (int r = 0; !full && r < p->nrows; r++)
        p->rows[r] = (int)((long long)r * (M - 1) / (p->nrows - 1));
    cpu_mm_ref_rows(M, N, K, p->A, p->B, p->rows, p->nrows, p->ref);
    return true;
}

void mm_problem_free(struct mm_problem *p)
{
    free(p->A);
    free(p->B);
    free(p->C);
    free(p->rows);
    free(p->ref);
    memset(p, 0, sizeof *p);
}

double mm_problem_err(const struct mm_problem *p, const float *out)
{
    size_t n = (size_t)p->N;
    if (!p->rows)
        return ck_rel_err(out, p->ref, (size_t)p->M * n);
    float *pick = malloc((size_t)p->nrows * n * sizeof(float));
    if (!pick)
        return NAN; /* out of memory: never passes */
    for (int r = 0; r < p->nrows; r++)
        memcpy(pick + r * n, out + (size_t)p->rows[r] * n, n * sizeof(float));
    double e = ck_rel_err(pick, p->ref, (size_t)p->nrows * n);
    free(pick);
    return e;
}
