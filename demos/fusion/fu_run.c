/* fu_run.c: the fusion demo's rungs run and checked (see fu_state.h):
 * the CPU rungs through the harness (ck_ladder_cpu: poison, run, judge,
 * time) on as many rows of the product as their budget allows, the GPU
 * rungs through fu_gpu.h; each judged against FP64 at the problem's
 * checked outputs and, where those are a sample, every element against
 * the first GPU rung that passed ("cross"). Then each fused rung against
 * its unfused twin, interleaved pairs in this one process (timing.h's
 * ck_time_gpu_pair, ck_time_cpu_pair): the speed-up is the median of the
 * pairs' ratios, never a ratio of two medians. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fu_state.h"
#include "fu_traffic.h"
#if CK_HAVE_CUDA
#include "fu_gpu.h"
#endif

struct cpu_ctx {
    struct fu_state *s;
    int i;
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    long long rows = c->s->rows[c->i];
    if (c->i == FU_CPU_FUSED)
        fu_cpu_fused(&c->s->p, rows, c->s->out);
    else
        fu_cpu_unfused(&c->s->p, rows, c->s->out);
    return CK_OK;
}

static double cpu_err(void *ctx, const float *out, const char **checked)
{
    struct cpu_ctx *c = ctx;
    *checked = "fp64";
    return fu_rel_err(&c->s->p, out, c->s->rows[c->i]);
}

/* the rows a CPU rung runs in its budget: whole images for the conv */
static long long cpu_rows(const struct fu_shape *sh)
{
    long long unit = sh->op == FU_CONV ? (long long)sh->p * sh->q : 1;
    double per = fu_flops(sh, (double)unit);
    long long units = (long long)(FU_CPU_FLOPS / per), all = sh->m / unit;
    if (per > 4 * FU_CPU_FLOPS)
        return 0;
    units = units < 1 ? 1 : units > all ? all : units;
    return units * unit;
}

static int run_cpu(struct fu_state *s, int i)
{
    const struct fu_shape *sh = &s->p.s;
    long long rows = cpu_rows(sh);
    if (!rows) {
        snprintf(s->declined[i], sizeof s->declined[i],
                 "one %s is %.3g GFLOP: too long for the CPU variant",
                 sh->op == FU_CONV ? "image" : "row",
                 fu_flops(sh, sh->op == FU_CONV ? (double)sh->p * sh->q : 1) / 1e9);
        return CK_OK;
    }
    s->rows[i] = rows;
    struct cpu_ctx c = {s, i};
    struct ck_cpu_job job = {
        .run = cpu_once, .ctx = &c, .out = s->out, .n = (size_t)rows * sh->n, .err = cpu_err,
        .flops = fu_flops(sh, (double)rows),
        .bytes = fu_model_bytes(sh, (double)rows, true), /* the minimum: `intensity` */
    };
    return ck_ladder_cpu(&s->l, i, &job);
}

#if CK_HAVE_CUDA
/* the judgement of a GPU rung's output in s->out */
static void judge_gpu(struct fu_state *s, int i)
{
    struct ck_result *r = &s->l.res[i];
    size_t ny = (size_t)s->p.s.m * s->p.s.n;
    ck_corrupt(s->table[i].id, s->out, ny);
    double e = fu_rel_err(&s->p, s->out, s->p.s.m);
    const char *checked = "fp64";
    if (s->p.nchk < ny) {
        checked = "sampled";
        if (s->have_cross) {
            double x = ck_rel_err_f32(s->out, s->cross, ny);
            e = isnan(e) || isnan(x) ? NAN : fmax(e, x);
            checked = "cross";
        }
    }
    if (ck_judge(r, e, checked) && !s->have_cross) {
        memcpy(s->cross, s->out, ny * sizeof *s->out);
        s->have_cross = true;
    }
}

static int run_gpu(struct fu_state *s, int i)
{
    struct ck_result *r = &s->l.res[i];
    int rc = CK_OK;
    if (!s->g) {
        rc = fu_gpu_open(&s->g, &s->p, s->dev->l2_bytes, &s->err);
        if (rc == CK_EARGS) {
            snprintf(s->declined[i], sizeof s->declined[i], "%s", s->err.msg);
            return CK_OK;
        }
        if (rc != CK_OK)
            return rc;
    }
    rc = fu_gpu_prepare(s->g, i, &s->err);
    if (rc == FU_GPU_DECLINED) {
        snprintf(s->declined[i], sizeof s->declined[i], "%s", s->err.msg);
        return CK_OK;
    }
    r->ran = true;
    s->rows[i] = s->p.s.m;
    if (!ck_rung_is(&s->table[i], "hand")) {
        snprintf(s->api[i], sizeof s->api[i], "%s", fu_gpu_api(s->g, i));
        snprintf(s->algo, sizeof s->algo, "%s", fu_gpu_algo(s->g));
    }
    if (rc == CK_OK)
        rc = fu_gpu_check_run(s->g, i, s->out, &s->err);
    if (rc == CK_OK) {
        judge_gpu(s, i);
        if (r->ok)
            rc = fu_gpu_time(s->g, i, s->o->args.reps, &r->t, &s->err);
    }
    if (rc != CK_OK)
        r->ok = false, snprintf(r->error, sizeof r->error, "%s", s->err.msg);
    return rc;
}
#else
static int run_gpu(struct fu_state *s, int i)
{
    (void)s, (void)i;
    return CK_OK;
}
#endif

/* Fused rung i beside its twin t, both passed and timed at the same rows:
 * s->speedup[i]; a failure loses only the pair. A CPU run so long that it
 * is timed once is not paired (the table gives the ratio of the medians). */
static void pair_one(struct fu_state *s, int i, int t)
{
    struct ck_pair *p = &s->speedup[i];
    int n = ck_pairs_for(s->l.res[i].t.ms, s->l.res[t].t.ms), rc = CK_ENOMEM;
    if (ck_rung_is(&s->table[i], "cpu")) {
        /* a run the harness times once (ck_cpu_reps) is not paired either */
        if (fu_flops(&s->p.s, (double)s->rows[i]) > CK_CPU_ONCE_FLOPS)
            return;
        struct cpu_ctx a = {s, i}, b = {s, t};
        rc = ck_time_cpu_pair(cpu_once, &a, cpu_once, &b, n, p);
    }
#if CK_HAVE_CUDA
    else if (s->g)
        rc = fu_gpu_pair(s->g, i, t, n, p, &s->err);
#endif
    if (rc != CK_OK)
        p->pairs = 0;
}

static void pair_all(struct fu_state *s)
{
    for (int i = 0; i < FU_NRUNGS; i++) {
        int t = fu_twin(i);
        const struct ck_result *a = &s->l.res[i], *b = t >= 0 ? &s->l.res[t] : NULL;
        if (b && a->ran && a->ok && b->ran && b->ok && a->t.ms > 0 && b->t.ms > 0 &&
            s->rows[i] == s->rows[t])
            pair_one(s, i, t);
    }
}

int fu_run_all(struct fu_state *s)
{
    const struct fu_shape *sh = &s->p.s;
    int status = CK_OK;
    for (int i = 0; i < FU_NRUNGS; i++) {
        struct ck_result *r = &s->l.res[i];
        r->baseline = i == FU_LIB_FUSED;
        r->flops = fu_flops(sh, (double)sh->m);
        r->bytes = fu_model_bytes(sh, (double)sh->m, true); /* the minimum */
        s->rows[i] = 0;
        s->declined[i][0] = s->api[i][0] = 0;
        s->speedup[i] = (struct ck_pair){NAN, NAN, NAN, 0};
    }
    for (int i = 0; i < FU_NRUNGS; i++) {
        if (!ck_ladder_wants(&s->l, i))
            continue;
        bool cpu = ck_rung_is(&s->table[i], "cpu");
        if (!cpu && !s->dev->live)
            continue;
        int rc = cpu ? run_cpu(s, i) : run_gpu(s, i);
        if (rc != CK_OK && rc != CK_ECHECK && status == CK_OK)
            status = rc;
        if (rc == CK_ECUDA || rc == CK_ENOMEM)
            return status; /* the device is in doubt: the later rungs do not run */
    }
    pair_all(s);
    return status;
}
