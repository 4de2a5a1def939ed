/* st_host.h: the streams pipeline's kernel on the host and the check of its
 * output against an FP64 reference (st_host.c). */
#ifndef ST_HOST_H
#define ST_HOST_H

#include <stddef.h>
#include <stdint.h>

#define ST_TOL 1e-5  /* the chain settles near 2x: float rounding stays ~1 ulp */
#define ST_SAMPLES_PER_CHUNK 64

/* The kernel of st_kernel.h on the host (n floats, iters multiply-adds). */
void st_cpu_kernel(const float *x, float *y, size_t n, int iters);
/* Every output finite (a NaN-poisoned element not written fails), and at
 * the first, last and 62 random elements (from seed) of each of `chunks`
 * chunks of `chunk` bytes, within ST_TOL of the FP64 reference. Returns the
 * largest relative error (NAN: an element not finite). */
double st_verify(const float *in, const float *out, size_t total, size_t chunk, int chunks,
                 int iters, uint64_t seed);

#endif
