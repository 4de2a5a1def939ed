/* check.h: inputs and the tolerance compare (host side, plain C).
 *
 * Inputs are random (never zero: zeros hide unwritten outputs and wrong
 * indexing), outputs are poisoned with NaN before a run, and a result is
 * judged by the relative error ||out - ref||_2 / ||ref||_2 against a
 * tolerance for its precision. A NaN or Inf anywhere in out never passes
 * (ck_rel_err returns NAN for it). */
#ifndef CK_CHECK_H
#define CK_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Tolerances on the relative error (documented in demos/README.md).
 * FP32: rounding of one float product/sum is 2^-24 (6e-8) and grows about
 * like sqrt(K) over a K-long dot product, so 1e-4 is far above honest
 * rounding yet far below any indexing mistake (which gives ~1). TF32 keeps
 * 10 mantissa bits (unit roundoff 2^-11, 4.9e-4) on the inputs: 5e-3. */
#define CK_TOL_FP32 1e-4
#define CK_TOL_TF32 5e-3
/* FP16 inputs keep 11 significant bits, like TF32: the same 5e-3. BF16
 * keeps 8 (unit roundoff 2^-8, 3.9e-3, on every input): 2e-2, still far
 * below the ~1 of an indexing mistake. */
#define CK_TOL_FP16 5e-3
#define CK_TOL_BF16 2e-2

struct ck_rng {
    uint64_t s; /* xorshift64* state, never 0 */
};

void ck_rng_seed(struct ck_rng *r, uint64_t seed);
uint64_t ck_rng_next(struct ck_rng *r);
/* Uniform in +-[0.1, 1): random sign, magnitude never near zero. */
float ck_rng_float(struct ck_rng *r);

void ck_fill_random(float *p, size_t n, struct ck_rng *r);
void ck_poison_nan(float *p, size_t n);

/* ||out - ref|| / ||ref||; NAN if out holds a NaN/Inf or ref is all zero. */
double ck_rel_err(const float *out, const double *ref, size_t n);
double ck_rel_err_f32(const float *out, const float *ref, size_t n);
/* rel_err <= tol and finite. */
bool ck_within(double rel_err, double tol);

#ifdef __cplusplus
}
#endif

#endif
