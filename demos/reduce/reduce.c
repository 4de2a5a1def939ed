/* reduce.c: the reduce demo: the FP32 sum of N floats up the ladder of
 * reduce_ladder.h, each rung checked (FP64 reference, tolerance rd_tol(N),
 * small-integer input exact), then timed, then reported (YAML lines or a
 * table). See demos/README.md for the arguments and the output contract. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

static void usage(FILE *f)
{
    fprintf(f,
        "usage: reduce [options]\n"
        "FP32 sum of N floats, atomics -> shared tree -> shuffles -> CUB.\n"
        "  --n N             elements (1..%lld; default 2^28 on a GPU,\n"
        "                    2^20+7 on the CPU fallback)\n"
        "  --variants LIST   comma-separated ids (see --list)\n"
        "  --reps N          timed runs per variant (default: ~100 ms worth)\n"
        "  --cpu             CPU variants only\n"
        "  --quick           N = 2^20+7, about a second on a CPU\n"
        "  --format yaml|table  result lines or a table (default: table on a\n"
        "                    terminal, yaml otherwise)\n"
        "  --list            the ladder: id, rung, kind, name, idea\n"
        "  --help            this text\n"
        "exit: 0 ok (also CPU fallback), 2 bad arguments, 3 a check failed,\n"
        "      4 a CUDA error, 5 out of host memory\n",
        RD_MAX);
}

static int parse(int argc, char **argv, struct rd_opts *o)
{
    ck_args_init(&o->args);
    for (int i = 1; i < argc; i++) {
        int r = ck_args_common(&o->args, argc, argv, &i);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        long v;
        if (!strcmp(argv[i], "--n")) {
            if (!ck_args_long("--n", i + 1 < argc ? argv[i + 1] : NULL, 1, RD_MAX, &v))
                return -1;
            i++;
            o->n = v;
            o->n_given = true;
        } else {
            fprintf(stderr, "reduce: unknown argument '%s' (see --help)\n", argv[i]);
            return -1;
        }
    }
    return ck_ladder_known(rd_table, RD_N, o->args.variants) ? 0 : -1;
}

struct rd_state {
    const struct rd_opts *o;
    const struct ck_device *dev;
    struct rd_problem p;
    int exact[RD_N];      /* the integer check: 0 not run, 1 passed, 2 failed */
    size_t workspace[RD_N];
#if CK_HAVE_CUDA
    struct rd_gpu *g;
#endif
    struct ck_err err;
};

/* Test hook: CK_DEMO_CORRUPT=ID spoils that CPU variant's result. */
static bool corrupt(const char *id)
{
    const char *c = getenv("CK_DEMO_CORRUPT");
    return c && !strcmp(c, id);
}

/* The checks of one result pair: random input (FP64, tolerance) and, when
 * there is one, the integer input (exact). */
static bool judge(struct rd_state *s, int i, struct ck_result *r, float out,
                  const float *out_int)
{
    r->rel_err = rd_rel_err(&s->p, out);
    r->checked = "fp64";
    r->ok = ck_within(r->rel_err, r->tol);
    if (!r->ok && isnan(r->rel_err))
        snprintf(r->error, sizeof r->error, "result is NaN or Inf (%g)", out);
    else if (!r->ok)
        snprintf(r->error, sizeof r->error, "rel_err %.3g exceeds tol %.3g",
                 r->rel_err, r->tol);
    else if (out_int) {
        s->exact[i] = (double)*out_int == s->p.ref_int ? 1 : 2;
        r->ok = s->exact[i] == 1;
        if (!r->ok)
            snprintf(r->error, sizeof r->error,
                     "integer input: got %.9g, the exact sum is %.0f (an "
                     "element dropped or added twice?)", *out_int, s->p.ref_int);
    }
    return r->ok;
}

struct cpu_ctx {
    rd_cpu_fn fn;
    const struct rd_problem *p;
    volatile float sink;
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    c->sink = c->fn(c->p->n, c->p->x);
    return CK_OK;
}

static int run_cpu(struct rd_state *s, int i, struct ck_result *r)
{
    const struct rd_row *g = &rd_rungs[i];
    float out = g->cpu(s->p.n, s->p.x), oi = 0;
    if (corrupt(g->id))
        out = NAN;
    if (s->p.xi)
        oi = g->cpu(s->p.n, s->p.xi);
    if (!judge(s, i, r, out, s->p.xi ? &oi : NULL))
        return CK_ECHECK;
    struct cpu_ctx c = {g->cpu, &s->p, 0};
    return ck_time_cpu(cpu_once, &c, 1, s->o->args.reps, &r->t);
}

#if CK_HAVE_CUDA
static int gpu_setup(struct rd_state *s)
{
    int rc = rd_gpu_open(&s->g, s->p.n, s->p.x, s->dev->l2_bytes, &s->err);
    if (rc == CK_EARGS)
        fprintf(stderr, "reduce: n = %lld refused: %s\n", s->p.n, s->err.msg);
    return rc;
}

/* Every GPU rung on the random input first, then (small n) every one on
 * the integer input, then the random input back for timing. */
static int gpu_check(struct rd_state *s, bool *sel, float *out, float *oi)
{
    for (int i = 0; i < RD_N; i++)
        if (sel[i]) {
            int rc = rd_gpu_check_run(s->g, rd_rungs[i].rung, &out[i], &s->err);
            if (rc != CK_OK)
                return rc;
        }
    if (!s->p.xi)
        return CK_OK;
    int rc = rd_gpu_load(s->g, s->p.xi, &s->err);
    for (int i = 0; i < RD_N && rc == CK_OK; i++)
        if (sel[i])
            rc = rd_gpu_check_run(s->g, rd_rungs[i].rung, &oi[i], &s->err);
    return rc == CK_OK ? rd_gpu_load(s->g, s->p.x, &s->err) : rc;
}

static int run_gpus(struct rd_state *s, bool *sel, struct ck_result *res)
{
    float out[RD_N], oi[RD_N];
    int rc = gpu_check(s, sel, out, oi);
    for (int i = 0; i < RD_N; i++) {
        if (!sel[i])
            continue;
        s->workspace[i] = !strcmp(rd_rungs[i].id, "cub") ? rd_gpu_cub_bytes(s->g) : 0;
        if (rc == CK_OK && judge(s, i, &res[i], out[i], s->p.xi ? &oi[i] : NULL))
            rc = rd_gpu_time(s->g, rd_rungs[i].rung, s->o->args.reps, &res[i].t, &s->err);
        else if (rc == CK_OK)
            continue; /* failed its check: not timed, the others go on */
        if (rc != CK_OK) { /* a CUDA error: this and the later GPU rungs fail */
            for (int j = i; j < RD_N; j++)
                if (sel[j]) {
                    res[j].ok = false;
                    snprintf(res[j].error, sizeof res[j].error, "%s", s->err.msg);
                }
            return rc;
        }
    }
    return CK_OK;
}
#else
static int gpu_setup(struct rd_state *s) { (void)s; return CK_OK; }
static int run_gpus(struct rd_state *s, bool *sel, struct ck_result *res)
{
    (void)s, (void)sel, (void)res;
    return CK_OK;
}
#endif

static void cell(double v, const char *fmt, int w)
{
    if (isfinite(v))
        printf(fmt, w, v);
    else
        printf(" %*s", w, "-");
}

/* The terminal table: a reduction's figures are bytes, so GB/s and % of
 * HBM stand where matmul's GFLOP/s and % of peak do. */
static void table(const struct ck_result *r)
{
    printf("%2s  %-12s %-7s %-5s %9s %9s %9s %9s %8s %6s %6s  %s\n", "#", "variant",
           "kind", "check", "rel_err", "ms", "ms_min", "ms_max", "GB/s", "% HBM",
           "% CUB", "label");
    for (int i = 0; i < RD_N; i++) {
        if (!r[i].ran)
            continue;
        printf("%2d  %-12s %-7s %-5s", r[i].rung, r[i].id, r[i].kind, r[i].ok ? "ok" : "FAIL");
        cell(r[i].rel_err, " %*.2e", 9);
        cell(r[i].t.ms, " %*.4f", 9);
        cell(r[i].t.ms_min, " %*.4f", 9);
        cell(r[i].t.ms_max, " %*.4f", 9);
        cell(r[i].gbs, " %*.1f", 8);
        cell(r[i].pct_of_peak, " %*.1f", 6);
        cell(r[i].pct_of_library, " %*.1f", 6);
        printf("  %s%s\n", r[i].label, r[i].baseline ? " (baseline)" : "");
    }
    for (int i = 0; i < RD_N; i++)
        if (r[i].ran && !r[i].ok)
            printf("%s failed: %s\n", r[i].id, r[i].error);
}

static void report(struct rd_state *s, struct ck_result *res, int argc,
                   char **argv)
{
    const struct ck_device *dev = s->dev;
    ck_results_derive(res, RD_N, NAN);
    for (int i = 0; i < RD_N; i++) /* the roof of a reduction is HBM */
        res[i].pct_of_peak = rd_rungs[i].cpu || !dev->live ? NAN
                             : 100.0 * res[i].gbs / dev->mem_gbs;
    if (!ck_args_yaml(&s->o->args)) {
        printf("reduce  FP32 sum of N=%lld floats (tol %.2g of sum|x|)\n", s->p.n,
               rd_tol(s->p.n));
        ck_device_table(dev, stdout);
        putchar('\n');
        table(res);
        return;
    }
    ck_rec_device(dev, "reduce", argc, argv, stdout);
    for (int i = 0; i < RD_N; i++) {
        if (!res[i].ran)
            continue;
        struct ck_rec rec;
        ck_rec_variant(&rec, "reduce", &res[i]);
        ck_rec_int(&rec, "n", s->p.n);
        ck_rec_num(&rec, "pct_of_hbm", res[i].pct_of_peak);
        ck_rec_int(&rec, "workspace", (long long)s->workspace[i]);
        if (s->exact[i])
            ck_rec_bool(&rec, "exact", s->exact[i] == 1);
        ck_rec_end(&rec, stdout);
    }
}

static int run_all(struct rd_state *s, struct ck_result *res)
{
    const struct rd_opts *o = s->o;
    bool gsel[RD_N] = {0}, any_gpu = false;
    int status = CK_OK, rc;
    for (int i = 0; i < RD_N; i++) {
        const struct rd_row *g = &rd_rungs[i];
        ck_result_init(&res[i], g->id, g->label, g->kind, g->rung);
        res[i].tol = rd_tol(o->n);
        res[i].baseline = !strcmp(g->id, "cub");
        res[i].flops = (double)o->n;          /* one add per element */
        res[i].bytes = 4.0 * (double)o->n;    /* each element read once */
        if (!ck_args_selected(o->args.variants, g->id) || (!g->cpu && !s->dev->live))
            continue;
        res[i].ran = true;
        gsel[i] = !g->cpu;
        any_gpu |= gsel[i];
    }
    if (any_gpu && (rc = gpu_setup(s)) != CK_OK) {
        if (rc == CK_EARGS)
            return CK_EARGS;
        for (int i = 0; i < RD_N; i++)
            if (gsel[i])
                res[i].ok = false, snprintf(res[i].error, sizeof res[i].error,
                                            "%s", s->err.msg);
        status = rc;
    } else if (any_gpu) {
        status = run_gpus(s, gsel, res);
    }
    for (int i = 0; i < RD_N; i++) {
        if (!res[i].ran || !rd_rungs[i].cpu)
            continue;
        rc = run_cpu(s, i, &res[i]);
        if (rc != CK_OK && status == CK_OK)
            status = rc;
    }
    for (int i = 0; i < RD_N; i++)
        if (res[i].ran && !res[i].ok && status == CK_OK)
            status = CK_ECHECK;
    return status;
}

int main(int argc, char **argv)
{
    struct rd_opts o = {0};
    if (parse(argc, argv, &o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o.args, usage, rd_table, RD_N, &dev))
        return CK_OK;
    if (!o.n_given)
        o.n = dev.live && !o.args.quick ? RD_DEFAULT : RD_QUICK;
    struct rd_state s = {.o = &o, .dev = &dev};
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    if (!rd_problem_init(&s.p, o.n, seed)) {
        fprintf(stderr, "reduce: out of host memory for n = %lld\n", o.n);
        return CK_ENOMEM;
    }
    struct ck_result res[RD_N];
    int status = run_all(&s, res);
    if (status != CK_EARGS)
        report(&s, res, argc, argv);
#if CK_HAVE_CUDA
    rd_gpu_close(s.g);
#endif
    rd_problem_free(&s.p);
    return status;
}
