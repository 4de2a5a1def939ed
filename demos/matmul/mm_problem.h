/* mm_problem.h: one matmul problem on the host: random inputs, an output
 * buffer and the FP64 reference it is checked against.
 *
 * The reference covers every row when M*N*K <= MM_FULL_REF_WORK, otherwise
 * MM_SAMPLE_ROWS rows spread over C (first and last included), so checking
 * a 4096^3 product costs 64 rows, not 4096. mm_problem_free accepts NULL
 * fields (a zeroed struct). */
#ifndef MM_PROBLEM_H
#define MM_PROBLEM_H

#include <stdbool.h>
#include <stdint.h>

#define MM_FULL_REF_WORK (1LL << 27)
#define MM_SAMPLE_ROWS 64

struct mm_problem {
    int M, N, K;
    float *A, *B; /* (M, K), (K, N), random, never zero */
    float *C;     /* (M, N) scratch output */
    int *rows;    /* sampled rows, NULL = all */
    int nrows;
    double *ref;  /* (nrows, N) FP64 reference of those rows */
};

bool mm_problem_init(struct mm_problem *p, int M, int N, int K, uint64_t seed);
void mm_problem_free(struct mm_problem *p);
/* Relative error of out (M, N) against the FP64 reference rows. */
double mm_problem_err(const struct mm_problem *p, const float *out);

#endif
