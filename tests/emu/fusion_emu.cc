/* fusion_emu.cc - the fusion ladder's hand-written rungs (the hand rows of
 * demos/fusion/fu_ladder.h, through their own launchers) on the CPU
 * through emu/simt.h, at small shapes around the 64×64×16 tiles' edges:
 * convolutions with 3 and 5 channels (a reduction that is not a whole
 * slice), padding 0 and 1, 1×1, 3×3 and 5×3 filters, 70 filters (a second,
 * partial column of blocks), one and two images; GEMMs of 1×1×1, 65×67×17
 * and 130×64×33. Each output starts as NaN and is checked, every element,
 * against the FP64 chain (product, bias, ReLU or GELU) with the ladder's
 * tolerance. The library rungs need a GPU. TAP on stdout. */
#include "emu.h"

#include "01_unfused.cuh"
#include "02_fused.cuh"
#include "fu_ladder.h"
#include "check.h"

typedef int (*rung_fn)(const struct fu_args *, struct ck_err *);
struct hand {
    const char *id;
    rung_fn fn;
    double tol;
};
#define EMU_hand(id, fn, tol) {id, fn, tol},
#define EMU_library(id, fn, tol)
#define EMU_cpu(id, fn, tol)
#define EMU_(e, id, step, kind, label, idea, fn, tol, ...) EMU_##kind(id, fn, tol)
static const struct hand hands[] = {FU_LADDER(EMU_)};

static void run_case(const hand &h, struct fu_shape s)
{
    if (s.op == FU_CONV) {
        s.p = s.h + 2 * s.pad - s.r + 1, s.q = s.w + 2 * s.pad - s.s + 1;
        s.m = (long long)s.nb * s.p * s.q, s.n = s.kf, s.k = s.c * s.r * s.s;
    }
    size_t na = s.op == FU_CONV ? (size_t)s.nb * s.c * s.h * s.w : (size_t)s.m * s.k;
    size_t nb = (size_t)s.k * s.n, ny = (size_t)s.m * s.n;
    std::vector<float> a(na), b(nb), bias(s.n), y(ny, NAN);
    emu_fill(a, 7u + (unsigned)na), emu_fill(b, 19u + (unsigned)nb), emu_fill(bias, 31u);
    struct fu_args args = {s, a.data(), b.data(), bias.data(), y.data(), NULL};
    struct ck_err err = {};
    int rc = h.fn(&args, &err);
    std::vector<double> ref(ny);
    for (long long row = 0; row < s.m; row++)
        for (int col = 0; col < s.n; col++) {
            double sum = 0;
            for (int kk = 0; kk < s.k; kk++)
                sum += (double)fu_a_at(&s, a.data(), row, kk) * fu_b_at(&s, b.data(), kk, col);
            ref[fu_out_index(&s, row, col)] = fu_act_d(s.op, sum + bias[col]);
        }
    double e = emu_rel_err(y, ref);
    char what[200];
    if (s.op == FU_CONV)
        snprintf(what, sizeof what, "fusion %s conv N%d C%d %dx%d K%d %dx%d pad %d: rel_err %.2e (tol %.0e)",
                 h.id, s.nb, s.c, s.h, s.w, s.kf, s.r, s.s, s.pad, e, h.tol);
    else
        snprintf(what, sizeof what, "fusion %s gemm %lldx%dx%d: rel_err %.2e (tol %.0e)", h.id, s.m,
                 s.n, s.k, e, h.tol);
    ok(rc == CK_OK && e <= h.tol, what);
}

static struct fu_shape conv(int nb, int c, int hw, int w, int kf, int r, int t, int pad)
{
    struct fu_shape s = {};
    s.op = FU_CONV, s.nb = nb, s.c = c, s.h = hw, s.w = w, s.kf = kf, s.r = r, s.s = t, s.pad = pad;
    return s;
}

static struct fu_shape gemm(long long m, int n, int k)
{
    struct fu_shape s = {};
    s.op = FU_GEMM, s.m = m, s.n = n, s.k = k;
    return s;
}

int main(void)
{
    for (const hand &h : hands) {
        run_case(h, conv(1, 3, 7, 5, 5, 3, 3, 1));
        run_case(h, conv(2, 5, 9, 9, 70, 3, 3, 1));
        run_case(h, conv(1, 4, 6, 8, 3, 5, 3, 0));
        run_case(h, conv(2, 3, 5, 5, 4, 1, 1, 0));
        run_case(h, gemm(1, 1, 1));
        run_case(h, gemm(65, 67, 17));
        run_case(h, gemm(130, 64, 33));
    }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
