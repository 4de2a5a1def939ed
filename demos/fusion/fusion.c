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

static void usage(FILE *f)
{
    fprintf(f,
        "usage: fusion [options]\n"
        "a product, a bias per channel and an activation, unfused (three launches,\n"
        "the product written and read back) against fused (one): by hand, by the\n"
        "library (cuDNN, cuBLASLt) and on the CPU; the bytes and time fusion saves.\n"
        "  --op conv|gemm    conv: convolution + bias + ReLU (default); gemm:\n"
        "                    GEMM + bias + GELU\n"
        "  --n --c --h --w --k --r --s --pad N   conv: images, channels, height,\n"
        "                    width, filters, filter height and width, padding\n"
        "                    (default ResNet-50 conv2_x: 32 64 56 56 64 3 3 1)\n"
        "  --m --n --k N     gemm: y (M, N) = A (M, K)·B (K, N) (default 8192 3072 768)\n"
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

/* the option's field, or NULL: conv's and gemm's --n and --k differ */
static int *field(struct fu_opts *o, const char *arg, bool gemm, long *lo, long *hi)
{
    struct fu_shape *s = &o->s;
    *lo = 1, *hi = 65536;
    if (!strcmp(arg, "--pad"))
        return *lo = 0, *hi = 4096, &s->pad;
    if (gemm)
        return !strcmp(arg, "--n") ? &s->n : !strcmp(arg, "--k") ? &s->k : NULL;
    if (!strcmp(arg, "--n") || !strcmp(arg, "--k") || !strcmp(arg, "--c"))
        *hi = !strcmp(arg, "--c") || !strcmp(arg, "--k") ? 1 << 16 : 65535;
    return !strcmp(arg, "--n") ? &s->nb : !strcmp(arg, "--c") ? &s->c : !strcmp(arg, "--h") ? &s->h
         : !strcmp(arg, "--w") ? &s->w : !strcmp(arg, "--k") ? &s->kf : !strcmp(arg, "--r") ? &s->r
         : !strcmp(arg, "--s") ? &s->s : NULL;
}

/* --op first (it decides what --n and --k mean), then the rest */
static int parse(int argc, char **argv, struct fu_opts *o)
{
    ck_args_init(&o->args);
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--op"))
            o->s.op = !strcmp(argv[i + 1], "gemm") ? FU_GEMM : !strcmp(argv[i + 1], "conv") ? FU_CONV : -1;
    if (o->s.op < 0) {
        fprintf(stderr, "fusion: --op takes conv or gemm\n");
        return -1;
    }
    bool gemm = o->s.op == FU_GEMM;
    o->s.pad = -1;
    for (int i = 1; i < argc; i++) {
        int r = ck_args_common(&o->args, argc, argv, &i);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long lo, hi, v;
        int *dst = field(o, argv[i], gemm, &lo, &hi);
        if (!strcmp(argv[i], "--op") && val) {
            i++;
        } else if (gemm && !strcmp(argv[i], "--m")) {
            if (!ck_args_long(argv[i], val, 1, 1 << 20, &v))
                return -1;
            o->s.m = v, i++;
        } else if (dst) {
            if (!ck_args_long(argv[i], val, lo, hi, &v))
                return -1;
            *dst = (int)v, i++;
        } else {
            ck_args_unknown("fusion", argv[i]);
            return -1;
        }
    }
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
    struct fu_opts o = {0};
    if (parse(argc, argv, &o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o.args, usage, fu_table, FU_NRUNGS, &dev))
        return CK_OK;
    defaults(&o.s, dev.live && !o.args.quick);
    char why[160];
    if (!fu_shape_init(&o.s, why, sizeof why)) {
        fprintf(stderr, "fusion: %s\n", why);
        return CK_EARGS;
    }
    struct fu_state s = {.o = &o, .dev = &dev};
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    size_t ny = (size_t)o.s.m * o.s.n;
    s.out = malloc(ny * sizeof *s.out);
    s.cross = malloc(ny * sizeof *s.cross);
    if (!s.out || !s.cross || !fu_problem_init(&s.p, &o.s, seed)) {
        fprintf(stderr, "fusion: out of host memory for %zu outputs\n", ny);
        free(s.out), free(s.cross);
        return CK_ENOMEM;
    }
    struct ck_result res[FU_NRUNGS];
    s.table = fu_table;
    ck_ladder_init(&s.l, "fusion", fu_table, FU_NRUNGS, res, &o.args, &dev);
    int status = fu_run_all(&s);
    status = fu_report(&s, status, argc, argv);
#if CK_HAVE_CUDA
    fu_gpu_close(s.g);
#endif
    fu_problem_free(&s.p);
    free(s.out), free(s.cross);
    return status;
}
