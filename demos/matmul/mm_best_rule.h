/* mm_best_rule.h: how the 'best' rung (05_best.cuh) picks its configuration
 * for a problem: plain C, no CUDA, so the kernel's launcher, the demo's
 * report (mm_run.c) and the CPU tests read the same rule.
 *
 * Every configuration gives each thread 8x8 outputs but one (8x4, for
 * small problems: twice the warps for the same tile); they differ in the
 * block tile, so in how many blocks a problem makes and how many of them
 * fit on one SM at once. The rule predicts, for each configuration and
 * each split of K, how long the busiest SM works, and takes the shortest:
 *
 *   blocks    = tiles x split  (a tile's K range cut into `split` pieces,
 *               their partial sums added into C with atomicAdd)
 *   per SM    = ceil(blocks / SMs) blocks, run `slots` at a time: rounds
 *   a round   = its blocks' multiply-adds / (the configuration's measured
 *               efficiency x how well that many warps hide latency, a warp
 *               of 8x4 outputs counted as half a warp of 8x8: half the
 *               independent sums to cover a wait with)
 *               + a fixed cost (first loads, last stores)
 *   time      = sum of the rounds (+ zeroing C when split > 1, and for the
 *               bounds-checked kernel its partial sums' atomic adds)
 *
 * Where M, N or K are not whole tiles, the bounds-checked kernel adds its
 * partial sums one float at a time; a split can instead write each slice's
 * sums whole, with plain 16-byte stores, into its own part of a workspace
 * (no zeroing, no atomics), and a second kernel adds the parts up:
 *
 *   time      = sum of the rounds + the reduction (a fixed cost, and the
 *               parts read and C written at an estimated rate per SM)
 *
 * and a third way, stream-K, where the tiles leave a last wave part-empty
 * (and each block gets at least 128 K steps): one block per slot, each summing an equal
 * run of the tiles' BK-deep steps (a run may end inside a tile and the
 * next block finish it: both add into C with atomicAdd), so every SM works
 * to the end; it pays a fixed cost per tile a run touches.
 *
 * The efficiencies are the configurations' % of cuBLAS FP32 at 8192^3 on
 * the H200 (where every SM is full), the warp factors fitted to its 512^3
 * and 1024^3 runs (matmul/NOTES.md, common/sm_fill.h), the cost of zeroing
 * C to its measured saving when the product starts under the zeroing
 * (launched early, 05_best.cuh).
 *
 * The SMs and the blocks each holds come from the GPU (struct
 * mm_best_machine: 05_best.cuh asks the runtime); the CPU model takes the
 * H200's, mm_best_h200. The rule is three functions: mm_best_choose walks
 * the candidates that may run, mm_best_score predicts one, and
 * mm_best_explain says the pick in words. */
#ifndef MM_BEST_RULE_H
#define MM_BEST_RULE_H

#include <stdio.h>

#include "../common/sm_fill.h"

/* The configurations, one row each:
 *   X(ENUM, name, bm, bn, bk, tn, eff, eff_sk, need_whole, slots, slots_edge,
 *     slots_sk)
 *     ENUM        MM_BEST_<ENUM>, the row's index
 *     name        shown in the record ("128x64")
 *     bm, bn, bk  block tile and depth
 *     tn          outputs per thread: 8 rows x tn columns
 *     eff         throughput with every slot full, cuBLAS = 1
 *     eff_sk      the same as stream-K, 0: never stream-K. Stream-K runs
 *                 at BK 8 only, whose kernel sums two tiles a turn (BK
 *                 16's keeps one: the pair spills there); at ten whole-tile
 *                 shapes it read 0.9 to 4.5 points of cuBLAS above BK 16's
 *                 stream-K on the H200, the same grid (matmul/NOTES.md), so
 *                 128x128 counts BK 16's stream-K where it ran (whole
 *                 16-deep tiles, runs of 128 steps of 16 or more), its
 *                 efficiency and its 16-deep runs; its own elsewhere. The
 *                 others' eff_sk is their eff
 *     need_whole  1: only when M, N, K are whole tiles (BK 16 spills
 *                 registers in the bounds-checked kernel)
 *     slots...    blocks of its kernels one H200 SM holds, the CPU model's
 *                 fallback (a GPU is asked: 05_best.cuh, whose
 *                 static_asserts hold them to the kernels' launch bounds):
 *                 the unchecked kernel (whole tiles), the bounds-checked
 *                 one (more registers), the stream-K one (at BK 8 the
 *                 bounds-checked kernel even at whole tiles) */
#define MM_BEST_CONFIGS(X)                                                     \
    X(128x128x16, "128x128/BK16", 128, 128, 16, 8, 0.93, 0, 1, 2, 2, 2)        \
    X(128x128, "128x128", 128, 128, 8, 8, 0.89, 0.93, 0, 2, 2, 2)              \
    X(128x64, "128x64", 128, 64, 8, 8, 0.79, 0.79, 0, 4, 3, 3)                 \
    X(64x64, "64x64", 64, 64, 8, 8, 0.75, 0.75, 0, 6, 6, 6)                    \
    X(64x64x4, "64x64/8x4", 64, 64, 8, 4, 0.80, 0.80, 0, 5, 4, 4)

struct mm_best_cfg_info {
    const char *name;
    int bm, bn, bk, tn;
    double eff, eff_sk;
    int need_whole;
};

enum {
#define MM_BEST_ENUM_(e, ...) MM_BEST_##e,
    MM_BEST_CONFIGS(MM_BEST_ENUM_)
#undef MM_BEST_ENUM_
    MM_BEST_NCFG
};

#define MM_BEST_INFO_(e, name, bm, bn, bk, tn, eff, eff_sk, whole, ...)                   \
    {name, bm, bn, bk, tn, eff, eff_sk, whole},
static const struct mm_best_cfg_info mm_best_cfgs[MM_BEST_NCFG] = {MM_BEST_CONFIGS(MM_BEST_INFO_)};
#undef MM_BEST_INFO_

/* What the rule knows of the GPU: its SMs, and the blocks of each
 * configuration's kernels one SM holds at once. */
struct mm_best_machine {
    int sms;
    int slots[MM_BEST_NCFG];      /* the unchecked kernel (whole tiles) */
    int slots_edge[MM_BEST_NCFG]; /* the bounds-checked kernel */
    int slots_sk[MM_BEST_NCFG];   /* the stream-K kernel */
};

/* The CPU model's machine: an H200's figures (the named fallback). */
#define MM_BEST_SLOTS_(e, n, bm, bn, bk, tn, eff, esk, whole, slots, edge, sk) slots,
#define MM_BEST_EDGE_(e, n, bm, bn, bk, tn, eff, esk, whole, slots, edge, sk) edge,
#define MM_BEST_SK_(e, n, bm, bn, bk, tn, eff, esk, whole, slots, edge, sk) sk,
static const struct mm_best_machine mm_best_h200 = {
    CK_H200_SMS, {MM_BEST_CONFIGS(MM_BEST_SLOTS_)}, {MM_BEST_CONFIGS(MM_BEST_EDGE_)},
    {MM_BEST_CONFIGS(MM_BEST_SK_)}};
#undef MM_BEST_SLOTS_
#undef MM_BEST_EDGE_
#undef MM_BEST_SK_

#define MM_BEST_MAX_SPLIT 8
#define MM_BEST_MIN_SLICE 128 /* the least K one split works through */
#define MM_BEST_MIN_SLICE_PARTS 64 /* ... into parts (no atomic adds) */
#define MM_BEST_ROUND_COST 3000.0 /* cycles: a block's first loads, last stores */
#define MM_BEST_ZERO_COST 1500.0  /* cycles: the extra launch that zeroes C
                                      (0.3-0.8 us left of it on the H200 once
                                      the product starts under it) */
/* cycles an SM spends per partial sum the bounds-checked kernel adds into
 * C (one float per atomicAdd there; whole tiles add 16 bytes at a time,
 * which the fixed costs cover): fitted to 1000^3, where K in 4 slices
 * measured 9% slower than in 2 although its busiest SM sums as much
 * (matmul/NOTES.md) */
#define MM_BEST_EDGE_ADD_COST 1.1
/* the reduction of a split into parts: cycles for its launch and first
 * loads (it starts, launched early, as the product ends), and bytes an SM
 * moves a cycle (the parts read, C written; they were just written, so
 * they come from L2): estimates that keep the rule's picks among the
 * fastest measured on the H200 at 333x777x555 and 1000^3, where every
 * configuration ran in 2 to 8 parts (matmul/NOTES.md) */
#define MM_BEST_REDUCE_COST 2000.0
#define MM_BEST_REDUCE_BPC 16.0
/* A split counts 10% worse than predicted: its atomic adds cost more than
 * plain stores, and its sums are added in no fixed order. */
#define MM_BEST_SPLIT_PENALTY 1.10
#define MM_BEST_PARTS_PENALTY 1.05 /* plain stores, a fixed order: less unknown */
#define MM_BEST_SK_PENALTY 1.05 /* fewer parts to add than a split */
#define MM_BEST_SK_MIN_STEPS 128 /* BK-deep steps a stream-K block sums, at least */

struct mm_best_plan {
    int cfg;       /* index into mm_best_cfgs */
    int split;     /* K cut into this many slices (1: none) */
    int parts;     /* 1: the slices' sums in a workspace's parts, added up
                      after (split > 1); 0: added into C with atomicAdd */
    int streamk;   /* 1: stream-K over `blocks` blocks (split is 1) */
    int kslice;    /* K per slice, a multiple of the configuration's BK */
    long blocks;   /* tiles x split, or the stream-K grid: the grid launched */
    int slots;     /* blocks of the launched kernel one SM holds */
    double cycles; /* predicted busiest-SM cycles (the rule's score) */
    char why[240]; /* one line for the learner */
};

/* Warps in a block of c (8 x tn outputs a thread). */
static inline int mm_best_block_warps(const struct mm_best_cfg_info *c)
{
    return c->bm * c->bn / (8 * c->tn) / 32;
}

/* Cycles w resident warps of c take to sum k steps of K each:
 * their multiply-adds on an SM's 128 lanes, over the kernel's efficiency
 * (eff, or eff_sk for stream-K) and how well that many warps hide latency
 * (an 8x4 warp counted as half). */
static inline double mm_best_sum_cycles(const struct mm_best_cfg_info *c, double eff, int w,
                                        double k)
{
    double fma_cycles = (double)w * 32 * 8 * c->tn * k / 128.0;
    return fma_cycles / (eff * ck_warp_factor(w * c->tn / 8));
}

/* 1: M, N and K are whole tiles of c (its unchecked kernel runs). */
static inline int mm_best_whole(const struct mm_best_cfg_info *c, int M, int N, int K)
{
    return M % c->bm == 0 && N % c->bn == 0 && K % c->bk == 0;
}

/* Blocks of configuration c one SM holds for this problem (a split or no
 * split; stream-K: m->slots_sk). */
static inline int mm_best_slots(const struct mm_best_machine *m, int c, int M, int N, int K)
{
    return mm_best_whole(&mm_best_cfgs[c], M, N, K) ? m->slots[c] : m->slots_edge[c];
}

/* Tiles of c over an M x N output. */
static inline long mm_best_tiles(const struct mm_best_cfg_info *c, int M, int N)
{
    return (long)((M + c->bm - 1) / c->bm) * ((N + c->bn - 1) / c->bn);
}

/* The predicted cycles of configuration c with K cut in `split` (into a
 * workspace's parts, added up after, with `parts`). */
static inline double mm_best_predict(int c, int M, int N, int K, int split, int parts,
                                     const struct mm_best_machine *m, int *kslice,
                                     long *blocks)
{
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
    const int sms = m->sms, bk = ci->bk;
    int ks = ((K + split - 1) / split + bk - 1) / bk * bk;
    int used = (K + ks - 1) / ks; /* slices that hold any K */
    long nb = mm_best_tiles(ci, M, N) * used;
    long per_sm = (nb + sms - 1) / sms;
    int slots = mm_best_slots(m, c, M, N, K);
    int warps_per_block = mm_best_block_warps(ci);
    double t = 0.0;
    if (used > 1 && parts) {
        /* the reduction reads each part's M rows of N rounded up to 4, writes C */
        double rows = (double)M * ((N + 3) / 4 * 4);
        t += MM_BEST_REDUCE_COST + 4.0 * (used * rows + (double)M * N) / sms / MM_BEST_REDUCE_BPC;
    } else if (used > 1) {
        t += MM_BEST_ZERO_COST;
        if (!mm_best_whole(ci, M, N, K))
            t += MM_BEST_EDGE_ADD_COST * used * ((double)M * N) / sms; /* one float at a time */
    }
    for (long left = per_sm; left > 0; left -= slots) {
        int b = left < slots ? (int)left : slots;
        t += mm_best_sum_cycles(ci, ci->eff, b * warps_per_block, ks) + MM_BEST_ROUND_COST;
    }
    *kslice = ks;
    *blocks = nb;
    return t;
}

/* Stream-K's grid for configuration c: one block per slot of its kernel
 * on every SM, no more than the tiles' BK-deep steps. */
static inline long mm_best_sk_grid(const struct mm_best_machine *m, int c, int M, int N, int K)
{
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
    long total = mm_best_tiles(ci, M, N) * ((K + ci->bk - 1) / ci->bk);
    long grid = (long)m->sms * m->slots_sk[c];
    return grid > total ? total : grid;
}

/* The predicted cycles of configuration c as stream-K: each block sums an
 * equal run of the tiles' BK-deep steps, so every SM works to the end;
 * each segment of a run (a tile's part) pays the fixed cost, and C is
 * zeroed first. */
static inline double mm_best_predict_sk(int c, int M, int N, int K,
                                        const struct mm_best_machine *m, long *blocks)
{
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
    long tiles = mm_best_tiles(ci, M, N), grid = mm_best_sk_grid(m, c, M, N, K);
    /* where an eff_sk of its own was measured (whole tiles 16 deep, runs of
     * at least MM_BEST_SK_MIN_STEPS steps of 16), the runs as measured: cut
     * in 16-deep steps, at eff_sk; elsewhere in the configuration's own, at
     * eff */
    int measured = ci->eff_sk != ci->eff && mm_best_whole(ci, M, N, K) && K % 16 == 0 &&
                   tiles * (K / 16) / ((long)m->sms * mm_best_slots(m, c, M, N, K)) >=
                       MM_BEST_SK_MIN_STEPS;
    int bk = measured ? 16 : ci->bk;
    long steps = (K + bk - 1) / bk, total = tiles * steps;
    long per = (total + grid - 1) / grid; /* steps per block */
    long segs = per / steps + 2;          /* tiles a run touches, at most */
    *blocks = grid;
    return MM_BEST_ZERO_COST +
           mm_best_sum_cycles(ci, measured ? ci->eff_sk : ci->eff,
                              m->slots_sk[c] * mm_best_block_warps(ci), per * bk) +
           MM_BEST_ROUND_COST * segs;
}

/* 1: configuration c runs this problem (BK 16 only at whole tiles). */
static inline int mm_best_runs(int c, int M, int N, int K)
{
    return !mm_best_cfgs[c].need_whole || mm_best_whole(&mm_best_cfgs[c], M, N, K);
}

/* 1: configuration c may run this problem as stream-K: one with eff_sk, runs
 * of at least MM_BEST_SK_MIN_STEPS steps (shorter ones make nearly every
 * output an atomic add), and steps the kernel's int counts. */
static inline int mm_best_sk_runs(const struct mm_best_machine *m, int c, int M, int N, int K)
{
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
    long steps = mm_best_tiles(ci, M, N) * ((K + ci->bk - 1) / ci->bk);
    return ci->eff_sk > 0 && mm_best_runs(c, M, N, K) &&
           steps / ((long)m->sms * mm_best_slots(m, c, M, N, K)) >= MM_BEST_SK_MIN_STEPS &&
           steps < 0x7fffffffL;
}

/* The rule's score of plan p (its cfg, split, parts and streamk asked):
 * the predicted busiest-SM cycles with the rule's penalties. Fills in the
 * rest of p: the split that holds any K, kslice, blocks, slots, cycles. */
static inline double mm_best_score(struct mm_best_plan *p, int M, int N, int K,
                                   const struct mm_best_machine *m)
{
    double t;
    if (p->streamk) {
        t = mm_best_predict_sk(p->cfg, M, N, K, m, &p->blocks) * MM_BEST_SK_PENALTY;
        p->split = 1, p->parts = 0, p->kslice = K, p->slots = m->slots_sk[p->cfg];
    } else {
        t = mm_best_predict(p->cfg, M, N, K, p->split, p->parts, m, &p->kslice, &p->blocks);
        p->split = (K + p->kslice - 1) / p->kslice;
        if (p->split > 1)
            t *= p->parts ? MM_BEST_PARTS_PENALTY : MM_BEST_SPLIT_PENALTY;
        p->parts = p->parts && p->split > 1;
        p->slots = mm_best_slots(m, p->cfg, M, N, K);
    }
    return p->cycles = t;
}

/* p->why: the pick's blocks and the waves of the grid launched, beside
 * the plain 128x128 tiles. */
static inline void mm_best_explain(struct mm_best_plan *p, int M, int N, int K,
                                   const struct mm_best_machine *m)
{
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[p->cfg];
    long slots = (long)m->sms * p->slots;
    size_t z = sizeof p->why;
    int n = snprintf(p->why, z, "%s tiles", ci->name);
    if (p->streamk) {
        long tiles = mm_best_tiles(ci, M, N);
        n += snprintf(p->why + n, z - n, ", stream-K: %ld tiles' K steps dealt to %ld "
                      "blocks, %.2f tiles each", tiles, p->blocks, (double)tiles / p->blocks);
    } else if (p->split > 1)
        n += snprintf(p->why + n, z - n, ", K in %d slices of %d%s", p->split, p->kslice,
                      p->parts ? " summed apart, then added up" : "");
    n += snprintf(p->why + n, z - n, ": %ld blocks for %ld slots on %d SMs (%.2f waves)",
                  p->blocks, slots, m->sms, (double)p->blocks / slots);
    int big = mm_best_runs(MM_BEST_128x128x16, M, N, K) ? MM_BEST_128x128x16 : MM_BEST_128x128;
    if (p->cfg != big || p->split > 1) {
        int ks;
        long nb;
        double t = mm_best_predict(big, M, N, K, 1, 0, m, &ks, &nb);
        snprintf(p->why + n, z - n, "; 128x128 unsplit: %ld blocks (%.2f waves), "
                 "predicted %.2fx the time", nb,
                 (double)nb / ((long)m->sms * mm_best_slots(m, big, M, N, K)), t / p->cycles);
    }
}

/* The rule: of the plans that may run (every configuration that runs this
 * problem, K in 1 to MM_BEST_MAX_SPLIT slices, into parts where the
 * atomic adds would be one float each; stream-K where eff_sk says), the one with
 * the fewest predicted cycles (ties to the earlier: the bigger tile, then
 * the smaller split, then no stream-K), and why, in words. */
static inline struct mm_best_plan mm_best_choose(int M, int N, int K,
                                                 const struct mm_best_machine *m)
{
    struct mm_best_plan best = {0, 1, 0, 0, K, 0, 0, 1e300, ""};
    for (int c = 0; c < MM_BEST_NCFG; c++) {
        if (!mm_best_runs(c, M, N, K))
            continue;
        for (int s = 1; s <= MM_BEST_MAX_SPLIT; s++) {
            if (s > 1 && K / s < MM_BEST_MIN_SLICE_PARTS)
                break;
            int may_part = s > 1 && !mm_best_whole(&mm_best_cfgs[c], M, N, K);
            for (int parts = 0; parts <= may_part; parts++) {
                if (!parts && s > 1 && K / s < MM_BEST_MIN_SLICE)
                    continue;
                struct mm_best_plan p = {c, s, parts, 0, 0, 0, 0, 0, ""};
                if (mm_best_score(&p, M, N, K, m) < best.cycles * 0.999)
                    best = p;
            }
        }
    }
    for (int c = 0; c < MM_BEST_NCFG; c++) {
        struct mm_best_plan p = {c, 1, 0, 1, 0, 0, 0, 0, ""};
        if (mm_best_sk_runs(m, c, M, N, K) && mm_best_score(&p, M, N, K, m) < best.cycles * 0.999)
            best = p;
    }
    mm_best_explain(&best, M, N, K, m);
    return best;
}

#endif
