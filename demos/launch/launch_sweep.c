/* launch_sweep.c: the launch demo's GPU series (see launch.h): for each
 * selected series, what the runtime says of its kernel (a `series` record),
 * then one checked and timed `point` per block size (memory-bound series)
 * or grid size (the wave tail). demos/README.md documents the records. */
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
        rc = run_series(g, o, dev, i, yaml, &err);
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
