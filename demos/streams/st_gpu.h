/* st_gpu.h: the streams demo's GPU side (only when CK_HAVE_CUDA).
 *
 *   st_gpu_open()  host input and output buffers of total_bytes, pinned and
 *                  pageable (the same random input in both), device input
 *                  and output, 8 blocking streams and the events; all
 *                  allocated once, before anything is timed. CK_EARGS when
 *                  the device buffers do not fit (err says why).
 *   st_gpu_run()   one run of the pipeline: one start event on the legacy
 *                  default stream, then per chunk copy in, kernel, copy
 *                  out, each between two events in its stream, then an end
 *                  event; spans get every stage's offsets from the start
 *                  event, *total_ms the whole. `out` receives the output
 *                  (the run's host buffer, poisoned with NaN before when
 *                  poison is set).
 * All return enum ck_status; st_gpu_close() accepts NULL. */
#ifndef ST_GPU_H
#define ST_GPU_H

#include <stddef.h>
#include <stdbool.h>
#include "ck.h"
#include "st_model.h"

#ifdef __cplusplus
extern "C" {
#endif

struct st_gpu;

int st_gpu_open(struct st_gpu **g, size_t total_bytes, int chunks, int iters,
                const float *input, struct ck_err *err);
/* The kernel alone: one launch over all total_bytes at once (no copies,
 * one tail instead of one per chunk), median of 3 timed runs after a
 * warm-up, into *ms: the shortest the kernel stage can take. */
int st_gpu_kernel_alone(struct st_gpu *g, double *ms, struct ck_err *err);
/* The link both ways at once: total_bytes copied in (pinned) in one
 * created stream and total_bytes copied out (pinned) in another, timed
 * from one event on the legacy stream to one after both, median of 3
 * timed runs after a warm-up, into *ms: the least time the pipeline's
 * copies can take together on this link. */
int st_gpu_two_way(struct st_gpu *g, double *ms, struct ck_err *err);
int st_gpu_run(struct st_gpu *g, enum st_mode mode, int streams, bool poison,
               struct st_span *spans, double *total_ms, const float **out,
               struct ck_err *err);
void st_gpu_close(struct st_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
