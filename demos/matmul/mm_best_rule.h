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
 * and 1024^3 runs (matmul/NOTES.md), the cost of zeroing C to its measured
 * saving when the product starts under the zeroing (launched early, 05_best.cuh). */
#ifndef MM_BEST_RULE_H
#define MM_BEST_RULE_H

#include <stdio.h>

struct mm_best_cfg_info {
    const char *name;  /* "128x64", shown in the record */
    int bm, bn, bk;    /* block tile and depth */
    int tn;            /* outputs per thread: 8 rows x tn columns */
    int slots;         /* blocks of it one SM holds at once (registers) */
    int slots_edge;    /* the same for the bounds-checked kernel (M, N or
                          K not whole tiles), which needs more registers */
    double eff;        /* throughput with every slot full, cuBLAS = 1 */
    int need_whole;    /* 1: only when M, N, K are whole tiles (BK 16 spills
                          registers in the bounds-checked kernel) */
};

enum { MM_BEST_128x128x16, MM_BEST_128x128, MM_BEST_128x64, MM_BEST_64x64,
       MM_BEST_64x64x4, MM_BEST_NCFG };

static const struct mm_best_cfg_info mm_best_cfgs[MM_BEST_NCFG] = {
    {"128x128/BK16", 128, 128, 16, 8, 2, 2, 0.93, 1},
    {"128x128", 128, 128, 8, 8, 2, 2, 0.89, 0},
    {"128x64", 128, 64, 8, 8, 4, 3, 0.79, 0},
    {"64x64", 64, 64, 8, 8, 6, 6, 0.75, 0},
    {"64x64/8x4", 64, 64, 8, 4, 5, 4, 0.80, 0},
};

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

/* How many of an SM's 4 warp schedulers' cycles a block mix keeps busy,
 * by resident warps: one warp per scheduler hides only part of the latency
 * of shared-memory reads and barriers. */
static inline double mm_best_warp_factor(int warps)
{
    if (warps >= 16) return 1.0;
    if (warps >= 8) return 0.95;
    if (warps >= 4) return 0.75;
    return 0.75 * warps / 4.0;
}

struct mm_best_plan {
    int cfg;       /* index into mm_best_cfgs */
    int split;     /* K cut into this many slices (1: none) */
    int parts;     /* 1: the slices' sums in a workspace's parts, added up
                      after (split > 1); 0: added into C with atomicAdd */
    int streamk;   /* 1: stream-K over `blocks` blocks (split is 1) */
    int kslice;    /* K per slice, a multiple of the configuration's BK */
    long blocks;   /* tiles x split, or the stream-K grid */
    double cycles; /* predicted busiest-SM cycles (the rule's score) */
    char why[240]; /* one line for the learner */
};

/* Warps in a block of c (8 x tn outputs a thread). */
static inline int mm_best_block_warps(const struct mm_best_cfg_info *c)
{
    return c->bm * c->bn / (8 * c->tn) / 32;
}

/* Cycles w resident warps of c take to sum k steps of K each:
 * their multiply-adds on an SM's 128 lanes, over c's efficiency and how
 * well that many warps hide latency (an 8x4 warp counted as half). */
static inline double mm_best_sum_cycles(const struct mm_best_cfg_info *c, int w, double k)
{
    double fma_cycles = (double)w * 32 * 8 * c->tn * k / 128.0;
    return fma_cycles / (c->eff * mm_best_warp_factor(w * c->tn / 8));
}

/* 1: M, N and K are whole tiles of c (its unchecked kernel runs). */
static inline int mm_best_whole(const struct mm_best_cfg_info *c, int M, int N, int K)
{
    return M % c->bm == 0 && N % c->bn == 0 && K % c->bk == 0;
}

/* Blocks of c one SM holds for this problem. */
static inline int mm_best_slots(const struct mm_best_cfg_info *c, int M, int N, int K)
{
    return mm_best_whole(c, M, N, K) ? c->slots : c->slots_edge;
}

/* The predicted cycles of configuration c with K cut in `split` (into a
 * workspace's parts, added up after, with `parts`). */
static inline double mm_best_predict(const struct mm_best_cfg_info *c, int M,
                                     int N, int K, int split, int parts, int sms,
                                     int *kslice, long *blocks)
{
    int bk = c->bk;
    int ks = ((K + split - 1) / split + bk - 1) / bk * bk;
    int used = (K + ks - 1) / ks; /* slices that hold any K */
    long tiles = (long)((M + c->bm - 1) / c->bm) * ((N + c->bn - 1) / c->bn);
    long nb = tiles * used;
    long per_sm = (nb + sms - 1) / sms;
    int slots = mm_best_slots(c, M, N, K);
    int warps_per_block = mm_best_block_warps(c);
    double t = 0.0;
    if (used > 1 && parts) {
        /* the reduction reads each part's M rows of N rounded up to 4, writes C */
        double rows = (double)M * ((N + 3) / 4 * 4);
        t += MM_BEST_REDUCE_COST + 4.0 * (used * rows + (double)M * N) / sms / MM_BEST_REDUCE_BPC;
    } else if (used > 1) {
        t += MM_BEST_ZERO_COST;
        if (!mm_best_whole(c, M, N, K))
            t += MM_BEST_EDGE_ADD_COST * used * ((double)M * N) / sms; /* one float at a time */
    }
    for (long left = per_sm; left > 0; left -= slots) {
        int b = left < slots ? (int)left : slots;
        t += mm_best_sum_cycles(c, b * warps_per_block, ks) + MM_BEST_ROUND_COST;
    }
    *kslice = ks;
    *blocks = nb;
    return t;
}

/* The predicted cycles of configuration c as stream-K: one block per slot
 * on every SM, each summing an equal run of the tiles' BK-deep steps, so
 * every SM works to the end; each segment of a run (a tile's part) pays
 * the fixed cost, and C is zeroed first. */
static inline double mm_best_predict_sk(const struct mm_best_cfg_info *c, int M,
                                        int N, int K, int sms, long *blocks)
{
    /* at BK 8 stream-K runs the bounds-checked kernel even at whole tiles
     * (05_best.cuh), which holds fewer blocks */
    int slots = c->bk == 8 ? c->slots_edge : mm_best_slots(c, M, N, K);
    long steps = (K + c->bk - 1) / c->bk;
    long tiles = (long)((M + c->bm - 1) / c->bm) * ((N + c->bn - 1) / c->bn);
    long total = tiles * steps, grid = (long)sms * slots;
    if (grid > total)
        grid = total;
    long per = (total + grid - 1) / grid; /* steps per block */
    long segs = per / steps + 2;          /* tiles a run touches, at most */
    *blocks = grid;
    return MM_BEST_ZERO_COST + mm_best_sum_cycles(c, slots * mm_best_block_warps(c), per * c->bk) +
           MM_BEST_ROUND_COST * segs;
}

/* The rule: the configuration and split with the fewest predicted cycles
 * (ties to the bigger tile, then the smaller split), and why, in words. A
 * split counts 10% worse than predicted: its atomic adds cost more than
 * plain stores, and its sums are added in no fixed order. */
#define MM_BEST_SPLIT_PENALTY 1.10
#define MM_BEST_PARTS_PENALTY 1.05 /* plain stores, a fixed order: less unknown */
#define MM_BEST_SK_PENALTY 1.05 /* fewer parts to add than a split */
#define MM_BEST_SK_MIN_STEPS 128 /* BK-deep steps a stream-K block sums, at least */
static inline struct mm_best_plan mm_best_choose(int M, int N, int K, int sms)
{
    struct mm_best_plan p = {0, 1, 0, 0, K, 0, 1e300, ""};
    if (sms <= 0)
        sms = 132; /* unknown: the H200's */
    int whole = mm_best_whole(&mm_best_cfgs[MM_BEST_128x128x16], M, N, K);
    for (int c = 0; c < MM_BEST_NCFG; c++) {
        const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
        if (ci->need_whole && !whole)
            continue;
        for (int s = 1; s <= MM_BEST_MAX_SPLIT; s++) {
            if (s > 1 && K / s < MM_BEST_MIN_SLICE_PARTS)
                break;
            /* parts only where the atomic adds would be one float each */
            for (int parts = 0; parts <= (s > 1 && !mm_best_whole(ci, M, N, K)); parts++) {
                if (!parts && s > 1 && K / s < MM_BEST_MIN_SLICE)
                    continue;
                int ks;
                long nb;
                double t = mm_best_predict(ci, M, N, K, s, parts, sms, &ks, &nb);
                if ((K + ks - 1) / ks > 1)
                    t *= parts ? MM_BEST_PARTS_PENALTY : MM_BEST_SPLIT_PENALTY;
                if (t < p.cycles * 0.999) {
                    p.cfg = c, p.split = (K + ks - 1) / ks, p.kslice = ks;
                    p.parts = parts && p.split > 1;
                    p.blocks = nb, p.cycles = t;
                }
            }
        }
    }
    /* stream-K: atomic adds for the tiles' parts, as a split */
    for (int c = 0; c < MM_BEST_NCFG; c++) {
        const struct mm_best_cfg_info *ci = &mm_best_cfgs[c];
        if (ci->need_whole && !whole)
            continue;
        long nb, tiles = (long)((M + ci->bm - 1) / ci->bm) * ((N + ci->bn - 1) / ci->bn);
        long steps = tiles * ((K + ci->bk - 1) / ci->bk);
        if (steps / ((long)sms * mm_best_slots(ci, M, N, K)) < MM_BEST_SK_MIN_STEPS ||
            steps >= 0x7fffffffL)
            continue; /* short runs: nearly every output an atomic add */
        double t = mm_best_predict_sk(ci, M, N, K, sms, &nb) * MM_BEST_SK_PENALTY;
        if (t < p.cycles * 0.999) {
            p.cfg = c, p.split = 1, p.parts = 0, p.streamk = 1, p.kslice = K;
            p.blocks = nb, p.cycles = t;
        }
    }
    /* stream-K at BK 16 runs as BK 8: BK 16's stream-K kernel sums one tile
     * a turn (05_best.cuh: two a turn spill there), and at ten whole-tile
     * shapes it read 0.9 to 4.5 points of cuBLAS below BK 8's stream-K on
     * the H200, the same grid (matmul/NOTES.md) */
    if (p.streamk && mm_best_cfgs[p.cfg].bk == 16) {
        p.cfg = MM_BEST_128x128;
        mm_best_predict_sk(&mm_best_cfgs[p.cfg], M, N, K, sms, &p.blocks);
    }
    /* why: this choice's blocks and waves, beside the plain 128x128 tiles */
    const struct mm_best_cfg_info *ci = &mm_best_cfgs[p.cfg];
    long slots = (long)sms * mm_best_slots(ci, M, N, K);
    int n = snprintf(p.why, sizeof p.why, "%s tiles", ci->name);
    if (p.streamk) {
        long tiles = (long)((M + ci->bm - 1) / ci->bm) * ((N + ci->bn - 1) / ci->bn);
        n += snprintf(p.why + n, sizeof p.why - n, ", stream-K: %ld tiles' K "
                      "steps dealt to %ld blocks, %.2f tiles each", tiles,
                      p.blocks, (double)tiles / p.blocks);
    } else if (p.split > 1)
        n += snprintf(p.why + n, sizeof p.why - n, ", K in %d slices of %d%s",
                      p.split, p.kslice, p.parts ? " summed apart, then added up" : "");
    n += snprintf(p.why + n, sizeof p.why - n, ": %ld blocks for %ld slots on "
                  "%d SMs (%.2f waves)", p.blocks, slots, sms,
                  (double)p.blocks / slots);
    const struct mm_best_cfg_info *big = &mm_best_cfgs[whole ? 0 : 1];
    if (ci != big || p.split > 1) {
        int ks;
        long nb;
        double t = mm_best_predict(big, M, N, K, 1, 0, sms, &ks, &nb);
        snprintf(p.why + n, sizeof p.why - n, "; 128x128 unsplit: %ld blocks "
                 "(%.2f waves), predicted %.2fx the time", nb,
                 (double)nb / ((long)sms * mm_best_slots(big, M, N, K)),
                 t / p.cycles);
    }
    return p;
}

#endif
