/* test_conv_exact.c: the conv demo's exact check (demos/conv/conv_exact.h)
 * on the CPU with the demo's own code. The exact output is proved by its
 * sums and agrees with the naive loops; one element off by one fails the
 * exact check while the normwise check on the same output (conv_check.h,
 * CK_TOL_FP32) would pass it: the mutation that check cannot see. The
 * Winograd bound is the transforms' growth (64 and 2304) and bites just
 * past itself; the CK_DEMO_CORRUPT=<id>+1 hook reaches the judgement.
 * Built and run by make test-unit (tests/tests.mk). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "conv.h"
#include "conv_check.h"
#include "conv_exact.h"
#include "tap.h"

const struct ck_rung conv_rungs[CONV_NRUNGS] = {CONV_LADDER(CONV_RUNG_ROW)};

static struct conv_shape shape(int n, int c, int hw, int k, int rs, int pad, int stride, int dil)
{
    struct conv_shape sh = {n, c, hw, hw + 3, k, rs, rs, pad, stride, dil, 0, 0};
    char why[160];
    if (!conv_shape_init(&sh, why, sizeof why))
        printf("# %s\n", why);
    return sh;
}

static struct ck_result result_of(enum conv_rung_id r)
{
    struct ck_result res;
    ck_result_init(&res, conv_rungs[r].id, conv_rungs[r].label, conv_rungs[r].kind,
                   conv_rungs[r].rung);
    res.ok = true;
    return res;
}

/* The exact output is exact, the naive loops agree, and the mutation. */
static void test_exact(const struct conv_shape *sh, const char *what, bool big)
{
    struct conv_exact e;
    char why[192] = "";
    int rc = conv_exact_init(&e, sh, 42, why, sizeof why);
    ok(rc == CK_OK && e.on, "%s: the exact output is proved by its sums %s", what, why);
    if (rc != CK_OK || !e.on)
        return;
    float *y = malloc(e.ny * sizeof *y);
    conv_cpu_naive(sh, e.x, e.w, y);
    ok(conv_exact_equal(&e, sh, y, why, sizeof why), "%s: the naive loops give it bit for bit",
       what);
    size_t at = e.ny / 3;
    y[at] += 1;
    ok(!conv_exact_equal(&e, sh, y, why, sizeof why) && strstr(why, "exactly"),
       "%s: one element off by one fails the exact check (%s)", what, why);
    ok(!conv_exact_sums_ok(&e, sh, y, why, sizeof why), "%s: ... and its sums (%s)", what, why);
    struct conv_ref ref;
    if (big && conv_ref_build(&ref, sh, e.x, e.w, 1)) {
        const char *checked;
        double rel = conv_ref_err(&ref, y, false, &checked);
        ok(rel > 0 && rel <= CK_TOL_FP32, "%s: the normwise check alone passes it (%.2g <= %g)",
           what, rel, CK_TOL_FP32);
        conv_ref_free(&ref);
    }
    struct ck_result res = result_of(CONV_IMPLICIT_GEMM);
    struct conv_exact_result x;
    ok(!conv_exact_judge(&e, sh, CONV_IMPLICIT_GEMM, y, &x, &res) && x.exact == 0 &&
           strstr(res.error, "not exact"),
       "%s: the judgement fails implicit-gemm, naming it not exact", what);
    y[at] -= 1;
    res = result_of(CONV_IMPLICIT_GEMM);
    ok(conv_exact_judge(&e, sh, CONV_IMPLICIT_GEMM, y, &x, &res) && x.exact == 1 &&
           x.max_err == 0, "%s: and passes the exact output, exact: true", what);
    y[at] += 0.5f;
    ok(!conv_exact_sums_ok(&e, sh, y, why, sizeof why), "%s: a fraction fails the sums", what);
    free(y);
    conv_exact_free(&e);
}

/* Winograd's bound: the growth of its transforms, and a judgement at it. */
static void test_winograd(void)
{
    ok(conv_wg_growth(2) == 64 && conv_wg_growth(4) == 2304 && conv_wg_growth(3) == 0,
       "the transforms' growth: F(2x2) 64, F(4x4) 2304 (got %g, %g)", conv_wg_growth(2),
       conv_wg_growth(4));
    double b2 = conv_wg_err_bound(2, 64), b4 = conv_wg_err_bound(4, 64);
    ok(b2 > 3e-5 && b2 < 6e-5 && b4 > 1e-3 && b4 < 3e-3,
       "C=64: F(2x2) may err %.2g of the value scale, F(4x4) %.2g", b2, b4);
    struct conv_shape sh = shape(1, 64, 6, 5, 3, 1, 1, 1);
    struct conv_exact e;
    char why[192] = "";
    if (conv_exact_init(&e, &sh, 9, why, sizeof why) != CK_OK || !e.on) {
        ok(0, "Winograd shape: %s", why);
        return;
    }
    float *y = malloc(e.ny * sizeof *y);
    memcpy(y, e.y, e.ny * sizeof *y);
    double step = conv_wg_err_bound(4, sh.c) * e.scale;
    y[e.ny / 2] += (float)(0.5 * step);
    struct ck_result res = result_of(CONV_WINOGRAD4);
    struct conv_exact_result x;
    bool pass = conv_exact_judge(&e, &sh, CONV_WINOGRAD4, y, &x, &res);
    ok(pass && x.exact < 0 && x.max_err > 0 && x.bound == conv_wg_err_bound(4, sh.c),
       "winograd4 half its bound off passes, max_err %.2g bound %.2g", x.max_err, x.bound);
    y[e.ny / 2] += (float)step;
    res = result_of(CONV_WINOGRAD4);
    ok(!conv_exact_judge(&e, &sh, CONV_WINOGRAD4, y, &x, &res) && strstr(res.error, "bound"),
       "1.5 times its bound off fails: %s", res.error);
    res = result_of(CONV_WINOGRAD);
    ok(!conv_exact_judge(&e, &sh, CONV_WINOGRAD, y, &x, &res),
       "winograd (F(2x2)) is held to its own, tighter bound");
    res = result_of(CONV_CUDNN_FFT);
    ok(conv_exact_judge(&e, &sh, CONV_CUDNN_FFT, y, &x, &res) && isfinite(x.max_err) &&
           isnan(x.bound), "cuDNN's FFT: its error measured, not bounded");
    y[0] = NAN;
    res = result_of(CONV_CUDNN_FFT);
    ok(!conv_exact_judge(&e, &sh, CONV_CUDNN_FFT, y, &x, &res), "... but a NaN fails it");
    /* the test hook: CK_DEMO_CORRUPT=<id>+1 */
    memcpy(y, e.y, e.ny * sizeof *y);
    setenv("CK_DEMO_CORRUPT", "cpu-blocked+1", 1);
    res = result_of(CONV_CPU_BLOCKED);
    ok(!conv_exact_judge(&e, &sh, CONV_CPU_BLOCKED, y, &x, &res),
       "CK_DEMO_CORRUPT=cpu-blocked+1 makes cpu-blocked off by one, and it fails");
    unsetenv("CK_DEMO_CORRUPT");
    free(y);
    conv_exact_free(&e);
}

int main(void)
{
    struct conv_shape a = shape(2, 16, 20, 16, 3, 1, 1, 1);
    test_exact(&a, "N=2 C=16 20x23 K=16 3x3", true);
    struct conv_shape b = shape(3, 5, 17, 7, 3, 2, 2, 2);
    test_exact(&b, "N=3 C=5 17x20 K=7 3x3 pad 2 stride 2 dil 2", false);
    struct conv_shape c = shape(1, 3, 9, 5, 5, 0, 3, 1);
    test_exact(&c, "N=1 C=3 9x12 K=5 5x5 stride 3", false);
    struct conv_shape big = shape(1, 1 << 18, 3, 1, 3, 1, 1, 1);
    struct conv_exact e;
    char why[160];
    ok(conv_exact_init(&e, &big, 1, why, sizeof why) == CK_OK && !e.on,
       "C*R*S*9 past 2^24: the exact check stands aside");
    test_winograd();
    return tap_done();
}
