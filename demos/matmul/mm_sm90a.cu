// mm_sm90a.cu: the matmul code that needs sm_90a (wgmma, setmaxnreg), in a
// file of its own because it alone is compiled for sm_90a (demos/demos.mk:
// MM_SM90A=1 when the build targets sm_90): the wgmma-tma rung
// (08_wgmma_tma.cuh), its 16-bit twins wgmma-fp16 and wgmma-bf16
// (10_wgmma_fp16.cuh) and the tf32-mma rung's TMA feed
// (07_tf32_mma_tma.cuh). Elsewhere the wgmma kernel is a stub and the host
// declines that rung (mm_run.c asks mm_gpu_has_sm90a()), and tf32-mma runs
// its cp.async kernel (07_tf32_mma.cuh) from mm_gpu.cu.
#include "mm_gpu.h"
#include "07_tf32_mma_tma.cuh"
#include "08_wgmma_tma.cuh"
#include "08_wgmma_tma_rs.cuh"
#include "10_wgmma_fp16.cuh"

#ifndef MM_SM90A
#define MM_SM90A 0
#endif

// Bt (and A's copy), kept between calls and grown on demand: file-scope
// state, because a rung's launcher takes only the problem (mm_args, which
// the CPU emulation shares); mm_gpu_close() frees it (mm_wgmma_release).
static struct ck_workspace wg_ws;

// Whether the wgmma rungs run persistent (a block per SM, each taking tile
// after tile: wg_grid) or a block per tile, as measured (NOTES.md).
#define WG_PERSIST true

int mm_wgmma_tma(const struct mm_args *a, struct ck_err *err)
{
    return mm_wgmma_run<wg_cfg>(a, WG_PERSIST, &wg_ws, err);
}

// The 16-bit rungs (10_wgmma_fp16.cuh): the same workspace, for A or B
// copied with rows 16 bytes apart.
int mm_wgmma_fp16(const struct mm_args *a, struct ck_err *err)
{
    return mm_wgmma16_run<wg16_cfg>(a, WG_PERSIST, &wg_ws, err);
}

int mm_wgmma_bf16(const struct mm_args *a, struct ck_err *err)
{
    return mm_wgmma16_run<wgb16_cfg>(a, WG_PERSIST, &wg_ws, err);
}

// A tuning run (CK_MM_WG_GRID, CK_MM_WG_RS; mm_gpu.cu): rung v (wgmma-tma,
// -fp16 or -bf16) with a block per tile (grid 1) or per SM (grid 2; 0: as
// the rung), and wgmma-tma without its transpose (rs 1: C^T = B^T A^T, B
// from registers, 08_wgmma_tma_rs.cuh).
int mm_wgmma_tune(int v, const struct mm_args *a, int grid, int rs, struct ck_err *err)
{
    const bool persist = grid ? grid == 2 : WG_PERSIST;
    if (v == MM_WGMMA_TMA && rs)
        return mm_wgmma_rs_run<wgrs_cfg>(a, persist, &wg_ws, err);
    if (v == MM_WGMMA_FP16)
        return mm_wgmma16_run<wg16_cfg>(a, persist, &wg_ws, err);
    if (v == MM_WGMMA_BF16)
        return mm_wgmma16_run<wgb16_cfg>(a, persist, &wg_ws, err);
    return mm_wgmma_run<wg_cfg>(a, persist, &wg_ws, err);
}

void mm_wgmma_release(void) { ck_workspace_free(&wg_ws); }

// The tf32-mma rung's TMA feed (mm_gpu.cu's mm_tf32_mma_rung calls it on
// an sm_90 GPU; where the feed does not apply, K or N not a multiple of 4,
// it runs the cp.async kernel, here compiled for sm_90a).
int mm_tf32_mma_tma(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_tma_with<tw_cfg>(a, err);
}

// The other ring for a tuning run (07_tf32_mma_tuning.cuh): three stages.
int mm_tf32_tma_s3(const struct mm_args *a, struct ck_err *err)
{
    return mm_tf32_tma_with<tw_cfg_t<3>>(a, err);
}

extern "C" int mm_gpu_has_sm90a(void) { return MM_SM90A; }
