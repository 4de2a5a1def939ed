/* wg4_rule.h: how rung 6 (06_winograd4.cuh) picks the tile of its 36
 * GEMMs: plain C, no CUDA, so the launcher, the tuning header and the CPU
 * tests read the same rule.
 *
 * The GEMMs are Kp x Tp with a Cp-long reduction, one per Winograd plane.
 * At conv2_x (T = 6272 tiles) a 128 x 64 block tile makes 1764 blocks, 3.3
 * waves; at the 7x7 stage (T = 128) it makes 288, half a wave of an H200's
 * 528 slots. Every tile gives each thread 8 x 8 outputs; a smaller one
 * makes more blocks but loads more per multiply-add. The rule predicts the
 * busiest SM's time for each tile and takes the shortest:
 *
 *   per SM   = ceil(blocks / SMs) blocks of bt x bk outputs each
 *   time     = per SM x bt x bk / (eff x warp factor)
 *   warps    = the warps of min(per SM, slots) blocks resident at once
 *
 * eff is the tile's throughput with every slot full (128 x 64 = 1); the
 * warp factor says how much of the latency that many warps hide (as in
 * matmul's mm_best_rule.h). conv/NOTES.md has the measurements behind
 * them. */
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

static inline double wg4_warp_factor(int warps)
{
    if (warps >= 16) return 1.0;
    if (warps >= 8) return 0.95;
    if (warps >= 4) return 0.75;
    return 0.75 * warps / 4.0;
}

/* The predicted time (arbitrary units) of tile i on Tp x Kp x 36 planes. */
static inline double wg4_cost(int i, int tp, int kp, int sms)
{
    const struct wg4_tile_info *t = &wg4_tiles[i];
    long blocks = (long)(tp / t->bt) * (kp / t->bk) * 36;
    long per_sm = (blocks + sms - 1) / sms;
    long resident = per_sm < t->slots ? per_sm : t->slots;
    int warps = (int)(resident * t->threads / 32);
    return (double)per_sm * t->bt * t->bk / (t->eff * wg4_warp_factor(warps));
}

/* The tile for Tp (a multiple of 128) and Kp (of 64) on sms SMs. */
static inline int wg4_pick(int tp, int kp, int sms)
{
    int best = 0;
    for (int i = 1; i < WG4_NTILES; i++)
        if (wg4_cost(i, tp, kp, sms) < wg4_cost(best, tp, kp, sms))
            best = i;
    return best;
}

#endif
