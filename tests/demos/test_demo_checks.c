/* test_demo_checks.c: the demos' checks can fail where it matters, on the
 * CPU with the demos' own problem and check code: a reduce that returns 0,
 * or the sum of half its input, fails at N = 2^22 and 2^28 (rd_problem_init,
 * rd_check); a GEMM result with one wrong element fails at 4096^2
 * (mm_exact_init, mm_exact_check), as does one NaN or one fraction.
 * Built and run by make test-unit (tests/tests.mk). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_reduce.h"
#include "mm_exact.h"
#include "tap.h"

static void test_reduce(long long n)
{
    struct rd_problem p;
    if (!rd_problem_init(&p, n, 12345)) {
        ok(0, "n=%lld: host memory for the problem", n);
        return;
    }
    float half = 0, half_int = 0;
    for (long long i = 0; i < n / 2; i++)
        half += p.x[i], half_int += p.xi[i];
    ok(p.ref_int > 0 && p.ref_int < 16777216.0, "n=%lld: the integer sum %.0f is in (0, 2^24)",
       n, p.ref_int);
    ok(rd_check(&p, (float)p.ref, (float)p.ref_int), "n=%lld: the right sums pass", n);
    ok(!rd_check(&p, 0.0f, 0.0f), "n=%lld: a result of 0 fails", n);
    ok(!rd_check(&p, half, half_int), "n=%lld: the sum of half the input fails", n);
    ok(!rd_check(&p, (float)p.ref, (float)p.ref_int - 1), "n=%lld: one element dropped fails", n);
    ok(!rd_check(&p, NAN, (float)p.ref_int), "n=%lld: NaN fails", n);
    rd_problem_free(&p);
}

static void product(const struct mm_exact *e, float *C)
{
    for (int i = 0; i < e->M; i++)
        for (int j = 0; j < e->N; j++) {
            float s = 0;
            for (int k = 0; k < e->K; k++)
                s += e->A[(size_t)i * e->K + k] * e->B[(size_t)k * e->N + j];
            C[(size_t)i * e->N + j] = s;
        }
}

static void test_gemm(int M, int N, int K)
{
    struct mm_exact e;
    char why[160];
    float *C = malloc((size_t)M * N * sizeof *C);
    if (!C || !mm_exact_init(&e, M, N, K, 7)) {
        free(C);
        ok(0, "%dx%dx%d: host memory for the problem", M, N, K);
        return;
    }
    product(&e, C);
    ok(mm_exact_check(&e, C, why, sizeof why), "%dx%dx%d: the right product passes", M, N, K);
    size_t at = (size_t)(M / 3) * N + (size_t)(N - 2);
    float keep = C[at];
    C[at] = keep + 1;
    ok(!mm_exact_check(&e, C, why, sizeof why), "%dx%dx%d: one element off by one fails", M, N, K);
    ok(strstr(why, "row") || strstr(why, "column"), "... and says which row or column");
    C[at] = keep - 1 + 0.5f;
    ok(!mm_exact_check(&e, C, why, sizeof why), "%dx%dx%d: one fraction fails", M, N, K);
    C[at] = NAN;
    ok(!mm_exact_check(&e, C, why, sizeof why), "%dx%dx%d: one NaN fails", M, N, K);
    C[at] = keep;
    float a = C[0], b = C[1]; /* a swap keeps every row sum: the columns catch it */
    C[0] = b, C[1] = a;
    ok(a == b || !mm_exact_check(&e, C, why, sizeof why), "%dx%dx%d: two swapped elements fail",
       M, N, K);
    mm_exact_free(&e);
    free(C);
    struct mm_exact big;
    ok(!mm_exact_init(&big, 1, 1, MM_EXACT_K_MAX, 1), "a K whose sums could pass 2^24 is refused");
}

/* The reduce at 2^E, E the argument: 22 by default (make test: the size
 * where a mean-0 input's sum first let 0 and half the sum pass), 28 from
 * tests/e2e/demo_checks_long.sh (make test-long: the benchmark's size, 2 GiB
 * of inputs, half a minute on two cores). */
int main(int argc, char **argv)
{
    const int e = argc > 1 ? atoi(argv[1]) : 22;
    if (e < 20 || e > 30) {
        fprintf(stderr, "test_demo_checks: the exponent %s is not in 20..30\n", argv[1]);
        return 2;
    }
    test_reduce(1000003);
    test_reduce(1LL << e);
    test_gemm(37, 53, 61);
    test_gemm(4096, 4096, 4);
    return tap_done();
}
