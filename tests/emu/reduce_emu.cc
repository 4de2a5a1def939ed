/* reduce_emu.cc - every hand-written rung of the reduce ladder (the hand
 * rows of demos/reduce/reduce_ladder.h, through their own launchers, so the
 * tree rungs' repeated passes run too) on the CPU through emu/simt.h,
 * at odd sizes around each rung's own edges: 1, 2, 31; one below, at and
 * one above its block's threads (the unrolled rung's second loads start
 * there) and its block's elements; two blocks' worth and one more, so
 * every tree rung runs two passes. Three passes (more than 65536 elements)
 * cost the emulation seconds a rung; `make gpu-test` runs every rung at
 * 1000003 and 2^28 on the GPU. The grid-stride rungs, whose blocks are
 * few whatever n, run at 1000003 here too. Each is checked against an
 * FP64 sum with the demo's tolerance, and on small integers, where every
 * order of adding is exact and the sum must be too: a dropped or doubled
 * element fails. The result and all scratch buffers start as NaN, so a
 * value never written shows. The CUB rung needs the toolkit and a GPU.
 * TAP on stdout. */
#include "emu.h"

#include "rung_headers.h" /* the hand rows' headers (rung_headers.sh emu) */
#include "reduce_ladder.h"

typedef int (*rung_fn)(const struct rd_args *, struct ck_err *);
struct hand {
    const char *id;
    rung_fn fn;
    bool grid_stride;  /* few blocks whatever n: runs at 1000003 too */
    long long threads; /* a tree or atomic rung: its block's threads */
    long long elems;   /* ... and the elements each block sums */
};
#define EMU_hand(id, fn)                                                      \
    {id, fn, fn == rd_shuffle || fn == rd_best,                               \
     fn == rd_unrolled ? RD_BLOCK4 : RD_BLOCK,                                \
     fn == rd_unrolled ? 2 * RD_BLOCK4 : RD_BLOCK},
#define EMU_library(id, fn)
#define EMU_cpu(id, fn)
#define EMU_(e, id, step, kind, label, idea, fn, ...) EMU_##kind(id, fn)
static const struct hand hands[] = {RD_LADDER(EMU_)};

/* The sizes a rung runs at (sorted, each once); returns how many. */
static int sizes_of(const struct hand &h, long long *out)
{
    const long long all[] = {1, 2, 31, 255, 256, 257, 511, 512, 513, 2047,
                             2048, 2049, 4097, 1000003};
    int n = 0;
    if (h.grid_stride) {
        for (long long v : all)
            out[n++] = v;
        return n;
    }
    const long long t = h.threads, e = h.elems;
    const long long want[] = {1,     2,     31,    t - 1,     t,        t + 1,
                              e - 1, e,     e + 1, 2 * e - 1, 2 * e,    2 * e + 1};
    for (long long v : want) {
        int i = n;
        while (i > 0 && out[i - 1] > v)
            i--;
        if (i > 0 && out[i - 1] == v)
            continue;
        memmove(out + i + 1, out + i, (size_t)(n - i) * sizeof *out);
        out[i] = v;
        n++;
    }
    return n;
}

/* One rung on x (n floats, 16-byte aligned); NaN if it failed. */
static float run(rung_fn fn, const std::vector<float> &x, long long n)
{
    size_t parts = rd_blocks(n, RD_BLOCK) + 1;
    std::vector<float> p0(parts, NAN), p1(parts, NAN), bp(64, NAN);
    float out = NAN;
    unsigned done = 0;
    struct rd_args a = {};
    a.n = n;
    a.x = x.data();
    a.out = &out;
    a.part[0] = p0.data();
    a.part[1] = p1.data();
    a.best_part = bp.data();
    a.done = &done;
    a.best_grid = 5;    /* a few "SMs": the grid-stride loops wrap */
    a.shuffle_grid = 3;
    struct ck_err err = {{0}};
    if (fn(&a, &err) != CK_OK || done != 0)
        return NAN;
    return out;
}

static unsigned rng = 2463534242u;
static unsigned next(void)
{
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

int main(void)
{
    /* emu.h's helpers fill and compare arrays; a sum is one value, judged
     * against the sum of magnitudes below */
    (void)emu_fill;
    (void)emu_rel_err;
    for (const auto &h : hands) {
        bool good = true, exact = true;
        char msg[200] = "";
        long long sizes[16];
        const int ns = sizes_of(h, sizes);
        for (int k = 0; k < ns; k++) {
            long long n = sizes[k];
            std::vector<float> x((size_t)n), xi((size_t)n);
            double ref = 0, abs = 0, ref_i = 0;
            for (long long i = 0; i < n; i++) {
                unsigned u = next();
                float mag = 0.1f + 0.9f * (float)(u >> 8) / 16777216.0f;
                x[i] = (u & 1) ? -mag : mag;
                xi[i] = (float)(1 + (u >> 4) % 8) * ((u & 2) ? -1.0f : 1.0f);
                ref += x[i], abs += fabs(x[i]), ref_i += xi[i];
            }
            float s = run(h.fn, x, n), si = run(h.fn, xi, n);
            double err = isfinite(s) ? fabs(s - ref) / abs : NAN;
            double tol = 4.0 * sqrt((double)n) * ldexp(1.0, -24);
            if (!(err <= tol) && good) {
                good = false;
                snprintf(msg, sizeof msg, " (n=%lld: %g, want %g)", n, s, ref);
            }
            if ((double)si != ref_i && exact) {
                exact = false;
                snprintf(msg, sizeof msg, " (n=%lld integers: %g, want %g)", n, si, ref_i);
            }
        }
        char what[300];
        snprintf(what, sizeof what, "reduce %s sums within tol at %d odd n, 1 .. %lld%s",
                 h.id, ns, sizes[ns - 1], good ? "" : msg);
        ok(good, what);
        snprintf(what, sizeof what, "reduce %s sums integer input exactly%s", h.id,
                 exact ? "" : msg);
        ok(exact, what);
    }
    printf("1..%d\n", tap_n);
    return tap_fail ? 1 : 0;
}
