/* launch_sweep.c: the launch demo's GPU series (see launch.h): for each
 * selected series, what the runtime says of its kernel (a `series` record),
 * then one checked and timed `point` per block size (memory-bound series)
 * or grid size (the wave tail); the graph series, two `point`s per kernel
 * count (one by one, one graph). demos/README.md documents the records. */
#include "launch.h"

#if CK_HAVE_CUDA
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "launch_gpu.h"
#include "launch_ladder.h"
#include "report.h"

#define LN_MAX_POINTS 64

#define LN_IS_CPU_hand 0
#define LN_IS_CPU_cpu 1
#define LN_SROW(e, id, rung, kind, label, idea, fn, tol, cap)                  \
    {id, label, rung, LN_IS_CPU_##kind},
static const struct { const char *id, *label; int rung; bool cpu; } series[] = {
    LN_LADDER(LN_SROW)};
#undef LN_SROW
#define LN_NS LN_NRUNGS

/* block sizes (series 1-3) or grids (wave) to measure, ascending */
static int points(const struct ln_opts *o, int rung, const struct ln_series *s,
                  long long *at)
{
    int n = 0;
    if (rung != 4) {
        for (int b = 32; b <= 1024; b += o->args.quick ? b : 32)
            at[n++] = b;
        return n;
    }
    long long w = s->wave;
    int waves = o->args.quick ? 2 : 4;
    at[n++] = 1;
    for (int j = 1; j <= 4 * waves; j++) {
        long long g = j * w / 4;
        if (g > at[n - 1])
            at[n++] = g;
        if (j % 4 == 0 && j < 4 * waves && g + 1 < (j + 1) * w / 4)
            at[n++] = g + 1; /* k full waves and one block more */
    }
    return n;
}

static void rec_series(const char *id, int rung, const char *label,
                       const struct ln_series *s)
{
    struct ck_rec r;
    ck_rec_begin(&r);
    ck_rec_str(&r, "record", "series");
    ck_rec_int(&r, "format", CK_FORMAT_VERSION);
    ck_rec_str(&r, "demo", "launch");
    ck_rec_str(&r, "series", id);
    ck_rec_int(&r, "rung", rung);
    ck_rec_str(&r, "label", label);
    ck_rec_int(&r, "regs", s->regs);
    ck_rec_int(&r, "smem", s->smem);
    ck_rec_int(&r, "suggest_block", s->suggest_block);
    ck_rec_int(&r, "suggest_grid", s->suggest_grid);
    if (rung == 4) {
        ck_rec_int(&r, "per_sm", s->per_sm);
        ck_rec_int(&r, "wave", s->wave);
    }
    ck_rec_end(&r, stdout);
}

static void rec_point(const char *id, const struct ln_point *p, double mem_gbs,
                      long long wave)
{
    struct ck_rec r;
    ck_rec_begin(&r);
    ck_rec_str(&r, "record", "point");
    ck_rec_int(&r, "format", CK_FORMAT_VERSION);
    ck_rec_str(&r, "demo", "launch");
    ck_rec_str(&r, "series", id);
    ck_rec_int(&r, "block", p->block);
    ck_rec_int(&r, "grid", p->grid);
    ck_rec_int(&r, "per_sm", p->per_sm);
    ck_rec_num(&r, "occupancy", p->occupancy);
    ck_rec_bool(&r, "fits", p->fits);
    ck_rec_bool(&r, "ok", p->ok);
    ck_rec_num(&r, "ms", p->t.ms);
    ck_rec_num(&r, "ms_min", p->t.ms_min);
    ck_rec_num(&r, "ms_max", p->t.ms_max);
    ck_rec_int(&r, "reps", p->t.reps);
    ck_rec_num(&r, "gbs", p->gbs);
    ck_rec_num(&r, "pct_of_hbm", 100.0 * p->gbs / mem_gbs);
    ck_rec_num(&r, "waves", wave > 0 ? (double)p->grid / (double)wave : NAN);
    if (!p->ok)
        ck_rec_str(&r, "error", p->error);
    ck_rec_end(&r, stdout);
}

static void table_point(const struct ln_point *p, int rung)
{
    if (!p->fits) {
        printf("  %5d %9lld %6s %7s  %s\n", p->block, p->grid, "-", "-", p->error);
        return;
    }
    printf("  %5d %9lld %6d %6.1f%% %9.4f", p->block, p->grid, p->per_sm,
           p->occupancy, p->t.ms);
    if (rung != 4)
        printf(" %9.1f", p->gbs);
    printf("%s%s\n", p->ok ? "" : "  FAIL: ", p->ok ? "" : p->error);
}

/* One series: its record, then its points. */
static int run_series(struct ln_gpu *g, const struct ln_opts *o,
                      const struct ck_device *dev, int i, bool yaml,
                      struct ck_err *err)
{
    struct ln_series s;
    int rung = series[i].rung, rc = ln_gpu_series(g, rung, &s, err);
    if (rc != CK_OK)
        return rc;
    if (yaml)
        rec_series(series[i].id, rung, series[i].label, &s);
    else
        printf("\n%s: %s\n  %d registers/thread, %lld B shared/block; "
               "cudaOccupancyMaxPotentialBlockSize: block %d, grid %d\n"
               "  %5s %9s %6s %7s %9s%s\n", series[i].id, series[i].label,
               s.regs, s.smem, s.suggest_block, s.suggest_grid, "block", "grid",
               "per SM", "occup.", "ms", rung == 4 ? "" : "      GB/s");
    long long at[LN_MAX_POINTS];
    int n = points(o, rung, &s, at), status = CK_OK;
    for (int k = 0; k < n; k++) {
        struct ln_point p;
        rc = ln_gpu_point(g, rung, rung == 4 ? 0 : (int)at[k], at[k],
                          o->args.reps, &p, err);
        if (rc != CK_OK)
            return rc;
        if (p.fits && !p.ok)
            status = CK_ECHECK;
        if (yaml)
            rec_point(series[i].id, &p, dev->mem_gbs, rung == 4 ? s.wave : 0);
        else
            table_point(&p, rung);
    }
    return status;
}

/* The graph series: N tiny kernels one by one, then as one CUDA graph. */
static const long long graph_ns[] = {1, 4, 16, 64, 256, 1024};
static const long long graph_ns_quick[] = {1, 16, 256};

static void rec_gpoint(const struct ln_gpoint *p, bool graph)
{
    const struct ck_timing *t = graph ? &p->graph : &p->plain;
    double host = graph ? p->graph_host_ms : p->plain_host_ms;
    double k = (double)p->kernels;
    struct ck_rec r;
    ck_rec_begin(&r);
    ck_rec_str(&r, "record", "point");
    ck_rec_int(&r, "format", CK_FORMAT_VERSION);
    ck_rec_str(&r, "demo", "launch");
    ck_rec_str(&r, "series", "graph");
    ck_rec_str(&r, "mode", graph ? "graph" : "plain");
    ck_rec_int(&r, "kernels", p->kernels);
    ck_rec_int(&r, "block", LN_GRAPH_BLOCK);
    ck_rec_int(&r, "grid", 1);
    ck_rec_num(&r, "occupancy", NAN);
    ck_rec_bool(&r, "ok", p->ok);
    ck_rec_num(&r, "ms", t->ms);
    ck_rec_num(&r, "ms_min", t->ms_min);
    ck_rec_num(&r, "ms_max", t->ms_max);
    ck_rec_int(&r, "reps", t->reps);
    ck_rec_num(&r, "us_per_kernel", 1e3 * t->ms / k);
    ck_rec_num(&r, "host_us_per_kernel", 1e3 * host / k);
    if (graph)
        ck_rec_num(&r, "setup_ms", p->setup_ms);
    ck_rec_timing(&r, t);
    if (!p->ok)
        ck_rec_str(&r, "error", p->error);
    ck_rec_end(&r, stdout);
}

static void table_gpoint(const struct ln_gpoint *p)
{
    double k = (double)p->kernels;
    if (!p->ok) {
        printf("  %7lld  FAIL: %s\n", p->kernels, p->error);
        return;
    }
    printf("  %7lld %11.2f %11.2f %7.1fx %11.2f %11.2f %9.3f\n", p->kernels,
           1e3 * p->plain.ms / k, 1e3 * p->graph.ms / k,
           p->plain.ms / p->graph.ms, 1e3 * p->plain_host_ms / k,
           1e3 * p->graph_host_ms / k, p->setup_ms);
}

static int run_graph(const struct ln_opts *o, int i, bool yaml, struct ck_err *err)
{
    struct ln_graph *g = NULL;
    int rc = ln_graph_open(&g, err), status = CK_OK;
    const long long *ns = o->args.quick ? graph_ns_quick : graph_ns;
    int n = o->args.quick ? 3 : 6;
    if (!yaml && rc == CK_OK)
        printf("\n%s: %s\n  us per kernel, first event to last (plain: one "
               "launch each; graph: one cudaGraphLaunch); host: time in the "
               "launch calls; build: capture + instantiate, once\n"
               "  %7s %11s %11s %8s %11s %11s %9s\n", series[i].id,
               series[i].label, "kernels", "plain us", "graph us", "speedup",
               "host plain", "host graph", "build ms");
    for (int k = 0; k < n && rc == CK_OK; k++) {
        struct ln_gpoint p;
        rc = ln_graph_point(g, ns[k], o->args.reps, &p, err);
        if (rc != CK_OK)
            break;
        if (!p.ok)
            status = CK_ECHECK;
        if (yaml) {
            rec_gpoint(&p, false);
            rec_gpoint(&p, true);
        } else
            table_gpoint(&p);
    }
    ln_graph_close(g);
    return rc != CK_OK ? rc : status;
}

int ln_run_gpu(const struct ln_opts *o, const struct ck_device *dev, int argc,
               char **argv)
{
    bool yaml = ck_args_yaml(&o->args);
    struct ln_gpu *g = NULL;
    struct ck_err err = {{0}};
    int rc = ln_gpu_open(&g, o->n, o->iters, 8LL * dev->sms + 8, &err), status = CK_OK;
    if (rc == CK_EARGS)
        fprintf(stderr, "launch: n = %lld refused: %s\n", o->n, err.msg);
    if (rc == CK_EARGS) {
        ln_gpu_close(g);
        return rc;
    }
    if (yaml)
        ck_rec_device(dev, "launch", argc, argv, stdout);
    else {
        printf("launch  y = a*x + y over n=%lld floats (x and y: %.0f MiB); "
               "wave: %d dependent FMAs per thread\n", o->n,
               8.0 * (double)o->n / 1048576.0, o->iters);
        ck_device_table(dev, stdout);
    }
    for (int i = 0; i < LN_NS && rc == CK_OK; i++) {
        if (series[i].cpu || !ck_args_selected(o->args.variants, series[i].id))
            continue;
        rc = series[i].rung == LN_GRAPH + 1 ? run_graph(o, i, yaml, &err)
                                             : run_series(g, o, dev, i, yaml, &err);
        if (rc == CK_ECHECK)
            status = rc, rc = CK_OK;
    }
    if (rc != CK_OK) {
        fprintf(stderr, "launch: %s\n", err.msg);
        status = rc;
    }
    ln_gpu_close(g);
    return status;
}
#endif
