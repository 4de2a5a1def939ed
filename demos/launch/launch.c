/* launch.c: the launch demo: how the shape of a launch changes the speed.
 * A memory-bound y = a*x + y over block sizes 32..1024 in three versions
 * (plain, register-heavy, shared-memory-heavy) with the occupancy the
 * runtime reports, and the wave tail of a compute-bound kernel (grids of k
 * waves and k waves + 1 block). Without a GPU, the same sum on the host.
 * See demos/README.md for the arguments and the output contract. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "check.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"
#include "launch_ladder.h"
#include "report.h"
#include "threads.h"
#include "launch.h"

typedef void (*ln_cpu_fn)(long long n, float a, const float *x, float *y);

struct ln_row {
    const char *id, *kind, *label, *idea;
    int rung;
    ln_cpu_fn cpu; /* NULL: a GPU series */
};

static void ln_cpu_naive(long long n, float a, const float *x, float *y)
{
    for (long long i = 0; i < n; i++)
        y[i] = fmaf(a, x[i], y[i]);
}

struct axpy_ctx {
    long long n;
    float a;
    const float *x;
    float *y;
};

static void axpy_range(void *ctx, long b, long e)
{
    struct axpy_ctx *c = ctx;
    long long lo = c->n * b / 256, hi = c->n * e / 256;
    ln_cpu_naive(hi - lo, c->a, c->x + lo, c->y + lo);
}

static void ln_cpu_threads(long long n, float a, const float *x, float *y)
{
    struct axpy_ctx c = {n, a, x, y};
    ck_parallel_for(256, axpy_range, &c);
}

#define LN_CPU_hand(fn) NULL
#define LN_CPU_cpu(fn) fn
#define LN_ROW(e, id, step, kind, label, idea, fn, tol, cap)                   \
    {id, #kind, label, idea, LN_NUMBER_##e, LN_CPU_##kind(fn)},
static const struct ln_row ln_rungs[] = {LN_LADDER(LN_ROW)};
#undef LN_ROW
/* the same rows for the shared --list and --variants (common/ladder.h) */
static const struct ck_rung ln_table[] = {LN_LADDER(LN_RUNG_ROW)};
#define LN_NR LN_NRUNGS

/* what the arguments set: the rows below point into it */
static struct ln_opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt ln_options[] = {
    {.name = "--n", .arg = "N", .kind = CK_OPT_LLONG, .lo = 1, .hi = LN_MAX_N, .dst = &opts.n,
     .given = &opts.n_given,
     .help = "elements of x and y ({range}; default 2^27: 1 GiB\n"
           "together on a GPU, 2^24 on the CPU fallback)"},
    {.name = "--iters", .arg = "N", .kind = CK_OPT_INT, .lo = 1, .hi = 1 << 24, .dst = &opts.iters,
     .help = "wave kernel: FMA steps per chain (default " CK_STR(LN_ITERS) ")"},
};

static const struct ck_usage ln_usage = {
    .name = "launch",
    .what = "Block size, occupancy and GB/s of y = a*x + y; the wave tail.\n",
    .opts = ln_options, .nopts = CK_NOPTS(ln_options), .per = "point", .reps = "~100 ms worth",
    .cpu = "CPU variants only",
    .quick = "small sizes, block sizes 32, 64, ..., 1024 only",
    .list = "the experiments: id, rung, kind, name, idea",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &ln_usage);
}

static int parse(int argc, char **argv, struct ln_opts *o)
{
    if (ck_args_parse(&o->args, "launch", argc, argv, ln_options, CK_NOPTS(ln_options), NULL, NULL))
        return -1;
    return ck_ladder_known(ln_table, LN_NR, o->args.variants) ? 0 : -1;
}

/* One CPU variant: checked against a*x + y0 in FP64, then timed. */
struct cpu_ctx {
    ln_cpu_fn fn;
    long long n;
    const float *x;
    float *y;
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    c->fn(c->n, LN_A, c->x, c->y);
    return CK_OK;
}

static int run_cpu(const struct ln_opts *o, int i, struct ck_result *r)
{
    long long n = o->n;
    float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    double *ref = malloc((size_t)n * sizeof *ref);
    int rc = CK_ENOMEM;
    if (!x || !y || !ref) {
        snprintf(r->error, sizeof r->error, "out of host memory");
        goto out;
    }
    rc = CK_ECHECK;
    struct ck_rng rng;
    ck_rng_seed(&rng, (uint64_t)n * 7919 + (uint64_t)i);
    ck_fill_random(x, (size_t)n, &rng);
    ck_fill_random(y, (size_t)n, &rng);
    for (long long k = 0; k < n; k++)
        ref[k] = (double)LN_A * x[k] + y[k];
    ln_rungs[i].cpu(n, LN_A, x, y);
    if (ck_corrupt_wanted(ln_rungs[i].id))
        y[n / 2] = NAN;
    r->checked = "fp64";
    r->rel_err = ck_rel_err(y, ref, (size_t)n);
    r->ok = ck_within(r->rel_err, r->tol);
    if (!r->ok) {
        snprintf(r->error, sizeof r->error, isnan(r->rel_err)
                 ? "output holds NaN or Inf" : "rel_err exceeds tol");
        goto out;
    }
    struct cpu_ctx cc = {ln_rungs[i].cpu, n, x, y};
    rc = ck_time_cpu(cpu_once, &cc, 1, o->args.reps, &r->t);
out:
    free(x), free(y), free(ref);
    return rc;
}

static int run_cpus(const struct ln_opts *o, const struct ck_device *dev,
                    int argc, char **argv)
{
    struct ck_result res[LN_NR];
    int status = CK_OK;
    for (int i = 0; i < LN_NR; i++) {
        const struct ln_row *g = &ln_rungs[i];
        ck_result_init(&res[i], g->id, g->label, g->kind, g->rung);
        if (!g->cpu || !ck_args_selected(o->args.variants, g->id))
            continue;
        res[i].ran = true;
        res[i].tol = ln_table[i].tol;
        res[i].flops = 2.0 * (double)o->n;
        res[i].bytes = 12.0 * (double)o->n;
        int rc = run_cpu(o, i, &res[i]);
        if (rc == CK_ENOMEM)
            fprintf(stderr, "launch: out of host memory for n = %lld\n", o->n);
        if (rc != CK_OK && (status == CK_OK || rc == CK_ENOMEM))
            status = rc;
    }
    ck_results_derive(res, LN_NR, NAN);
    if (!ck_args_yaml(&o->args)) {
        printf("launch  y = a*x + y, n=%lld, on the host\n", o->n);
        ck_device_table(dev, stdout);
        putchar('\n');
        ck_table_variants(stdout, res, LN_NR, false);
        return status;
    }
    ck_rec_device(dev, "launch", argc, argv, stdout);
    for (int i = 0; i < LN_NR; i++) {
        if (!res[i].ran)
            continue;
        struct ck_rec rec;
        ck_rec_variant(&rec, "launch", &res[i]);
        ck_rec_int(&rec, "n", o->n);
        ck_rec_end(&rec, stdout);
    }
    return status;
}

int main(int argc, char **argv)
{
    struct ln_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, ln_table, LN_NR, &dev))
        return CK_OK;
    if (!o->iters)
        o->iters = o->args.quick ? LN_ITERS_QUICK : LN_ITERS;
    if (!o->n_given)
        o->n = !dev.live ? (o->args.quick ? LN_N_QUICK / 4 : LN_CPU_N)
                         : (o->args.quick ? LN_N_QUICK : LN_N);
#if CK_HAVE_CUDA
    if (dev.live)
        return ln_run_gpu(o, &dev, argc, argv);
#endif
    return run_cpus(o, &dev, argc, argv);
}
