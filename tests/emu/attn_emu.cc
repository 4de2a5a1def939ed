/* attn_emu.cc - the attention ladder's hand-written rungs (the hand rows
 * of demos/attention/attn_ladder.h, through their own launchers) on the
 * CPU through emu/simt.h: three-kernel and flash-mma, the latter on the
 * emulated mma.sync m16n8k16, at small shapes around the tiles' edges
 * (S = 1, 17, 64, 65 and 130: one short tile, a whole one, one key over,
 * two and a bit), D = 64 and 128, causal and not, FP16 and BF16 inputs.
 * Each output is checked against an FP64 softmax(Q·Kᵀ/√d)·V of the same
 * 16-bit inputs with the ladder's tolerance; the output starts as NaN, so
 * a row never written fails. The cuBLAS rung needs a GPU. TAP on stdout. */
#include "emu.h"

#include "01_three_kernel.cuh"
#include "03_flash_mma.cuh"
#include "attn_ladder.h"
#include "check.h"

typedef int (*rung_fn)(const struct at_args *, struct ck_err *);
struct hand {
    const char *id;
    rung_fn fn;
    double tol;
};
#define EMU_hand(id, fn, tol) {id, fn, tol},
#define EMU_library(id, fn, tol)
#define EMU_cpu(id, fn, tol)
#define EMU_(e, id, step, kind, label, idea, fn, tol, ...) EMU_##kind(id, fn, tol)
static const struct hand hands[] = {AT_LADDER(EMU_)};

static void reference(int bh, int s, int d, bool causal, bool bf16,
                      const std::vector<at_u16> &q, const std::vector<at_u16> &k,
                      const std::vector<at_u16> &v, std::vector<double> &ref)
{
    std::vector<double> p(s);
    for (int h = 0; h < bh; h++)
        for (int i = 0; i < s; i++) {
            size_t base = (size_t)h * s * d;
            int n = causal ? i + 1 : s;
            double mx = -INFINITY, sum = 0;
            for (int j = 0; j < n; j++) {
                double x = 0;
                for (int c = 0; c < d; c++)
                    x += (double)at_to_float(q[base + (size_t)i * d + c], bf16) *
                         at_to_float(k[base + (size_t)j * d + c], bf16);
                p[j] = x / sqrt((double)d);
                mx = fmax(mx, p[j]);
            }
            for (int j = 0; j < n; j++)
                sum += p[j] = exp(p[j] - mx);
            for (int c = 0; c < d; c++) {
                double o = 0;
                for (int j = 0; j < n; j++)
                    o += p[j] * at_to_float(v[base + (size_t)j * d + c], bf16);
                ref[base + (size_t)i * d + c] = o / sum;
            }
        }
}

static void run_case(const hand &h, int bh, int s, int d, bool causal, bool bf16)
{
    size_t n = (size_t)bh * s * d;
    std::vector<float> f(n);
    std::vector<at_u16> q(n), k(n), v(n);
    emu_fill(f, 11u + s + d);
    for (size_t i = 0; i < n; i++)
        q[i] = at_from_float(f[i], bf16);
    emu_fill(f, 23u + s * 3 + d);
    for (size_t i = 0; i < n; i++)
        k[i] = at_from_float(2 * f[i], bf16); /* scores of a few units */
    emu_fill(f, 37u + s * 5 + d);
    for (size_t i = 0; i < n; i++)
        v[i] = at_from_float(f[i], bf16);
    std::vector<float> o(n, NAN), scores((size_t)bh * s * s, NAN);
    struct at_args a = {bh, s, d, causal, bf16, (float)(1.0 / sqrt((double)d)),
                        q.data(), k.data(), v.data(), o.data(), scores.data(), NULL, NULL, NULL};
    struct ck_err err = {};
    int rc = h.fn(&a, &err);
    std::vector<double> ref(n);
    reference(bh, s, d, causal, bf16, q, k, v, ref);
    double e = emu_rel_err(o, ref), tol = bf16 ? CK_TOL_BF16 : h.tol;
    char what[160];
    snprintf(what, sizeof what, "attention %s bh=%d s=%d d=%d %s %s: rel_err %.2e (tol %.0e)", h.id,
             bh, s, d, causal ? "causal" : "full", bf16 ? "bf16" : "fp16", e, tol);
    ok(rc == CK_OK && e <= tol, what);
}

int main(void)
{
    const int ss[] = {1, 17, 64, 65, 130};
    for (const hand &h : hands) {
        for (int s : ss)
            for (int causal = 0; causal < 2; causal++)
                run_case(h, 2, s, 64, causal, false);
        run_case(h, 1, 65, 128, true, false);
        run_case(h, 1, 130, 128, false, true);
        run_case(h, 2, 65, 64, true, true);
    }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
