// 05_best_tuning.cuh: the tuning scaffolding of rung 5 (05_best.cuh), kept
// out of the learner's file: the other configurations measured, and the
// CK_MM_BEST_CFG switch that picks one for a tuning run
// (demos/scripts/mm_tune.sh). The demo itself always runs mm_best().
//
// Configurations measured on the H200 at 4096^3 (% of cuBLAS FP32; 8192 x
// 8192 x 4096 in brackets); 0 is the shipped choice:
//   0: 128x128, BK 16 (two 8-deep staging chunks, one barrier per 16 k),
//      2 blocks/SM ............................................ 90.6 (93.0)
//   1: 128x128, BK 8 (one barrier per 8 k) .................... 87.8 (89.0)
//   2: as 0, tile order grouped by 16 rows instead of 8 ....... 90.6 (93.0)
//   3: 128x256, 8x16 per thread, ~230 registers, 1 block/SM ... 68.5 (69.0)
#ifndef MM_05_BEST_TUNING_CUH
#define MM_05_BEST_TUNING_CUH
#include "05_best.cuh"

// Configuration cfg at sizes of whole 128x128x16 tiles; anything else runs
// what mm_best() runs.
static int mm_best_tune(const struct mm_args *a, int cfg, struct ck_err *err)
{
    bool full = a->M % 128 == 0 && a->N % 128 == 0 && a->K % 16 == 0;
    if (!full)
        return mm_best(a, err);
    switch (cfg) {
    case 1: return mm_best_cfg<128, 128, 8, 8>(a, err);
    case 2: return mm_best_cfg<128, 128, 16, 8, 16>(a, err);
    case 3: return mm_best_cfg<128, 256, 8, 16>(a, err);
    default: return mm_best(a, err);
    }
}

#endif
