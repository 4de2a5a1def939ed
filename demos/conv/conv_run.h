/* conv_run.h - one run of the conv demo: the problem, the selected
 * variants and their results, shared by the host driver (conv.c) and the GPU
 * driver (conv_gpu_run.cu). res[], ext[] are indexed like conv_rungs[]. */
#ifndef CK_CONV_RUN_H
#define CK_CONV_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/ck.h"
#include "../common/ladder.h"
#include "../common/report.h"
#include "conv.h"
#include "conv_check.h"
#include "conv_exact.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a result has beyond the common fields. */
struct conv_extra {
    long long workspace; /* device/host workspace bytes, -1 unknown */
    const char *math;    /* cuDNN records: "fma", "default", "tensor-op"... */
    const char *algo;    /* cuDNN records: algorithm name */
    const char *layout;  /* cuDNN records: "NCHW" (NULL), or "NHWC" */
    int supported;       /* cuDNN records: 1 yes, 0 no, -1 not asked */
    char label[96];      /* a label that depends on the run */
    char why[96];        /* cuDNN: status when not supported */
    struct conv_exact_result ex; /* on the integer inputs (conv_exact.h) */
};

struct conv_job {
    struct conv_shape sh;
    const struct ck_ladder *lad; /* the harness: --variants, --reps, results */
    int reps;             /* --reps, 0 = automatic */
    size_t l2_bytes;      /* device L2, to size input rotation */
    const float *x, *w;   /* host inputs (copy 0 on the device) */
    struct conv_ref ref;
    struct conv_exact exact; /* the integer inputs and their exact output */
    struct ck_result *res;
    struct conv_extra *ext;
    char cudnn[32];       /* cuDNN version, or "not installed" */
    char note[320];       /* why some variants did not run, if so */
};

/* Whether rung i is selected (--variants). */
bool conv_job_selected(const struct conv_job *job, int i);

/* Runs the selected GPU variants (hand and cuDNN); enum ck_status. Only
 * with CK_HAVE_CUDA. CK_EARGS: the problem does not fit in device memory
 * (err names the bytes; nothing was allocated). */
int conv_gpu_run(struct conv_job *job, struct ck_err *err);

#ifdef __cplusplus
}
#endif

#endif
