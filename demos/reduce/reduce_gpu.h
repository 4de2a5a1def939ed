/* reduce_gpu.h: the reduce demo's GPU side, called from the C main (only
 * when CK_HAVE_CUDA). One context holds the device copies of the input
 * (rotated while timing, as many as ck_input_copies says), the
 * result, the tree rungs' partial sums, rung 6's block partials and CUB's
 * temporary storage.
 *
 *   rd_gpu_open()       refuses (CK_EARGS, err says the bytes) if the
 *                       buffers do not fit in device memory, before
 *                       allocating; copy 0 is uploaded from hx, the others
 *                       are random on the device.
 *   rd_gpu_load()       replaces copy 0 with another n floats (the exact
 *                       integer check).
 *   rd_gpu_check_run()  poisons the result with NaN, runs rung `rung` on
 *                       copy 0, downloads the result.
 *   rd_gpu_time()       ck_time_gpu() over the rotated copies.
 * All return enum ck_status; rd_gpu_close() accepts NULL.
 * rd_gpu_cub_bytes() is CUB's temporary storage for this n. */
#ifndef RD_GPU_H
#define RD_GPU_H

#include <stddef.h>
#include "ck.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

struct rd_gpu;

int rd_gpu_open(struct rd_gpu **g, long long n, const float *hx,
                long long l2_bytes, struct ck_err *err);
int rd_gpu_load(struct rd_gpu *g, const float *hx, struct ck_err *err);
int rd_gpu_check_run(struct rd_gpu *g, int rung, float *result,
                     struct ck_err *err);
int rd_gpu_time(struct rd_gpu *g, int rung, int reps, struct ck_timing *t,
                struct ck_err *err);
/* Rung `rung` side by side with rung `lib` (ck_time_gpu_pair). */
int rd_gpu_pair(struct rd_gpu *g, int rung, int lib, int pairs,
                struct ck_pair *p, struct ck_err *err);
size_t rd_gpu_cub_bytes(const struct rd_gpu *g);
void rd_gpu_close(struct rd_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
