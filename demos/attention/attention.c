/* attention.c: the attention demo, softmax(Q·Kᵀ/√d)·V for B×H heads of
 * S×D, 16-bit inputs (FP16 or BF16), FP32 softmax and sums, causal or not,
 * up the ladder of attn_ladder.h: each rung checked against FP64 (every
 * row for small problems, 256 sampled rows otherwise), then timed, then
 * reported (YAML lines or a table) with its HBM bytes by attn_traffic.h
 * and the S×S memory it needs. A rung that does not apply (no cuBLAS, an
 * older GPU, S×S buffers that do not fit) gets record: unsupported. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "attn_cpu.h"
#include "attn_ladder.h"
#include "attn_traffic.h"
#include "check.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"
#include "report.h"
#if CK_HAVE_CUDA
#include "attn_gpu.h"
#endif

#define AT_CPU_FLOPS 2e9 /* the CPU rung's budget: heads that fit in it */

static const struct ck_rung at_table[] = {AT_LADDER(AT_RUNG_ROW)};
#define AT_KIND_hand 1
#define AT_KIND_library 2
#define AT_KIND_cpu 0

struct at_opts {
    struct ck_args args;
    long b, h, s, d;
    bool causal, bf16, given;
};

/* what the arguments set: the rows below point into it */
static struct at_opts opts;

/* --dtype, and what no row takes: attention's own message for both */
static int own_arg(void *ctx, int argc, char **argv, int *i)
{
    const char *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    (void)ctx;
    if (!strcmp(argv[*i], "--dtype") && val && (!strcmp(val, "fp16") || !strcmp(val, "bf16"))) {
        opts.bf16 = !strcmp(val, "bf16"), ++*i;
        return 1;
    }
    fprintf(stderr, "attention: unknown or incomplete argument '%s' (see --help)\n", argv[*i]);
    return -1;
}

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt at_options[] = {
    {.name = "--b", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 4096, .dst = &opts.b,
     .given = &opts.given, .help = "batch (default 4 on a GPU, 1 on the CPU)"},
    {.name = "--h", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 4096, .dst = &opts.h,
     .given = &opts.given, .help = "heads (default 16 on a GPU, 2 on the CPU)"},
    {.name = "--s", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 65536, .dst = &opts.s,
     .given = &opts.given, .help = "sequence length (default 1024 on a GPU, 128 on the CPU)"},
    {.name = "--d", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 256, .dst = &opts.d,
     .given = &opts.given, .help = "head dimension, {range} (default 64; flash-mma: 64, 128)"},
    {.name = "--causal", .kind = CK_OPT_FLAG, .dst = &opts.causal,
     .help = "each query sees only the keys up to itself"},
    {.name = "--dtype", .arg = "fp16|bf16", .kind = CK_OPT_OWN,
     .help = "the inputs' type (default fp16)"},
};
/* clang-format on */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: attention [options]\n"
            "softmax(Q·Kᵀ/√d)·V over B×H heads of S×D, 16-bit inputs, FP32 sums:\n"
            "three kernels -> cuBLAS + fused softmax -> fused flash on Tensor Cores\n"
            "-> cuDNN's fused attention (graph API).\n");
    ck_args_help(f, at_options, CK_NOPTS(at_options));
    fprintf(f,
            "  --variants LIST   comma-separated ids (see --list)\n"
            "  --reps N          timed runs per variant (default: ~100 ms worth)\n"
            "  --cpu             CPU variants only\n"
            "  --quick           B=1 H=2 S=128 D=64, about a second on a CPU\n"
            "  --format yaml|table  result lines or a table\n"
            "  --list            the ladder: id, rung, kind, name, idea\n"
            "  --help            this text\n"
            "exit: 0 ok (also CPU fallback), 2 bad arguments, 3 a check failed,\n"
            "      4 a CUDA error, 5 out of host memory\n");
}

static int parse(int argc, char **argv, struct at_opts *o)
{
    if (ck_args_parse(&o->args, "attention", argc, argv, at_options, CK_NOPTS(at_options), own_arg,
                      NULL))
        return -1;
    if (o->b * o->h * o->s > (1L << 30) || (o->b && o->h && o->b * o->h > 65535)) {
        fprintf(stderr, "attention: B·H·S over 2^30 (or B·H over 65535) refused\n");
        return -1;
    }
    return ck_ladder_known(at_table, AT_NRUNGS, o->args.variants) ? 0 : -1;
}

struct at_state {
    const struct at_opts *o;
    const struct ck_device *dev;
    struct at_problem p;
    int heads[AT_NRUNGS];         /* heads each rung ran (the CPU's fewer) */
    char declined[AT_NRUNGS][256]; /* "" or why the rung does not apply */
    float *out;
#if CK_HAVE_CUDA
    struct at_gpu *g;
#endif
    struct ck_err err;
};

static void judge(struct at_state *s, struct ck_result *r, int heads)
{
    const char *c = getenv("CK_DEMO_CORRUPT");
    if (c && !strcmp(c, r->id))
        s->out[(size_t)s->p.rows[0] * s->p.d] = NAN;
    ck_judge(r, at_rel_err(&s->p, s->out, heads), "fp64");
}

struct cpu_ctx {
    struct at_state *s;
    int heads;
};
static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    at_cpu_naive(&c->s->p, c->heads, c->s->out);
    return CK_OK;
}

static int run_cpu(struct at_state *s, int i, struct ck_result *r)
{
    const struct at_problem *p = &s->p;
    double per_head = at_flops(1, p->s, p->d, p->causal);
    if (per_head > 4 * AT_CPU_FLOPS) {
        snprintf(s->declined[i], sizeof s->declined[i],
                 "one head is %.3g GFLOP: too long for the CPU variant", per_head / 1e9);
        return CK_OK;
    }
    int heads = (int)(AT_CPU_FLOPS / per_head);
    heads = heads < 1 ? 1 : heads > p->bh ? p->bh : heads;
    s->heads[i] = heads;
    r->flops = per_head * heads;
    r->bytes = at_min_bytes(heads, p->s, p->d, 2);
    r->ran = true;
    for (size_t j = 0; j < (size_t)heads * p->s * p->d; j++)
        s->out[j] = NAN;
    at_cpu_naive(p, heads, s->out);
    judge(s, r, heads);
    if (!r->ok)
        return CK_ECHECK;
    struct cpu_ctx c = {s, heads};
    return ck_time_cpu(cpu_once, &c, 1, ck_cpu_reps(&s->o->args, r->flops), &r->t);
}

static bool timed_ok(const struct ck_result *r)
{
    return r->ran && r->ok && isfinite(r->t.ms);
}

#if CK_HAVE_CUDA
static int run_gpu(struct at_state *s, int i, struct ck_result *r)
{
    if (!s->g) {
        const struct at_problem *p = &s->p;
        int rc = at_gpu_open(&s->g, p->bh, p->s, p->d, p->causal, p->bf16, p->q, p->k,
                             p->v, &s->err);
        if (rc == CK_EARGS) {
            snprintf(s->declined[i], sizeof s->declined[i], "%s", s->err.msg);
            return CK_OK;
        }
        if (rc != CK_OK)
            return rc;
    }
    int rc = at_gpu_prepare(s->g, at_table[i].rung, &s->err);
    if (rc == AT_DECLINED) {
        snprintf(s->declined[i], sizeof s->declined[i], "%s", s->err.msg);
        return CK_OK;
    }
    r->ran = true;
    if (rc == CK_OK)
        rc = at_gpu_check_run(s->g, at_table[i].rung, s->out, &s->err);
    if (rc == CK_OK) {
        judge(s, r, s->p.bh);
        if (r->ok)
            rc = at_gpu_time(s->g, at_table[i].rung, s->o->args.reps, &r->t, &s->err);
    }
    if (rc != CK_OK)
        r->ok = false, snprintf(r->error, sizeof r->error, "%s", s->err.msg);
    return rc;
}


/* Every GPU rung that timed side by side with cuDNN's SDPA, the fused
 * library kernel the hand rungs are measured against: interleaved pairs,
 * the order swapped every pair (ck_time_gpu_pair), the record's
 * paired_pct_of_library. A failure here loses only the pair. */
static void pair_all(struct at_state *s, struct ck_result *res)
{
    if (!s->g || !timed_ok(&res[AT_CUDNN]))
        return;
    for (int i = 0; i < AT_NRUNGS; i++) {
        if (i == AT_CUDNN || ck_rung_is(&at_table[i], "cpu") || !timed_ok(&res[i]))
            continue;
        /* its S×S buffers again: each rung's prepare frees the last one's */
        int n = ck_pairs_for(res[i].t.ms, res[AT_CUDNN].t.ms);
        int rc = at_gpu_prepare(s->g, at_table[i].rung, &s->err);
        if (rc == CK_OK)
            rc = at_gpu_pair(s->g, at_table[i].rung, at_table[AT_CUDNN].rung, n,
                             &res[i].pair, &s->err);
        if (rc == CK_OK) {
            res[i].paired_with = at_table[AT_CUDNN].id;
        } else {
            res[i].pair.pairs = 0;
            fprintf(stderr, "attention: %s beside %s: not paired: %s\n", res[i].id,
                    res[AT_CUDNN].id, s->err.msg);
        }
    }
}
#else
static int run_gpu(struct at_state *s, int i, struct ck_result *r)
{
    (void)s, (void)i, (void)r;
    return CK_OK;
}
static void pair_all(struct at_state *s, struct ck_result *res) { (void)s, (void)res; }
#endif

/* the heads rung i ran: all of them on the GPU, a budget's on the CPU */
static double heads_of(const struct at_state *s, int i)
{
    bool cpu = ck_rung_is(&at_table[i], "cpu");
    return cpu ? s->heads[i] : (double)(s->o->b * s->o->h);
}

/* the bytes rung i moves by its own model (attn_traffic.h) */
static double model_bytes(const struct at_state *s, int i)
{
    return at_traffic_of(i, heads_of(s, i), s->o->s, s->o->d, s->o->causal, 2).bytes;
}

static void sizes(const struct at_state *s, int i, struct ck_rec *rec)
{
    const struct at_opts *o = s->o;
    bool cpu = ck_rung_is(&at_table[i], "cpu") && s->heads[i];
    ck_rec_int(rec, "b", cpu ? 1 : o->b);
    ck_rec_int(rec, "h", cpu ? s->heads[i] : o->h);
    ck_rec_int(rec, "s", o->s);
    ck_rec_int(rec, "d", o->d);
    ck_rec_int(rec, "causal", o->causal);
    ck_rec_str(rec, "precision", o->bf16 ? "bf16" : "fp16");
}

static void table(const struct at_state *s, const struct ck_result *r)
{
    const struct at_opts *o = s->o;
    printf("attention  softmax(Q·Kᵀ/√d)·V  B=%ld H=%ld S=%ld D=%ld %s %s (%s, tol %.0e)\n",
           o->b, o->h, o->s, o->d, o->causal ? "causal" : "full", o->bf16 ? "bf16" : "fp16",
           s->p.nrows == (int)(o->b * o->h * o->s) ? "every row checked" : "256 rows checked",
           r[0].tol);
    ck_device_table(s->dev, stdout);
    printf("\n%2s  %-15s %-7s %-5s %9s %10s %8s %10s %10s  %s\n", "#", "variant", "kind",
           "check", "rel_err", "ms", "TFLOP/s", "model MB", "S×S MB", "label");
    for (int i = 0; i < AT_NRUNGS; i++) {
        if (s->declined[i][0]) {
            printf("%2d  %-15s %-7s unsupported: %s\n", r[i].rung, r[i].id, r[i].kind,
                   s->declined[i]);
            continue;
        }
        if (!r[i].ran)
            continue;
        printf("%2d  %-15s %-7s %-5s %9.2e %10.4f %8.2f %10.1f %10.1f  %s\n", r[i].rung,
               r[i].id, r[i].kind, r[i].ok ? "ok" : "FAIL", r[i].rel_err, r[i].t.ms,
               r[i].gflops / 1e3, model_bytes(s, i) / 1e6, at_extra_bytes(at_model_kind(i), o->b * o->h, o->s) / 1e6,
               r[i].label);
    }
    for (int i = 0; i < AT_NRUNGS; i++)
        if (r[i].pair.pairs > 0)
            printf("%-15s %6.1f%% of %s's speed, paired [%.1f-%.1f, %d pairs]\n", r[i].id,
                   r[i].pair.pct, r[i].paired_with, r[i].pair.lo, r[i].pair.hi, r[i].pair.pairs);
    for (int i = 0; i < AT_NRUNGS; i++)
        if (r[i].ran && !r[i].ok)
            printf("%s failed: %s\n", r[i].id, r[i].error);
}

static void report(struct at_state *s, struct ck_result *res, int argc, char **argv)
{
    ck_results_derive(res, AT_NRUNGS, NAN);
    if (!ck_args_yaml(&s->o->args)) {
        table(s, res);
        return;
    }
    ck_rec_device(s->dev, "attention", argc, argv, stdout);
    for (int i = 0; i < AT_NRUNGS; i++) {
        struct ck_rec rec;
        double bh = heads_of(s, i);
        if (s->declined[i][0])
            ck_rec_unsupported(&rec, "attention", &res[i], s->declined[i]);
        else if (res[i].ran)
            ck_rec_variant(&rec, "attention", &res[i]);
        else
            continue;
        sizes(s, i, &rec);
        ck_rec_num(&rec, "extra_bytes", at_extra_bytes(at_model_kind(i), bh, s->o->s));
        if (!s->declined[i][0]) {
            struct at_traffic t = at_traffic_of(i, bh, s->o->s, s->o->d, s->o->causal, 2);
            ck_rec_num(&rec, "tflops", res[i].gflops / 1e3);
            ck_rec_num(&rec, "hbm_bytes", t.bytes);
            ck_rec_num(&rec, "model_bytes", t.bytes);
            ck_rec_num(&rec, "model_intensity", res[i].flops / t.bytes);
            ck_rec_str(&rec, "model", t.model);
        }
        ck_rec_end(&rec, stdout);
    }
}

static int run_all(struct at_state *s, struct ck_result *res)
{
    const struct at_opts *o = s->o;
    const struct at_problem *p = &s->p;
    int status = CK_OK;
    for (int i = 0; i < AT_NRUNGS; i++) {
        const struct ck_rung *g = &at_table[i];
        ck_result_init(&res[i], g->id, g->label, g->kind, g->rung);
        res[i].tol = o->bf16 ? CK_TOL_BF16 : g->tol;
        res[i].baseline = false;
        res[i].flops = at_flops(p->bh, p->s, p->d, p->causal);
        res[i].bytes = at_min_bytes(p->bh, p->s, p->d, 2);
        s->heads[i] = 0;
        s->declined[i][0] = 0;
    }
    for (int i = 0; i < AT_NRUNGS; i++) {
        if (!ck_args_selected(o->args.variants, at_table[i].id))
            continue;
        bool cpu = ck_rung_is(&at_table[i], "cpu");
        if (!cpu && !s->dev->live)
            continue;
        int rc = cpu ? run_cpu(s, i, &res[i]) : run_gpu(s, i, &res[i]);
        if (rc != CK_OK && rc != CK_ECHECK && status == CK_OK)
            status = rc;
        if (rc == CK_ECUDA || rc == CK_ENOMEM)
            break; /* the device is in doubt: the later rungs do not run */
    }
    /* % of library is of cuDNN's SDPA, the fused kernel the hand rungs
     * are paired with; of the cuBLAS rung where cuDNN did not run */
    res[timed_ok(&res[AT_CUDNN]) ? AT_CUDNN : AT_CUBLAS].baseline = true;
    if (status == CK_OK)
        pair_all(s, res);
    for (int i = 0; i < AT_NRUNGS; i++)
        if (res[i].ran && !res[i].ok && status == CK_OK)
            status = CK_ECHECK;
    return status;
}

int main(int argc, char **argv)
{
    struct at_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, at_table, AT_NRUNGS, &dev))
        return CK_OK;
    bool big = dev.live && !o->args.quick;
    o->b = o->b ? o->b : (big ? 4 : 1);
    o->h = o->h ? o->h : (big ? 16 : 2);
    o->s = o->s ? o->s : (big ? 1024 : 128);
    o->d = o->d ? o->d : 64;
    struct at_state s = {.o = o, .dev = &dev};
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    size_t n = (size_t)(o->b * o->h) * o->s * o->d;
    s.out = malloc(n * sizeof *s.out);
    if (!s.out || !at_problem_init(&s.p, (int)(o->b * o->h), (int)o->s, (int)o->d, o->causal,
                                   o->bf16, seed)) {
        fprintf(stderr, "attention: out of host memory for B·H·S·D = %zu\n", n);
        free(s.out);
        return CK_ENOMEM;
    }
    struct ck_result res[AT_NRUNGS];
    int status = run_all(&s, res);
    report(&s, res, argc, argv);
#if CK_HAVE_CUDA
    at_gpu_close(s.g);
#endif
    at_problem_free(&s.p);
    free(s.out);
    return status;
}
