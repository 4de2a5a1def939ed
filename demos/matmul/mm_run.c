/* mm_run.c: the matmul demo's driver on the common harness (ladder.h): for
 * each selected rung, verify on fresh random inputs with a NaN-poisoned
 * output, and only then time it.
 *
 * GPU variants run at the requested size. At sizes with a full FP64
 * reference every variant is checked against it; at larger ones cuBLAS is
 * first checked against FP64 reference rows and then serves as the
 * reference for the hand-written kernels (checked: library). CPU variants
 * run at min(size, cap) per dimension (mm_ladder.h) so a 4096^3 GPU run
 * does not wait minutes for a single-threaded loop; their records carry
 * their own m, n, k. */
#include "mm_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ladder.h"
#include "mm_best_rule.h"
#include "mm_declines.h"
#include "mm_exact.h"
#include "mm_problem.h"
#include "mm_traffic.h"
#include "report.h"
#if CK_HAVE_CUDA
#include "cublas_dl.h"
#include "mm_gpu.h"
#endif

#define MM_MAX_PROBLEMS 3

struct mm_state {
    const struct mm_opts *o;
    const struct ck_device *dev;
    struct mm_problem probs[MM_MAX_PROBLEMS];
    int nprobs;
    int dims[MM_NRUNGS][3];   /* m, n, k each record ran at */
    float *lib;               /* cuBLAS FP32 output as reference, or NULL */
#if CK_HAVE_CUDA
    struct ck_cublas *cb;
    struct mm_gpu *g;
#endif
    struct mm_exact ex;              /* integer inputs at the GPU size (mm_exact.h) */
    bool ex_on;                      /* ex made: every GPU rung is run on it too */
    int exact[MM_NRUNGS];            /* 1 exact on integer inputs, 0 not, -1 not run */
    const char *declined[MM_NRUNGS]; /* why a GPU rung does not apply here */
    char declined_buf[MM_NRUNGS][128];
    bool gpu_dead;            /* a CUDA error: no more GPU variants */
    bool best_ran;            /* the 'best' rung ran: say its configuration */
    struct ck_err err;        /* the last GPU error */
};

static struct mm_problem *problem(struct mm_state *s, int M, int N, int K)
{
    for (int i = 0; i < s->nprobs; i++)
        if (s->probs[i].M == M && s->probs[i].N == N && s->probs[i].K == K)
            return &s->probs[i];
    if (s->nprobs == MM_MAX_PROBLEMS)
        return NULL;
    struct mm_problem *p = &s->probs[s->nprobs];
    if (!mm_problem_init(p, M, N, K, s->o->seed + (unsigned)s->nprobs))
        return NULL;
    s->nprobs++;
    return p;
}

/* The work of one run: 2MNK operations, and the fewest bytes it must move
 * (A and B read once, C written once). */
static double mm_flops(int M, int N, int K) { return 2.0 * M * N * K; }
static double mm_bytes(int M, int N, int K)
{
    return 4.0 * ((double)M * K + (double)K * N + (double)M * N);
}

struct cpu_ctx {
    mm_cpu_fn fn;
    struct mm_problem *p;
    struct mm_exact *ex; /* integer inputs at this size, or NULL */
    int *exact;          /* the rung's mm_state.exact */
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    c->fn(c->p->M, c->p->N, c->p->K, c->p->A, c->p->B, c->p->C);
    return CK_OK;
}

static double cpu_err(void *ctx, const float *out, const char **checked)
{
    struct cpu_ctx *c = ctx;
    *checked = "fp64";
    return mm_problem_err(c->p, out);
}

/* The second judgement (mm_exact.h): on integer inputs every rung's sums
 * are whole numbers below 2^24, exact in FP32 in any order, so the output
 * must be the exact product bit for bit. The test hook CK_DEMO_CORRUPT=
 * <id>+1 puts one element off by one. */
static bool exact_judge(const struct mm_exact *e, struct ck_result *r, float *C, int *exact)
{
    char why[160];
    ck_corrupt_plus_one(r->id, C, (size_t)e->M * e->N);
    *exact = mm_exact_check(e, C, why, sizeof why);
    if (!*exact) {
        r->ok = false;
        snprintf(r->error, sizeof r->error, "integer inputs, not exact: %s", why);
    }
    return *exact;
}

static bool cpu_exact(void *ctx, struct ck_result *r)
{
    struct cpu_ctx *c = ctx;
    if (!c->ex)
        return r->ok;
    c->fn(c->ex->M, c->ex->N, c->ex->K, c->ex->A, c->ex->B, c->p->C);
    return exact_judge(c->ex, r, c->p->C, c->exact);
}

static int run_cpu(struct mm_state *s, struct ck_ladder *l, int i)
{
    int cap = mm_rungs[i].cap;
    int M = s->o->M < cap ? s->o->M : cap;
    int N = s->o->N < cap ? s->o->N : cap;
    int K = s->o->K < cap ? s->o->K : cap;
    struct mm_problem *p = problem(s, M, N, K);
    s->dims[i][0] = M, s->dims[i][1] = N, s->dims[i][2] = K;
    if (!p) {
        snprintf(l->res[i].error, sizeof l->res[i].error, "out of host memory");
        return CK_ENOMEM;
    }
    struct mm_exact ex;
    bool ex_on = mm_exact_init(&ex, M, N, K, s->o->seed ^ 0x5eed);
    struct cpu_ctx c = {mm_cpu_fns[i], p, ex_on ? &ex : NULL, &s->exact[i]};
    struct ck_cpu_job job = {cpu_once, &c, p->C, (size_t)M * N, cpu_err,
                             mm_flops(M, N, K), mm_bytes(M, N, K), cpu_exact};
    int rc = ck_ladder_cpu(l, i, &job);
    mm_exact_free(&ex);
    return rc;
}

#if CK_HAVE_CUDA
/* Uploads the inputs; at large sizes makes cuBLAS the reference once it has
 * passed its own FP64 check. CK_EARGS: the size does not fit the device. */
static int gpu_setup(struct mm_state *s)
{
    const struct mm_opts *o = s->o;
    struct mm_problem *p = problem(s, o->M, o->N, o->K);
    if (!p) {
        snprintf(s->err.msg, sizeof s->err.msg, "out of host memory");
        return CK_ENOMEM;
    }
    s->cb = ck_cublas_load();
    int rc = mm_gpu_open(&s->g, o->M, o->N, o->K, p->A, p->B, s->dev->l2_bytes,
                         s->cb, &s->err);
    if (rc == CK_EARGS)
        fprintf(stderr, "matmul: %dx%dx%d refused: %s\n", o->M, o->N, o->K,
                s->err.msg);
    if (rc != CK_OK) {
        mm_gpu_close(s->g);
        s->g = NULL;
        return rc;
    }
    s->ex_on = mm_exact_init(&s->ex, o->M, o->N, o->K, o->seed ^ 0x5eed);
    float *lib = p->rows && s->cb ? malloc((size_t)o->M * o->N * sizeof(float)) : NULL;
    if (lib && mm_gpu_check_run(s->g, MM_CUBLAS, lib, &s->err) == CK_OK &&
        ck_within(mm_problem_err(p, lib), CK_TOL_FP32))
        s->lib = lib;
    else
        free(lib);
    return CK_OK;
}

static bool gpu_skip(const struct mm_state *s, int i)
{
    return !s->cb && ck_rung_is(&mm_rungs[i], "library");
}

/* Rungs whose instructions this GPU (or this build) lacks
 * (mm_declines.h). */
static const char *gpu_declines(struct mm_state *s, int i)
{
    return mm_decline((enum mm_rung)i, s->dev->cc_major, s->dev->cc_minor,
                      mm_gpu_has_sm90a(), s->declined_buf[i], sizeof s->declined_buf[i]);
}

static int run_gpu(struct mm_state *s, struct ck_ladder *l, int i)
{
    const struct mm_opts *o = s->o;
    struct ck_result *r = &l->res[i];
    struct mm_problem *p = problem(s, o->M, o->N, o->K);
    s->dims[i][0] = o->M, s->dims[i][1] = o->N, s->dims[i][2] = o->K;
    r->ran = true;
    r->flops = mm_flops(o->M, o->N, o->K);
    r->bytes = mm_bytes(o->M, o->N, o->K);
    if (!p) {
        snprintf(r->error, sizeof r->error, "out of host memory");
        return CK_ENOMEM;
    }
    int rc = s->g ? mm_gpu_check_run(s->g, (enum mm_rung)i, p->C, &s->err)
                  : CK_ECUDA;
    if (rc == CK_OK) {
        bool use_lib = s->lib && ck_rung_is(&mm_rungs[i], "hand");
        double err = use_lib ? ck_rel_err_f32(p->C, s->lib, (size_t)o->M * o->N)
                             : mm_problem_err(p, p->C);
        if (!ck_judge(r, err, use_lib ? "library" : "fp64"))
            return CK_ECHECK;
        if (s->ex_on) { /* the second judgement: integer inputs, exact */
            rc = mm_gpu_exact_run(s->g, (enum mm_rung)i, s->ex.A, s->ex.B, p->A, p->B, p->C,
                                  &s->err);
            if (rc == CK_OK && !exact_judge(&s->ex, r, p->C, &s->exact[i]))
                return CK_ECHECK;
        }
        if (rc == CK_OK)
            rc = mm_gpu_time(s->g, (enum mm_rung)i, o->args.reps, &r->t, &s->err);
    }
    if (rc != CK_OK) {
        snprintf(r->error, sizeof r->error, "%s", s->err.msg);
        s->gpu_dead = true;
    }
    return rc;
}

static bool timed_ok(const struct ck_result *r)
{
    return r->ran && r->ok && isfinite(r->t.ms);
}

/* Every hand rung that ran side by side with the first library row of its
 * precision (cuBLAS FP32 for the FP32 ladder, cuBLAS TF32 for the TF32
 * rungs): the record's paired_pct_of_library. A failure here loses only
 * the pair. */
static void pair_all(struct mm_state *s, struct ck_result *res)
{
    for (int i = 0; s->g && i < MM_NRUNGS; i++) {
        if (!ck_rung_is(&mm_rungs[i], "hand") || !timed_ok(&res[i]))
            continue;
        const char *prec = mm_rung_precision((enum mm_rung)i);
        for (int j = 0; j < MM_NRUNGS; j++)
            if (ck_rung_is(&mm_rungs[j], "library") && timed_ok(&res[j]) &&
                !strcmp(mm_rung_precision((enum mm_rung)j), prec)) {
                int n = ck_pairs_for(res[i].t.ms, res[j].t.ms);
                if (mm_gpu_pair(s->g, (enum mm_rung)i, (enum mm_rung)j, n,
                                &res[i].pair, &s->err) == CK_OK)
                    res[i].paired_with = mm_rungs[j].id;
                else
                    res[i].pair.pairs = 0;
                break;
            }
    }
}

static void gpu_teardown(struct mm_state *s)
{
    mm_exact_free(&s->ex);
    mm_gpu_close(s->g);
    ck_cublas_free(s->cb);
    free(s->lib);
}
#else
static int gpu_setup(struct mm_state *s) { (void)s; return CK_OK; }
static bool gpu_skip(const struct mm_state *s, int i) { (void)s, (void)i; return true; }
static int run_gpu(struct mm_state *s, struct ck_ladder *l, int i)
{
    (void)s;
    snprintf(l->res[i].error, sizeof l->res[i].error, "built without CUDA");
    return CK_ECUDA;
}
static void gpu_teardown(struct mm_state *s) { (void)s; }
static void pair_all(struct mm_state *s, struct ck_result *res) { (void)s, (void)res; }
static const char *gpu_declines(struct mm_state *s, int i) { (void)s, (void)i; return NULL; }
#endif

static void title(void *ctx, FILE *f)
{
    const struct mm_state *s = ctx;
    fprintf(f, "matmul  FP32 C = A*B, M=%d N=%d K=%d (CPU variants at most "
            "%d / %d per dimension)\n", s->o->M, s->o->N, s->o->K,
            mm_rungs[MM_CPU_NAIVE].cap, mm_rungs[MM_CPU_BLOCKED].cap);
}

/* Whether a tuning run forces the 'best' rung's configuration
 * (05_best_tuning.cuh). */
static bool mm_best_forced(void)
{
    const char *c = getenv("CK_MM_BEST_CFG"), *sp = getenv("CK_MM_BEST_SPLIT"),
               *pa = getenv("CK_MM_BEST_PARTS");
    return (c && atoi(c) != 0) || (sp && atoi(sp) != 0) || (pa && atoi(pa) != 0);
}

/* The configuration the 'best' rung runs at this size on this device: its
 * launcher's own plan (mm_gpu_best_plan); without the GPU open, the rule
 * (mm_best_rule.h) on the device's SMs and the H200's blocks per SM. */
static struct mm_best_plan best_plan(const struct mm_state *s)
{
#if CK_HAVE_CUDA
    if (s->g)
        return mm_gpu_best_plan(s->g);
#endif
    struct mm_best_machine m = mm_best_h200;
    m.sms = ck_sms_or_h200(s->dev->sms);
    return mm_best_choose(s->o->M, s->o->N, s->o->K, &m);
}

static void fields(void *ctx, int i, struct ck_rec *rec)
{
    const struct mm_state *s = ctx;
    ck_rec_int(rec, "m", s->dims[i][0]);
    ck_rec_int(rec, "n", s->dims[i][1]);
    ck_rec_int(rec, "k", s->dims[i][2]);
    ck_rec_str(rec, "precision", mm_rung_precision((enum mm_rung)i));
    if (s->exact[i] >= 0) /* the integer inputs (mm_exact.h) */
        ck_rec_bool(rec, "exact", s->exact[i] == 1);
    if (i == MM_BEST && mm_best_forced()) {
        ck_rec_str(rec, "config", "forced");
        ck_rec_str(rec, "why", "a tuning run: CK_MM_BEST_CFG / _SPLIT / _PARTS");
    } else if (i == MM_BEST) {
        struct mm_best_plan p = best_plan(s);
        ck_rec_str(rec, "config", mm_best_cfgs[p.cfg].name);
        ck_rec_int(rec, "split", p.split);
        ck_rec_bool(rec, "streamk", p.streamk);
        ck_rec_bool(rec, "parts", p.parts);
        ck_rec_str(rec, "why", p.why);
    }
    /* the rung's own traffic model (mm_traffic.h), beside the minimum;
     * best's with the tiles and split its rule chose */
    struct mm_traffic t = mm_traffic_of((enum mm_rung)i, s->dims[i][0],
                                        s->dims[i][1], s->dims[i][2]);
    if (i == MM_BEST && !mm_best_forced()) {
        struct mm_best_plan p = best_plan(s);
        t = mm_traffic_tiles(s->dims[i][0], s->dims[i][1], s->dims[i][2],
                             mm_best_cfgs[p.cfg].bm, mm_best_cfgs[p.cfg].bn, p.split,
                             p.parts);
    }
    double flops = mm_flops(s->dims[i][0], s->dims[i][1], s->dims[i][2]);
    ck_rec_num(rec, "model_bytes", t.bytes);
    ck_rec_num(rec, "model_intensity", flops / t.bytes);
    ck_rec_str(rec, "model", t.model);
}

/* A GPU rung this device lacks the instructions for: its own record kind,
 * neither a result nor a failure. */
static void before(void *ctx, int i, FILE *f)
{
    struct mm_state *s = ctx;
    if (!s->declined[i])
        return;
    struct ck_result r;
    ck_result_init(&r, mm_rungs[i].id, mm_rungs[i].label, mm_rungs[i].kind,
                   mm_rungs[i].rung);
    struct ck_rec rec;
    ck_rec_unsupported(&rec, "matmul", &r, s->declined[i]);
    ck_rec_int(&rec, "m", s->o->M);
    ck_rec_int(&rec, "n", s->o->N);
    ck_rec_int(&rec, "k", s->o->K);
    ck_rec_end(&rec, f);
}

static void notes(void *ctx, FILE *f)
{
    struct mm_state *s = ctx;
    if (s->best_ran) {
        struct mm_best_plan p = best_plan(s);
        if (mm_best_forced())
            fprintf(f, "best: configuration forced by CK_MM_BEST_CFG / "
                    "_SPLIT / _PARTS (a tuning run)\n");
        else
            fprintf(f, "best: %s%s: %s\n", mm_best_cfgs[p.cfg].name,
                    p.parts       ? ", split K into parts"
                    : p.split > 1 ? ", split K"
                    : p.streamk   ? ", stream-K"
                                  : "",
                    p.why);
    }
    for (int i = 0; i < MM_NRUNGS; i++)
        if (s->declined[i])
            fprintf(f, "%s: not on this GPU: %s\n", mm_rungs[i].id, s->declined[i]);
}

static const struct ck_ladder_ops mm_ops = {
    .title = title, .notes = notes, .fields = fields, .before = before};

int mm_run(const struct mm_opts *o, const struct ck_device *dev, int argc,
           char **argv)
{
    struct mm_state s = {.o = o, .dev = dev};
    for (int i = 0; i < MM_NRUNGS; i++)
        s.exact[i] = -1;
    struct ck_result res[MM_NRUNGS];
    struct ck_ladder l;
    ck_ladder_init(&l, "matmul", mm_rungs, MM_NRUNGS, res, &o->args, dev);
    l.ops = &mm_ops;
    l.ctx = &s;
    res[MM_CUBLAS].baseline = true;
    int status = CK_OK;
    int rc = dev->live ? gpu_setup(&s) : CK_OK;
    if (rc == CK_EARGS || rc == CK_ENOMEM) {
        if (rc == CK_ENOMEM)
            fprintf(stderr, "matmul: %s\n", s.err.msg);
        gpu_teardown(&s);
        return rc;
    }
    for (int i = 0; i < MM_NRUNGS; i++) {
        bool gpu = !ck_rung_is(&mm_rungs[i], "cpu");
        if (!ck_ladder_wants(&l, i) ||
            (gpu && (!dev->live || s.gpu_dead || gpu_skip(&s, i))))
            continue;
        if (gpu && (s.declined[i] = gpu_declines(&s, i)))
            continue;
        res[i].ran = true;
        s.best_ran |= i == MM_BEST;
        rc = gpu ? run_gpu(&s, &l, i) : run_cpu(&s, &l, i);
        if (rc != CK_OK && !res[i].error[0])
            snprintf(res[i].error, sizeof res[i].error, "failed");
        if (rc != CK_OK)
            res[i].ok = false;
        if (rc == CK_ECUDA || rc == CK_ENOMEM)
            status = rc;
    }
    if (status == CK_OK && !s.gpu_dead)
        pair_all(&s, res);
    status = ck_ladder_report(&l, status, argc, argv, stdout);
    gpu_teardown(&s);
    for (int i = 0; i < s.nprobs; i++)
        mm_problem_free(&s.probs[i]);
    return status;
}
