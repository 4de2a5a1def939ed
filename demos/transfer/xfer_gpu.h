/* xfer_gpu.h: the transfer demo's GPU side (only when CK_HAVE_CUDA).
 *
 *   xfer_gpu_open()    device buffers of max_bytes (twice: source and
 *                      destination); host buffers are allocated the first
 *                      time a row needs them, outside any timing. CK_EARGS
 *                      when the device buffers do not fit (err says why).
 *   xfer_gpu_managed_cap()  the largest managed buffer it will ask for:
 *                      never more than the device has free (cudaMemGetInfo).
 *   xfer_gpu_measure() one row at one size: the copy is first done once and
 *                      verified (checksum of the bytes that arrived against
 *                      the pattern that was sent); a mismatch returns
 *                      CK_ECHECK and nothing is timed. Then two warm-ups and
 *                      `reps` runs (0: enough for about 50 ms, 5..200), each
 *                      timed with its own pair of CUDA events.
 * All return enum ck_status; xfer_gpu_close() accepts NULL. */
#ifndef XFER_GPU_H
#define XFER_GPU_H

#include <stddef.h>
#include <stdint.h>
#include "ck.h"
#include "timing.h"
#include "xfer_rungs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct xfer_gpu;

int xfer_gpu_open(struct xfer_gpu **g, size_t max_bytes, uint64_t seed,
                  struct ck_err *err);
size_t xfer_gpu_managed_cap(const struct xfer_gpu *g);
/* Whether this device can run the row at all (managed memory, prefetch,
 * mapped memory); false with why. */
int xfer_gpu_supported(const struct xfer_gpu *g, enum xfer_how how,
                       size_t bytes, char *why, size_t n);
int xfer_gpu_measure(struct xfer_gpu *g, enum xfer_how how, size_t bytes,
                     uint64_t expect_sum, int reps, struct ck_timing *t,
                     struct ck_err *err);
void xfer_gpu_close(struct xfer_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
