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
 * sum by only ~1/N of sum|x|, inputs up to RD_EXACT_MAX elements are also
 * summed as small integers (+-1..8: every partial sum in any order is an
 * integer below 2^24, so exact in FP32), which must come out exact. */
#ifndef RD_CPU_H
#define RD_CPU_H

#include <stdbool.h>
#include <stdint.h>

#define RD_EXACT_MAX (1LL << 21) /* 8 * 2^21 = 2^24 */

struct rd_problem {
    long long n;
    float *x;        /* (n) random, +-[0.1, 1), never zero */
    double ref;      /* sum in FP64 */
    double abs_sum;  /* sum |x_i| in FP64, > 0 */
    float *xi;       /* (n) integers +-1..8, NULL when n > RD_EXACT_MAX */
    double ref_int;  /* their exact sum */
};

/* false: out of host memory (p left empty, rd_problem_free is safe) */
bool rd_problem_init(struct rd_problem *p, long long n, uint64_t seed);
void rd_problem_free(struct rd_problem *p);

double rd_tol(long long n);
/* |out - ref| / abs_sum; NAN when out is NaN or Inf */
double rd_rel_err(const struct rd_problem *p, float out);

float rd_cpu_naive(long long n, const float *x);
float rd_cpu_threads(long long n, const float *x);

#endif
