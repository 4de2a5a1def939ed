/* fusion.c: the fusion demo, one chain (a product, a bias per output
 * channel, an activation) computed unfused and fused, by hand, by the
 * library and on the CPU (fu_ladder.h): --op conv is a 3x3-style
 * convolution then ReLU (cuDNN), --op gemm a GEMM then GELU (cuBLASLt).
 * Each rung is checked against FP64 (every output for small problems;
 * FU_SAMPLE outputs and, for the GPU rungs, every element against the
 * first GPU rung that passed, otherwise), then timed, then reported (YAML
 * lines or a table) with its bytes by fu_traffic.h and, for a fused rung,
 * the bytes and time it saves against its unfused twin. Runs on the
 * ladder harness (demos/common/ladder.h). */
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
#include "fu_ladder.h"
#include "fu_state.h"
#include "ladder.h"
#include "report.h"
#if CK_HAVE_CUDA
#include "fu_gpu.h"
#endif

static const struct ck_rung fu_table[] = {FU_LADDER(FU_RUNG_ROW)};

/* what the arguments set: the rows below point into it */
static struct fu_opts opts;

/* --op (op_arg parses it), then conv's sizes, then gemm's: --n and --k
 * are other sizes in each, so parse() gives ck_args_parse the rows of one
 * (--help lists them all; rows without help share the next row's line) */
#define FU_CONV_ROW 1
#define FU_CONV_ROWS 8
#define FU_GEMM_ROW (FU_CONV_ROW + FU_CONV_ROWS)
#define FU_GEMM_ROWS 4
/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt fu_options[] = {
    {.name = "--op", .arg = "conv|gemm", .kind = CK_OPT_OWN,
     .help = "conv: convolution + bias + ReLU (default); gemm:\nGEMM + bias + GELU"},
    {.name = "--n", .kind = CK_OPT_INT, .lo = 1, .hi = 65535, .dst = &opts.s.nb},
    {.name = "--c", .kind = CK_OPT_INT, .lo = 1, .hi = 1 << 16, .dst = &opts.s.c},
    {.name = "--h", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.h},
    {.name = "--w", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.w},
    {.name = "--k", .kind = CK_OPT_INT, .lo = 1, .hi = 1 << 16, .dst = &opts.s.kf},
    {.name = "--r", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.r},
    {.name = "--s", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.s},
    {.name = "--pad", .arg = "N", .kind = CK_OPT_INT, .hi = 4096, .dst = &opts.s.pad,
     .help = "conv: images, channels, height,\n"
           "width, filters, filter height and width, padding\n"
           "(default ResNet-50 conv2_x: 32 64 56 56 64 3 3 1)"},
    {.name = "--m", .kind = CK_OPT_LLONG, .lo = 1, .hi = 1 << 20, .dst = &opts.s.m},
    {.name = "--n", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.n},
    {.name = "--k", .arg = "N", .kind = CK_OPT_INT, .lo = 1, .hi = 65536, .dst = &opts.s.k,
     .help = "gemm: y (M, N) = A (M, K)·B (K, N) (default 8192 3072 768)"},
    /* taken and not listed: a GEMM has no padding (defaults() sets 0) */
    {.name = "--pad", .kind = CK_OPT_INT, .hi = 4096, .dst = &opts.s.pad},
};
/* clang-format on */
_Static_assert(CK_NOPTS(fu_options) == FU_GEMM_ROW + FU_GEMM_ROWS, "fu_options: --op, conv, gemm");

static void usage(FILE *f)
{
    fprintf(f,
            "usage: fusion [options]\n"
            "a product, a bias per channel and an activation, unfused (three launches,\n"
            "the product written and read back) against fused (one): by hand, by the\n"
            "library (cuDNN, cuBLASLt) and on the CPU; the bytes and time fusion saves.\n");
    ck_args_help(f, fu_options, CK_NOPTS(fu_options));
    fprintf(f,
            "  --variants LIST   comma-separated ids (see --list)\n"
            "  --reps N          timed runs per variant (default: ~100 ms worth)\n"
            "  --cpu             CPU variants only\n"
            "  --quick           conv N4 C32 28x28 K32 3x3; gemm 256x256x256\n"
            "  --format yaml|table  result lines or a table\n"
            "  --list            the ladder: id, rung, kind, name, idea\n"
            "  --help            this text\n"
            "exit: 0 ok (also CPU fallback), 2 bad arguments, 3 a check failed,\n"
            "      4 a CUDA error, 5 out of host memory\n");
}

/* --op VALUE, read before the loop (parse): skipped here; --op alone is
 * unknown */
static int op_arg(void *ctx, int argc, char **argv, int *i)
{
    (void)ctx;
    if (strcmp(argv[*i], "--op") || *i + 1 >= argc)
        return 0;
    ++*i;
    return 1;
}

/* --op first (it decides what --n and --k mean), then the rest */
static int parse(int argc, char **argv, struct fu_opts *o)
{
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--op"))
            o->s.op = !strcmp(argv[i + 1], "gemm") ? FU_GEMM : !strcmp(argv[i + 1], "conv") ? FU_CONV : -1;
    if (o->s.op < 0) {
        fprintf(stderr, "fusion: --op takes conv or gemm\n");
        return -1;
    }
    bool gemm = o->s.op == FU_GEMM;
    o->s.pad = -1;
    if (ck_args_parse(&o->args, "fusion", argc, argv,
                      fu_options + (gemm ? FU_GEMM_ROW : FU_CONV_ROW),
                      gemm ? FU_GEMM_ROWS : FU_CONV_ROWS, op_arg, NULL))
        return -1;
    return ck_ladder_known(fu_table, FU_NRUNGS, o->args.variants) ? 0 : -1;
}

/* what no argument set: the defaults of --op, large on a GPU */
static void defaults(struct fu_shape *s, bool big)
{
    if (s->op == FU_GEMM) {
        s->m = s->m ? s->m : big ? 8192 : 256;
        s->n = s->n ? s->n : big ? 3072 : 256;
        s->k = s->k ? s->k : big ? 768 : 256;
        s->pad = 0;
        return;
    }
    s->nb = s->nb ? s->nb : big ? 32 : 4;
    s->c = s->c ? s->c : big ? 64 : 32;
    s->h = s->h ? s->h : big ? 56 : 28;
    s->w = s->w ? s->w : big ? 56 : 28;
    s->kf = s->kf ? s->kf : big ? 64 : 32;
    s->r = s->r ? s->r : 3;
    s->s = s->s ? s->s : 3;
    s->pad = s->pad >= 0 ? s->pad : 1;
}

int main(int argc, char **argv)
{
    struct fu_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, fu_table, FU_NRUNGS, &dev))
        return CK_OK;
    defaults(&o->s, dev.live && !o->args.quick);
    char why[160];
    if (!fu_shape_init(&o->s, why, sizeof why)) {
        fprintf(stderr, "fusion: %s\n", why);
        return CK_EARGS;
    }
    struct fu_state s = {.o = o, .dev = &dev};
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    size_t ny = (size_t)o->s.m * o->s.n;
    s.out = malloc(ny * sizeof *s.out);
    s.cross = malloc(ny * sizeof *s.cross);
    if (!s.out || !s.cross || !fu_problem_init(&s.p, &o->s, seed)) {
        fprintf(stderr, "fusion: out of host memory for %zu outputs\n", ny);
        free(s.out), free(s.cross);
        return CK_ENOMEM;
    }
    struct ck_result res[FU_NRUNGS];
    s.table = fu_table;
    ck_ladder_init(&s.l, "fusion", fu_table, FU_NRUNGS, res, &o->args, &dev);
    int status = fu_run_all(&s);
    status = fu_report(&s, status, argc, argv);
#if CK_HAVE_CUDA
    fu_gpu_close(s.g);
#endif
    fu_problem_free(&s.p);
    free(s.out), free(s.cross);
    return status;
}
