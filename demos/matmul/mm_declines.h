/* mm_declines.h: which matmul rungs a GPU cannot run, and why, from each
 * row's needs column (mm_ladder.h). Plain C, header only, no CUDA: the demo
 * (mm_run.c) asks it before running a GPU rung, and
 * tests/unit/test_mm_declines.c holds it to every case without a GPU. A
 * declined rung gets an 'unsupported' record with the reason, not a
 * failure.
 *
 *   sm80    (tf32-mma: mma.sync on TF32, cp.async; cublas-bf16: cuBLAS's
 *           BF16 GEMM): compute capability 8.0 or newer
 *   sm90a   (wgmma-tma: wgmma and the TMA): compute capability 9.0
 *           exactly (Hopper; sm_90a code runs on no other GPU), and a
 *           build that has its sm_90a code (has_sm90a: demos.mk,
 *           mm_gpu_has_sm90a()) */
#ifndef MM_DECLINES_H
#define MM_DECLINES_H

#include <stdio.h>

#include "mm_ladder.h"

#define MM_WGMMA_NEEDS "needs an sm_90 GPU (Hopper): wgmma and TMA"

/* NULL when rung r runs on a GPU of compute capability major.minor from a
 * build with (has_sm90a 1) or without the sm_90a code; otherwise the reason,
 * written into buf (n bytes). */
static inline const char *mm_decline(enum mm_rung r, int major, int minor, int has_sm90a,
                                     char *buf, size_t n)
{
    int cc = major * 10 + minor, needs = mm_rung_needs(r);
    if (needs == CK_NEEDS_sm80 && cc < 80) {
        snprintf(buf, n, "needs compute capability 8.0 or newer (this GPU: %d.%d)", major,
                 minor);
        return buf;
    }
    if (needs == CK_NEEDS_sm90a && cc != 90) {
        snprintf(buf, n, "%s (this GPU: %d.%d)", MM_WGMMA_NEEDS, major, minor);
        return buf;
    }
    if (needs == CK_NEEDS_sm90a && !has_sm90a) {
        snprintf(buf, n, "%s (this build has no sm_90a code: CUDA_ARCH)", MM_WGMMA_NEEDS);
        return buf;
    }
    return NULL;
}

#endif
