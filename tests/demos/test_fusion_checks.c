/* test_fusion_checks.c: the fusion demo's check fails every wrong chain
 * the rungs could compute, on the CPU with the demo's own problem, FP64
 * reference and judgement (fu_problem_init, fu_rel_err, ck_judge at the
 * ladder's tolerance): the right output passes; the product alone, the
 * bias left out, the activation left out, the other activation, the bias
 * of the neighbouring column, one output holding its neighbour's value,
 * one left unwritten (NaN), the last row left at zero, and (conv) the
 * output stored NHWC instead of NCHW all fail. For a convolution with
 * padding and a GEMM; every output checked at these sizes (the demo's
 * sampled check at large sizes adds the cross-check against the first
 * GPU rung that passed). Built and run by make test-unit (tests/tests.mk). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fu_cpu.h"
#include "fu_ladder.h"
#include "ladder.h"
#include "tap.h"

enum wrong {
    W_NONE, W_PRODUCT, W_NO_BIAS, W_NO_ACT, W_OTHER_ACT, W_BIAS_COL, W_NEIGHBOUR, W_NAN,
    W_LAST_ROW, W_NHWC, W_COUNT
};
static const char *const what[W_COUNT] = {
    "the right chain", "the product alone", "the bias left out", "the activation left out",
    "the other activation", "the neighbouring column's bias", "one output its neighbour's",
    "one output unwritten (NaN)", "the last row left at zero", "the output stored NHWC",
};

/* the chain at (row, col), computed in float like a rung, wrong as asked */
static float chain(const struct fu_problem *p, long long row, int col, enum wrong w)
{
    const struct fu_shape *s = &p->s;
    float sum = 0;
    for (int kk = 0; kk < s->k; kk++)
        sum += fu_a_at(s, p->a, row, kk) * fu_b_at(s, p->b, kk, col);
    float b = p->bias[w == W_BIAS_COL ? (col + 1) % s->n : col];
    if (w == W_PRODUCT)
        return sum;
    if (w == W_NO_ACT)
        return sum + b;
    if (w == W_NO_BIAS)
        return fu_act(s->op, sum);
    if (w == W_OTHER_ACT)
        return fu_act(s->op == FU_GEMM ? FU_CONV : FU_GEMM, sum + b);
    return fu_act(s->op, sum + b);
}

static void output(const struct fu_problem *p, enum wrong w, float *y)
{
    const struct fu_shape *s = &p->s;
    for (long long row = 0; row < s->m; row++)
        for (int col = 0; col < s->n; col++) {
            size_t i = fu_out_index(s, row, col);
            if (w == W_NHWC)   /* (image, p, q, filter) */
                i = (size_t)row * s->n + col;
            y[i] = w == W_LAST_ROW && row == s->m - 1 ? 0.0f : chain(p, row, col, w);
        }
    size_t mid = p->ny / 2;
    while (w == W_NEIGHBOUR && mid + 2 < p->ny && y[mid] == y[mid + 1])
        mid++;   /* two zeros of ReLU would be the same value, not a wrong one */
    if (w == W_NEIGHBOUR)
        y[mid] = y[mid + 1];
    if (w == W_NAN)
        y[mid] = NAN;
}

static void test_shape(struct fu_shape s, const char *name)
{
    char why[160];
    struct fu_problem p;
    if (!fu_shape_init(&s, why, sizeof why) || !fu_problem_init(&p, &s, 2024)) {
        ok(0, "%s: the problem", name);
        return;
    }
    ok(p.nchk == p.ny, "%s: every output is checked", name);
    float *y = malloc(p.ny * sizeof *y);
    for (int w = 0; y && w < W_COUNT; w++) {
        if (w == W_NHWC && s.op == FU_GEMM)
            continue;
        struct ck_result r;
        ck_result_init(&r, "fused", "", "hand", FU_NUMBER_FUSED);
        r.tol = 1e-4;
        output(&p, (enum wrong)w, y);
        bool pass = ck_judge(&r, fu_rel_err(&p, y, s.m), "fp64");
        ok(w == W_NONE ? pass : !pass, "%s: %s %s (rel_err %.2g)", name, what[w],
           w == W_NONE ? "passes" : "fails", r.rel_err);
    }
    /* a CPU rung's rows: only they are judged */
    output(&p, W_NONE, y);
    y[fu_out_index(&s, s.m - 1, 0)] = NAN;
    ok(y && isfinite(fu_rel_err(&p, y, s.m - 1)) && isnan(fu_rel_err(&p, y, s.m)),
       "%s: fu_rel_err judges the rows asked for", name);
    free(y);
    fu_problem_free(&p);
}

int main(void)
{
    struct fu_shape conv = {.op = FU_CONV, .nb = 2, .c = 3, .h = 9, .w = 7, .kf = 5, .r = 3,
                            .s = 3, .pad = 1};
    struct fu_shape gemm = {.op = FU_GEMM, .m = 33, .n = 29, .k = 17};
    test_shape(conv, "conv N2 C3 9x7 K5 3x3 pad 1");
    test_shape(gemm, "gemm 33x29x17");
    return tap_done();
}
