/* conv_check.h - what every conv variant's output is judged against.
 *
 * Small problems (conv_flops <= CONV_FULL_REF_FLOPS) get a full FP64
 * reference of every output element. Large ones get FP64 values at
 * CONV_SAMPLES output points (random ones plus the first and last) and, once
 * a cuDNN FP32 result has passed that sampled check, that whole FP32 output
 * as the 'library' reference for the hand-written variants. A NaN or Inf
 * anywhere in an output fails, whichever reference is used. */
#ifndef CK_CONV_CHECK_H
#define CK_CONV_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/report.h"
#include "conv.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CONV_FULL_REF_FLOPS 5e8
#define CONV_SAMPLES 4096

struct conv_ref {
    bool full;       /* vals holds every output element */
    double *vals;    /* full: conv_y_elems values; else n sampled values */
    size_t *idx;     /* sampled: output indices of vals */
    size_t n;
    float *lib;      /* large sizes: a checked cuDNN FP32 output, or NULL */
    double lib_err;  /* its sampled FP64 error: the most accurate one is kept */
    size_t y_elems;
};

/* Returns false when out of host memory. */
bool conv_ref_build(struct conv_ref *ref, const struct conv_shape *sh,
                    const float *x, const float *w, unsigned long long seed);
void conv_ref_free(struct conv_ref *ref); /* accepts a zeroed ref */

/* The relative error of out (y_elems floats) against the reference, and
 * what it was checked against ("fp64" or "library"); NAN if any element of
 * out is not finite. use_lib: may compare against ref->lib when present. */
double conv_ref_err(const struct conv_ref *ref, const float *out, bool use_lib,
                    const char **checked);
/* ck_judge (ladder.h) of out against r->tol. */
bool conv_ref_judge(const struct conv_ref *ref, const float *out, bool use_lib,
                    struct ck_result *r);

/* Keeps a copy of out, whose sampled FP64 error is rel_err, as the library
 * reference if it is the most accurate so far (large sizes only). */
bool conv_ref_keep_lib(struct conv_ref *ref, const float *out, double rel_err);

#ifdef __cplusplus
}
#endif

#endif
