/* cpu_reduce.h: the reduce demo's host side: the problem (input, FP64
 * reference, the tolerance rule) and the two CPU rungs. Plain C, no CUDA.
 *
 * Error and tolerance (documented in demos/README.md): a sum may cancel to
 * almost nothing, so the error is measured against the sum of magnitudes,
 *     rel_err = |out - ref| / sum |x_i|      (ref: the sum in FP64),
 * and a sum of N floats in any order (a loop, a tree, atomics in whatever
 * order they land) has a rounding error that grows about like sqrt(N) unit
 * roundoffs of that scale (Higham, "Accuracy and Stability of Numerical
 * Algorithms", the probabilistic bound for recursive summation):
 *     tol(N) = 4 * sqrt(N) * 2^-24.
 * A NaN or Inf result never passes. Because one dropped element moves the
 * sum by only ~1/N of sum|x|, every rung also sums an integer input, at
 * every N, which must come out exact: non-negative integers whose total
 * stays below 2^24 (RD_EXACT_SUM), so every partial sum in any order is an
 * integer an FP32 holds exactly. Up to 2^21 elements each is 1..8 (every
 * element counts); above, each is 1 with probability RD_EXACT_SUM / 2 / N
 * and 0 otherwise (a sum of 0, or of half the input, always fails). */
#ifndef RD_CPU_H
#define RD_CPU_H

#include <stdbool.h>
#include <stdint.h>

#define RD_EXACT_SUM (1LL << 24) /* the integer input's sum stays below */
#define RD_DENSE_MAX (1LL << 21)  /* 8 * 2^21 = 2^24: every element 1..8 */

struct rd_problem {
    long long n;
    float *x;        /* (n) random, +-[0.1, 1), never zero */
    double ref;      /* sum in FP64 */
    double abs_sum;  /* sum |x_i| in FP64, > 0 */
    float *xi;       /* (n) non-negative integers (above) */
    double ref_int;  /* their exact sum, > 0 and < RD_EXACT_SUM */
};

/* false: out of host memory (p left empty, rd_problem_free is safe) */
bool rd_problem_init(struct rd_problem *p, long long n, uint64_t seed);
void rd_problem_free(struct rd_problem *p);

double rd_tol(long long n);
/* The two checks of one rung: out (random input) against the FP64 sum
 * within rd_tol, and out_int (integer input) exactly; true when both
 * pass. The demo's judgement (ck_judge, ck_judge_exact) is the same. */
bool rd_check(const struct rd_problem *p, float out, float out_int);
/* |out - ref| / abs_sum; NAN when out is NaN or Inf */
double rd_rel_err(const struct rd_problem *p, float out);

float rd_cpu_naive(long long n, const float *x);
float rd_cpu_threads(long long n, const float *x);

#endif
