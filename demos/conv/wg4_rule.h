/* wg4_rule.h: how rung 6 (06_winograd4.cuh) plans its 36 GEMMs: which
 * block tile, and into how many parts the channel sum is cut. Plain C, no
 * CUDA, so the launcher, the tuning header, the traffic model and the CPU
 * tests read the same rule.
 *
 * The GEMMs are Kp x Tp with a Cp-long channel sum, one per Winograd
 * plane. At conv2_x (T = 6272 tiles, C = 64) a 128 x 64 block tile makes
 * 1764 blocks, 3.3 waves of an H200's 528 slots; at the 7x7 stage (T = 128,
 * C = 512) only 288, half a wave, each with a long channel sum. Two ways to
 * more blocks: a smaller tile (more loads per multiply-add), or cutting
 * the channel sum into `split` parts, each writing its own partial M that
 * the output transform adds up (more M traffic). The rule predicts the
 * busiest SM's time for each plan and takes the shortest:
 *
 *   blocks   = (Tp / bt) x (Kp / bk) x 36 x split
 *   per SM   = ceil(blocks / SMs), run in rounds of `slots` blocks and a
 *              last round of the rest
 *   a block  = bt x bk x (Cp / split + WG4_BLOCK_COST) / eff
 *   a round  = its blocks x a block / warp factor (its blocks' warps)
 *   time     = the sum of the rounds
 *
 * eff is the tile's throughput with every slot full (128 x 64 = 1); the
 * warp factor says how much of the latency that many warps hide (the same
 * function as matmul's mm_best_rule.h: common/sm_fill.h); WG4_BLOCK_COST
 * is a block's fixed cost (the pipeline's first slices, the stores)
 * counted in channels. conv/NOTES.md has the measurements behind them.
 * The SMs and the blocks each holds come from the GPU (struct
 * wg4_machine: 06_winograd4.cuh asks the runtime); the CPU model takes
 * the H200's, wg4_h200. */
#ifndef CK_CONV_WG4_RULE_H
#define CK_CONV_WG4_RULE_H

#include "../common/sm_fill.h"

/* The GEMM tiles, one row each:
 *   X(ENUM, name, bt, bk, slots, eff)
 *     ENUM   WG4_<ENUM>, the row's index
 *     name   "128x64": tiles (t) x filters (k)
 *     bt, bk the block tile; a block has (bt / 8) x (bk / 8) threads
 *     slots  the kernel's launch bounds (06_winograd4.cuh instantiates it
 *            with them): the blocks one SM holds at once on the H200, the
 *            CPU model's fallback
 *     eff    throughput with every slot full, 128x64 = 1 */
#define WG4_TILES(X)                                                           \
    X(128x64, "128x64", 128, 64, 4, 1.00)                                      \
    X(64x64, "64x64", 64, 64, 8, 0.90)                                         \
    X(128x32, "128x32", 128, 32, 6, 0.85)

struct wg4_tile_info {
    const char *name;
    int bt, bk;
    int threads; /* (bt / 8) x (bk / 8) */
    double eff;
};

enum {
#define WG4_ENUM_(e, ...) WG4_##e,
    WG4_TILES(WG4_ENUM_)
#undef WG4_ENUM_
    WG4_NTILES
};

#define WG4_INFO_(e, name, bt, bk, slots, eff) {name, bt, bk, (bt / 8) * (bk / 8), eff},
static const struct wg4_tile_info wg4_tiles[WG4_NTILES] = {WG4_TILES(WG4_INFO_)};
#undef WG4_INFO_

/* What the rule knows of the GPU: its SMs, and the blocks of each tile's
 * GEMM kernel one SM holds at once. */
struct wg4_machine {
    int sms;
    int slots[WG4_NTILES];
};

/* The CPU model's machine: an H200's figures (the named fallback). */
#define WG4_SLOTS_(e, name, bt, bk, slots, eff) slots,
static const struct wg4_machine wg4_h200 = {CK_H200_SMS, {WG4_TILES(WG4_SLOTS_)}};
#undef WG4_SLOTS_

#define WG4_MAX_SPLIT 4
#define WG4_BLOCK_COST 32.0

struct wg4_plan {
    int tile;  /* index into wg4_tiles */
    int split; /* parts of the channel sum, 1..WG4_MAX_SPLIT */
};

/* The predicted time (arbitrary units) of tile i with the channel sum in
 * split parts, on Tp x Kp x 36 planes with Cp channels: the busiest SM's
 * blocks run `slots` at a time; a last, partly filled round has fewer
 * warps to hide latency with, so its blocks run slower (warp factor). */
static inline double wg4_round(const struct wg4_tile_info *t, long blocks, double work)
{
    return (double)blocks * work / ck_warp_factor((int)(blocks * t->threads / 32));
}

static inline double wg4_cost(int i, int split, int tp, int kp, int cp,
                              const struct wg4_machine *m)
{
    const struct wg4_tile_info *t = &wg4_tiles[i];
    const int slots = m->slots[i];
    long blocks = (long)(tp / t->bt) * (kp / t->bk) * 36 * split;
    long per_sm = (blocks + m->sms - 1) / m->sms;
    double work = (double)t->bt * t->bk * ((double)cp / split + WG4_BLOCK_COST) / t->eff;
    double full = (double)(per_sm / slots) * wg4_round(t, slots, work);
    return full + (per_sm % slots ? wg4_round(t, per_sm % slots, work) : 0.0);
}

/* The plan for Tp (a multiple of 128), Kp (of 64), Cp (of 16) on machine
 * m: a part gets at least 4 slices of 16 channels. */
static inline struct wg4_plan wg4_pick(int tp, int kp, int cp, const struct wg4_machine *m)
{
    struct wg4_plan best = {0, 1};
    double bc = wg4_cost(0, 1, tp, kp, cp, m);
    for (int i = 0; i < WG4_NTILES; i++)
        for (int s = 1; s <= WG4_MAX_SPLIT && cp / 16 >= 4 * s; s++) {
            double c = wg4_cost(i, s, tp, kp, cp, m);
            if (c < bc)
                bc = c, best.tile = i, best.split = s;
        }
    return best;
}

/* The same for a problem: N images, C channels, K filters, P x Q outputs
 * (the padding of 06_winograd4.cuh: tiles to 128, channels to 16, filters
 * to 64). */
static inline struct wg4_plan wg4_pick_shape(int n, int c, int k, int p, int q,
                                             const struct wg4_machine *m)
{
    long t = (long)n * ((p + 3) / 4) * ((q + 3) / 4);
    return wg4_pick((int)((t + 127) / 128 * 128), (k + 63) / 64 * 64, (c + 15) / 16 * 16, m);
}

#endif
