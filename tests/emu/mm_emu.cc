/* mm_emu.cc - every hand-written rung of the matmul ladder (the hand rows
 * of demos/matmul/mm_ladder.h, through their own launchers), run on the CPU
 * through emu/simt.h against an FP64 product: odd sizes that cut
 * every tile, one element, and whole tiles (the 'best' rung's unchecked
 * float4 path). The output starts as NaN, so an element a kernel forgets
 * fails. A rung added to the ladder (a row and its header, which
 * rung_headers.h includes) is tested here without touching this file. The
 * TF32 rung (mma.sync, ldmatrix, cp.async through simt.h's emulation) is
 * checked against an FP64 product of its inputs cut or
 * rounded to TF32 as the rung does it, so the check is as tight as FP32's
 * and also fails if the inputs are not treated as said; so is every
 * configuration of its tuning table (07_tf32_mma_tuning.cuh). TAP on
 * stdout. */
#include "emu.h"

#include "rung_headers.h" /* the hand rows' headers (rung_headers.sh emu) */
#include "check.h"
#include "mm_ladder.h"

/* The rows that need sm90a (Hopper's wgmma, TMA and mbarriers) have no CPU
 * emulation: they are checked on a GPU only (demos/scripts/gpu_test.sh). */
#define EMU_NO_CPU (-1)
#define EMU_STUB_any(fn)
#define EMU_STUB_sm80(fn)
#define EMU_STUB_sm90a(fn)                                                     \
    static int fn(const struct mm_args *, struct ck_err *) { return EMU_NO_CPU; }
#define EMU_STUB_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh) \
    EMU_STUB_##needs(fn)
MM_LADDER(EMU_STUB_)

typedef int (*mm_launch_fn)(const struct mm_args *a, struct ck_err *err);
/* round: what the rung does to its inputs first (the reference does the
 * same): 0 nothing, 1 to TF32 to nearest (ties away), 2 cut to TF32 */
struct hand {
    const char *id;
    mm_launch_fn fn;
    int round;
    int gpu_only; /* needs sm90a: no CPU emulation */
};
/* the one TF32 hand rung rounds as its tc_cfg says (07_tf32_mma.cuh) */
#define EMU_hand(id, fn, tol, needs)                                           \
    {id, fn, (tol) == CK_TOL_TF32 ? (tc_cfg::ROUND ? 1 : 2) : 0,              \
     CK_NEEDS_##needs == CK_NEEDS_sm90a},
#define EMU_library(id, fn, tol, needs)
#define EMU_cpu(id, fn, tol, needs)
#define EMU_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh) \
    EMU_##kind(id, fn, tol, needs)
static const struct hand hands[] = {MM_LADDER(EMU_)};

/* the 'best' rung forced to one configuration of its rule and one split
 * of K (mm_best_rule.h), through its own launcher */
static int g_cfg, g_kslice, g_sk, g_parts;
static int mm_best_forced(const struct mm_args *a, struct ck_err *err)
{
    return mm_best_run(a, g_cfg, g_kslice, err, g_sk, g_parts != 0);
}

/* the TF32 value the rung multiplies (struct hand's round) */
static double rounded(float x, int round)
{
    unsigned u;
    memcpy(&u, &x, sizeof u);
    if (round == 1)
        u = simt_cvt_rna_tf32(x);
    return round ? (double)simt_tf32_cut(u) : (double)x;
}

/* the TF32 rung forced to one tuning configuration, as CK_MM_TF32_CFG does */
static int g_tf32_cfg;
static int mm_tf32_forced(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_tune(a, g_tf32_cfg, err);
}

static double check(const struct hand &h, int M, int N, int K)
{
    std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N, NAN);
    emu_fill(A, 7u + (unsigned)(M * 31 + K));
    emu_fill(B, 11u + (unsigned)(N * 17 + K));
    struct mm_args a = {M, N, K, A.data(), B.data(), C.data(), CK_H200_SMS, 0, NULL, NULL};
    struct ck_err err = {{0}};
    if (h.fn(&a, &err) != CK_OK)
        return 1.0;
    std::vector<double> ref((size_t)M * N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < K; k++)
                s += rounded(A[(size_t)i * K + k], h.round) *
                     rounded(B[(size_t)k * N + j], h.round);
            ref[(size_t)i * N + j] = s;
        }
    return emu_rel_err(C, ref);
}

int main(void)
{
    static const int sizes[][3] = {
        {37, 53, 61},   /* odd: every tile is cut */
        {1, 1, 1},      /* one element */
        {65, 33, 17},   /* one past a 64-tile, K past one 16-slice */
        {128, 128, 16}, /* whole tiles: best's float4 path, BK 16 */
        {130, 129, 9},  /* one past whole tiles */
    };
    for (const auto &h : hands)
        for (const auto &s : sizes) {
            struct mm_args probe = {1, 1, 1, NULL, NULL, NULL, 0, 0, NULL, NULL};
            struct ck_err perr = {{0}};
            if (h.gpu_only && h.fn(&probe, &perr) == EMU_NO_CPU) {
                printf("ok %d - matmul %s # skip wgmma and the TMA run on an sm_90 GPU only\n",
                       ++tap_n, h.id);
                break;
            }
            double e = check(h, s[0], s[1], s[2]);
            char what[160];
            snprintf(what, sizeof what, "matmul %s %dx%dx%d: rel. error %.2e "
                     "against FP64%s (< 1e-5)", h.id, s[0], s[1], s[2], e,
                     h.round ? " of its TF32 inputs" : "");
            ok(e < 1e-5, what);
        }
    /* the TF32 rung and every tuning configuration of it: K not a multiple
     * of 4 (4-byte copies, every tile cut); the rung's own configuration
     * also at whole tiles of 256 with K not a multiple of the slice (16-byte
     * copies, unchecked stores: the tuning ones meet those on the GPU only,
     * gpu_test.sh, to keep the suite's time) */
    for (int c = 0; c <= MM_TF32_NTUNE; c++) { /* 0: the rung's own tc_cfg */
        const char *name = c ? mm_tf32_tune_cfgs[c - 1].name : "the rung's tc_cfg";
        int round = c ? mm_tf32_tune_cfgs[c - 1].round : tc_cfg::ROUND ? 1 : 2;
        const struct hand h = {"tf32-mma", mm_tf32_forced, round, 0};
        g_tf32_cfg = c;
        static const int tsizes[][3] = {{37, 53, 61}, {256, 256, 200}};
        for (const auto &s : tsizes) {
            if (c > 0 && s[0] == 256)
                continue;
            double e = check(h, s[0], s[1], s[2]);
            char what[200];
            snprintf(what, sizeof what, "matmul tf32-mma tuning %d (%s) %dx%dx%d: rel. "
                     "error %.2e against FP64 of its TF32 inputs (< 1e-5)", c, name,
                     s[0], s[1], s[2], e);
            ok(e < 1e-5, what);
        }
    }
    /* every configuration the rule can pick, unsplit and with K split
     * (3 slices: the last one short; 2 at whole tiles: the float4 atomic
     * path), at odd sizes and at whole tiles of that configuration */
    const struct hand best = {"best", mm_best_forced, 0, 0};
    for (int c = 0; c < MM_BEST_NCFG; c++) {
        const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
        const int cases[][4] = {
            {37, 53, 61, 0},                        /* unsplit */
            {70, 45, 100, 40},                      /* 3 slices, cut tiles */
            {ci->bm, 2 * ci->bn, 4 * ci->bk, 2 * ci->bk}, /* whole, 2 slices */
            {ci->bm, 2 * ci->bn, 3 * ci->bk, ci->bk},     /* whole, slices of one tile */
            {ci->bm, 2 * ci->bn, 3 * ci->bk, 0},          /* whole, 3 tiles unsplit */
        };
        for (const auto &k : cases) {
            g_cfg = c;
            g_kslice = k[3];
            /* 128x128/BK16 at a cut size: its launcher falls back to BK 8 */
            double e = check(best, k[0], k[1], k[2]);
            char what[160];
            snprintf(what, sizeof what, "matmul best %s, K slice %d, %dx%dx%d: "
                     "rel. error %.2e against FP64 (< 1e-5)", ci->name, k[3],
                     k[0], k[1], k[2], e);
            ok(e < 1e-5, what);
        }
        /* a split into a workspace's parts, added up after: cut tiles (the
         * parts padded to whole ones), whole tiles, a slice of one tile */
        const int parts[][4] = {
            {70, 45, 100, 40},
            {ci->bm, 2 * ci->bn, 4 * ci->bk, 2 * ci->bk},
            {ci->bm + 3, ci->bn - 1, 3 * ci->bk, ci->bk},
        };
        for (const auto &k : parts) {
            g_cfg = c;
            g_kslice = k[3];
            g_parts = 1;
            mm_best_release(); /* a fresh workspace, all NaN: a part not written shows */
            double e = check(best, k[0], k[1], k[2]);
            g_parts = 0;
            char what[160];
            snprintf(what, sizeof what, "matmul best %s, K slice %d into parts, %dx%dx%d: "
                     "rel. error %.2e against FP64 (< 1e-5)", ci->name, k[3],
                     k[0], k[1], k[2], e);
            ok(e < 1e-5, what);
        }
        /* stream-K: runs that end inside a tile, start inside one, span
         * several, and a grid larger than the work */
        const int sk[][4] = {
            {70, 45, 100, 3},                       /* cut tiles, 3 blocks */
            {ci->bm * 2, ci->bn, 5 * ci->bk, 3},    /* whole tiles, parts */
            {ci->bm + 1, 2 * ci->bn + 3, 3 * ci->bk + 1, 5},
            {9, 9, 9, 4},                           /* more blocks than steps */
        };
        for (const auto &k : sk) {
            g_cfg = c;
            g_kslice = 0;
            g_sk = k[3];
            double e = check(best, k[0], k[1], k[2]);
            g_sk = 0;
            char what[160];
            snprintf(what, sizeof what, "matmul best %s, stream-K over %d blocks, "
                     "%dx%dx%d: rel. error %.2e against FP64 (< 1e-5)", ci->name,
                     k[3], k[0], k[1], k[2], e);
            ok(e < 1e-5, what);
        }
    }

    /* the rule itself, on an H200's figures (mm_best_h200): what it picks and says */
    struct rule_case { int M, N, K, cfg, split, sk = 0, parts = 0; };
    static const rule_case rules[] = {
        {4096, 4096, 4096, MM_BEST_128x128x16, 1}, /* 3.9 waves: no split */
        {8192, 8192, 8192, MM_BEST_128x128x16, 1},
        {2048, 2048, 2048, MM_BEST_128x128x16, 1}, /* 256 blocks, 264 slots */
        {2000, 2000, 2000, MM_BEST_128x128, 1},    /* not whole: BK 8 */
        {512, 512, 512, MM_BEST_64x64x4, 4},       /* 64 tiles of 64x64 x 4 slices */
        {768, 768, 768, MM_BEST_128x128x16, 6},
        {1024, 1024, 1024, MM_BEST_128x128x16, 4},
        {3000, 3000, 3000, MM_BEST_128x128, 1, 1}, /* 2.18 waves unsplit: stream-K */
        {1000, 3000, 2000, MM_BEST_128x128, 1, 1}, /* 192 tiles, 250 K steps each */
        {1536, 1536, 1536, MM_BEST_128x128x16, 8}, /* stream-K runs too short */
        {1536, 1536, 8192, MM_BEST_128x128, 1, 1}, /* whole tiles, stream-K: at BK 8 */
        {333, 777, 555, MM_BEST_128x128, 6, 0, 1}, /* cut tiles: parts, no float-by-float adds */
        {8192, 512, 1024, MM_BEST_128x128x16, 1},  /* big tiles beat more warps */
        {1000, 1000, 1000, MM_BEST_128x128, 2, 0, 1}, /* in parts */
        {1000, 1000, 127, MM_BEST_64x64x4, 1},     /* K < 2 x 64: too short to split */
        {1, 1, 1, MM_BEST_64x64x4, 1},           /* least work for one block */
    };
    for (const auto &r : rules) {
        struct mm_best_plan p = mm_best_choose(r.M, r.N, r.K, &mm_best_h200);
        char what[400];
        snprintf(what, sizeof what, "best at %dx%dx%d picks %s split %d%s%s "
                 "(got %s split %d%s: %s)", r.M, r.N, r.K, mm_best_cfgs[r.cfg].name,
                 r.split, r.sk ? " stream-K" : "", r.parts ? " in parts" : "",
                 mm_best_cfgs[p.cfg].name, p.split, p.parts ? " in parts" : "", p.why);
        ok(p.cfg == r.cfg && p.split == r.split && p.streamk == r.sk && p.parts == r.parts &&
           strstr(p.why, "blocks for") && (!r.sk || strstr(p.why, "stream-K")) &&
           !strstr(p.why, "summed apart") == !r.parts, what);
    }
    struct mm_args unknown = {512, 512, 512, NULL, NULL, NULL, 0, 0, NULL, NULL};
    const struct mm_best_machine m0 = mm_best_machine_of(&unknown);
    struct mm_best_plan p0 = mm_best_choose(512, 512, 512, &m0);
    ok(p0.cfg == MM_BEST_64x64x4 && m0.sms == CK_H200_SMS && strstr(p0.why, "132 SMs"),
       "best: an unknown SM count is taken as the H200's (CK_H200_SMS)");

    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
