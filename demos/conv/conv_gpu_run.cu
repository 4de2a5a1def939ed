/* conv_gpu_run.cu - the GPU side of one conv demo run: allocate (after
 * checking it fits), upload the inputs, then for every selected GPU variant
 * check first (NaN-poisoned output, compared with the reference: gpu.h's
 * ck_gpu_check_run, ladder.h's judgement) and only then time it
 * (common/timing: events, warm-up, median, rotated inputs).
 * cuDNN's algorithms run first so that at large sizes their checked FP32
 * output can serve as the full reference for the hand-written kernels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/check.h"
#include "../common/ck_cuda.cuh"
#include "../common/gpu.h"
#include "../common/timing.h"
#include "conv_cudnn.h"
#include "conv_run.h"

struct bufs {
    float *x[CK_MAX_COPIES], *y[CK_MAX_COPIES], *w;
    void *ws;          /* hand-variant workspace, ws_bytes */
    size_t ws_bytes;
    int copies;        /* input/output sets rotated while timing */
    float *host_y;     /* one output, for checking */
};

/* What one timed call runs: a hand kernel (algo NULL) or a cuDNN algorithm. */
struct call {
    struct conv_job *job;
    enum conv_rung_id rung;
    struct bufs *b;
    struct conv_cudnn *cd;
    const struct conv_cudnn_algo *algo;
    struct ck_err *err;
};

static int run_once(void *ctx, int copy)
{
    struct call *c = (struct call *)ctx;
    struct bufs *b = c->b;
    if (c->algo)
        return conv_cudnn_forward(c->cd, c->algo, b->x[copy], b->w, b->y[copy],
                                  c->err);
    struct conv_io io = {b->x[copy], b->w, b->y[copy], b->ws, NULL};
    return conv_gpu_launch(c->rung, &c->job->sh, &io, c->err);
}

/* Check, then (if right) time. A wrong result is recorded, not timed. */
static int check_and_time(struct call *c, struct ck_result *r, bool use_lib)
{
    struct conv_job *job = c->job;
    size_t ny = conv_y_elems(&job->sh);
    r->ran = true;
    r->flops = conv_flops(&job->sh);
    r->bytes = 4.0 * (conv_x_elems(&job->sh) + conv_w_elems(&job->sh) + ny);
    int rc = ck_gpu_check_run(run_once, c, c->b->y[0], c->b->host_y, ny, c->err);
    if (rc != CK_OK)
        return rc;
    if (!conv_ref_judge(&job->ref, c->b->host_y, use_lib, r))
        return CK_OK;
    return ck_time_gpu(run_once, c, c->b->copies, job->reps, &r->t, c->err);
}

static size_t hand_workspace(const struct conv_job *job)
{
    size_t most = 0;
    for (int i = 0; i < CONV_NRUNGS; i++)
        if (ck_rung_is(&conv_rungs[i], "hand") && conv_job_selected(job, i)) {
            size_t b = conv_gpu_workspace((enum conv_rung_id)i, &job->sh);
            most = b > most ? b : most;
        }
    return most;
}

static int alloc_bufs(struct conv_job *job, struct bufs *b, struct ck_err *err)
{
    size_t xb = conv_x_elems(&job->sh) * sizeof(float);
    size_t yb = conv_y_elems(&job->sh) * sizeof(float);
    size_t wb = conv_w_elems(&job->sh) * sizeof(float);
    size_t set = xb + yb; /* x and y rotate; w is shared */
    b->copies = ck_input_copies((double)set, (long long)job->l2_bytes);
    b->ws_bytes = hand_workspace(job);
    size_t need = b->copies * set + wb + b->ws_bytes;
    int fits = ck_gpu_fits(need, err);
    if (fits != 1)
        return fits == 0 ? CK_EARGS : fits;
    if (!(b->host_y = (float *)malloc(yb))) {
        snprintf(err->msg, sizeof err->msg, "out of host memory (%zu bytes)", yb);
        return CK_ENOMEM;
    }
    CUDA_CHECK(err, cudaMalloc(&b->w, wb));
    CUDA_CHECK(err, cudaMemcpy(b->w, job->w, wb, cudaMemcpyHostToDevice));
    for (int i = 0; i < b->copies; i++) {
        CUDA_CHECK(err, cudaMalloc(&b->x[i], xb));
        CUDA_CHECK(err, cudaMalloc(&b->y[i], yb));
        int rc = i == 0 ? CK_OK
                        : ck_gpu_fill_random(b->x[i], xb / sizeof(float),
                                             0x5eed0000u + (unsigned)i, err);
        if (rc != CK_OK)
            return rc;
        rc = ck_gpu_poison(b->y[i], yb / sizeof(float), err);
        if (rc != CK_OK)
            return rc;
    }
    CUDA_CHECK(err, cudaMemcpy(b->x[0], job->x, xb, cudaMemcpyHostToDevice));
    if (b->ws_bytes)
        CUDA_CHECK(err, cudaMalloc(&b->ws, b->ws_bytes));
    return CK_OK;
}

static void free_bufs(struct bufs *b)
{
    for (int i = 0; i < CK_MAX_COPIES; i++) {
        cudaFree(b->x[i]);
        cudaFree(b->y[i]);
    }
    cudaFree(b->w);
    cudaFree(b->ws);
    free(b->host_y);
}

static int run_hand(struct conv_job *job, struct bufs *b, struct ck_err *err)
{
    for (int i = 0; i < CONV_NRUNGS; i++) {
        enum conv_rung_id r = (enum conv_rung_id)i;
        if (!ck_rung_is(&conv_rungs[i], "hand") || !conv_job_selected(job, i))
            continue;
        const char *no = conv_gpu_declines(r, &job->sh);
        if (no) {
            job->ext[i].supported = 0;
            snprintf(job->ext[i].why, sizeof job->ext[i].why, "%s", no);
            snprintf(job->res[i].error, sizeof job->res[i].error,
                     "does not apply to this problem: %s", no);
            continue;
        }
        job->ext[i].workspace = (long long)conv_gpu_workspace(r, &job->sh);
        /* NaN in every byte of the workspace first: a kernel that reads a
         * part its preparation did not write fails the check */
        int rc = b->ws_bytes ? ck_gpu_poison((float *)b->ws, b->ws_bytes / sizeof(float), err)
                             : CK_OK;
        if (rc == CK_OK)
            rc = conv_gpu_prepare(r, &job->sh, b->ws, err);
        if (rc != CK_OK)
            return rc;
        struct call c = {job, r, b, NULL, NULL, err};
        rc = check_and_time(&c, &job->res[i], true);
        if (rc != CK_OK)
            return rc;
    }
    return CK_OK;
}

/* One cuDNN algorithm found under FMA math: its own record. */
static int run_cudnn_fma(struct conv_job *job, struct bufs *b,
                         struct conv_cudnn *cd,
                         const struct conv_cudnn_algo *a, struct ck_err *err)
{
    int i = conv_algo_rung(a->algo);
    if (i < 0 || !conv_job_selected(job, i))
        return CK_OK;
    struct conv_extra *x = &job->ext[i];
    x->algo = conv_cudnn_algo_name(a->algo);
    x->math = conv_cudnn_math_name(a->math);
    x->supported = a->supported;
    if (!a->supported) {
        snprintf(x->why, sizeof x->why, "%s", a->status);
        snprintf(job->res[i].error, sizeof job->res[i].error,
                 "not supported by cuDNN for this problem (%s)", a->status);
        return CK_OK;
    }
    x->workspace = (long long)a->workspace;
    struct call c = {job, (enum conv_rung_id)i, b, cd, a, err};
    int rc = check_and_time(&c, &job->res[i], false);
    if (rc == CK_OK && job->res[i].ok &&
        !conv_ref_keep_lib(&job->ref, b->host_y, job->res[i].rel_err)) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        rc = CK_ENOMEM;
    }
    return rc;
}

/* The fastest FMA record becomes the '% of library' baseline. */
static void mark_baseline(struct conv_job *job)
{
    int best = -1;
    for (int i = 0; i < CONV_NRUNGS; i++) {
        const struct ck_result *r = &job->res[i];
        if (!ck_rung_is(&conv_rungs[i], "library") || !r->ran || !r->ok ||
            !job->ext[i].math || strcmp(job->ext[i].math, "fma") != 0)
            continue;
        if (best < 0 || r->t.ms < job->res[best].t.ms)
            best = (int)i;
    }
    if (best >= 0)
        job->res[best].baseline = true;
}

/* cuDNN's fastest algorithm with default math (TF32 Tensor Cores allowed). */
static int run_cudnn_default(struct conv_job *job, struct bufs *b,
                             struct conv_cudnn *cd, struct ck_err *err)
{
    int i = CONV_CUDNN_DEFAULT, best = -1;
    if (!conv_job_selected(job, i))
        return CK_OK;
    struct conv_cudnn_algo res[CONV_CUDNN_ALGOS];
    int rc = conv_cudnn_find(cd, false, b->x[0], b->w, b->y[0], res, &best, err);
    if (rc != CK_OK || best < 0)
        return rc;
    struct conv_extra *x = &job->ext[i];
    x->algo = conv_cudnn_algo_name(best);
    x->math = conv_cudnn_math_name(res[best].math);
    x->supported = 1;
    x->workspace = (long long)res[best].workspace;
    snprintf(x->label, sizeof x->label, "cuDNN fastest, TF32-allowed: %s (%s)",
             x->algo, x->math);
    job->res[i].label = x->label;
    struct call c = {job, CONV_CUDNN_DEFAULT, b, cd, &res[best], err};
    return check_and_time(&c, &job->res[i], false);
}

static bool any_library(const struct conv_job *job)
{
    for (int i = 0; i < CONV_NRUNGS; i++)
        if (ck_rung_is(&conv_rungs[i], "library") && conv_job_selected(job, i))
            return true;
    return false;
}

/* cuDNN's rungs; *cdp stays open (NULL without cuDNN) and *base is the
 * baseline's algorithm (base->algo < 0 when there is none), for the pairs */
static int run_cudnn(struct conv_job *job, struct bufs *b, struct conv_cudnn **cdp,
                     struct conv_cudnn_algo *base, struct ck_err *err)
{
    base->algo = -1;
    if (!any_library(job))
        return CK_OK;
    struct conv_cudnn *cd = NULL;
    struct ck_err why;
    int rc = conv_cudnn_open(&cd, &job->sh, job->cudnn, sizeof job->cudnn, &why);
    if (rc != CK_OK) {
        *err = why;
        return rc;
    }
    if (!cd) {
        snprintf(job->note, sizeof job->note, "library variants skipped: %s",
                 why.msg);
        return CK_OK;
    }
    *cdp = cd;
    struct conv_cudnn_algo res[CONV_CUDNN_ALGOS];
    int best = -1;
    rc = conv_cudnn_find(cd, true, b->x[0], b->w, b->y[0], res, &best, err);
    for (int pass = 0; pass < 2 && rc == CK_OK; pass++) /* Find's fastest first */
        for (int a = 0; a < CONV_CUDNN_ALGOS && rc == CK_OK; a++)
            if ((a == best) == (pass == 0))
                rc = run_cudnn_fma(job, b, cd, &res[a], err);
    mark_baseline(job);
    for (int a = 0; rc == CK_OK && a < CONV_CUDNN_ALGOS; a++) {
        int i = conv_algo_rung(res[a].algo);
        if (i >= 0 && job->res[i].baseline)
            *base = res[a];
    }
    if (rc == CK_OK)
        rc = run_cudnn_default(job, b, cd, err);
    return rc;
}

static bool timed_ok(const struct ck_result *r)
{
    return r->ran && r->ok && r->t.ms > 0 && r->t.ms < 1e300;
}

/* Every hand rung that ran, side by side with the baseline (cuDNN's
 * fastest FMA algorithm): the record's paired_pct_of_library, the median
 * of interleaved, order-swapped pairs in this process. A failure here
 * loses only the pair. */
static void pair_all(struct conv_job *job, struct bufs *b, struct conv_cudnn *cd,
                     const struct conv_cudnn_algo *base)
{
    int lib = base->algo >= 0 ? conv_algo_rung(base->algo) : -1;
    if (!cd || lib < 0 || !timed_ok(&job->res[lib]))
        return;
    for (int i = 0; i < CONV_NRUNGS; i++) {
        struct ck_result *r = &job->res[i];
        enum conv_rung_id id = (enum conv_rung_id)i;
        if (!ck_rung_is(&conv_rungs[i], "hand") || !conv_job_selected(job, i) || !timed_ok(r))
            continue;
        struct ck_err e;
        if (conv_gpu_prepare(id, &job->sh, b->ws, &e) != CK_OK)
            continue;
        struct call h = {job, id, b, NULL, NULL, &e};
        struct call l = {job, (enum conv_rung_id)lib, b, cd, base, &e};
        int n = ck_pairs_for(r->t.ms, job->res[lib].t.ms);
        if (ck_time_gpu_pair(run_once, &h, run_once, &l, b->copies, n, &r->pair, &e) == CK_OK)
            r->paired_with = conv_rungs[lib].id;
        else
            r->pair.pairs = 0;
    }
}

extern "C" int conv_gpu_run(struct conv_job *job, struct ck_err *err)
{
    struct bufs b;
    memset(&b, 0, sizeof b);
    int rc = alloc_bufs(job, &b, err);
    struct conv_cudnn *cd = NULL;
    struct conv_cudnn_algo base;
    base.algo = -1;
    if (rc == CK_OK)
        rc = run_cudnn(job, &b, &cd, &base, err);
    if (rc == CK_OK)
        rc = run_hand(job, &b, err);
    if (rc == CK_OK)
        pair_all(job, &b, cd, &base);
    conv_cudnn_close(cd);
    free_bufs(&b);
    return rc;
}
