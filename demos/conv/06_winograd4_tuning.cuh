/* 06_winograd4_tuning.cuh: the tuning switches of rung 6 (06_winograd4.cuh),
 * kept out of the learner's file, for a tuning run:
 *   CK_CONV_WG4_TILE   1..3: the GEMM tile wg4_tiles[0..2] of wg4_rule.h
 *                      (128x64, 64x64, 128x32); 0 or unset: the rule's
 *   CK_CONV_WG4_SPLIT  1..WG4_MAX_SPLIT: the channel sum in that many
 *                      parts; 0 or unset: the rule's (for the rule's tile)
 *                      or 1
 * Include it before 06_winograd4.cuh. */
#ifndef CK_CONV_06_WINOGRAD4_TUNING_CUH
#define CK_CONV_06_WINOGRAD4_TUNING_CUH
#include <stdlib.h>
#include "wg4_rule.h"

static inline int wg4_env(const char *name, int hi)
{
    const char *e = getenv(name);
    int v = e ? atoi(e) : 0;
    return v >= 1 && v <= hi ? v : 0;
}

static inline struct wg4_plan wg4_tuned_pick(int tp, int kp, int cp,
                                             const struct wg4_machine *m)
{
    struct wg4_plan p = wg4_pick(tp, kp, cp, m);
    int tile = wg4_env("CK_CONV_WG4_TILE", WG4_NTILES);
    int split = wg4_env("CK_CONV_WG4_SPLIT", WG4_MAX_SPLIT);
    if (tile)
        p.tile = tile - 1, p.split = 1;
    if (split)
        p.split = split < cp / 16 ? split : cp / 16;
    return p;
}
#define WG4_CHOOSE(tp, kp, cp, m) wg4_tuned_pick(tp, kp, cp, m)

#endif
