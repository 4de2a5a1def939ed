/* streams.c: the streams demo: a chunked copy-in -> kernel -> copy-out
 * pipeline over 1, 2, 4 and 8 streams with pinned memory, pageable memory
 * and the legacy default stream (st_rungs.c). Each row is verified against
 * an FP64 reference on the CPU, then timed with events; the records carry
 * every chunk's stage offsets, the serial sum, the ideal bound and the %
 * of it reached. Without a GPU the stages run on the host and the schedule
 * is modelled (labelled as such). See demos/README.md. */
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
#include "device.h"
#include "ladder.h"
#include "report.h"
#include "st_host.h"
#include "st_model.h"
#include "st_rungs.h"
#include "timing.h"
#if CK_HAVE_CUDA
#include "st_gpu.h"
#endif

#define ST_MAX_REPS 21

struct st_opts {
    struct ck_args args;
    long total_mib, chunks, fpb; /* 0: not given */
    uint64_t seed;
};

struct st_row {
    bool ran, ok;
    double rel_err;
    struct ck_timing t;
    struct st_span spans[ST_MAX_CHUNKS * ST_STAGES];
    double stage[ST_STAGES];      /* the mode's 1-stream stage totals */
    double serial, ideal;
    double link_ideal;            /* max(ideal, two_way_ms) on pinned GPU rows, else 0 */
    char error[256];
};

struct st_state {
    const struct st_opts *o;
    const struct ck_device *dev;
    size_t total, chunk;          /* bytes */
    int chunks, iters;
    float *in;                    /* the input, total / 4 floats */
    struct st_row rows[ST_NRUNGS];
#if CK_HAVE_CUDA
    struct st_gpu *g;
#endif
    bool gpu_dead;
    int status;
    double kernel_alone;          /* ms of one launch over all the data, 0 unknown */
    double two_way;               /* ms of the bytes in and out at once, pinned; 0 unknown */
};

/* what the arguments set: the rows below point into it */
static struct st_opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt st_options[] = {
    {.name = "--total-mib", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 4096,
     .dst = &opts.total_mib,
     .help = "bytes through the pipeline, MiB ({range}; default\n"
           "256 on a GPU, 4 with --quick or on the CPU)"},
    {.name = "--chunks", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = ST_MAX_CHUNKS,
     .dst = &opts.chunks, .help = "chunks ({range}; default 16, 8 with --quick)"},
    {.name = "--flops-per-byte", .arg = "F", .kind = CK_OPT_LONG, .hi = 65536, .dst = &opts.fpb,
     .help = "the kernel's work per input byte ({range};\n"
           "default 1024, 4 with --quick): small is\n"
           "copy-bound, large compute-bound"},
};

static const struct ck_usage st_usage = {
    .name = "streams",
    .what = "A chunked pipeline (copy in, kernel, copy out) over 1, 2, 4, 8 "
            "streams.\n",
    .opts = st_options, .nopts = CK_NOPTS(st_options), .per = "row",
    .reps = "5, at most " CK_STR(ST_MAX_REPS),
    .cpu = "the CPU model only", .quick = "small sizes, about a second on a CPU",
    .list = "the rows: id, rung, kind, name, idea",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &st_usage);
}

/* the table's rows in the harness's form (ladder.h), for --list and
 * --variants */
static const struct ck_rung ck_rows[ST_NRUNGS] = {
#define LIST_ROW_(e, id, step, kind, label, memory, mode, streams, idea) \
    {id, ST_NUMBER_##e, #kind, label, idea, ST_TOL, 0},
    ST_LADDER(LIST_ROW_)
#undef LIST_ROW_
};

static int parse(int argc, char **argv, struct st_opts *o)
{
    o->fpb = -1;
    if (ck_args_parse(&o->args, "streams", argc, argv, st_options, CK_NOPTS(st_options), NULL, NULL))
        return -1;
    if (o->args.reps > ST_MAX_REPS) {
        fprintf(stderr, "--reps: at most %d for streams\n", ST_MAX_REPS);
        return -1;
    }
    return ck_ladder_known(ck_rows, ST_NRUNGS, o->args.variants) ? 0 : -1;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static bool judge(struct st_row *row, double err)
{
    row->rel_err = err;
    row->ok = ck_within(err, ST_TOL);
    if (!row->ok)
        snprintf(row->error, sizeof row->error, isnan(err)
                 ? "output holds NaN or Inf (an element not written?)"
                 : "rel_err %.3g exceeds tol %.3g", err, ST_TOL);
    return row->ok;
}

/* CPU fallback: every stage of every chunk run on the host, in order
 * (memcpy in, the kernel's loop, memcpy out), three passes after a warm-up;
 * dur gets the median pass's stage times. */
static int host_stages(struct st_state *s, double (*dur)[ST_STAGES], struct st_row *chk)
{
    size_t n = s->total / sizeof(float), per = s->chunk / sizeof(float);
    float *din = malloc(s->total), *dout = malloc(s->total), *out = malloc(s->total);
    double pass[4][ST_MAX_CHUNKS][ST_STAGES], tot[4] = {0};
    int rc = CK_OK;
    if (!din || !dout || !out) {
        snprintf(chk->error, sizeof chk->error, "out of host memory (%zu bytes)", 3 * s->total);
        fprintf(stderr, "streams: out of host memory (%zu bytes)\n", 3 * s->total);
        rc = CK_ENOMEM;
        goto done;
    }
    ck_poison_nan(out, n);
    for (int p = 0; p < 4; p++)
        for (int c = 0; c < s->chunks; c++) {
            size_t o = c * per;
            double t0 = now_ms();
            memcpy(din + o, s->in + o, s->chunk);
            double t1 = now_ms();
            st_cpu_kernel(din + o, dout + o, per, s->iters);
            double t2 = now_ms();
            memcpy(out + o, dout + o, s->chunk);
            double t3 = now_ms();
            pass[p][c][0] = t1 - t0, pass[p][c][1] = t2 - t1, pass[p][c][2] = t3 - t2;
            tot[p] += t3 - t0;
        }
    if (ck_corrupt_wanted("model")) /* the one run the model rows share */
        out[n / 2] = NAN;
    if (!judge(chk, st_verify(s->in, out, s->total, s->chunk, s->chunks, s->iters, s->o->seed))) {
        rc = CK_ECHECK;
        goto done;
    }
    int med = 1; /* passes 1..3 (0 was the warm-up): the median total */
    if ((tot[2] - tot[1]) * (tot[2] - tot[3]) <= 0)
        med = 2;
    else if ((tot[3] - tot[1]) * (tot[3] - tot[2]) <= 0)
        med = 3;
    memcpy(dur, pass[med], sizeof pass[med]);
done:
    free(din), free(dout), free(out);
    return rc;
}

/* The model rows: the host's stage times scheduled for 1, 2, 4, 8 streams
 * as a GPU with two copy engines would run them. */
static void run_model(struct st_state *s)
{
    static double dur[ST_MAX_CHUNKS][ST_STAGES];
    struct st_row chk = {0};
    bool any = false;
    for (int i = 0; i < ST_NRUNGS; i++)
        any |= st_rungs[i].mode == ST_MODEL && ck_args_selected(s->o->args.variants,
                                                                st_rungs[i].id);
    /* with a GPU, the model runs only when --variants names it (at GPU sizes
     * the host's kernel loop would take minutes) */
    if (!any || (s->dev->live && !s->o->args.variants))
        return;
    int rc = host_stages(s, dur, &chk);
    for (int i = 0; i < ST_NRUNGS; i++) {
        struct st_row *row = &s->rows[i];
        if (st_rungs[i].mode != ST_MODEL ||
            !ck_args_selected(s->o->args.variants, st_rungs[i].id))
            continue;
        row->ran = true;
        row->ok = rc == CK_OK;
        row->rel_err = chk.rel_err;
        snprintf(row->error, sizeof row->error, "%s", chk.error);
        if (rc != CK_OK)
            continue;
        double end = st_model_schedule((const double (*)[ST_STAGES])dur, s->chunks,
                                       st_rungs[i].streams, 2, row->spans);
        row->t = (struct ck_timing){.ms = end, .ms_min = end, .ms_max = end, .reps = 3};
        double shortest[ST_STAGES];
        st_stage_times(row->spans, s->chunks * ST_STAGES, row->stage, shortest);
        st_bound(row->stage, shortest, 0, &row->serial, &row->ideal);
    }
    if (rc != CK_OK && s->status == CK_OK)
        s->status = rc;
}

#if CK_HAVE_CUDA
static int gpu_setup(struct st_state *s)
{
    struct ck_err err = {{0}};
    int rc = st_gpu_open(&s->g, s->total, s->chunks, s->iters, s->in, &err);
    if (rc == CK_OK)
        rc = st_gpu_kernel_alone(s->g, &s->kernel_alone, &err);
    if (rc == CK_OK)
        rc = st_gpu_two_way(s->g, &s->two_way, &err);
    if (rc != CK_OK)
        fprintf(stderr, "streams: %s\n", err.msg);
    return rc;
}

/* One GPU row: a checked run, a warm-up, then reps runs; the row keeps the
 * median run's total and its spans. */
static int gpu_row(struct st_state *s, int i, struct st_row *row)
{
    const struct st_rung *g = &st_rungs[i];
    static struct st_span spans[ST_MAX_REPS][ST_MAX_CHUNKS * ST_STAGES];
    double ms[ST_MAX_REPS], sorted[ST_MAX_REPS], total;
    const float *out = NULL;
    struct ck_err err = {{0}};
    int reps = s->o->args.reps > 0 ? s->o->args.reps : 5, rc;
    rc = st_gpu_run(s->g, g->mode, g->streams, true, spans[0], &total, &out, &err);
    if (rc == CK_OK && !judge(row, st_verify(s->in, out, s->total, s->chunk, s->chunks, s->iters, s->o->seed)))
        return CK_ECHECK;
    if (rc == CK_OK)
        rc = st_gpu_run(s->g, g->mode, g->streams, false, spans[0], &total, &out, &err);
    for (int r = 0; r < reps && rc == CK_OK; r++) {
        rc = st_gpu_run(s->g, g->mode, g->streams, false, spans[r], &ms[r], &out, &err);
        sorted[r] = ms[r];
    }
    if (rc != CK_OK) {
        snprintf(row->error, sizeof row->error, "%s", err.msg);
        s->gpu_dead = true;
        return rc;
    }
    ck_timing_stats(sorted, reps, &row->t);
    int med = 0;
    for (int r = 0; r < reps; r++)
        if (fabs(ms[r] - row->t.ms) < fabs(ms[med] - row->t.ms))
            med = r;
    memcpy(row->spans, spans[med], sizeof row->spans);
    return CK_OK;
}

/* The GPU rows of each mode; the mode's 1-stream run (measured even when
 * not selected) gives the stage totals behind serial and the ideal bound. */
static void run_gpu(struct st_state *s)
{
    for (int i = 0; i < ST_NRUNGS; i++) {
        const struct st_rung *g = &st_rungs[i];
        if (g->mode == ST_MODEL || s->gpu_dead)
            continue;
        int one = i - (g->streams == 1 ? 0 : g->streams == 2 ? 1 : g->streams == 4 ? 2 : 3);
        bool sel = ck_args_selected(s->o->args.variants, g->id);
        if (!sel && g->streams != 1)
            continue;
        struct st_row *row = &s->rows[i];
        int rc = gpu_row(s, i, row);
        row->ran = sel || rc != CK_OK;
        row->ok = rc == CK_OK;
        if (rc == CK_ECUDA)
            s->status = CK_ECUDA;
        else if (rc != CK_OK && s->status == CK_OK)
            s->status = CK_ECHECK;
        if (rc != CK_OK)
            continue;
        double shortest[ST_STAGES];
        st_stage_times(s->rows[one].spans, s->chunks * ST_STAGES, row->stage, shortest);
        /* serial: the 1-stream run's stage sum; the ideal bound takes the
         * kernel stage at most one launch over all the data (st_bound) */
        st_bound(row->stage, shortest, s->kernel_alone, &row->serial, &row->ideal);
        /* link-aware: the copies cannot beat the link both ways at once */
        if (g->mode != ST_PAGEABLE && s->two_way > 0)
            row->link_ideal = s->two_way > row->ideal ? s->two_way : row->ideal;
    }
}

static void gpu_teardown(struct st_state *s) { st_gpu_close(s->g); }
#else
static int gpu_setup(struct st_state *s) { (void)s; return CK_OK; }
static void run_gpu(struct st_state *s) { (void)s; }
static void gpu_teardown(struct st_state *s) { (void)s; }
#endif

/* "[[chunk, stream, stage, start_ms, end_ms], ...]" of a row. */
static void timeline_text(const struct st_state *s, const struct st_row *row, char *buf,
                          size_t size)
{
    size_t len = 0;
    int n = s->chunks * ST_STAGES;
    len += (size_t)snprintf(buf, size, "[");
    for (int k = 0; k < n && len < size; k++) {
        const struct st_span *p = &row->spans[k];
        len += (size_t)snprintf(buf + len, size - len, "%s[%d, %d, %d, %.3f, %.3f]",
                                k ? ", " : "", p->chunk, p->stream, p->stage,
                                p->start, p->end);
    }
    if (len < size)
        snprintf(buf + len, size - len, "]");
}

static void rec_row(const struct st_state *s, int i)
{
    const struct st_rung *g = &st_rungs[i];
    const struct st_row *row = &s->rows[i];
    struct ck_result r;
    struct ck_rec rec;
    ck_result_init(&r, g->id, g->label, g->kind, i + 1);
    r.ran = true;
    r.ok = row->ok;
    r.checked = "fp64";
    r.rel_err = row->rel_err;
    r.tol = ST_TOL;
    if (row->ok)
        r.t = row->t;
    r.flops = 2.0 * s->iters * (double)(s->total / sizeof(float));
    r.bytes = 2.0 * (double)s->total; /* in and out over the link */
    snprintf(r.error, sizeof r.error, "%s", row->error);
    ck_results_derive(&r, 1, g->mode == ST_MODEL || !s->dev->live ? NAN
                                                                   : s->dev->peak_gflops);
    ck_rec_variant(&rec, "streams", &r);
    ck_rec_str(&rec, "memory", g->memory);
    ck_rec_str(&rec, "mode", st_mode_names[g->mode]);
    ck_rec_int(&rec, "streams", g->streams);
    ck_rec_int(&rec, "chunks", s->chunks);
    ck_rec_int(&rec, "chunk_bytes", (long long)s->chunk);
    ck_rec_int(&rec, "total_bytes", (long long)s->total);
    ck_rec_int(&rec, "flops_per_byte", s->iters / 2);
    ck_rec_bool(&rec, "modelled", g->mode == ST_MODEL);
    bool t = row->ok;
    ck_rec_num(&rec, "h2d_ms", t ? row->stage[0] : NAN);
    ck_rec_num(&rec, "kernel_ms", t ? row->stage[1] : NAN);
    ck_rec_num(&rec, "d2h_ms", t ? row->stage[2] : NAN);
    ck_rec_num(&rec, "serial_ms", t ? row->serial : NAN);
    ck_rec_num(&rec, "ideal_ms", t ? row->ideal : NAN);
    ck_rec_num(&rec, "kernel_alone_ms", t && s->kernel_alone > 0 ? s->kernel_alone : NAN);
    ck_rec_num(&rec, "speedup", t ? row->serial / row->t.ms : NAN);
    ck_rec_num(&rec, "pct_of_ideal", t ? 100.0 * row->ideal / row->t.ms : NAN);
    bool l = t && row->link_ideal > 0;
    ck_rec_num(&rec, "two_way_ms", l ? s->two_way : NAN);
    ck_rec_num(&rec, "two_way_gbs", l ? 2.0 * (double)s->total / (s->two_way * 1e6) : NAN);
    ck_rec_num(&rec, "link_ideal_ms", l ? row->link_ideal : NAN);
    ck_rec_num(&rec, "pct_of_link_ideal", l ? 100.0 * row->link_ideal / row->t.ms : NAN);
    if (t) {
        static char tl[4096];
        timeline_text(s, row, tl, sizeof tl);
        ck_rec_raw(&rec, "timeline", tl);
    }
    ck_rec_end(&rec, stdout);
}

static void table(const struct st_state *s)
{
    printf("streams  %d chunks of %.2f MiB (%.0f MiB), %d FLOP per byte, ", s->chunks,
           s->chunk / 1048576.0, s->total / 1048576.0, s->iters / 2);
    if (s->dev->live)
        printf("%d copy engines\n", s->dev->async_engines);
    else
        printf("no GPU: a model with 2 copy engines\n");
    ck_device_table(s->dev, stdout);
    printf("\n%-11s %-4s %9s %9s %9s %8s %8s  %s\n", "variant", "ok", "ms", "serial",
           "ideal", "speedup", "% ideal", "label");
    for (int i = 0; i < ST_NRUNGS; i++) {
        const struct st_row *r = &s->rows[i];
        if (!r->ran)
            continue;
        if (!r->ok) {
            printf("%-11s FAIL  %s\n", st_rungs[i].id, r->error);
            continue;
        }
        printf("%-11s %-4s %9.3f %9.3f %9.3f %7.2fx %8.1f  %s\n", st_rungs[i].id, "ok",
               r->t.ms, r->serial, r->ideal, r->serial / r->t.ms,
               100.0 * r->ideal / r->t.ms, st_rungs[i].label);
    }
}

static int run(struct st_state *s, int argc, char **argv)
{
    size_t n = s->total / sizeof(float);
    s->in = malloc(s->total);
    if (!s->in) {
        fprintf(stderr, "streams: out of host memory (%zu bytes)\n", s->total);
        return CK_ENOMEM;
    }
    struct ck_rng r;
    ck_rng_seed(&r, s->o->seed);
    ck_fill_random(s->in, n, &r);
    int rc = s->dev->live ? gpu_setup(s) : CK_OK;
    if (rc != CK_OK) {
        gpu_teardown(s);
        free(s->in);
        return rc;
    }
    if (s->dev->live)
        run_gpu(s);
    run_model(s);
    if (ck_args_yaml(&s->o->args)) {
        ck_rec_device(s->dev, "streams", argc, argv, stdout);
        for (int i = 0; i < ST_NRUNGS; i++)
            if (s->rows[i].ran)
                rec_row(s, i);
    } else {
        table(s);
    }
    gpu_teardown(s);
    free(s->in);
    return s->status;
}

int main(int argc, char **argv)
{
    struct st_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, ck_rows, ST_NRUNGS, &dev))
        return CK_OK;
    bool big = dev.live && !o->args.quick;
    static struct st_state s;
    s.o = o, s.dev = &dev;
    s.chunks = (int)(o->chunks ? o->chunks : (big ? 16 : 8));
    size_t total = (size_t)(o->total_mib ? o->total_mib : (big ? 256 : 4)) << 20;
    s.chunk = total / s.chunks / 256 * 256;
    if (s.chunk == 0) {
        fprintf(stderr, "streams: %zu bytes do not make %d chunks\n", total, s.chunks);
        return CK_EARGS;
    }
    s.total = s.chunk * s.chunks;
    s.iters = 2 * (int)(o->fpb >= 0 ? o->fpb : (big ? 1024 : 4));
    o->seed = ck_demo_seed();
    return run(&s, argc, argv);
}
