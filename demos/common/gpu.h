/* gpu.h: small device-memory helpers shared by the demos (gpu.cu; only when
 * CK_HAVE_CUDA). Callable from C and C++.
 *
 *   ck_gpu_fits(bytes, err)      1 if `bytes` more fit in free device memory
 *                                (with 64 MiB to spare), else 0 and err says
 *                                how many bytes were needed and how many free;
 *                                call it BEFORE allocating.
 *   ck_gpu_fill_random(p,n,seed) n floats uniform in +-[0.1, 1) on the device,
 *                                never zero (a seed gives one sequence).
 *   ck_gpu_poison(p, n)          n floats set to NaN (all bits set), so an
 *                                output element a kernel forgot stays NaN.
 *   ck_gpu_check_run(run, ctx, d_out, h_out, n)
 *                                the GPU half of a check: poisons d_out (n
 *                                floats), runs run(ctx, 0) once, waits for
 *                                it and copies d_out into h_out; the caller
 *                                then judges h_out (ladder.h).
 * All return enum ck_status and check their launches. */
#ifndef CK_GPU_H
#define CK_GPU_H

#include <stddef.h>
#include <stdint.h>
#include "ck.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

int ck_gpu_fits(size_t bytes, struct ck_err *err);
int ck_gpu_fill_random(float *p, size_t n, uint64_t seed, struct ck_err *err);
int ck_gpu_poison(float *p, size_t n, struct ck_err *err);
int ck_gpu_check_run(ck_run_fn run, void *ctx, float *d_out, float *h_out,
                     size_t n, struct ck_err *err);

#ifdef __cplusplus
}
#endif

#endif
