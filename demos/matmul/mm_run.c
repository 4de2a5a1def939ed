/* mm_run.c: the matmul demo's driver: for each selected rung, verify on
 * fresh random inputs with a NaN-poisoned output, and only then time it.
 *
 * GPU variants run at the requested size. At sizes with a full FP64
 * reference every variant is checked against it; at larger ones cuBLAS is
 * first checked against FP64 reference rows and then serves as the
 * reference for the hand-written kernels (checked: library). CPU variants
 * run at min(size, cap) per dimension (mm_rungs.c) so a 4096^3 GPU run does
 * not wait minutes for a single-threaded loop; their records carry their own
 * m, n, k. */
#include "mm_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mm_problem.h"
#include "report.h"
#if CK_HAVE_CUDA
#include "cublas_dl.h"
#include "mm_gpu.h"
#endif

#define MM_MAX_PROBLEMS 3

struct mm_state {
    const struct mm_opts *o;
    const struct ck_device *dev;
    struct mm_problem probs[MM_MAX_PROBLEMS];
    int nprobs;
    int dims[MM_NRUNGS][3];   /* m, n, k each record ran at */
    float *lib;               /* cuBLAS FP32 output as reference, or NULL */
#if CK_HAVE_CUDA
    struct ck_cublas *cb;
    struct mm_gpu *g;
#endif
    bool gpu_dead;            /* a CUDA error: no more GPU variants */
    struct ck_err err;        /* the last GPU error */
};

static struct mm_problem *problem(struct mm_state *s, int M, int N, int K)
{
    for (int i = 0; i < s->nprobs; i++)
        if (s->probs[i].M == M && s->probs[i].N == N && s->probs[i].K == K)
            return &s->probs[i];
    if (s->nprobs == MM_MAX_PROBLEMS)
        return NULL;
    struct mm_problem *p = &s->probs[s->nprobs];
    if (!mm_problem_init(p, M, N, K, s->o->seed + (unsigned)s->nprobs))
        return NULL;
    s->nprobs++;
    return p;
}

/* Test hook: CK_DEMO_CORRUPT=ID spoils one output element of that CPU
 * variant after it ran, so tests can see a failed check (exit 3). */
static bool corrupt(const char *id)
{
    const char *c = getenv("CK_DEMO_CORRUPT");
    return c && !strcmp(c, id);
}

static bool judge(struct ck_result *r, double err, const char *checked)
{
    r->rel_err = err;
    r->checked = checked;
    r->ok = ck_within(err, r->tol);
    if (!r->ok && isnan(err))
        snprintf(r->error, sizeof r->error,
                 "output holds NaN or Inf (an element not written?)");
    else if (!r->ok)
        snprintf(r->error, sizeof r->error, "rel_err %.3g exceeds tol %.3g",
                 err, r->tol);
    return r->ok;
}

struct cpu_ctx {
    mm_cpu_fn fn;
    struct mm_problem *p;
};

static int cpu_once(void *ctx, int copy)
{
    struct cpu_ctx *c = ctx;
    (void)copy;
    c->fn(c->p->M, c->p->N, c->p->K, c->p->A, c->p->B, c->p->C);
    return CK_OK;
}

static int run_cpu(struct mm_state *s, int i, struct ck_result *r)
{
    const struct mm_rung *g = &mm_rungs[i];
    int M = s->o->M < g->cap ? s->o->M : g->cap;
    int N = s->o->N < g->cap ? s->o->N : g->cap;
    int K = s->o->K < g->cap ? s->o->K : g->cap;
    struct mm_problem *p = problem(s, M, N, K);
    s->dims[i][0] = M, s->dims[i][1] = N, s->dims[i][2] = K;
    if (!p) {
        snprintf(r->error, sizeof r->error, "out of host memory");
        return CK_ECHECK;
    }
    r->flops = 2.0 * M * N * K;
    r->bytes = 4.0 * ((double)M * K + (double)K * N + (double)M * N);
    ck_poison_nan(p->C, (size_t)M * N);
    g->cpu(M, N, K, p->A, p->B, p->C);
    if (corrupt(g->id))
        p->C[(size_t)M * N / 2] = NAN;
    if (!judge(r, mm_problem_err(p, p->C), "fp64"))
        return CK_ECHECK;
    struct cpu_ctx c = {g->cpu, p};
    return ck_time_cpu(cpu_once, &c, 1, s->o->args.reps, &r->t);
}

#if CK_HAVE_CUDA
/* Uploads the inputs; at large sizes makes cuBLAS the reference once it has
 * passed its own FP64 check. CK_EARGS: the size does not fit the device. */
static int gpu_setup(struct mm_state *s)
{
    const struct mm_opts *o = s->o;
    struct mm_problem *p = problem(s, o->M, o->N, o->K);
    if (!p) {
        snprintf(s->err.msg, sizeof s->err.msg, "out of host memory");
        return CK_ECHECK;
    }
    s->cb = ck_cublas_load();
    int rc = mm_gpu_open(&s->g, o->M, o->N, o->K, p->A, p->B, s->dev->l2_bytes,
                         s->cb, &s->err);
    if (rc == CK_EARGS)
        fprintf(stderr, "matmul: %dx%dx%d refused: %s\n", o->M, o->N, o->K,
                s->err.msg);
    if (rc != CK_OK) {
        mm_gpu_close(s->g);
        s->g = NULL;
        return rc;
    }
    float *lib = p->rows && s->cb ? malloc((size_t)o->M * o->N * sizeof(float)) : NULL;
    if (lib && mm_gpu_check_run(s->g, MM_CUBLAS, lib, &s->err) == CK_OK &&
        ck_within(mm_problem_err(p, lib), CK_TOL_FP32))
        s->lib = lib;
    else
        free(lib);
    return CK_OK;
}

static bool gpu_skip(const struct mm_state *s, int i)
{
    return !s->cb && !strcmp(mm_rungs[i].kind, "library");
}

static int run_gpu(struct mm_state *s, int i, struct ck_result *r)
{
    const struct mm_opts *o = s->o;
    enum mm_gpu_variant v = (enum mm_gpu_variant)mm_rungs[i].gpu;
    struct mm_problem *p = problem(s, o->M, o->N, o->K);
    s->dims[i][0] = o->M, s->dims[i][1] = o->N, s->dims[i][2] = o->K;
    r->flops = 2.0 * o->M * o->N * o->K;
    r->bytes = 4.0 * ((double)o->M * o->K + (double)o->K * o->N + (double)o->M * o->N);
    int rc = s->g && p ? mm_gpu_check_run(s->g, v, p->C, &s->err) : CK_ECUDA;
    if (rc == CK_OK) {
        bool use_lib = s->lib && !strcmp(mm_rungs[i].kind, "hand");
        double err = use_lib ? ck_rel_err_f32(p->C, s->lib, (size_t)o->M * o->N)
                             : mm_problem_err(p, p->C);
        if (!judge(r, err, use_lib ? "library" : "fp64"))
            return CK_ECHECK;
        rc = mm_gpu_time(s->g, v, o->args.reps, &r->t, &s->err);
    }
    if (rc != CK_OK) {
        snprintf(r->error, sizeof r->error, "%s", s->err.msg);
        s->gpu_dead = true;
    }
    return rc;
}

static void gpu_teardown(struct mm_state *s)
{
    mm_gpu_close(s->g);
    ck_cublas_free(s->cb);
    free(s->lib);
}
#else
static int gpu_setup(struct mm_state *s) { (void)s; return CK_OK; }
static bool gpu_skip(const struct mm_state *s, int i) { (void)s, (void)i; return true; }
static int run_gpu(struct mm_state *s, int i, struct ck_result *r)
{
    (void)s, (void)i;
    snprintf(r->error, sizeof r->error, "built without CUDA");
    return CK_ECUDA;
}
static void gpu_teardown(struct mm_state *s) { (void)s; }
#endif

static void report(struct mm_state *s, struct ck_result *res, int argc,
                   char **argv)
{
    const struct ck_device *dev = s->dev;
    ck_results_derive(res, MM_NRUNGS, dev->live ? dev->peak_gflops : NAN);
    for (int i = 0; i < MM_NRUNGS; i++)
        if (mm_rungs[i].gpu < 0)
            res[i].pct_of_peak = NAN; /* GPU peak means nothing for a CPU */
    if (!ck_args_yaml(&s->o->args)) {
        printf("matmul  FP32 C = A*B, M=%d N=%d K=%d (CPU variants at most "
               "512 / 2048 per dimension)\n", s->o->M, s->o->N, s->o->K);
        ck_device_table(dev, stdout);
        putchar('\n');
        ck_table_variants(stdout, res, MM_NRUNGS);
        return;
    }
    ck_rec_device(dev, "matmul", argc, argv, stdout);
    for (int i = 0; i < MM_NRUNGS; i++) {
        if (!res[i].ran)
            continue;
        struct ck_rec rec;
        ck_rec_variant(&rec, "matmul", &res[i]);
        ck_rec_int(&rec, "m", s->dims[i][0]);
        ck_rec_int(&rec, "n", s->dims[i][1]);
        ck_rec_int(&rec, "k", s->dims[i][2]);
        ck_rec_end(&rec, stdout);
    }
}

int mm_run(const struct mm_opts *o, const struct ck_device *dev, int argc,
           char **argv)
{
    struct mm_state s = {.o = o, .dev = dev};
    struct ck_result res[MM_NRUNGS];
    int status = CK_OK;
    int rc = dev->live ? gpu_setup(&s) : CK_OK;
    if (rc == CK_EARGS) {
        gpu_teardown(&s);
        return CK_EARGS;
    }
    for (int i = 0; i < MM_NRUNGS; i++) {
        const struct mm_rung *g = &mm_rungs[i];
        ck_result_init(&res[i], g->id, g->name, g->kind, i + 1);
        res[i].tol = g->tol;
        res[i].baseline = !strcmp(g->id, "cublas");
        bool gpu = g->gpu >= 0;
        if (!ck_args_selected(o->args.variants, g->id) ||
            (gpu && (!dev->live || s.gpu_dead || gpu_skip(&s, i))))
            continue;
        res[i].ran = true;
        rc = gpu ? run_gpu(&s, i, &res[i]) : run_cpu(&s, i, &res[i]);
        if (rc != CK_OK && !res[i].error[0])
            snprintf(res[i].error, sizeof res[i].error, "failed");
        if (rc != CK_OK)
            res[i].ok = false;
        if (rc == CK_ECUDA)
            status = CK_ECUDA;
        else if (rc != CK_OK && status == CK_OK)
            status = CK_ECHECK;
    }
    report(&s, res, argc, argv);
    gpu_teardown(&s);
    for (int i = 0; i < s.nprobs; i++)
        mm_problem_free(&s.probs[i]);
    return status;
}
