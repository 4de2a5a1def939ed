/* attn_gpu.h: the attention demo's GPU side, called from the C main (only
 * when CK_HAVE_CUDA). One context holds Q, K, V (16-bit, uploaded once),
 * the FP32 output and, for the rung being run, its S×S buffers.
 *
 *   at_gpu_open()       allocates Q, K, V, O (CK_EARGS, err saying the
 *                       bytes, when they do not fit) and uploads the inputs
 *   at_gpu_prepare()    readies rung `rung` (ladder number): frees the last
 *                       rung's S×S buffers and allocates this one's. Returns
 *                       AT_DECLINED with the reason in err when the rung
 *                       does not apply here (no cuBLAS, compute capability
 *                       below 8.0, a head dimension the fused kernel lacks,
 *                       S×S buffers that do not fit: the bytes said)
 *   at_gpu_check_run()  poisons O with NaN, runs the rung once, downloads O
 *   at_gpu_time()       ck_time_gpu() of the rung (one input copy: at these
 *                       sizes the S×S work, not a cached input, decides)
 * All return enum ck_status (or AT_DECLINED); at_gpu_close() accepts NULL. */
#ifndef AT_GPU_H
#define AT_GPU_H

#include <stdbool.h>
#include "ck.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AT_DECLINED 100

struct at_gpu;

int at_gpu_open(struct at_gpu **g, int bh, int s, int d, bool causal, bool bf16,
                const unsigned short *q, const unsigned short *k,
                const unsigned short *v, struct ck_err *err);
int at_gpu_prepare(struct at_gpu *g, int rung, struct ck_err *err);
int at_gpu_check_run(struct at_gpu *g, int rung, float *h_out, struct ck_err *err);
int at_gpu_time(struct at_gpu *g, int rung, int reps, struct ck_timing *t,
                struct ck_err *err);
/* rung and lib (rung numbers) side by side, order swapped every pair
 * (ck_time_gpu_pair): rung's share of lib's speed in p */
int at_gpu_pair(struct at_gpu *g, int rung, int lib, int pairs, struct ck_pair *p,
                struct ck_err *err);
void at_gpu_close(struct at_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
