#!/usr/bin/env bash
# ck-test: quick
# The conv demo's CPU code as a library: compiles a small C test program
# against demos/conv/cpu_conv.c and checks the output-shape formula over a
# table, shape validation, a convolution worked by hand, and both CPU
# variants against the FP64 reference at random odd sizes with padding,
# stride and dilation. Needs only a C compiler.
. "$(dirname "$0")/lib.bash"
cc=${CC:-cc}
command -v "$cc" >/dev/null || skip_all "no C compiler"
cat >"$T_TMP/t.c" <<'C'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "conv.h"

static int n_test, n_fail;
static void ok(int cond, const char *what)
{
    printf("%sok %d - %s\n", cond ? "" : "not ", ++n_test, what);
    n_fail += !cond;
}

/* in, f, pad, stride, dil, expected output extent (0: does not fit) */
static const long dims[][6] = {
    {56, 3, 1, 1, 1, 56}, {224, 7, 3, 2, 1, 112}, {37, 3, 2, 2, 2, 19},
    {5, 5, 0, 1, 1, 1},   {4, 5, 0, 1, 1, 0},     {7, 3, 0, 1, 3, 1},
    {6, 3, 0, 1, 3, 0},   {10, 1, 0, 3, 1, 4},    {1, 1, 0, 1, 1, 1},
    {1, 3, 1, 1, 1, 1},   {9, 4, 1, 2, 2, 3},     {100, 11, 5, 4, 3, 20},
    {8, 2, 0, 2, 1, 4},   {8, 2, 0, 3, 1, 3},     {15, 3, 7, 5, 4, 5},
};

static void test_dims(void)
{
    char what[128];
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        const long *d = dims[i];
        long got = conv_out_dim(d[0], d[1], d[2], d[3], d[4]);
        snprintf(what, sizeof what, "out_dim(in %ld, f %ld, pad %ld, stride "
                 "%ld, dil %ld) = %ld", d[0], d[1], d[2], d[3], d[4], d[5]);
        ok((got < 1 ? 0 : got) == d[5], what);
    }
    char why[192];
    struct conv_shape s = {1, 1, 4, 4, 1, 5, 5, 0, 1, 1, 0, 0};
    ok(!conv_shape_init(&s, why, sizeof why), "a filter larger than the input is refused");
    s = (struct conv_shape){1, 1, 4, 4, 1, 3, 3, 0, 0, 1, 0, 0};
    ok(!conv_shape_init(&s, why, sizeof why), "stride 0 is refused");
    s = (struct conv_shape){1, 1, 9, 6, 1, 3, 2, 1, 2, 2, 0, 0};
    ok(conv_shape_init(&s, why, sizeof why) && s.p == 4 && s.q == 3,
       "conv_shape_init fills P and Q from their own axes");
}

/* x = 1..9 in a 3x3 image, w = [[1,0],[0,-1]]: y = x[p][q] - x[p+1][q+1] */
static void test_by_hand(void)
{
    struct conv_shape s = {1, 1, 3, 3, 1, 2, 2, 0, 1, 1, 0, 0};
    char why[192];
    conv_shape_init(&s, why, sizeof why);
    float x[9], w[4] = {1, 0, 0, -1}, y[4], yb[4];
    for (int i = 0; i < 9; i++)
        x[i] = (float)(i + 1);
    conv_cpu_naive(&s, x, w, y);
    conv_cpu_blocked(&s, x, w, yb);
    int good = s.p == 2 && s.q == 2;
    for (int i = 0; i < 4; i++)
        good = good && y[i] == -4.0f && yb[i] == -4.0f;
    ok(good, "a 3x3 image and a 2x2 difference filter, worked by hand");
    /* pad 1, stride 2, dilation 2: P = Q = (3+2-2-1)/2+1 = 2; y[0][0]'s
     * taps land on rows/cols -1 and 1, so only w[1][1]*x[1][1] = -5 counts */
    s = (struct conv_shape){1, 1, 3, 3, 1, 2, 2, 1, 2, 2, 0, 0};
    conv_shape_init(&s, why, sizeof why);
    conv_cpu_naive(&s, x, w, y);
    conv_cpu_blocked(&s, x, w, yb);
    ok(s.p == 2 && s.q == 2 && y[0] == -5.0f && yb[0] == -5.0f && y[3] == 5.0f,
       "pad, stride, dilation by hand: y[0][0] = -x[1][1], y[1][1] = x[1][1]");
    ok(conv_ref_point(&s, x, w, 0, 0, 0, 0) == -5.0, "the FP64 reference agrees");
}

static unsigned long long rng = 88172645463325252ull;
static int pick(int lo, int hi)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return lo + (int)(rng % (unsigned long long)(hi - lo + 1));
}

static double rel_err(const float *y, const double *ref, size_t n)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(y[i]))
            return INFINITY;
        num += (y[i] - ref[i]) * (y[i] - ref[i]);
        den += ref[i] * ref[i];
    }
    return den > 0 ? sqrt(num / den) : (num > 0 ? INFINITY : 0);
}

static void test_random(int cases)
{
    for (int t = 0; t < cases; t++) {
        struct conv_shape s;
        char why[192], what[200];
        do {
            s = (struct conv_shape){pick(1, 3), pick(1, 9), pick(1, 23),
                                    pick(1, 23), pick(1, 11), pick(1, 5),
                                    pick(1, 5), pick(0, 3), pick(1, 3),
                                    pick(1, 3), 0, 0};
        } while (!conv_shape_init(&s, why, sizeof why));
        size_t nx = conv_x_elems(&s), nw = conv_w_elems(&s), ny = conv_y_elems(&s);
        float *x = malloc(nx * 4), *w = malloc(nw * 4), *y = malloc(ny * 4),
              *yb = malloc(ny * 4);
        double *ref = malloc(ny * sizeof *ref);
        for (size_t i = 0; i < nx; i++)
            x[i] = (float)pick(-1000, 1000) / 997.0f + 0.0005f;
        for (size_t i = 0; i < nw; i++)
            w[i] = (float)pick(-1000, 1000) / 991.0f + 0.0007f;
        for (size_t i = 0; i < ny; i++)
            y[i] = yb[i] = NAN;
        conv_ref_full(&s, x, w, ref);
        conv_cpu_naive(&s, x, w, y);
        conv_cpu_blocked(&s, x, w, yb);
        double e1 = rel_err(y, ref, ny), e2 = rel_err(yb, ref, ny);
        snprintf(what, sizeof what, "N%d C%d H%d W%d K%d R%d S%d pad%d "
                 "stride%d dil%d: naive %.1e blocked %.1e vs FP64", s.n, s.c,
                 s.h, s.w, s.k, s.r, s.s, s.pad, s.stride, s.dil, e1, e2);
        ok(e1 <= 1e-5 && e2 <= 1e-5, what);
        free(x); free(w); free(y); free(yb); free(ref);
    }
}

int main(void)
{
    test_dims();
    test_by_hand();
    test_random(40);
    printf("1..%d\n", n_test);
    return n_fail != 0;
}
C
root="$CK_ROOT"
# with ASan + UBSan where the compiler has them, plain otherwise
build() {
    "$cc" -std=c11 -Wall -Wextra -Werror -O1 -g -pthread -D_XOPEN_SOURCE=700 "$@" \
        -I"$root/demos/conv" -I"$root/demos/common" -o "$T_TMP/t" "$T_TMP/t.c" \
        "$root/demos/conv/cpu_conv.c" "$root/demos/common/threads.c" -lm 2>"$T_TMP/cc.log"
}
if ! build -fsanitize=address,undefined -fno-sanitize-recover=all && ! build; then
    echo "not ok 1 - the test program compiles"; sed 's/^/# /' "$T_TMP/cc.log"
    echo "1..1"; cleanup; exit 1
fi
"$T_TMP/t"
rc=$?
cleanup
exit $rc
