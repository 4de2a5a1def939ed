// 05_best_tuning.cuh: the tuning scaffolding of rung 5 (05_best.cuh), kept
// out of the learner's file: the CK_MM_BEST_CFG, CK_MM_BEST_SPLIT and
// CK_MM_BEST_PARTS switches that force one configuration, split and way of
// adding the slices for a tuning run (demos/scripts/mm_tune.sh).
// The demo without them runs mm_best(), whose rule is in mm_best_rule.h.
//
//   CK_MM_BEST_CFG   1..5: mm_best_cfgs[0..4] of mm_best_rule.h
//                    (128x128/BK16, 128x128, 128x64, 64x64, 64x64/8x4);
//                    0 or unset: the rule's choice. (64x128, below 128x64
//                    at most sizes measured, and 128x256 with 8x16 per
//                    thread, 68.5% of cuBLAS at 4096^3, were measured here
//                    and taken out: matmul/NOTES.md; each was kernels of
//                    its own in every build.)
//   CK_MM_BEST_SPLIT K cut into this many slices (1: none); -1: stream-K
//                    over one block per slot; 0 or unset: the rule's split
//                    (for the rule's configuration) or 1.
//   CK_MM_BEST_PARTS 1: a split writes each slice's sums into a workspace
//                    and adds the parts up after, instead of atomicAdd
//                    into C; 0 or unset: atomicAdd for a forced split, the
//                    rule's way for its own.
// Read in mm_gpu_open (mm_gpu.cu); any other value is refused there, named
// on stderr (matmul exits 2), rather than quietly running the rule's pick.
// 128x128/BK16 runs only at whole 128x128x16 tiles (BK 16 spills registers
// in the bounds-checked kernel); elsewhere it runs 128x128 BK 8.
#ifndef MM_05_BEST_TUNING_CUH
#define MM_05_BEST_TUNING_CUH
#include "05_best.cuh"

static inline int mm_best_tune(const struct mm_args *a, int cfg, int split, int parts,
                               struct ck_err *err)
{
    const struct mm_best_machine m = mm_best_machine_of(a);
    struct mm_best_plan p = mm_best_choose(a->M, a->N, a->K, &m);
    int c = cfg >= 1 && cfg <= MM_BEST_NCFG ? cfg - 1 : p.cfg;
    bool whole = mm_best_whole(&mm_best_cfgs[MM_BEST_128x128x16], a->M, a->N, a->K);
    if (c == MM_BEST_128x128x16 && !whole)
        c = MM_BEST_128x128;
    if (split < 0 || (split == 0 && cfg == 0 && p.streamk)) {
        return mm_best_run(a, c, a->K, err, (int)mm_best_sk_grid(&m, c, a->M, a->N, a->K));
    }
    int s = split >= 1 ? split : (cfg == 0 ? p.split : 1);
    int kslice = (a->K + s - 1) / s;
    // parts: forced on by CK_MM_BEST_PARTS=1, else the rule's where it
    // chose the split too
    bool in_parts = parts != 0 || (cfg == 0 && split == 0 && p.parts);
    return mm_best_run(a, c, kslice, err, 0, in_parts);
}

#endif
