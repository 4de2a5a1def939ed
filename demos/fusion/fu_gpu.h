/* fu_gpu.h: the fusion demo's GPU side, called from the C main (only when
 * CK_HAVE_CUDA). One context holds the inputs, the bias and the output in
 * as many copies as ck_input_copies() asks (timing rotates through them,
 * so no run finds its operands in L2), and the libraries' plans.
 *
 *   fu_gpu_open()       allocates and uploads (CK_EARGS, err saying the
 *                       bytes, when not even one copy fits)
 *   fu_gpu_prepare()    readies rung i (its index in fu_ladder.h):
 *                       FU_GPU_DECLINED with the reason in err when it does
 *                       not apply here (no cuDNN or cuBLASLt, no algorithm)
 *   fu_gpu_check_run()  poisons y with NaN, runs rung i once, downloads y
 *   fu_gpu_time()       ck_time_gpu() of rung i over the copies
 *   fu_gpu_pair()       fused rung i side by side with its unfused twin t
 *                       (ck_time_gpu_pair): p->pct is 100 × t's ms / i's
 *                       ms, the median of the pairs, with their spread
 *   fu_gpu_algo(), fu_gpu_api()  what a library rung called
 * All return enum ck_status (or FU_GPU_DECLINED); fu_gpu_close() accepts
 * NULL. */
#ifndef FU_GPU_H
#define FU_GPU_H

#include <stdbool.h>
#include "ck.h"
#include "fu_cpu.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FU_GPU_DECLINED 100

struct fu_gpu;

int fu_gpu_open(struct fu_gpu **g, const struct fu_problem *p, long long l2_bytes,
                struct ck_err *err);
int fu_gpu_prepare(struct fu_gpu *g, int i, struct ck_err *err);
int fu_gpu_check_run(struct fu_gpu *g, int i, float *h_out, struct ck_err *err);
int fu_gpu_time(struct fu_gpu *g, int i, int reps, struct ck_timing *t, struct ck_err *err);
int fu_gpu_pair(struct fu_gpu *g, int i, int t, int pairs, struct ck_pair *p,
                struct ck_err *err);
int fu_gpu_copies(const struct fu_gpu *g);
const char *fu_gpu_algo(const struct fu_gpu *g);
const char *fu_gpu_api(const struct fu_gpu *g, int i);
void fu_gpu_close(struct fu_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
