/* transfer.c: the transfer demo: how fast bytes move, by kind of host memory
 * and direction (xfer_rungs.c), over sizes from 4 KiB to 1 GiB by powers of
 * 4. Every copy is verified by checksum before it is timed. Without a GPU
 * only the host memcpy row runs, labelled as such. See demos/README.md. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"
#include "report.h"
#include "timing.h"
#include "xfer_rungs.h"
#include "xfer_sum.h"
#if CK_HAVE_CUDA
#include "xfer_gpu.h"
#endif

struct xf_opts {
    struct ck_args args;
    size_t max;        /* largest size of the sweep, bytes */
    bool max_given;
    uint64_t seed;
};

struct xf_state {
    const struct xf_opts *o;
    const struct ck_device *dev;
    size_t sizes[XF_MAX_SIZES];
    uint64_t sums[XF_MAX_SIZES]; /* the pattern's checksum at each size */
    int nsizes;
    uint64_t *hsrc, *hdst;       /* the CPU row's buffers */
#if CK_HAVE_CUDA
    struct xfer_gpu *g;
#endif
    bool gpu_dead;
    int status;
};

/* what the arguments set: the rows below point into it */
static struct xf_opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt xf_options[] = {
    {.name = "--max-mib", .arg = "N", .kind = CK_OPT_MIB, .lo = 1, .hi = 1024, .dst = &opts.max,
     .given = &opts.max_given,
     .help = "largest size of the sweep in MiB ({range}; default\n"
           "1024 on a GPU, 16 with --quick or on the CPU)"},
};

static const struct ck_usage xf_usage = {
    .name = "transfer",
    .what = "Copy bandwidth by kind of host memory and direction, 4 KiB to 1 GiB.\n",
    .opts = xf_options, .nopts = CK_NOPTS(xf_options), .per = "size", .reps = "~50 ms worth, 5..200",
    .cpu = "the host memcpy row only", .quick = "sizes up to 16 MiB",
    .list = "the rows: id, rung, kind, name, idea",
    .exits = ", 3 a checksum failed,\n      4 a CUDA error, 5 out of host memory",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &xf_usage);
}

/* the table's rows in the harness's form (ladder.h), for --list and
 * --variants */
static const struct ck_rung ck_rows[XF_NRUNGS] = {
#define LIST_ROW_(e, id, step, kind, label, memory, dir, peak, factor, idea) \
    {id, XF_NUMBER_##e, #kind, label, idea, 0, 0},
    XF_LADDER(LIST_ROW_)
#undef LIST_ROW_
};

static int parse(int argc, char **argv, struct xf_opts *o)
{
    if (ck_args_parse(&o->args, "transfer", argc, argv, xf_options, CK_NOPTS(xf_options), NULL, NULL))
        return -1;
    return ck_ladder_known(ck_rows, XF_NRUNGS, o->args.variants) ? 0 : -1;
}

/* 4 KiB * 4^k up to max, and the pattern's checksum at each (one pass: the
 * sizes are prefixes of one another). */
static void plan_sizes(struct xf_state *s, size_t max)
{
    s->nsizes = 0;
    for (size_t b = XF_MIN_BYTES; b <= max && s->nsizes < XF_MAX_SIZES; b *= 4)
        s->sizes[s->nsizes++] = b;
    uint64_t sum = 0;
    size_t w = 0;
    for (int k = 0; k < s->nsizes; k++) {
        for (; w < s->sizes[k] / 8; w++)
            sum += xf_mix(xf_word(s->o->seed, w), w);
        s->sums[k] = sum;
    }
}

struct xf_res {
    bool ran, ok, unsupported;
    struct ck_timing t;
    char error[256];
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The host memcpy row at one size: checked, then timed like the GPU rows
 * (two warm-ups, ~50 ms worth of runs, 5..200). */
static int measure_cpu(struct xf_state *s, int k, struct xf_res *r)
{
    size_t b = s->sizes[k], max = s->sizes[s->nsizes - 1];
    if (!s->hsrc) {
        s->hsrc = malloc(max);
        s->hdst = malloc(max);
        if (!s->hsrc || !s->hdst) { /* none kept: the next size must not use half */
            free(s->hsrc), free(s->hdst);
            s->hsrc = s->hdst = NULL;
            snprintf(r->error, sizeof r->error, "out of host memory (%zu bytes)", 2 * max);
            fprintf(stderr, "transfer: out of host memory (%zu bytes)\n", 2 * max);
            return CK_ENOMEM;
        }
        for (size_t i = 0; i < max / 8; i++)
            s->hsrc[i] = xf_word(s->o->seed, i);
        memset(s->hdst, 0, max);
    }
    memset(s->hdst, 0xFF, b);
    memcpy(s->hdst, s->hsrc, b);
    if (ck_corrupt_wanted(ck_rows[XF_CPU_MEMCPY].id))
        s->hdst[b / 16] ^= 1;
    uint64_t sum = 0;
    for (size_t i = 0; i < b / 8; i++)
        sum += xf_mix(s->hdst[i], i);
    if (sum != s->sums[k]) {
        snprintf(r->error, sizeof r->error,
                 "checksum of the %zu bytes copied is %016llx, sent %016llx", b,
                 (unsigned long long)sum, (unsigned long long)s->sums[k]);
        return CK_ECHECK;
    }
    double ms[200], warm = 1e300;
    for (int i = 0; i < 2; i++) {
        double t0 = now_ms();
        memcpy(s->hdst, s->hsrc, b);
        double d = now_ms() - t0;
        warm = d < warm ? d : warm;
    }
    int reps = s->o->args.reps > 0 ? s->o->args.reps : warm > 0 ? (int)(50.0 / warm) : 200;
    reps = reps < 5 && s->o->args.reps <= 0 ? 5 : reps > 200 ? 200 : reps;
    for (int i = 0; i < reps; i++) {
        double t0 = now_ms();
        memcpy(s->hdst, s->hsrc, b);
        ms[i] = now_ms() - t0;
    }
    ck_timing_stats(ms, reps, &r->t);
    return CK_OK;
}

#if CK_HAVE_CUDA
/* Device buffers for the largest size; without --max-mib a size that does
 * not fit is lowered by powers of 4 (the records carry their bytes). */
static int gpu_setup(struct xf_state *s, size_t *max)
{
    struct ck_err err = {{0}};
    for (;;) {
        int rc = xfer_gpu_open(&s->g, *max, s->o->seed, &err);
        if (rc == CK_OK)
            return CK_OK;
        xfer_gpu_close(s->g);
        s->g = NULL;
        if (rc != CK_EARGS || s->o->max_given || *max / 4 < XF_MIN_BYTES) {
            fprintf(stderr, "transfer: %s\n", err.msg);
            return rc;
        }
        *max /= 4;
    }
}

static int measure_gpu(struct xf_state *s, int i, int k, struct xf_res *r)
{
    struct ck_err err = {{0}};
    enum xfer_how how = xfer_rungs[i].how;
    if (!xfer_gpu_supported(s->g, how, s->sizes[k], r->error, sizeof r->error)) {
        r->unsupported = true;
        return CK_OK;
    }
    int rc = xfer_gpu_measure(s->g, how, s->sizes[k], s->sums[k], s->o->args.reps,
                              &r->t, &err);
    if (rc != CK_OK)
        snprintf(r->error, sizeof r->error, "%s", err.msg);
    if (rc == CK_ECUDA)
        s->gpu_dead = true;
    return rc;
}

static void gpu_teardown(struct xf_state *s) { xfer_gpu_close(s->g); }
#else
static int gpu_setup(struct xf_state *s, size_t *max) { (void)s, (void)max; return CK_OK; }
static int measure_gpu(struct xf_state *s, int i, int k, struct xf_res *r)
{
    (void)s, (void)i, (void)k;
    snprintf(r->error, sizeof r->error, "built without CUDA");
    return CK_ECUDA;
}
static void gpu_teardown(struct xf_state *s) { (void)s; }
#endif

/* The ceiling of a row in GB/s: the host link per direction (twice for
 * both at once), device memory for d2d, none for the host. */
static double peak_of(const struct ck_device *d, const struct xfer_rung *g)
{
    if (!g->peak || !d->live)
        return NAN;
    if (!strcmp(g->peak, "hbm"))
        return d->mem_gbs;
    return d->link_gbs > 0 ? d->link_gbs * g->moved_factor : NAN;
}

static void rec_row(const struct xf_state *s, int i, int k, const struct xf_res *x)
{
    const struct xfer_rung *g = &xfer_rungs[i];
    struct ck_rec rec;
    double moved = (double)s->sizes[k] * g->moved_factor, peak = peak_of(s->dev, g);
    if (x->unsupported) {
        ck_rec_begin(&rec);
        ck_rec_str(&rec, "record", "unsupported");
        ck_rec_int(&rec, "format", CK_FORMAT_VERSION);
        ck_rec_str(&rec, "demo", "transfer");
        ck_rec_str(&rec, "variant", g->id);
        ck_rec_int(&rec, "rung", i + 1);
        ck_rec_str(&rec, "kind", g->kind);
        ck_rec_str(&rec, "label", g->label);
        ck_rec_str(&rec, "reason", x->error);
    } else {
        struct ck_result r;
        ck_result_init(&r, g->id, g->label, g->kind, i + 1);
        r.ran = true;
        r.ok = x->ok;
        r.checked = "checksum";
        r.rel_err = x->ok ? 0 : NAN;
        if (x->ok)
            r.t = x->t;
        r.bytes = moved;
        snprintf(r.error, sizeof r.error, "%s", x->error);
        ck_results_derive(&r, 1, NAN);
        r.pct_of_peak = 100.0 * r.gbs / peak;
        ck_rec_variant(&rec, "transfer", &r);
    }
    ck_rec_str(&rec, "memory", g->memory);
    ck_rec_str(&rec, "direction", g->direction);
    ck_rec_int(&rec, "bytes", (long long)s->sizes[k]);
    ck_rec_int(&rec, "moved", (long long)moved);
    ck_rec_str(&rec, "peak", isfinite(peak) ? g->peak : NULL);
    ck_rec_num(&rec, "peak_gbs", peak);
    ck_rec_end(&rec, stdout);
}

static void size_label(size_t b, char *out, size_t n)
{
    if (b >= (1u << 30))
        snprintf(out, n, "%zuG", b >> 30);
    else if (b >= (1u << 20))
        snprintf(out, n, "%zuM", b >> 20);
    else
        snprintf(out, n, "%zuK", b >> 10);
}

/* GB/s of every row (lines) at every size (columns); '-' not run, 'n/a'
 * unsupported, 'FAIL' a failed check (its reason below). */
static void table(const struct xf_state *s, struct xf_res (*res)[XF_MAX_SIZES])
{
    const struct ck_device *d = s->dev;
    printf("transfer  copy bandwidth in GB/s (median), 4 KiB .. ");
    char lab[16];
    size_label(s->sizes[s->nsizes - 1], lab, sizeof lab);
    printf("%s\n", lab);
    ck_device_table(d, stdout);
    printf("\n%-16s", "variant");
    for (int k = 0; k < s->nsizes; k++) {
        size_label(s->sizes[k], lab, sizeof lab);
        printf(" %7s", lab);
    }
    printf("  ceiling\n");
    for (int i = 0; i < XF_NRUNGS; i++) {
        bool any = false;
        for (int k = 0; k < s->nsizes; k++)
            any |= res[i][k].ran;
        if (!any)
            continue;
        printf("%-16s", xfer_rungs[i].id);
        for (int k = 0; k < s->nsizes; k++) {
            const struct xf_res *x = &res[i][k];
            double gbs = (double)s->sizes[k] * xfer_rungs[i].moved_factor /
                         (x->t.ms * 1e6);
            if (!x->ran)
                printf(" %7s", "-");
            else if (x->unsupported)
                printf(" %7s", "n/a");
            else if (!x->ok)
                printf(" %7s", "FAIL");
            else
                printf(" %7.2f", gbs);
        }
        double peak = peak_of(d, &xfer_rungs[i]);
        if (isfinite(peak))
            printf("  %.1f (%s)", peak, xfer_rungs[i].peak);
        putchar('\n');
    }
    for (int i = 0; i < XF_NRUNGS; i++)
        for (int k = 0; k < s->nsizes; k++)
            if (res[i][k].ran && !res[i][k].ok && !res[i][k].unsupported)
                printf("%s at %zu bytes failed: %s\n", xfer_rungs[i].id, s->sizes[k],
                       res[i][k].error);
}

static void measure_row(struct xf_state *s, int i, struct xf_res *row)
{
    bool gpu = xfer_rungs[i].how != XF_CPU_MEMCPY;
    for (int k = 0; k < s->nsizes; k++) {
        struct xf_res *x = &row[k];
        if (gpu && s->gpu_dead)
            return;
        x->ran = true;
        int rc = gpu ? measure_gpu(s, i, k, x) : measure_cpu(s, k, x);
        x->ok = rc == CK_OK && !x->unsupported;
        if (rc == CK_ECUDA || rc == CK_ENOMEM)
            s->status = rc;
        else if (rc != CK_OK && s->status == CK_OK)
            s->status = CK_ECHECK;
        if (rc == CK_ENOMEM)   /* every size shares the buffers that did not fit */
            return;
    }
}

static int run(struct xf_opts *o, const struct ck_device *dev, int argc, char **argv)
{
    static struct xf_res res[XF_NRUNGS][XF_MAX_SIZES];
    struct xf_state s = {.o = o, .dev = dev};
    size_t max = o->max;
    int rc = dev->live ? gpu_setup(&s, &max) : CK_OK;
    if (rc != CK_OK)
        return rc;
    plan_sizes(&s, max);
    for (int i = 0; i < XF_NRUNGS; i++) {
        bool gpu = xfer_rungs[i].how != XF_CPU_MEMCPY;
        if (ck_args_selected(o->args.variants, xfer_rungs[i].id) && (!gpu || dev->live))
            measure_row(&s, i, res[i]);
    }
    if (ck_args_yaml(&o->args)) {
        ck_rec_device(dev, "transfer", argc, argv, stdout);
        for (int i = 0; i < XF_NRUNGS; i++)
            for (int k = 0; k < s.nsizes; k++)
                if (res[i][k].ran)
                    rec_row(&s, i, k, &res[i][k]);
    } else {
        table(&s, res);
    }
    gpu_teardown(&s);
    free(s.hsrc);
    free(s.hdst);
    return s.status;
}

int main(int argc, char **argv)
{
    struct xf_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, ck_rows, XF_NRUNGS, &dev))
        return CK_OK;
    if (!o->max_given)
        o->max = dev.live && !o->args.quick ? XF_MAX_BYTES : XF_QUICK_BYTES;
    o->seed = ck_demo_seed();
    return run(o, &dev, argc, argv);
}
