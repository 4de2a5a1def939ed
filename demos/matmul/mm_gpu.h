/* mm_gpu.h: the matmul demo's GPU side, called from the C main (only when
 * CK_HAVE_CUDA). One context holds the device copies of the inputs (several
 * rotated copies for timing), the output, and the cuBLAS handle.
 *
 *   mm_gpu_open()   refuses (CK_ECUDA, err says the bytes) if the buffers do
 *                   not fit in device memory, before allocating anything;
 *                   copy 0 of A and B is uploaded from the host, the others
 *                   are random on the device.
 *   mm_gpu_run()    one run of a GPU rung (enum mm_rung) on input copy `copy`;
 *                   enqueued on the default stream, launch-checked.
 *   mm_gpu_check_run() poisons C with NaN, runs on copy 0, downloads C.
 *   mm_gpu_time()   ck_time_gpu() over the rotated copies.
 *   mm_gpu_best_plan() the 'best' rung's plan for this problem, as its
 *                   launcher makes it on this GPU (its SMs and the blocks
 *                   per SM the runtime gives each kernel).
 * All return enum ck_status; mm_gpu_close() accepts NULL. CK_EARGS from
 * mm_gpu_open: the size does not fit in device memory. */
#ifndef MM_GPU_H
#define MM_GPU_H

#include <stdbool.h>
#include "ck.h"
#include "cublas_dl.h"
#include "mm_best_rule.h"
#include "mm_ladder.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mm_gpu;

int mm_gpu_open(struct mm_gpu **g, int M, int N, int K, const float *hA,
                const float *hB, long long l2_bytes, struct ck_cublas *cb,
                struct ck_err *err);
int mm_gpu_run(struct mm_gpu *g, enum mm_rung v, int copy,
               struct ck_err *err);
int mm_gpu_check_run(struct mm_gpu *g, enum mm_rung v, float *hC,
                     struct ck_err *err);
/* mm_gpu_check_run on other inputs (mm_exact.h's integers, eA and eB):
 * they replace copy 0 for this one run, and A and B (the host inputs copy
 * 0 was made from) are put back after, whatever happened. */
int mm_gpu_exact_run(struct mm_gpu *g, enum mm_rung v, const float *eA, const float *eB,
                     const float *A, const float *B, float *hC, struct ck_err *err);
/* Rung v side by side with library rung lib (ck_time_gpu_pair). */
int mm_gpu_pair(struct mm_gpu *g, enum mm_rung v, enum mm_rung lib, int pairs,
                struct ck_pair *p, struct ck_err *err);
int mm_gpu_time(struct mm_gpu *g, enum mm_rung v, int reps,
                struct ck_timing *t, struct ck_err *err);
void mm_gpu_close(struct mm_gpu *g);
struct mm_best_plan mm_gpu_best_plan(const struct mm_gpu *g);
/* 1 when this build has sm_90a code (mm_sm90a.cu): the wgmma-tma rung and
 * the tf32-mma rung's TMA feed. */
int mm_gpu_has_sm90a(void);

#ifdef __cplusplus
}
#endif

#endif
