// mm_wgmma.cu: the wgmma-tma rung (07_wgmma_tma.cuh) in a file of its own,
// because it alone is compiled for sm_90a (demos/demos.mk: MM_WGMMA_SM90A=1
// when the build targets sm_90); elsewhere its kernel is a stub and the
// host declines the rung (mm_run.c asks mm_gpu_has_wgmma()).
#include <stdlib.h>
#include "mm_gpu.h"
#include "07_wgmma_tma.cuh"
#include "07_wgmma_tma_rs.cuh"

#ifndef MM_WGMMA_SM90A
#define MM_WGMMA_SM90A 0
#endif

// The configurations: 128 x BN tiles (two consumer warpgroups of 64 x BN),
// 4 stages of 32 KiB (BN 128) or 48 KiB (BN 256, setmaxnreg giving the
// consumers the registers), one tile per block or persistent blocks, alone
// or in clusters of two sharing B. CK_MM_WGMMA_CFG=1..6 forces one (a
// tuning run); 0 or unset: the default.
using wg_cfg128 = wg_cfg_t<128, 4>;
using wg_cfg256 = wg_cfg_t<256, 4>;
using wg_cfg128p = wg_cfg_t<128, 4, true>;
using wg_cfg256p = wg_cfg_t<256, 4, true>;
using wg_cfg256c = wg_cfg_t<256, 4, false, 2>;
using wg_cfg256pc = wg_cfg_t<256, 4, true, 2>;
#define MM_WGMMA_DEFAULT 2
using wg_rs = wg_rs_cfg_t<4>;
using wg_rs_p = wg_rs_cfg_t<4, true>;
using wg_rs_c = wg_rs_cfg_t<4, false, 2>;
using wg_rs_pc = wg_rs_cfg_t<4, true, 2>;
#define MM_WGMMA_NCFG 10

static struct wg_workspace wg_ws;

int mm_wgmma_tma(const struct mm_args *a, struct ck_err *err)
{
    static int cfg = -1;
    if (cfg < 0) {
        const char *e = getenv("CK_MM_WGMMA_CFG");
        int f = e ? atoi(e) : 0;
        cfg = f >= 1 && f <= MM_WGMMA_NCFG ? f : MM_WGMMA_DEFAULT;
    }
    switch (cfg) {
    case 1: return mm_wgmma_run<wg_cfg128>(a, &wg_ws, err);
    case 3: return mm_wgmma_run<wg_cfg128p>(a, &wg_ws, err);
    case 4: return mm_wgmma_run<wg_cfg256p>(a, &wg_ws, err);
    case 5: return mm_wgmma_run<wg_cfg256c>(a, &wg_ws, err);
    case 6: return mm_wgmma_run<wg_cfg256pc>(a, &wg_ws, err);
    case 7: return mm_wgmma_rs_run<wg_rs>(a, &wg_ws, err);
    case 8: return mm_wgmma_rs_run<wg_rs_p>(a, &wg_ws, err);
    case 9: return mm_wgmma_rs_run<wg_rs_c>(a, &wg_ws, err);
    case 10: return mm_wgmma_rs_run<wg_rs_pc>(a, &wg_ws, err);
    default: return mm_wgmma_run<wg_cfg256>(a, &wg_ws, err);
    }
}

void mm_wgmma_release(void)
{
    cudaFree(wg_ws.p);
    wg_ws.p = NULL;
    wg_ws.bytes = 0;
}

extern "C" int mm_gpu_has_wgmma(void) { return MM_WGMMA_SM90A; }
