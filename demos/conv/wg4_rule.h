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
 * warp factor says how much of the latency that many warps hide (as in
 * matmul's mm_best_rule.h); WG4_BLOCK_COST is a block's fixed cost (the
 * pipeline's first slices, the stores) counted in channels. conv/NOTES.md
 * has the measurements behind them. */
#ifndef CK_CONV_WG4_RULE_H
#define CK_CONV_WG4_RULE_H

struct wg4_tile_info {
    const char *name; /* "128x64": tiles (t) x filters (k) */
    int bt, bk;       /* block tile */
    int threads;      /* (bt / 8) x (bk / 8) */
    int slots;        /* blocks one SM holds at once (its launch bounds) */
    double eff;       /* throughput with every slot full, 128x64 = 1 */
};

enum { WG4_128x64, WG4_64x64, WG4_128x32, WG4_NTILES };

static const struct wg4_tile_info wg4_tiles[WG4_NTILES] = {
    {"128x64", 128, 64, 128, 4, 1.00},
    {"64x64", 64, 64, 64, 8, 0.90},
    {"128x32", 128, 32, 64, 6, 0.85},
};

#define WG4_MAX_SPLIT 4
#define WG4_BLOCK_COST 32.0

struct wg4_plan {
    int tile;  /* index into wg4_tiles */
    int split; /* parts of the channel sum, 1..WG4_MAX_SPLIT */
};

static inline double wg4_warp_factor(int warps)
{
    if (warps >= 16) return 1.0;
    if (warps >= 8) return 0.95;
    if (warps >= 4) return 0.75;
    return 0.75 * warps / 4.0;
}

/* The predicted time (arbitrary units) of tile i with the channel sum in
 * split parts, on Tp x Kp x 36 planes with Cp channels: the busiest SM's
 * blocks run `slots` at a time; a last, partly filled round has fewer
 * warps to hide latency with, so its blocks run slower (warp factor). */
static inline double wg4_round(const struct wg4_tile_info *t, long blocks, double work)
{
    return (double)blocks * work / wg4_warp_factor((int)(blocks * t->threads / 32));
}

static inline double wg4_cost(int i, int split, int tp, int kp, int cp, int sms)
{
    const struct wg4_tile_info *t = &wg4_tiles[i];
    long blocks = (long)(tp / t->bt) * (kp / t->bk) * 36 * split;
    long per_sm = (blocks + sms - 1) / sms;
    double work = (double)t->bt * t->bk * ((double)cp / split + WG4_BLOCK_COST) / t->eff;
    double full = (double)(per_sm / t->slots) * wg4_round(t, t->slots, work);
    return full + (per_sm % t->slots ? wg4_round(t, per_sm % t->slots, work) : 0.0);
}

/* The plan for Tp (a multiple of 128), Kp (of 64), Cp (of 16) on sms SMs:
 * a part gets at least 4 slices of 16 channels. */
static inline struct wg4_plan wg4_pick(int tp, int kp, int cp, int sms)
{
    struct wg4_plan best = {0, 1};
    double bc = wg4_cost(0, 1, tp, kp, cp, sms);
    for (int i = 0; i < WG4_NTILES; i++)
        for (int s = 1; s <= WG4_MAX_SPLIT && cp / 16 >= 4 * s; s++) {
            double c = wg4_cost(i, s, tp, kp, cp, sms);
            if (c < bc)
                bc = c, best.tile = i, best.split = s;
        }
    return best;
}

/* The same for a problem: N images, C channels, K filters, P x Q outputs
 * (the padding of 06_winograd4.cuh: tiles to 128, channels to 16, filters
 * to 64). */
static inline struct wg4_plan wg4_pick_shape(int n, int c, int k, int p, int q, int sms)
{
    long t = (long)n * ((p + 3) / 4) * ((q + 3) / 4);
    return wg4_pick((int)((t + 127) / 128 * 128), (k + 63) / 64 * 64, (c + 15) / 16 * 16,
                    sms);
}

#endif
