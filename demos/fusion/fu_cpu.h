/* fu_cpu.h: the fusion demo's host side (fu_cpu.c): the problem (random
 * inputs and bias, never zero), the FP64 reference at the checked outputs,
 * the relative error of an output there, and the two CPU rungs. */
#ifndef FU_CPU_H
#define FU_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "fu_num.h"

/* every output checked when 2·M·N·K is at most this; else FU_SAMPLE of
 * them (random ones, the first and the last) */
#define FU_FULL_FLOPS 5e8
#define FU_SAMPLE 4096

struct fu_problem {
    struct fu_shape s;
    float *a, *b, *bias;   /* x or A; filters or B; bias (n) */
    size_t na, nb, ny;     /* their element counts; y's */
    long long *rows;       /* the checked outputs: row and column */
    int *cols;
    size_t nchk;
    double *ref;           /* their FP64 values */
};

/* The shape's derived sizes (p, q, m, n, k) from its conv geometry or its
 * m, n, k; false when a size is out of range (the message in why). */
bool fu_shape_init(struct fu_shape *s, char *why, size_t n);
bool fu_problem_init(struct fu_problem *p, const struct fu_shape *s, uint64_t seed);
void fu_problem_free(struct fu_problem *p);
/* The FP64 value of output (row, col): the sum, the bias, the activation. */
double fu_ref_at(const struct fu_problem *p, long long row, int col);
/* The relative error (root of summed squares) of y at the checked outputs
 * whose row is below rows; NAN when any of them is not finite. */
double fu_rel_err(const struct fu_problem *p, const float *y, long long rows);
/* The CPU rungs, rows 0 .. rows-1 into y: three passes, or one. */
void fu_cpu_unfused(const struct fu_problem *p, long long rows, float *y);
void fu_cpu_fused(const struct fu_problem *p, long long rows, float *y);

#endif
