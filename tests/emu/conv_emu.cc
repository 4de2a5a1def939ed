/* conv_emu.cc - every hand-written rung of the convolution ladder (the hand
 * rows of demos/conv/conv_ladder.h, through conv_gpu.cu's own dispatch,
 * workspace and prepare steps), run on the CPU through emu/simt.h
 * against an FP64 direct convolution: odd output sizes that cut every tile,
 * padding, stride, dilation and rectangular filters, both implicit-GEMM
 * paths (C a multiple of 16 or not), Winograd's 2x2 tiles cut at the edges
 * and past one 128-tile GEMM block. Output and workspace start as NaN, so
 * an element a kernel forgets, or padding a transform fails to zero, fails.
 * A rung that declines a shape (Winograd: 3x3, stride 1, dilation 1 only)
 * must say so and ask for no workspace. TAP on stdout. */
#include "emu.h"

#include "../common/check.h"
#include "conv_gpu.cu"
#include "conv_exact.h" /* conv_exactness_of and the Winograd bound: headers */

const struct ck_rung conv_rungs[CONV_NRUNGS] = {CONV_LADDER(CONV_RUNG_ROW)};

static struct conv_shape shape(const int d[10])
{
    struct conv_shape sh = {d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9], 0, 0};
    sh.p = (sh.h + 2 * sh.pad - sh.dil * (sh.r - 1) - 1) / sh.stride + 1;
    sh.q = (sh.w + 2 * sh.pad - sh.dil * (sh.s - 1) - 1) / sh.stride + 1;
    return sh;
}

static std::vector<double> reference(const struct conv_shape &sh, const std::vector<float> &x,
                                     const std::vector<float> &w)
{
    std::vector<double> y((size_t)sh.n * sh.k * sh.p * sh.q);
    size_t o = 0;
    for (int n = 0; n < sh.n; n++)
        for (int k = 0; k < sh.k; k++)
            for (int p = 0; p < sh.p; p++)
                for (int q = 0; q < sh.q; q++) {
                    double s = 0;
                    for (int c = 0; c < sh.c; c++)
                        for (int r = 0; r < sh.r; r++)
                            for (int t = 0; t < sh.s; t++) {
                                int hh = p * sh.stride - sh.pad + r * sh.dil;
                                int ww = q * sh.stride - sh.pad + t * sh.dil;
                                if (hh >= 0 && hh < sh.h && ww >= 0 && ww < sh.w)
                                    s += (double)x[(((size_t)n * sh.c + c) * sh.h + hh) * sh.w + ww] *
                                         w[(((size_t)k * sh.c + c) * sh.r + r) * sh.s + t];
                            }
                    y[o++] = s;
                }
    return y;
}

/* Rung r on shape sh with integer inputs 0..3 (the demo's exact check,
 * conv_exact.h): the largest |y - exact| over the value scale 9 C R S, or
 * 1 when it failed; -1 when it failed to launch. */
static double check_integer(enum conv_rung_id r, const struct conv_shape &sh)
{
    std::vector<float> x((size_t)sh.n * sh.c * sh.h * sh.w), w((size_t)sh.k * sh.c * sh.r * sh.s),
        y((size_t)sh.n * sh.k * sh.p * sh.q, NAN);
    unsigned seed = 777u + (unsigned)sh.c;
    for (auto &v : x)
        v = (float)((seed = seed * 1103515245u + 12345u) >> 16 & 3);
    for (auto &v : w)
        v = (float)((seed = seed * 1103515245u + 12345u) >> 16 & 3);
    std::vector<float> ws(conv_gpu_workspace(r, &sh) / sizeof(float) + 4, NAN);
    struct ck_err err = {{0}};
    struct conv_io io = {x.data(), w.data(), y.data(), ws.data(), NULL};
    if (conv_gpu_prepare(r, &sh, ws.data(), &err) != CK_OK ||
        conv_gpu_launch(r, &sh, &io, &err) != CK_OK)
        return -1;
    std::vector<double> ref = reference(sh, x, w);
    double most = 0;
    for (size_t i = 0; i < y.size(); i++) {
        if (!std::isfinite(y[i]))
            return 1;
        most = std::max(most, std::fabs(y[i] - ref[i]));
    }
    return most / (9.0 * sh.c * sh.r * sh.s);
}

/* Rung r on shape sh: its relative error, or 1 when it failed. */
static double check(enum conv_rung_id r, const struct conv_shape &sh)
{
    std::vector<float> x((size_t)sh.n * sh.c * sh.h * sh.w), w((size_t)sh.k * sh.c * sh.r * sh.s),
        y((size_t)sh.n * sh.k * sh.p * sh.q, NAN);
    emu_fill(x, 12345u + (unsigned)(sh.n * 7 + sh.c * 13 + sh.k));
    emu_fill(w, 54321u + (unsigned)(sh.r * 5 + sh.s));
    std::vector<float> ws(conv_gpu_workspace(r, &sh) / sizeof(float) + 4, NAN);
    struct ck_err err = {{0}};
    struct conv_io io = {x.data(), w.data(), y.data(), ws.data(), NULL};
    if (conv_gpu_prepare(r, &sh, ws.data(), &err) != CK_OK ||
        conv_gpu_launch(r, &sh, &io, &err) != CK_OK) {
        printf("# %s\n", err.msg);
        return 1.0;
    }
    return emu_rel_err(y, reference(sh, x, w));
}

int main(void)
{
    static const int shapes[][10] = {
        /* n, c, h, w, k, r, s, pad, stride, dil */
        {2, 19, 13, 11, 70, 3, 3, 1, 1, 1},  /* odd P, Q; C, K off every tile */
        {3, 32, 8, 9, 5, 3, 3, 0, 1, 1},     /* C % 16 == 0: the fast path */
        {1, 1, 1, 1, 1, 3, 3, 1, 1, 1},      /* one pixel */
        {1, 16, 6, 6, 64, 3, 3, 1, 1, 1},    /* C, K exactly one slice, one tile */
        {1, 7, 22, 23, 9, 3, 3, 2, 1, 1},    /* padding 2 */
        {3, 3, 17, 12, 130, 3, 3, 1, 1, 1},  /* 162 2x2 tiles: past one 128-tile
                                                block; K > 128 */
        {2, 16, 11, 13, 5, 3, 2, 2, 2, 2},   /* stride 2, dilation 2, 3x2 filter */
        {1, 7, 17, 9, 3, 5, 5, 1, 3, 1},     /* 5x5, stride 3 */
        {3, 1, 5, 31, 9, 1, 7, 0, 1, 3},     /* 1x7, dilation 3 */
    };
    for (int i = 0; i < CONV_NRUNGS; i++) {
        if (strcmp(conv_rungs[i].kind, "hand"))
            continue;
        enum conv_rung_id r = (enum conv_rung_id)i;
        for (const auto &d : shapes) {
            struct conv_shape sh = shape(d);
            char what[200];
            const char *no = conv_gpu_declines(r, &sh);
            snprintf(what, sizeof what, "conv %s N=%d C=%d H=%d W=%d K=%d %dx%d pad %d "
                     "stride %d dil %d", conv_rungs[i].id, d[0], d[1], d[2], d[3], d[4],
                     d[5], d[6], d[7], d[8], d[9]);
            if (no) {
                struct ck_err err = {{0}};
                struct conv_io io = {NULL, NULL, NULL, NULL, NULL};
                strncat(what, ": declined, no workspace, refuses to launch",
                        sizeof what - strlen(what) - 1);
                ok(conv_gpu_workspace(r, &sh) == 0 &&
                       conv_gpu_launch(r, &sh, &io, &err) == CK_EARGS && err.msg[0],
                   what);
                continue;
            }
            double e = check(r, sh);
            size_t len = strlen(what);
            snprintf(what + len, sizeof what - len, ": rel. error %.2e against FP64 (< 1e-5)", e);
            ok(e < 1e-5, what);
        }
    }
    /* integer inputs: the sums-of-products rungs exact to the bit, the
     * Winograd rungs within their bound (conv_wg_bound.h); C = 64 is the
     * ResNet-50 conv2_x layer's */
    static const int int_shapes[][10] = {
        {1, 19, 9, 11, 70, 3, 3, 1, 1, 1},
        {1, 64, 8, 7, 9, 3, 3, 1, 1, 1},
    };
    for (int i = 0; i < CONV_NRUNGS; i++) {
        enum conv_rung_id r = (enum conv_rung_id)i;
        if (strcmp(conv_rungs[i].kind, "hand"))
            continue;
        enum conv_exactness how = conv_exactness_of(r);
        for (const auto &d : int_shapes) {
            struct conv_shape sh = shape(d);
            double e = check_integer(r, sh);
            double bound = how == CONV_EXACT_WG2 ? conv_wg_err_bound(2, sh.c)
                         : how == CONV_EXACT_WG4 ? conv_wg_err_bound(4, sh.c) : 0;
            char what[200];
            snprintf(what, sizeof what, "conv %s C=%d K=%d on integer inputs: largest error "
                     "%.2g of the value scale (%s %.2g)", conv_rungs[i].id, d[1], d[4], e,
                     how == CONV_EXACT_EQUAL ? "exact, must be" : "bound", bound);
            ok(e >= 0 && e <= bound, what);
        }
    }
    /* rung 6's every GEMM tile and channel split (06_winograd4_tuning.cuh),
     * at a shape that cuts every tile and one whose C takes 4 parts */
    static const int wg4_shapes[][10] = {
        {2, 19, 13, 11, 70, 3, 3, 1, 1, 1},
        {1, 64, 10, 7, 130, 3, 3, 1, 1, 1},
    };
    for (int tile = 1; tile <= WG4_NTILES; tile++)
        for (int split = 1; split <= WG4_MAX_SPLIT; split++)
            for (const auto &d : wg4_shapes) {
                struct conv_shape sh = shape(d);
                char v[16];
                snprintf(v, sizeof v, "%d", tile);
                setenv("CK_CONV_WG4_TILE", v, 1);
                snprintf(v, sizeof v, "%d", split);
                setenv("CK_CONV_WG4_SPLIT", v, 1);
                struct wg4_plan pl = conv_wg4_plan(conv_wg4_dims(&sh));
                double e = check(CONV_WINOGRAD4, sh);
                char what[200];
                snprintf(what, sizeof what, "conv winograd4 tile %s split %d (asked %d) "
                         "N=%d C=%d H=%d W=%d K=%d: rel. error %.2e against FP64 (< 1e-5)",
                         wg4_tiles[pl.tile].name, pl.split, split, d[0], d[1], d[2], d[3],
                         d[4], e);
                ok(e < 1e-5 && pl.tile == tile - 1, what);
            }
    unsetenv("CK_CONV_WG4_TILE");
    unsetenv("CK_CONV_WG4_SPLIT");
    /* the rule's plans at the four ResNet-50 3x3 stages on an H200: the
     * fastest (within 1%) of the H200 sweep in conv/NOTES.md */
    static const struct { int c, hw, tile, split; } stages[] = {
        {64, 56, WG4_128x64, 1}, {128, 28, WG4_128x64, 1},
        {256, 14, WG4_128x64, 2}, {512, 7, WG4_128x64, 3},
    };
    for (const auto &st : stages) {
        struct wg4_plan pl = wg4_pick_shape(32, st.c, st.c, st.hw, st.hw, &wg4_h200);
        char what[160];
        snprintf(what, sizeof what, "conv winograd4 rule at C=K=%d %dx%d: %s split %d "
                 "(want %s split %d)", st.c, st.hw, st.hw, wg4_tiles[pl.tile].name, pl.split,
                 wg4_tiles[st.tile].name, st.split);
        ok(pl.tile == st.tile && pl.split == st.split, what);
    }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
