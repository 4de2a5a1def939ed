/* reduce.c: the reduce demo: the FP32 sum of N floats up the ladder of
 * reduce_ladder.h on the ladder harness (common/ladder.h), each rung
 * checked (FP64 reference, tolerance rd_tol(N), and an integer input
 * summed exactly at every N), then timed, then reported (YAML lines or a
 * table). See demos/README.md for the arguments and the output contract. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "check.h"
#include "ck.h"
#include "cpu_reduce.h"
#include "device.h"
#include "ladder.h"
#include "reduce_ladder.h"
#include "report.h"
#if CK_HAVE_CUDA
#include "reduce_gpu.h"
#endif

#define RD_DEFAULT (1LL << 28)
#define RD_QUICK ((1LL << 20) + 7)
#define RD_MAX (1LL << 34)

typedef float (*rd_cpu_fn)(long long n, const float *x);

struct rd_row {
    const char *id, *kind, *label, *idea;
    int rung;
    rd_cpu_fn cpu; /* NULL: a GPU rung */
};

/* the function column: CPU rungs name theirs, GPU rungs run in reduce_gpu.cu */
#define RD_CPU_hand(fn) NULL
#define RD_CPU_library(fn) NULL
#define RD_CPU_cpu(fn) fn
#define RD_ROW(e, id, step, kind, label, idea, fn, ...)                        \
    {id, #kind, label, idea, RD_NUMBER_##e, RD_CPU_##kind(fn)},
static const struct rd_row rd_rungs[] = {RD_LADDER(RD_ROW)};
#undef RD_ROW
/* the same rows for the shared --list and --variants (common/ladder.h) */
static const struct ck_rung rd_table[] = {RD_LADDER(RD_RUNG_ROW)};
#define RD_N RD_NRUNGS

struct rd_opts {
    struct ck_args args;
    long long n;
    bool n_given;
};

/* what the arguments set: the rows below point into it */
static struct rd_opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt rd_options[] = {
    {.name = "--n", .arg = "N", .kind = CK_OPT_LLONG, .lo = 1, .hi = RD_MAX, .dst = &opts.n,
     .given = &opts.n_given,
     .help = "elements ({range}; default 2^28 on a GPU,\n2^20+7 on the CPU fallback)"},
};

static const struct ck_usage rd_usage = {
    .name = "reduce",
    .what = "FP32 sum of N floats, atomics -> shared tree -> shuffles -> CUB.\n",
    .opts = rd_options, .nopts = CK_NOPTS(rd_options), .per = "variant", .reps = "~100 ms worth",
    .cpu = "CPU variants only", .quick = "N = 2^20+7, about a second on a CPU",
    .list = "the ladder: id, rung, kind, name, idea",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &rd_usage);
}

static int parse(int argc, char **argv, struct rd_opts *o)
{
    if (ck_args_parse(&o->args, "reduce", argc, argv, rd_options, CK_NOPTS(rd_options), NULL, NULL))
        return -1;
    return ck_ladder_known(rd_table, RD_N, o->args.variants) ? 0 : -1;
}

struct rd_state {
    const struct rd_opts *o;
    struct ck_ladder lad;
    struct ck_result res[RD_N];
    struct rd_problem p;
    size_t workspace[RD_N];
#if CK_HAVE_CUDA
    struct rd_gpu *g;
#endif
    struct ck_err err;
};

#if CK_HAVE_CUDA
/* One GPU rung's judgement: the test hook, the FP64 check within rd_tol
 * (ck_judge), then the integer input's exact sum. */
static bool judge(struct rd_state *s, int i, float out, float out_int)
{
    struct ck_result *r = &s->res[i];
    ck_corrupt(rd_table[i].id, &out, 1);
    return ck_judge(r, rd_rel_err(&s->p, out), "fp64") &&
           ck_judge_exact(r, out_int, s->p.ref_int, "integer input");
}
#endif

struct cpu_ctx {
    struct rd_state *s;
    int i;
    float out;
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    c->out = rd_rungs[c->i].cpu(c->s->p.n, c->s->p.x);
    return CK_OK;
}

static double cpu_err(void *ctx, const float *out, const char **checked)
{
    struct cpu_ctx *c = ctx;
    *checked = "fp64";
    return rd_rel_err(&c->s->p, *out);
}

static bool cpu_exact(void *ctx, struct ck_result *r)
{
    struct cpu_ctx *c = ctx;
    float oi = rd_rungs[c->i].cpu(c->s->p.n, c->s->p.xi);
    return ck_judge_exact(r, oi, c->s->p.ref_int, "integer input");
}

static int run_cpu(struct rd_state *s, int i)
{
    struct cpu_ctx c = {s, i, 0};
    struct ck_cpu_job job = {.run = cpu_once, .ctx = &c, .out = &c.out, .n = 1,
                             .err = cpu_err, .exact = cpu_exact,
                             .flops = s->res[i].flops, .bytes = s->res[i].bytes};
    return ck_ladder_cpu(&s->lad, i, &job);
}

#if CK_HAVE_CUDA
static int gpu_setup(struct rd_state *s)
{
    int rc = rd_gpu_open(&s->g, s->p.n, s->p.x, s->lad.dev->l2_bytes, &s->err);
    if (rc == CK_EARGS)
        fprintf(stderr, "reduce: n = %lld refused: %s\n", s->p.n, s->err.msg);
    return rc;
}

/* Every GPU rung on the random input first, then every one on the integer
 * input, then the random input back for timing. */
static int gpu_check(struct rd_state *s, bool *sel, float *out, float *oi)
{
    for (int i = 0; i < RD_N; i++)
        if (sel[i]) {
            int rc = rd_gpu_check_run(s->g, rd_rungs[i].rung, &out[i], &s->err);
            if (rc != CK_OK)
                return rc;
        }
    int rc = rd_gpu_load(s->g, s->p.xi, &s->err);
    for (int i = 0; i < RD_N && rc == CK_OK; i++)
        if (sel[i])
            rc = rd_gpu_check_run(s->g, rd_rungs[i].rung, &oi[i], &s->err);
    return rc == CK_OK ? rd_gpu_load(s->g, s->p.x, &s->err) : rc;
}

/* A CUDA error: rung i and the later GPU rungs fail with its message. */
static int gpu_failed(struct rd_state *s, const bool *sel, int from, int rc)
{
    for (int j = from; j < RD_N; j++)
        if (sel[j]) {
            s->res[j].ok = false;
            snprintf(s->res[j].error, sizeof s->res[j].error, "%s", s->err.msg);
        }
    return rc;
}

/* Every hand rung that passed side by side with CUB (when CUB passed
 * too): the record's paired_pct_of_library; a failure loses only the pair. */
static void pair_all(struct rd_state *s, const bool *sel)
{
    const struct ck_result *cub = &s->res[RD_CUB];
    if (!sel[RD_CUB] || !cub->ok || !isfinite(cub->t.ms))
        return;
    for (int i = 0; i < RD_N; i++) {
        struct ck_result *r = &s->res[i];
        if (!sel[i] || i == RD_CUB || !r->ok || !isfinite(r->t.ms))
            continue;
        if (rd_gpu_pair(s->g, rd_rungs[i].rung, rd_rungs[RD_CUB].rung,
                        ck_pairs_for(r->t.ms, cub->t.ms), &r->pair, &s->err) == CK_OK)
            r->paired_with = rd_table[RD_CUB].id;
        else
            r->pair.pairs = 0;
    }
}

static int run_gpus(struct rd_state *s, bool *sel)
{
    float out[RD_N], oi[RD_N];
    int rc = gpu_setup(s);
    if (rc == CK_EARGS)
        return rc;
    if (rc == CK_OK)
        rc = gpu_check(s, sel, out, oi);
    if (rc != CK_OK)
        return gpu_failed(s, sel, 0, rc);
    for (int i = 0; i < RD_N; i++) {
        if (!sel[i])
            continue;
        s->workspace[i] = i == RD_CUB ? rd_gpu_cub_bytes(s->g) : 0;
        if (!judge(s, i, out[i], oi[i]))
            continue; /* failed its check: not timed, the others go on */
        rc = rd_gpu_time(s->g, rd_rungs[i].rung, s->o->args.reps, &s->res[i].t, &s->err);
        if (rc != CK_OK)
            return gpu_failed(s, sel, i, rc);
    }
    pair_all(s, sel);
    return CK_OK;
}
#else
static int run_gpus(struct rd_state *s, bool *sel)
{
    (void)s, (void)sel;
    return CK_OK;
}
#endif

static void title(void *ctx, FILE *f)
{
    struct rd_state *s = ctx;
    fprintf(f, "reduce  FP32 sum of N=%lld floats (tol %.2g of sum|x|)\n", s->p.n,
            rd_tol(s->p.n));
}

static void fields(void *ctx, int i, struct ck_rec *rec)
{
    struct rd_state *s = ctx;
    const struct ck_result *r = &s->res[i];
    ck_rec_int(rec, "n", s->p.n);
    ck_rec_num(rec, "pct_of_hbm", r->pct_of_peak);
    ck_rec_int(rec, "workspace", (long long)s->workspace[i]);
    /* the integer input was summed (passed its FP64 check first) */
    if (r->ok || strstr(r->error, "integer input"))
        ck_rec_bool(rec, "exact", r->ok);
}

static const struct ck_ladder_ops rd_ops = {.title = title, .fields = fields};

/* The rungs the harness runs: the CPU ones through ck_ladder_cpu, the GPU
 * ones (on a live device) checked all together, then timed. */
static int run_all(struct rd_state *s)
{
    struct ck_ladder *l = &s->lad;
    bool gsel[RD_N] = {0}, any_gpu = false;
    for (int i = 0; i < RD_N; i++) {
        s->res[i].tol = rd_tol(s->p.n);       /* the table's 0: rd_tol(N) */
        s->res[i].flops = (double)s->p.n;     /* one add per element */
        s->res[i].bytes = 4.0 * (double)s->p.n; /* each element read once */
        gsel[i] = ck_ladder_wants(l, i) && !rd_rungs[i].cpu && l->dev->live;
        s->res[i].ran = gsel[i];
        any_gpu |= gsel[i];
    }
    s->res[RD_CUB].baseline = true;
    int status = any_gpu ? run_gpus(s, gsel) : CK_OK;
    if (status == CK_EARGS)
        return status;
    for (int i = 0; i < RD_N; i++) {
        if (!ck_ladder_wants(l, i) || !rd_rungs[i].cpu)
            continue;
        int rc = run_cpu(s, i);
        if (rc != CK_OK && rc != CK_ECHECK && status == CK_OK)
            status = rc;
    }
    return status;
}

int main(int argc, char **argv)
{
    struct rd_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, rd_table, RD_N, &dev))
        return CK_OK;
    if (!o->n_given)
        o->n = dev.live && !o->args.quick ? RD_DEFAULT : RD_QUICK;
    static struct rd_state s; /* zeroed: its pointers free safely */
    s.o = o;
    if (!rd_problem_init(&s.p, o->n, ck_demo_seed())) {
        fprintf(stderr, "reduce: out of host memory for n = %lld\n", o->n);
        return CK_ENOMEM;
    }
    ck_ladder_init(&s.lad, "reduce", rd_table, RD_N, s.res, &o->args, &dev);
    s.lad.ops = &rd_ops;
    s.lad.ctx = &s;
    s.lad.memory_roof = true;
    int status = run_all(&s);
    if (status != CK_EARGS)
        status = ck_ladder_report(&s.lad, status, argc, argv, stdout);
#if CK_HAVE_CUDA
    rd_gpu_close(s.g);
#endif
    rd_problem_free(&s.p);
    return status;
}
