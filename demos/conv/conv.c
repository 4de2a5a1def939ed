/* conv.c - the convolution demo's host program: arguments, the ladder's
 * table (from conv_ladder.h), the CPU variants, and the result lines, on
 * the common harness (ladder.h). The GPU work is behind
 * conv_gpu_run() (conv_gpu_run.cu), compiled only when nvcc was found; every
 * other line here is plain C11 so the demo also builds and runs without CUDA.
 *
 * Flow: parse -> shape -> device (or the CPU fallback and why) -> random
 * inputs and the FP64 reference -> GPU variants -> CPU variants -> YAML
 * records or a table -> exit 0, 2 (arguments, or too big for the device),
 * 3 (a variant computed a wrong result), 4 (a CUDA/cuDNN call failed) or
 * 5 (out of host memory). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/args.h"
#include "../common/check.h"
#include "../common/ck.h"
#include "../common/device.h"
#include "../common/ladder.h"
#include "../common/report.h"
#include "../common/timing.h"
#include "conv.h"
#include "conv_traffic.h"
#include "conv_run.h"

const struct ck_rung conv_rungs[CONV_NRUNGS] = {CONV_LADDER(CONV_RUNG_ROW)};

/* the fn column names a C function only for kind cpu */
typedef void (*conv_cpu_fn)(const struct conv_shape *sh, const float *x,
                            const float *w, float *y);
#define CONV_CPU_FN_cpu(fn) fn
#define CONV_CPU_FN_hand(fn) NULL
#define CONV_CPU_FN_library(fn) NULL
#define CONV_CPU_(e, id, step, kind, label, idea, fn, ...) CONV_CPU_FN_##kind(fn),
static const conv_cpu_fn conv_cpu_fns[CONV_NRUNGS] = {CONV_LADDER(CONV_CPU_)};

/* The sizes: the ResNet-50 conv2_x layer by default, small with --quick. */
static const struct conv_shape conv2_x = {32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 0, 0};
static const struct conv_shape quick = {4, 32, 28, 28, 32, 3, 3, 1, 1, 1, 0, 0};

bool conv_job_selected(const struct conv_job *job, int i)
{
    return ck_ladder_wants(job->lad, i);
}

struct opts {
    struct ck_args a;
    struct conv_shape sh;
    bool sized; /* a size option was given */
    bool shape_only;
};

/* what the arguments set: the rows below point into it */
static struct opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
/* a size: an int of the shape; any of them given means sizes were given */
#define CONV_SIZE(opt, field, min, max, text) \
    {.name = opt, .arg = "N", .kind = CK_OPT_INT, .lo = min, .hi = max, .dst = &opts.sh.field, \
     .given = &opts.sized, .help = text}
static const struct ck_opt conv_options[] = {
    {.kind = CK_OPT_TEXT, .help = "\nsizes:\n"},
    CONV_SIZE("--n", n, 1, 65535, "batch size N"),
    CONV_SIZE("--c", c, 1, 1 << 20, "input channels C"),
    CONV_SIZE("--h", h, 1, 8192, "input height H"),
    CONV_SIZE("--w", w, 1, 8192, "input width W"),
    CONV_SIZE("--k", k, 1, 1 << 20, "filters (output channels) K"),
    CONV_SIZE("--r", r, 1, 8192, "filter height R"),
    CONV_SIZE("--s", s, 1, 8192, "filter width S"),
    CONV_SIZE("--pad", pad, 0, 4096, "zero padding, each side"),
    CONV_SIZE("--stride", stride, 1, 4096, "stride"),
    CONV_SIZE("--dil", dil, 1, 4096, "dilation"),
    {.kind = CK_OPT_TEXT, .help = "\noptions:\n"},
    {.name = "--shape-only", .kind = CK_OPT_FLAG, .dst = &opts.shape_only,
     .help = "print P and Q for the sizes and exit"},
};
#undef CONV_SIZE

static const struct ck_usage conv_usage = {
    .name = "conv",
    .what = "2-D cross-correlation in FP32, x (N,C,H,W) * w (K,C,R,S) -> "
            "y (N,K,P,Q),\nP = (H + 2*pad - dil*(R-1) - 1)/stride + 1, "
            "Q likewise with W and S.\nDefault: the ResNet-50 conv2_x "
            "layer, N=32 C=64 H=W=56 K=64 R=S=3 pad=1.\n",
    .opts = conv_options, .nopts = CK_NOPTS(conv_options), .per = "variant", .reps = "about 100 ms",
    .cpu = "CPU variants only",
    .quick = "small sizes (N=4 C=32 H=W=28 K=32 3x3 pad 1)",
    .list = "the ladder: id, rung, kind, name, idea",
    .exits = " or too big, 3 a wrong result,\n      4 CUDA/cuDNN error, "
             "5 out of host memory",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &conv_usage);
}

static int parse(struct opts *o, int argc, char **argv)
{
    o->sh = conv2_x;
    if (ck_args_parse(&o->a, "conv", argc, argv, conv_options, CK_NOPTS(conv_options), NULL, NULL))
        return CK_EARGS;
    if (!ck_ladder_known(conv_rungs, CONV_NRUNGS, o->a.variants))
        return CK_EARGS;
    if (o->a.quick && o->sized) {
        fprintf(stderr, "conv: --quick sets the sizes; give one or the other\n");
        return CK_EARGS;
    }
    return CK_OK;
}

struct cpu_call {
    const struct conv_job *job;
    int i;           /* the rung */
    conv_cpu_fn fn;
    float *y;
};

static int cpu_once(void *ctx, int copy)
{
    const struct cpu_call *c = ctx;
    (void)copy; /* one input set: host caches are far smaller than it */
    c->fn(&c->job->sh, c->job->x, c->job->w, c->y);
    return CK_OK;
}

static double cpu_err(void *ctx, const float *out, const char **checked)
{
    const struct cpu_call *c = ctx;
    return conv_ref_err(&c->job->ref, out, true, checked);
}

/* The second judgement: the same run on the integer inputs (conv_exact.h). */
static bool cpu_exact(void *ctx, struct ck_result *r)
{
    const struct cpu_call *c = ctx;
    const struct conv_job *job = c->job;
    if (!job->exact.on)
        return r->ok;
    c->fn(&job->sh, job->exact.x, job->exact.w, c->y);
    return conv_exact_judge(&job->exact, &job->sh, (enum conv_rung_id)c->i, c->y,
                            &job->ext[c->i].ex, r);
}

/* CPU variants: check against the reference, then time (ladder.h). */
static int run_cpu(struct conv_job *job, struct ck_ladder *l)
{
    size_t ny = conv_y_elems(&job->sh);
    float *y = malloc(ny * sizeof *y);
    if (!y) {
        fprintf(stderr, "conv: out of host memory (%zu bytes)\n", ny * sizeof *y);
        return CK_ENOMEM;
    }
    int rc = CK_OK;
    for (int i = 0; i < CONV_NRUNGS && (rc == CK_OK || rc == CK_ECHECK); i++) {
        if (!conv_cpu_fns[i] || !ck_ladder_wants(l, i))
            continue;
        struct cpu_call c = {job, i, conv_cpu_fns[i], y};
        struct ck_cpu_job cj = {cpu_once, &c, y, ny, cpu_err,
                                conv_flops(&job->sh),
                                4.0 * (conv_x_elems(&job->sh) +
                                       conv_w_elems(&job->sh) + ny), cpu_exact};
        job->ext[i].workspace = 0;
        rc = ck_ladder_cpu(l, i, &cj);
    }
    free(y);
    return rc == CK_ECHECK ? CK_OK : rc; /* a wrong result is in its record */
}

/* The sizes every record of this demo carries. */
static void rec_sizes(struct ck_rec *rec, const struct conv_shape *s)
{
    const int v[] = {s->n, s->c, s->h, s->w, s->k, s->r, s->s, s->pad,
                     s->stride, s->dil, s->p, s->q};
    static const char *const k[] = {"n", "c", "h", "w", "k", "r", "s",
                                    "pad", "stride", "dil", "p", "q"};
    for (size_t j = 0; j < sizeof v / sizeof v[0]; j++)
        ck_rec_int(rec, k[j], v[j]);
}

/* A variant that does not apply to this problem (a cuDNN algorithm cuDNN
 * declined, a hand rung made for other shapes): its own record kind, so it
 * is neither a result nor a failure. */
static void yaml_before(void *ctx, int i, FILE *f)
{
    const struct conv_job *job = ctx;
    if (job->ext[i].supported != 0)
        return;
    struct ck_rec rec;
    ck_rec_unsupported(&rec, "conv", &job->res[i], job->res[i].error);
    ck_rec_str(&rec, "math", job->ext[i].math);
    ck_rec_str(&rec, "algo", job->ext[i].algo);
    rec_sizes(&rec, &job->sh);
    ck_rec_end(&rec, f);
}

/* winograd4's GEMM plan at sh: its launcher's rule on a live GPU, else the
 * rule on the device's SMs and the H200's blocks per SM (wg4_h200). */
static struct wg4_plan conv_wg4_plan_of(const struct conv_shape *sh, const struct ck_device *d)
{
#if CK_HAVE_CUDA
    if (d && d->live)
        return conv_gpu_wg4_rule(sh);
#endif
    struct wg4_machine m = wg4_h200;
    m.sms = ck_sms_or_h200(d ? d->sms : 0);
    return wg4_pick_shape(sh->n, sh->c, sh->k, sh->p, sh->q, &m);
}

static void yaml_fields(void *ctx, int i, struct ck_rec *rec)
{
    const struct conv_job *job = ctx;
    const struct conv_extra *x = &job->ext[i];
    const struct conv_shape *s0 = &job->sh;
    rec_sizes(rec, &job->sh);
    if (x->workspace >= 0)
        ck_rec_int(rec, "workspace", x->workspace);
    else
        ck_rec_str(rec, "workspace", NULL);
    if (ck_rung_is(&conv_rungs[i], "library")) {
        ck_rec_str(rec, "math", x->math);
        ck_rec_str(rec, "algo", x->algo);
        ck_rec_str(rec, "layout", x->layout ? x->layout : "NCHW");
    }
    /* the integer inputs (conv_exact.h): exact, or the largest error */
    if (x->ex.exact >= 0)
        ck_rec_bool(rec, "exact", x->ex.exact == 1);
    else
        ck_rec_str(rec, "exact", NULL);
    ck_rec_num(rec, "max_err", x->ex.max_err);
    ck_rec_num(rec, "max_err_bound", x->ex.bound);
    /* winograd4: the GEMM plan its rule picks here (wg4_rule.h), unless a
     * tuning run forces one (06_winograd4_tuning.cuh) */
    if (i == CONV_WINOGRAD4) {
        const char *tl = getenv("CK_CONV_WG4_TILE"), *sp = getenv("CK_CONV_WG4_SPLIT");
        struct wg4_plan pl = conv_wg4_plan_of(s0, job->lad->dev);
        if ((tl && atoi(tl) != 0) || (sp && atoi(sp) != 0)) {
            ck_rec_str(rec, "config", "forced");
        } else {
            ck_rec_str(rec, "config", wg4_tiles[pl.tile].name);
            ck_rec_int(rec, "split", pl.split);
        }
    }
    /* the rung's own traffic model (conv_traffic.h), beside the minimum */
    const struct conv_shape *s = &job->sh;
    struct conv_traffic t = conv_traffic_of((enum conv_rung_id)i, s->n, s->c, s->h,
                                            s->w, s->k, s->r, s->s, s->pad,
                                            s->stride, s->dil, s->p, s->q);
    ck_rec_num(rec, "model_bytes", t.bytes);
    ck_rec_num(rec, "model_intensity", conv_flops(s) / t.bytes);
    ck_rec_str(rec, "model", t.model);
}

/* How many times faster the best GPU variant is than each CPU one. */
static void speedups(const struct conv_job *job, FILE *f)
{
    int best = -1;
    for (int i = 0; i < CONV_NRUNGS; i++) {
        const struct ck_result *r = &job->res[i];
        if (ck_rung_is(&conv_rungs[i], "hand") && r->ran && r->ok &&
            (best < 0 || r->t.ms < job->res[best].t.ms))
            best = (int)i;
    }
    for (int i = 0; best >= 0 && i < CONV_NRUNGS; i++) {
        const struct ck_result *r = &job->res[i];
        if (ck_rung_is(&conv_rungs[i], "cpu") && r->ran && r->ok)
            fprintf(f, "%s is %.0fx faster than %s\n", conv_rungs[best].id,
                    r->t.ms / job->res[best].t.ms, r->id);
    }
}

static void table_title(void *ctx, FILE *f)
{
    const struct conv_shape *s = &((const struct conv_job *)ctx)->sh;
    /* the same first line as matmul's table: the demo and its problem */
    fprintf(f, "conv  FP32 forward convolution y = conv(x, w), N=%d C=%d H=%d "
            "W=%d K=%d, %dx%d filter\n", s->n, s->c, s->h, s->w, s->k, s->r, s->s);
}

static void table_problem(void *ctx, FILE *f)
{
    const struct conv_shape *s = &((const struct conv_job *)ctx)->sh;
    fprintf(f, "problem    N=%d C=%d H=%d W=%d -> K=%d, %dx%d filter, pad %d, "
            "stride %d, dil %d -> P=%d Q=%d, %.3g GFLOP\n", s->n, s->c, s->h,
            s->w, s->k, s->r, s->s, s->pad, s->stride, s->dil, s->p, s->q,
            conv_flops(s) / 1e9);
}

/* What the integer inputs (conv_exact.h) showed: which rungs were exact,
 * and each other rung's largest error and its bound. */
static void exact_notes(const struct conv_job *job, FILE *f)
{
    char ids[400] = "";
    size_t len = 0;
    for (int i = 0; i < CONV_NRUNGS; i++) {
        const struct conv_exact_result *x = &job->ext[i].ex;
        if (x->exact == 1 && len < sizeof ids)
            len += (size_t)snprintf(ids + len, sizeof ids - len, "%s%s", len ? ", " : "",
                                    conv_rungs[i].id);
        else if (x->exact < 0 && isfinite(x->max_err))
            fprintf(f, "%s on integer inputs: largest error %.2g of the value scale%s",
                    conv_rungs[i].id, x->max_err, isfinite(x->bound) ? "" : "\n");
        if (x->exact < 0 && isfinite(x->max_err) && isfinite(x->bound))
            fprintf(f, " (bound %.2g)\n", x->bound);
    }
    if (len)
        fprintf(f, "exact on integer inputs: %s\n", ids);
}

static void table_notes(void *ctx, FILE *f)
{
    const struct conv_job *job = ctx;
    for (int i = 0; i < CONV_NRUNGS; i++) {
        const struct conv_extra *x = &job->ext[i];
        if (job->res[i].ran && x->workspace > 0)
            fprintf(f, "%s workspace: %lld bytes%s%s\n", conv_rungs[i].id,
                    x->workspace, x->math ? ", math " : "", x->math ? x->math : "");
        if (x->supported == 0)
            fprintf(f, "%s: not supported %shere (%s)\n", conv_rungs[i].id,
                    ck_rung_is(&conv_rungs[i], "library") ? "by cuDNN " : "",
                    x->why);
    }
    exact_notes(job, f);
    speedups(job, f);
    if (job->note[0])
        fprintf(f, "%s\n", job->note);
}

static const struct ck_ladder_ops conv_ops = {
    .title = table_title, .problem = table_problem, .notes = table_notes,
    .fields = yaml_fields, .before = yaml_before,
};

static void fill_inputs(const struct conv_shape *sh, float *x, float *w)
{
    struct ck_rng rng; /* fresh inputs every run */
    ck_rng_seed(&rng, ck_demo_seed());
    ck_fill_random(x, conv_x_elems(sh), &rng);
    ck_fill_random(w, conv_w_elems(sh), &rng);
}

static int run(const struct opts *o, const struct ck_device *dev, int argc,
               char **argv)
{
    struct ck_result res[CONV_NRUNGS];
    struct conv_extra ext[CONV_NRUNGS];
    struct ck_ladder lad;
    struct conv_job job = {.sh = o->sh, .lad = &lad, .reps = o->a.reps,
                           .res = res, .ext = ext};
    ck_ladder_init(&lad, "conv", conv_rungs, CONV_NRUNGS, res, &o->a, dev);
    lad.ops = &conv_ops;
    lad.ctx = &job;
    for (int i = 0; i < CONV_NRUNGS; i++)
        ext[i] = (struct conv_extra){.workspace = -1, .supported = -1,
                                     .ex = CONV_EXACT_NONE};
    job.l2_bytes = dev->live ? (size_t)dev->l2_bytes : 0;
    float *x = malloc(conv_x_elems(&o->sh) * sizeof *x);
    float *w = malloc(conv_w_elems(&o->sh) * sizeof *w);
    job.x = x;
    job.w = w;
    int rc = CK_OK;
    struct ck_err err = {{0}};
    if (x && w) {
        fill_inputs(&o->sh, x, w);
        if (!conv_ref_build(&job.ref, &o->sh, x, w, ck_demo_seed()))
            rc = CK_ENOMEM, snprintf(err.msg, sizeof err.msg, "out of host memory");
        else
            rc = conv_exact_init(&job.exact, &o->sh, ck_demo_seed(), err.msg,
                                 sizeof err.msg);
    } else {
        rc = CK_ENOMEM;
        snprintf(err.msg, sizeof err.msg, "out of host memory for the inputs");
    }
    if (!dev->live)
        snprintf(job.note, sizeof job.note, "CPU only: %s", dev->reason);
#if CK_HAVE_CUDA
    if (rc == CK_OK && dev->live)
        rc = conv_gpu_run(&job, &err);
#endif
    if (rc == CK_OK)
        rc = run_cpu(&job, &lad);
    if (rc != CK_OK && err.msg[0])
        fprintf(stderr, "conv: %s\n", err.msg);
    if (rc != CK_EARGS)
        rc = ck_ladder_report(&lad, rc, argc, argv, stdout);
    conv_ref_free(&job.ref);
    conv_exact_free(&job.exact);
    free(x);
    free(w);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts *o = &opts;
    int rc = parse(o, argc, argv);
    if (rc != CK_OK)
        return rc;
    struct ck_device dev;
    memset(&dev, 0, sizeof dev);
    if (!ck_demo_start(&o->a, usage, conv_rungs, CONV_NRUNGS, o->shape_only ? NULL : &dev))
        return CK_OK;
    /* without a GPU and without sizes, the CPU runs the small problem */
    if (o->a.quick || (!o->shape_only && !dev.live && !o->sized))
        o->sh = quick;
    char why[192];
    if (!conv_shape_init(&o->sh, why, sizeof why)) {
        fprintf(stderr, "conv: %s\n", why);
        return CK_EARGS;
    }
    if (o->shape_only) {
        printf("p=%d q=%d\n", o->sh.p, o->sh.q);
        return CK_OK;
    }
    return run(o, &dev, argc, argv);
}
