// mm_wgmma.cu: the wgmma-tma rung (07_wgmma_tma.cuh) in a file of its own,
// because it alone is compiled for sm_90a (demos/demos.mk: MM_WGMMA_SM90A=1
// when the build targets sm_90); elsewhere its kernel is a stub and the
// host declines the rung (mm_run.c asks mm_gpu_has_wgmma()).
#include <stdlib.h>
#include "mm_gpu.h"
#include "07_wgmma_tma.cuh"

#ifndef MM_WGMMA_SM90A
#define MM_WGMMA_SM90A 0
#endif

// 128x128 tiles (two consumer warpgroups of 64x128) and 4 stages of
// 32 KiB; CK_MM_WGMMA_BN=256 (a tuning run) picks 128x256 tiles, 4 stages
// of 48 KiB, with setmaxnreg giving the consumers the registers.
using wg_cfg128 = wg_cfg_t<128, 4>;
using wg_cfg256 = wg_cfg_t<256, 4>;

static struct wg_workspace wg_ws;

int mm_wgmma_tma(const struct mm_args *a, struct ck_err *err)
{
    static int bn = -1;
    if (bn < 0) {
        const char *e = getenv("CK_MM_WGMMA_BN");
        bn = e && atoi(e) == 256 ? 256 : 128;
    }
    if (bn == 256)
        return mm_wgmma_run<wg_cfg256>(a, &wg_ws, err);
    return mm_wgmma_run<wg_cfg128>(a, &wg_ws, err);
}

void mm_wgmma_release(void)
{
    cudaFree(wg_ws.p);
    wg_ws.p = NULL;
    wg_ws.bytes = 0;
}

extern "C" int mm_gpu_has_wgmma(void) { return MM_WGMMA_SM90A; }
