/* conv_gpu_run.cu - the GPU side of one conv demo run: allocate (after
 * checking it fits), upload the inputs, then for every selected GPU variant
 * check first (NaN-poisoned output, compared with the reference: gpu.h's
 * ck_gpu_check_run, ladder.h's judgement; then again on the integer inputs,
 * conv_exact.h) and only then time it
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
    float *xi, *wi;    /* the integer inputs (conv_exact.h), or NULL */
    float *host_yi;    /* one output of them, for their judgement */
    void *ws;          /* hand-variant workspace, ws_bytes */
    size_t ws_bytes;
    int copies;        /* input/output sets rotated while timing */
    float *host_y;     /* one output, for checking */
};

/* The inputs and outputs of a cuDNN form other than NCHW FP32
 * (conv_cudnn.h): the same values as bufs's, moved into its layout and
 * type, as many sets as bufs rotates. */
struct form_bufs {
    void *x[CK_MAX_COPIES], *y[CK_MAX_COPIES], *w;
};

/* What one timed call runs: a hand kernel (algo NULL) or a cuDNN algorithm,
 * on bufs's tensors or (fb) on another form's. */
struct call {
    struct conv_job *job;
    enum conv_rung_id rung;
    struct bufs *b;
    struct conv_cudnn *cd;
    const struct conv_cudnn_algo *algo;
    struct ck_err *err;
    bool integer;      /* on the integer inputs instead of copy `copy` */
    const struct form_bufs *fb;
};

static int run_once(void *ctx, int copy)
{
    struct call *c = (struct call *)ctx;
    struct bufs *b = c->b;
    if (c->fb)
        return conv_cudnn_forward(c->cd, c->algo, c->fb->x[copy], c->fb->w, c->fb->y[copy],
                                  c->err);
    const float *x = c->integer ? b->xi : b->x[copy];
    const float *w = c->integer ? b->wi : b->w;
    if (c->algo)
        return conv_cudnn_forward(c->cd, c->algo, x, w, b->y[copy], c->err);
    struct conv_io io = {x, w, b->y[copy], b->ws, NULL};
    return conv_gpu_launch(c->rung, &c->job->sh, &io, c->err);
}

/* A cuDNN call's workspace set to NaN before it is checked or timed; the
 * test hook CK_DEMO_CORRUPT=<id>+ws then reads the workspace's last float
 * into *hook as an algorithm reading workspace it never wrote would (0
 * without the hook). */
static int poison_ws(struct call *c, float *hook)
{
    *hook = 0;
    if (!c->algo)
        return CK_OK;
    int rc = conv_cudnn_poison(c->cd, c->err);
    char want[96];
    snprintf(want, sizeof want, "%s+ws", conv_rungs[c->rung].id);
    if (rc == CK_OK && ck_corrupt_wanted(want))
        rc = conv_cudnn_ws_last(c->cd, hook, c->err);
    return rc;
}

/* The checked run of a call on another form (fb): its output poisoned in
 * its own type (all bits set: NaN in FP32 and FP16), the run, then the
 * output moved back into bufs's y[0] as NCHW FP32, which ck_gpu_check_run
 * copies out for the check. The test hook CK_DEMO_CORRUPT=<id> spoils one
 * element of it before the move. */
static int form_check_once(void *ctx, int copy)
{
    struct call *c = (struct call *)ctx;
    const struct conv_shape *sh = &c->job->sh;
    const size_t el = conv_cudnn_elem(c->cd);
    (void)copy;
    CUDA_CHECK(c->err, cudaMemset(c->fb->y[0], 0xFF, conv_y_elems(sh) * el));
    int rc = run_once(c, 0);
    if (rc != CK_OK)
        return rc;
    if (ck_corrupt_wanted(conv_rungs[c->rung].id))
        CUDA_CHECK(c->err, cudaMemset(c->fb->y[0], 0xFF, el));
    return conv_cudnn_from_form(c->cd, c->fb->y[0], c->b->y[0], sh->n, sh->k, sh->p, sh->q,
                                c->err);
}

/* A checked run of c into host (n floats), its workspace poisoned first. */
static int checked_run(struct call *c, float *host, size_t n)
{
    float hook;
    int rc = poison_ws(c, &hook);
    if (rc == CK_OK)
        rc = ck_gpu_check_run(c->fb ? form_check_once : run_once, c, c->b->y[0], host, n,
                              c->err);
    if (rc == CK_OK && n)
        host[n / 2] += 0.0f * hook; /* NaN when the hook read poison */
    return rc;
}

/* The second judgement, on the integer inputs (conv_exact.h): exact
 * element for element, or Winograd's largest error within its bound. Not
 * for another form: FP16 holds integers only to 2048, and its sums are
 * rounded. */
static int check_integer(struct call *c, struct ck_result *r)
{
    struct conv_job *job = c->job;
    if (!job->exact.on || c->fb)
        return CK_OK;
    struct call ci = *c;
    ci.integer = true;
    int rc = checked_run(&ci, c->b->host_yi, job->exact.ny);
    if (rc == CK_OK)
        conv_exact_judge(&job->exact, &job->sh, c->rung, c->b->host_yi,
                         &job->ext[c->rung].ex, r);
    return rc;
}

/* Check, then (if right) time. A wrong result is recorded, not timed. */
static int check_and_time(struct call *c, struct ck_result *r, bool use_lib)
{
    struct conv_job *job = c->job;
    size_t ny = conv_y_elems(&job->sh);
    double el = c->fb ? (double)conv_cudnn_elem(c->cd) : 4.0;
    r->ran = true;
    r->flops = conv_flops(&job->sh);
    r->bytes = el * (conv_x_elems(&job->sh) + conv_w_elems(&job->sh) + ny);
    int rc = checked_run(c, c->b->host_y, ny);
    if (rc != CK_OK)
        return rc;
    if (!conv_ref_judge(&job->ref, c->b->host_y, use_lib, r))
        return CK_OK;
    rc = check_integer(c, r);
    float hook;
    if (rc == CK_OK && r->ok)
        rc = poison_ws(c, &hook);
    if (rc != CK_OK || !r->ok)
        return rc;
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
    bool ex = job->exact.on;
    size_t need = b->copies * set + wb + b->ws_bytes + (ex ? xb + wb : 0);
    int fits = ck_gpu_fits(need, err);
    if (fits != 1)
        return fits == 0 ? CK_EARGS : fits;
    if (!(b->host_y = (float *)malloc(yb))) {
        snprintf(err->msg, sizeof err->msg, "out of host memory (%zu bytes)", yb);
        return CK_ENOMEM;
    }
    if (ex && !(b->host_yi = (float *)malloc(yb))) {
        snprintf(err->msg, sizeof err->msg, "out of host memory (%zu bytes)", yb);
        return CK_ENOMEM;
    }
    if (ex) {
        CUDA_CHECK(err, cudaMalloc(&b->xi, xb));
        CUDA_CHECK(err, cudaMalloc(&b->wi, wb));
        CUDA_CHECK(err, cudaMemcpy(b->xi, job->exact.x, xb, cudaMemcpyHostToDevice));
        CUDA_CHECK(err, cudaMemcpy(b->wi, job->exact.w, wb, cudaMemcpyHostToDevice));
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
    cudaFree(b->xi);
    cudaFree(b->wi);
    cudaFree(b->ws);
    free(b->host_y);
    free(b->host_yi);
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
        struct call c = {job, r, b, NULL, NULL, err, false};
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
    struct call c = {job, (enum conv_rung_id)i, b, cd, a, err, false};
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
    struct call c = {job, CONV_CUDNN_DEFAULT, b, cd, &res[best], err, false};
    return check_and_time(&c, &job->res[i], false);
}

/* cuDNN's fastest algorithm on another form of the problem (NHWC FP32 with
 * TF32, or NHWC FP16), its tensors moved there from bufs's before it is
 * found; then checked and timed as every row is (check_and_time), its
 * output moved back to NCHW FP32 for the check (the same reference, the
 * row's tolerance) and the moves left out of the time. */
static int run_cudnn_form(struct conv_job *job, struct bufs *b, int i,
                          enum conv_cudnn_form form, struct ck_err *err)
{
    if (!conv_job_selected(job, i))
        return CK_OK;
    job->ext[i].layout = "NHWC"; /* its record says so, whatever happens below */
    const struct conv_shape *sh = &job->sh;
    struct conv_cudnn *cd = NULL;
    struct ck_err why;
    char version[32];
    int rc = conv_cudnn_open_form(&cd, sh, form, version, sizeof version, &why);
    if (rc != CK_OK || !cd) {
        if (rc != CK_OK)
            *err = why;
        return rc;
    }
    struct form_bufs fb;
    memset(&fb, 0, sizeof fb);
    size_t el = conv_cudnn_elem(cd), nx = conv_x_elems(sh), ny = conv_y_elems(sh);
    struct ck_result *r = &job->res[i];
    struct conv_extra *x = &job->ext[i];
    struct conv_cudnn_algo res[CONV_CUDNN_ALGOS];
    int best = -1;
    rc = ck_gpu_fits(b->copies * (nx + ny) * el + conv_w_elems(sh) * el, err);
    if (rc == 0) { /* not an error: the row says so */
        snprintf(r->error, sizeof r->error, "its %s copies of the tensors do not fit",
                 form == CONV_FORM_NHWC_FP16 ? "FP16 NHWC" : "NHWC");
        rc = CK_OK;
        goto out;
    }
    if (rc != 1)
        goto out;
    rc = cudaMalloc(&fb.w, conv_w_elems(sh) * el) == cudaSuccess ? CK_OK : CK_ECUDA;
    for (int k = 0; rc == CK_OK && k < b->copies; k++)
        if (cudaMalloc(&fb.x[k], nx * el) != cudaSuccess ||
            cudaMalloc(&fb.y[k], ny * el) != cudaSuccess)
            rc = CK_ECUDA;
    if (rc != CK_OK) {
        snprintf(err->msg, sizeof err->msg, "cudaMalloc of the %s tensors failed",
                 conv_rungs[i].id);
        goto out;
    }
    rc = conv_cudnn_to_form(cd, b->w, fb.w, sh->k, sh->c, sh->r, sh->s, err);
    for (int k = 0; rc == CK_OK && k < b->copies; k++)
        rc = conv_cudnn_to_form(cd, b->x[k], fb.x[k], sh->n, sh->c, sh->h, sh->w, err);
    if (rc == CK_OK)
        rc = conv_cudnn_find(cd, false, fb.x[0], fb.w, fb.y[0], res, &best, err);
    if (rc != CK_OK)
        goto out;
    if (best < 0) {
        x->supported = 0;
        snprintf(x->why, sizeof x->why, "no algorithm ran");
        snprintf(r->error, sizeof r->error, "not supported by cuDNN for this problem (%s)",
                 x->why);
        goto out;
    }
    x->algo = conv_cudnn_algo_name(best);
    x->math = conv_cudnn_math_name(res[best].math);
    x->supported = 1;
    x->workspace = (long long)res[best].workspace;
    snprintf(x->label, sizeof x->label, "%s: %s (%s)", conv_rungs[i].label, x->algo, x->math);
    r->label = x->label;
    {
        struct call c = {job, (enum conv_rung_id)i, b, cd, &res[best], err, false, &fb};
        rc = check_and_time(&c, r, false);
    }
out:
    cudaFree(fb.w);
    for (int k = 0; k < CK_MAX_COPIES; k++) {
        cudaFree(fb.x[k]);
        cudaFree(fb.y[k]);
    }
    conv_cudnn_close(cd);
    return rc;
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
    if (rc == CK_OK)
        rc = run_cudnn_form(job, b, CONV_CUDNN_NHWC_TF32, CONV_FORM_NHWC_FP32, err);
    if (rc == CK_OK)
        rc = run_cudnn_form(job, b, CONV_CUDNN_NHWC_FP16, CONV_FORM_NHWC_FP16, err);
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
        struct call h = {job, id, b, NULL, NULL, &e, false};
        struct call l = {job, (enum conv_rung_id)lib, b, cd, base, &e, false};
        int n = ck_pairs_for(r->t.ms, job->res[lib].t.ms);
        float hook;
        if (poison_ws(&l, &hook) == CK_OK &&
            ck_time_gpu_pair(run_once, &h, run_once, &l, b->copies, n, &r->pair, &e) == CK_OK)
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
