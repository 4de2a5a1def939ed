// mm_wgmma.cu: the wgmma-tma rung (07_wgmma_tma.cuh) in a file of its own,
// because it alone is compiled for sm_90a (demos/demos.mk: MM_WGMMA_SM90A=1
// when the build targets sm_90); elsewhere its kernel is a stub and the
// host declines the rung (mm_run.c asks mm_gpu_has_wgmma()).
#include "mm_gpu.h"
#include "07_wgmma_tma.cuh"

#ifndef MM_WGMMA_SM90A
#define MM_WGMMA_SM90A 0
#endif

// Bt (and A's copy), kept between calls and grown on demand: file-scope
// state, because a rung's launcher takes only the problem (mm_args, which
// the CPU emulation shares); mm_gpu_close() frees it (mm_wgmma_release).
static struct ck_workspace wg_ws;

int mm_wgmma_tma(const struct mm_args *a, struct ck_err *err)
{
    return mm_wgmma_run<wg_cfg>(a, &wg_ws, err);
}

void mm_wgmma_release(void) { ck_workspace_free(&wg_ws); }

extern "C" int mm_gpu_has_wgmma(void) { return MM_WGMMA_SM90A; }
