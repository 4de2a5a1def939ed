/* conv.c - the convolution demo's host program: arguments, the one table of
 * rungs, the CPU variants, and the result lines. The GPU work is behind
 * conv_gpu_run() (conv_gpu_run.cu), compiled only when nvcc was found; every
 * other line here is plain C11 so the demo also builds and runs without CUDA.
 *
 * Flow: parse -> shape -> device (or the CPU fallback and why) -> random
 * inputs and the FP64 reference -> GPU variants -> CPU variants -> YAML
 * records or a table -> exit 0, 2 (arguments, or too big for the device),
 * 3 (a variant computed a wrong result) or 4 (a CUDA/cuDNN call failed). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../common/args.h"
#include "../common/check.h"
#include "../common/ck.h"
#include "../common/device.h"
#include "../common/report.h"
#include "../common/timing.h"
#include "conv.h"
#include "conv_run.h"

const struct conv_rung conv_rungs[] = {
    {"naive", 1, CONV_KIND_HAND, "naive direct",
     "one thread per output, every input and tap read from global memory"},
    {"smem-direct", 2, CONV_KIND_HAND, "shared-memory direct",
     "input tile with halo and filter taps staged in shared memory, reused"},
    {"im2col-gemm", 3, CONV_KIND_HAND, "im2col + tiled GEMM",
     "unfold inputs into a (C*R*S, N*P*Q) matrix in memory, then a GEMM"},
    {"implicit-gemm", 4, CONV_KIND_HAND, "implicit GEMM",
     "GEMM tiles gathered from x on the fly: cp.async pipeline, 8x8 per thread"},
    {"winograd", 5, CONV_KIND_HAND, "Winograd F(2x2,3x3)",
     "transform 4x4 input tiles and 3x3 filters, 16 GEMMs, 2.25x fewer multiplies"},
    {"cudnn-implicit-gemm", 6, CONV_KIND_LIBRARY, "cuDNN implicit-gemm",
     "cuDNN IMPLICIT_GEMM, pure FP32 (CUDNN_FMA_MATH)"},
    {"cudnn-implicit-precomp-gemm", 6, CONV_KIND_LIBRARY,
     "cuDNN implicit-precomp-gemm",
     "cuDNN IMPLICIT_PRECOMP_GEMM (precomputed indices), pure FP32"},
    {"cudnn-gemm", 6, CONV_KIND_LIBRARY, "cuDNN gemm",
     "cuDNN GEMM (explicit im2col in workspace), pure FP32"},
    {"cudnn-direct", 6, CONV_KIND_LIBRARY, "cuDNN direct",
     "cuDNN DIRECT, pure FP32"},
    {"cudnn-fft", 6, CONV_KIND_LIBRARY, "cuDNN fft",
     "cuDNN FFT (convolution as pointwise products of FFTs), pure FP32"},
    {"cudnn-fft-tiling", 6, CONV_KIND_LIBRARY, "cuDNN fft-tiling",
     "cuDNN FFT_TILING (FFT on input tiles, less workspace), pure FP32"},
    {"cudnn-winograd", 6, CONV_KIND_LIBRARY, "cuDNN winograd",
     "cuDNN WINOGRAD (fewer multiplies for small filters), pure FP32"},
    {"cudnn-winograd-nonfused", 6, CONV_KIND_LIBRARY,
     "cuDNN winograd-nonfused",
     "cuDNN WINOGRAD_NONFUSED (transforms in workspace), pure FP32"},
    {"cudnn-default", 6, CONV_KIND_LIBRARY, "cuDNN fastest, TF32-allowed",
     "cuDNN's fastest algorithm under CUDNN_DEFAULT_MATH: TF32 Tensor Cores"},
    {"cpu-naive", 7, CONV_KIND_CPU, "CPU naive",
     "the seven nested loops on one core"},
    {"cpu-blocked", 8, CONV_KIND_CPU, "CPU blocked, all cores",
     "4 filters x one output plane per item, branch-free rows, pthreads"},
};
const size_t conv_rung_count = sizeof conv_rungs / sizeof conv_rungs[0];

static const char *const kind_names[] = {"cpu", "hand", "library"};

/* The sizes: the ResNet-50 conv2_x layer by default, small with --quick. */
static const struct conv_shape conv2_x = {32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 0, 0};
static const struct conv_shape quick = {4, 32, 28, 28, 32, 3, 3, 1, 1, 1, 0, 0};

struct size_opt {
    const char *name;
    size_t off;
    long lo, hi;
    const char *help;
};

static const struct size_opt size_opts[] = {
    {"--n", offsetof(struct conv_shape, n), 1, 65535, "batch size N"},
    {"--c", offsetof(struct conv_shape, c), 1, 1 << 20, "input channels C"},
    {"--h", offsetof(struct conv_shape, h), 1, 8192, "input height H"},
    {"--w", offsetof(struct conv_shape, w), 1, 8192, "input width W"},
    {"--k", offsetof(struct conv_shape, k), 1, 1 << 20, "filters (output channels) K"},
    {"--r", offsetof(struct conv_shape, r), 1, 8192, "filter height R"},
    {"--s", offsetof(struct conv_shape, s), 1, 8192, "filter width S"},
    {"--pad", offsetof(struct conv_shape, pad), 0, 4096, "zero padding, each side"},
    {"--stride", offsetof(struct conv_shape, stride), 1, 4096, "stride"},
    {"--dil", offsetof(struct conv_shape, dil), 1, 4096, "dilation"},
};
#define N_SIZE_OPTS (sizeof size_opts / sizeof size_opts[0])

int conv_rung_index(const char *id)
{
    for (size_t i = 0; i < conv_rung_count; i++)
        if (strcmp(conv_rungs[i].id, id) == 0)
            return (int)i;
    return -1;
}

bool conv_job_selected(const struct conv_job *job, int i)
{
    return i >= 0 && ck_args_selected(job->variants, conv_rungs[i].id);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: conv [options]\n"
               "2-D cross-correlation in FP32, x (N,C,H,W) * w (K,C,R,S) -> "
               "y (N,K,P,Q),\nP = (H + 2*pad - dil*(R-1) - 1)/stride + 1, "
               "Q likewise with W and S.\nDefault: the ResNet-50 conv2_x "
               "layer, N=32 C=64 H=W=56 K=64 R=S=3 pad=1.\n\nsizes:\n");
    for (size_t i = 0; i < N_SIZE_OPTS; i++)
        fprintf(f, "  %-9s N   %s\n", size_opts[i].name, size_opts[i].help);
    fprintf(f, "\noptions:\n"
               "  --variants LIST  comma-separated ids (see --list); default all\n"
               "  --reps N         timed runs per variant (default: about 100 ms)\n"
               "  --cpu            CPU variants only\n"
               "  --quick          small sizes (N=4 C=32 H=W=28 K=32 3x3 pad 1)\n"
               "  --list           the ladder: id, rung, kind, name, idea\n"
               "  --shape-only     print P and Q for the sizes and exit\n"
               "  --format F       yaml (one record per line) or table\n"
               "  --help           this text\n"
               "exit: 0 ok (also CPU fallback), 2 bad arguments or too big, "
               "3 a wrong result, 4 CUDA/cuDNN error\n");
}

static void list(FILE *f)
{
    for (size_t i = 0; i < conv_rung_count; i++)
        fprintf(f, "%-28s %d %-7s %-28s %s\n", conv_rungs[i].id,
                conv_rungs[i].rung, kind_names[conv_rungs[i].kind],
                conv_rungs[i].name, conv_rungs[i].idea);
}

struct opts {
    struct ck_args a;
    struct conv_shape sh;
    bool sized;      /* a size option was given */
    bool shape_only;
};

/* Returns 1 consumed, 0 not a size option, -1 bad value. */
static int parse_size(struct opts *o, int argc, char **argv, int *i)
{
    for (size_t j = 0; j < N_SIZE_OPTS; j++) {
        if (strcmp(argv[*i], size_opts[j].name) != 0)
            continue;
        long v;
        const char *val = *i + 1 < argc ? argv[*i + 1] : NULL;
        if (!ck_args_long(size_opts[j].name, val, size_opts[j].lo,
                          size_opts[j].hi, &v))
            return -1;
        *(int *)((char *)&o->sh + size_opts[j].off) = (int)v;
        o->sized = true;
        ++*i;
        return 1;
    }
    return 0;
}

static int parse(struct opts *o, int argc, char **argv)
{
    ck_args_init(&o->a);
    o->sh = conv2_x;
    for (int i = 1; i < argc; i++) {
        int rc = ck_args_common(&o->a, argc, argv, &i);
        if (rc == 0)
            rc = parse_size(o, argc, argv, &i);
        if (rc == 0 && strcmp(argv[i], "--shape-only") == 0)
            rc = 1, o->shape_only = true;
        if (rc == 0) {
            fprintf(stderr, "conv: unknown argument '%s' (see --help)\n", argv[i]);
            return CK_EARGS;
        }
        if (rc < 0)
            return CK_EARGS;
    }
    const char *ids[32];
    for (size_t i = 0; i < conv_rung_count && i < 32; i++)
        ids[i] = conv_rungs[i].id;
    if (!ck_args_known(o->a.variants, ids, (int)conv_rung_count))
        return CK_EARGS;
    if (o->a.quick && o->sized) {
        fprintf(stderr, "conv: --quick sets the sizes; give one or the other\n");
        return CK_EARGS;
    }
    return CK_OK;
}

struct cpu_call {
    const struct conv_shape *sh;
    const float *x, *w;
    float *y;
    bool blocked;
};

static int cpu_once(void *ctx, int copy)
{
    const struct cpu_call *c = ctx;
    (void)copy; /* one input set: host caches are far smaller than it */
    if (c->blocked)
        conv_cpu_blocked(c->sh, c->x, c->w, c->y);
    else
        conv_cpu_naive(c->sh, c->x, c->w, c->y);
    return CK_OK;
}

/* Test hook: CK_DEMO_CORRUPT=ID spoils one output element of that CPU
 * variant after its checked run, so tests can see a failed check (exit 3). */
static void maybe_corrupt(const char *id, float *y, size_t ny)
{
    const char *c = getenv("CK_DEMO_CORRUPT");
    if (c && strcmp(c, id) == 0)
        y[ny / 2] = NAN;
}

/* CPU variants: check against the reference, then time (large problems are
 * timed once after the checked run, unless --reps says otherwise). */
static int run_cpu(struct conv_job *job)
{
    size_t ny = conv_y_elems(&job->sh);
    float *y = malloc(ny * sizeof *y);
    if (!y) {
        fprintf(stderr, "conv: out of host memory (%zu bytes)\n", ny * sizeof *y);
        return CK_ECUDA;
    }
    int reps = job->reps ? job->reps : conv_flops(&job->sh) > 1e9 ? 1 : 0;
    for (size_t i = 0; i < conv_rung_count; i++) {
        struct ck_result *r = &job->res[i];
        if (conv_rungs[i].kind != CONV_KIND_CPU || !conv_job_selected(job, (int)i))
            continue;
        struct cpu_call c = {&job->sh, job->x, job->w, y,
                             strcmp(conv_rungs[i].id, "cpu-blocked") == 0};
        r->ran = true;
        r->flops = conv_flops(&job->sh);
        r->bytes = 4.0 * (conv_x_elems(&job->sh) + conv_w_elems(&job->sh) + ny);
        job->ext[i].workspace = 0;
        ck_poison_nan(y, ny);
        cpu_once(&c, 0);
        maybe_corrupt(conv_rungs[i].id, y, ny);
        conv_ref_judge(&job->ref, y, CK_TOL_FP32, true, r);
        if (r->ok)
            ck_time_cpu(cpu_once, &c, 1, reps, &r->t);
    }
    free(y);
    return CK_OK;
}

/* The sizes every record of this demo carries. */
static void rec_sizes(struct ck_rec *rec, const struct conv_shape *s)
{
    const int v[] = {s->n, s->c, s->h, s->w, s->k, s->r, s->s, s->pad,
                     s->stride, s->dil, s->p, s->q};
    static const char *const k[] = {"n", "c", "h", "w", "k", "r", "s",
                                    "pad", "stride", "dil", "p", "q"};
    for (size_t j = 0; j < sizeof v / sizeof v[0]; j++)
        ck_rec_int(rec, k[j], v[j]);
}

/* A variant that does not apply to this problem (a cuDNN algorithm cuDNN
 * declined, a hand rung made for other shapes): its own record kind, so it
 * is neither a result nor a failure. */
static void emit_unsupported(const struct conv_job *job, size_t i)
{
    struct ck_rec rec;
    ck_rec_begin(&rec);
    ck_rec_str(&rec, "record", "unsupported");
    ck_rec_int(&rec, "format", CK_FORMAT_VERSION);
    ck_rec_str(&rec, "demo", "conv");
    ck_rec_str(&rec, "variant", conv_rungs[i].id);
    ck_rec_int(&rec, "rung", conv_rungs[i].rung);
    ck_rec_str(&rec, "kind", kind_names[conv_rungs[i].kind]);
    ck_rec_str(&rec, "label", job->res[i].label);
    ck_rec_str(&rec, "reason", job->res[i].error);
    ck_rec_str(&rec, "math", job->ext[i].math);
    ck_rec_str(&rec, "algo", job->ext[i].algo);
    rec_sizes(&rec, &job->sh);
    ck_rec_end(&rec, stdout);
}

static void emit_yaml(const struct conv_job *job, const struct ck_device *dev,
                      int argc, char **argv)
{
    ck_rec_device(dev, "conv", argc, argv, stdout);
    for (size_t i = 0; i < conv_rung_count; i++) {
        const struct ck_result *r = &job->res[i];
        const struct conv_extra *x = &job->ext[i];
        if (x->supported == 0)
            emit_unsupported(job, i);
        if (!r->ran)
            continue;
        struct ck_rec rec;
        ck_rec_variant(&rec, "conv", r);
        rec_sizes(&rec, &job->sh);
        if (x->workspace >= 0)
            ck_rec_int(&rec, "workspace", x->workspace);
        else
            ck_rec_str(&rec, "workspace", NULL);
        if (conv_rungs[i].kind == CONV_KIND_LIBRARY) {
            ck_rec_str(&rec, "math", x->math);
            ck_rec_str(&rec, "algo", x->algo);
        }
        ck_rec_end(&rec, stdout);
    }
}

/* How many times faster the best GPU variant is than each CPU one. */
static void speedups(const struct conv_job *job, FILE *f)
{
    int best = -1;
    for (size_t i = 0; i < conv_rung_count; i++) {
        const struct ck_result *r = &job->res[i];
        if (conv_rungs[i].kind == CONV_KIND_HAND && r->ran && r->ok &&
            (best < 0 || r->t.ms < job->res[best].t.ms))
            best = (int)i;
    }
    for (size_t i = 0; best >= 0 && i < conv_rung_count; i++) {
        const struct ck_result *r = &job->res[i];
        if (conv_rungs[i].kind == CONV_KIND_CPU && r->ran && r->ok)
            fprintf(f, "%s is %.0fx faster than %s\n", conv_rungs[best].id,
                    r->t.ms / job->res[best].t.ms, r->id);
    }
}

static void emit_table(const struct conv_job *job, const struct ck_device *dev)
{
    const struct conv_shape *s = &job->sh;
    /* the same first line as matmul's table: the demo and its problem */
    printf("conv  FP32 forward convolution y = conv(x, w), N=%d C=%d H=%d W=%d K=%d, "
           "%dx%d filter\n", s->n, s->c, s->h, s->w, s->k, s->r, s->s);
    ck_device_table(dev, stdout);
    printf("problem    N=%d C=%d H=%d W=%d -> K=%d, %dx%d filter, pad %d, "
           "stride %d, dil %d -> P=%d Q=%d, %.3g GFLOP\n\n", s->n, s->c, s->h,
           s->w, s->k, s->r, s->s, s->pad, s->stride, s->dil, s->p, s->q,
           conv_flops(s) / 1e9);
    ck_table_variants(stdout, job->res, (int)conv_rung_count);
    for (size_t i = 0; i < conv_rung_count; i++) {
        const struct conv_extra *x = &job->ext[i];
        if (job->res[i].ran && x->workspace > 0)
            printf("%s workspace: %lld bytes%s%s\n", conv_rungs[i].id,
                   x->workspace, x->math ? ", math " : "", x->math ? x->math : "");
        if (x->supported == 0)
            printf("%s: not supported %shere (%s)\n", conv_rungs[i].id,
                   conv_rungs[i].kind == CONV_KIND_LIBRARY ? "by cuDNN " : "",
                   x->why);
    }
    speedups(job, stdout);
    if (job->note[0])
        printf("%s\n", job->note);
}

static void fill_inputs(const struct conv_shape *sh, float *x, float *w)
{
    struct ck_rng rng; /* fresh inputs every run */
    ck_rng_seed(&rng, (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
    ck_fill_random(x, conv_x_elems(sh), &rng);
    ck_fill_random(w, conv_w_elems(sh), &rng);
}

static int finish(struct conv_job *job, const struct ck_device *dev, int rc,
                  bool yaml, int argc, char **argv)
{
    ck_results_derive(job->res, (int)conv_rung_count,
                      dev->live ? dev->peak_gflops : NAN);
    for (size_t i = 0; i < conv_rung_count; i++)
        if (conv_rungs[i].kind == CONV_KIND_CPU) /* peak is the GPU's */
            job->res[i].pct_of_peak = NAN;
    if (yaml)
        emit_yaml(job, dev, argc, argv);
    else
        emit_table(job, dev);
    for (size_t i = 0; rc == CK_OK && i < conv_rung_count; i++)
        if (job->res[i].ran && !job->res[i].ok)
            rc = CK_ECHECK;
    return rc;
}

static int run(const struct opts *o, const struct ck_device *dev, int argc,
               char **argv)
{
    struct ck_result res[sizeof conv_rungs / sizeof conv_rungs[0]];
    struct conv_extra ext[sizeof conv_rungs / sizeof conv_rungs[0]];
    struct conv_job job = {.sh = o->sh, .variants = o->a.variants,
                           .reps = o->a.reps, .res = res, .ext = ext};
    for (size_t i = 0; i < conv_rung_count; i++) {
        const struct conv_rung *g = &conv_rungs[i];
        ck_result_init(&res[i], g->id, g->name, kind_names[g->kind], g->rung);
        ext[i] = (struct conv_extra){.workspace = -1, .supported = -1};
    }
    job.l2_bytes = dev->live ? (size_t)dev->l2_bytes : 0;
    float *x = malloc(conv_x_elems(&o->sh) * sizeof *x);
    float *w = malloc(conv_w_elems(&o->sh) * sizeof *w);
    job.x = x;
    job.w = w;
    int rc = CK_OK;
    struct ck_err err = {{0}};
    if (x && w) {
        fill_inputs(&o->sh, x, w);
        if (!conv_ref_build(&job.ref, &o->sh, x, w, (uint64_t)time(NULL)))
            rc = CK_ECUDA, snprintf(err.msg, sizeof err.msg, "out of host memory");
    } else {
        rc = CK_ECUDA;
        snprintf(err.msg, sizeof err.msg, "out of host memory for the inputs");
    }
    if (!dev->live)
        snprintf(job.note, sizeof job.note, "CPU only: %s", dev->reason);
#if CK_HAVE_CUDA
    if (rc == CK_OK && dev->live)
        rc = conv_gpu_run(&job, &err);
#endif
    if (rc == CK_OK)
        rc = run_cpu(&job);
    if (rc != CK_OK)
        fprintf(stderr, "conv: %s\n", err.msg);
    if (rc != CK_EARGS)
        rc = finish(&job, dev, rc, ck_args_yaml(&o->a), argc, argv);
    conv_ref_free(&job.ref);
    free(x);
    free(w);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse(&o, argc, argv);
    if (rc != CK_OK)
        return rc;
    if (o.a.help || o.a.list) {
        if (o.a.help)
            usage(stdout);
        else
            list(stdout);
        return CK_OK;
    }
    struct ck_device dev;
    memset(&dev, 0, sizeof dev);
    if (!o.shape_only)
        ck_device_init(&dev, !o.a.cpu);
    /* without a GPU and without sizes, the CPU runs the small problem */
    if (o.a.quick || (!o.shape_only && !dev.live && !o.sized))
        o.sh = quick;
    char why[192];
    if (!conv_shape_init(&o.sh, why, sizeof why)) {
        fprintf(stderr, "conv: %s\n", why);
        return CK_EARGS;
    }
    if (o.shape_only) {
        printf("p=%d q=%d\n", o.sh.p, o.sh.q);
        return CK_OK;
    }
    return run(&o, &dev, argc, argv);
}
