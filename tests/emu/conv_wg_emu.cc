/* conv_wg_emu.cc - the Winograd rung's four kernels (demos/conv/
 * 05_winograd.cuh), run on the CPU through tests/emu/simt.h, against an
 * FP64 direct convolution: odd output sizes that cut the 2x2 tiles, C, K
 * and the tile count off the workspace padding, padding 0..2, and a
 * workspace poisoned with NaN so that any padding the transforms fail to
 * zero shows up in the result. TAP on stdout. */
#include "conv.h"
#include "ig_common.cuh"
#include "05_winograd.cuh"

static int tap_n, tap_fail;

static void ok(bool pass, const char *what)
{
    tap_n++;
    if (!pass)
        tap_fail++;
    printf("%s %d - %s\n", pass ? "ok" : "not ok", tap_n, what);
}

static float lcg(unsigned *s)
{
    *s = *s * 1664525u + 1013904223u;
    return (float)((*s >> 8) & 0xffff) / 32768.0f - 1.0f;
}

static struct conv_shape shape(int n, int c, int h, int w, int k, int pad)
{
    struct conv_shape sh = {n, c, h, w, k, 3, 3, pad, 1, 1, 0, 0};
    sh.p = h + 2 * pad - 2;
    sh.q = w + 2 * pad - 2;
    return sh;
}

/* ||y - ref|| / ||ref|| over the whole output; 1 if anything is not finite */
static double check(const struct conv_shape &sh)
{
    unsigned seed = 12345u + (unsigned)(sh.n * 7 + sh.c * 13 + sh.k);
    std::vector<float> x((size_t)sh.n * sh.c * sh.h * sh.w), w((size_t)sh.k * sh.c * 9),
        y((size_t)sh.n * sh.k * sh.p * sh.q, NAN);
    for (auto &v : x)
        v = lcg(&seed);
    for (auto &v : w)
        v = lcg(&seed);
    std::vector<float> ws(conv_wg_workspace(&sh) / sizeof(float), NAN);
    if (conv_wg_launch(&sh, x.data(), w.data(), y.data(), ws.data(), NULL) != cudaSuccess)
        return 1.0;
    double num = 0, den = 0;
    for (int n = 0; n < sh.n; n++)
        for (int k = 0; k < sh.k; k++)
            for (int p = 0; p < sh.p; p++)
                for (int q = 0; q < sh.q; q++) {
                    double ref = 0;
                    for (int c = 0; c < sh.c; c++)
                        for (int r = 0; r < 3; r++)
                            for (int s = 0; s < 3; s++) {
                                int hh = p - sh.pad + r, ww = q - sh.pad + s;
                                if (hh >= 0 && hh < sh.h && ww >= 0 && ww < sh.w)
                                    ref += (double)x[(((size_t)n * sh.c + c) * sh.h + hh) * sh.w + ww] *
                                           w[((size_t)k * sh.c + c) * 9 + r * 3 + s];
                            }
                    double got = y[(((size_t)n * sh.k + k) * sh.p + p) * sh.q + q];
                    if (!std::isfinite(got))
                        return 1.0;
                    num += (got - ref) * (got - ref);
                    den += ref * ref;
                }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

int main(void)
{
    static const int shapes[][6] = {
        /* n, c, h, w, k, pad */
        {2, 19, 13, 11, 70, 1}, /* odd P, Q; C, K off the padding */
        {3, 33, 8, 9, 5, 0},    /* no padding, odd Q */
        {1, 1, 1, 1, 1, 1},     /* one pixel */
        {1, 16, 6, 6, 64, 1},   /* C, K exactly one slice and one tile */
        {2, 7, 30, 31, 9, 2},   /* padding 2 */
        {5, 3, 17, 12, 130, 1}, /* tiles past one 128-tile GEMM block, K > 128 */
    };
    for (const auto &d : shapes) {
        struct conv_shape sh = shape(d[0], d[1], d[2], d[3], d[4], d[5]);
        double e = check(sh);
        char what[160];
        snprintf(what, sizeof what,
                 "N=%d C=%d H=%d W=%d K=%d pad %d: rel. error %.2e against FP64 (< 1e-5)",
                 d[0], d[1], d[2], d[3], d[4], d[5], e);
        ok(e < 1e-5, what);
    }
    struct conv_shape s2 = shape(1, 4, 9, 9, 4, 1);
    s2.stride = 2;
    ok(!conv_wg_applies(&s2) && conv_wg_workspace(&s2) == 0 &&
           conv_wg_launch(&s2, NULL, NULL, NULL, NULL, NULL) == cudaErrorInvalidValue,
       "stride 2: declined, no workspace");
    struct conv_shape s5 = shape(1, 4, 9, 9, 4, 1);
    s5.r = s5.s = 5;
    ok(!conv_wg_applies(&s5), "a 5x5 filter: declined");
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
