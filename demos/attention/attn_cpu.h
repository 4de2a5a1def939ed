/* attn_cpu.h: the attention demo's host side (attn_cpu.c): the problem
 * (16-bit Q, K, V made from random floats), the FP64 reference of chosen
 * rows, the relative error of an output on those rows, and the CPU rung. */
#ifndef AT_CPU_H
#define AT_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* every row checked when 4·B·H·S²·D is at most this; else AT_SAMPLE rows */
#define AT_FULL_FLOPS 2e9
#define AT_SAMPLE 256

struct at_problem {
    int bh, s, d;
    bool causal, bf16;
    unsigned short *q, *k, *v; /* (bh, s, d) each */
    long long *rows;           /* checked rows: head * s + query */
    int nrows;
    double *ref;               /* nrows x d, FP64 */
};

bool at_problem_init(struct at_problem *p, int bh, int s, int d, bool causal,
                     bool bf16, uint64_t seed);
void at_problem_free(struct at_problem *p);
/* relative error (root of the summed squares) of out on the checked rows
 * whose head is below heads; NAN when any is not finite */
double at_rel_err(const struct at_problem *p, const float *out, int heads);
/* the CPU rung: FP32 sums, heads 0 .. heads-1 into out */
void at_cpu_naive(const struct at_problem *p, int heads, float *out);

#endif
