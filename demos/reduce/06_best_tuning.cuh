// 06_best_tuning.cuh: other shapes of rung 6 for tuning only, chosen with
// CK_RD_BEST_CFG=i (demos/scripts/rd_tune.sh times them all beside CUB);
// 0, the default, is the shape 06_best.cuh ships; i counts rd_best_cfgs'
// rows from 0, and any other value is refused (reduce exits 2, naming it).
// Not part of the lesson.
#pragma once
#include "06_best.cuh"

struct rd_best_cfg {
    int block, unroll;
    void (*kernel)(long long, const float *, float *, unsigned *, float *);
};

static const struct rd_best_cfg rd_best_cfgs[] = {
    {512, 4, &rd_best_kernel_t<512, 4>},
    {256, 4, &rd_best_kernel_t<256, 4>},
    {1024, 4, &rd_best_kernel_t<1024, 4>},
    {512, 2, &rd_best_kernel_t<512, 2>},
    {512, 8, &rd_best_kernel_t<512, 8>},
    {256, 8, &rd_best_kernel_t<256, 8>},
    {1024, 2, &rd_best_kernel_t<1024, 2>},
};
#define RD_BEST_NCFG (int)(sizeof rd_best_cfgs / sizeof *rd_best_cfgs)
