/* matmul.c: the matmul demo: FP32 row-major C = A * B up the ladder of
 * mm_ladder.h, each variant checked, then timed, then reported (YAML lines
 * or a table). See demos/README.md for the arguments and the output
 * contract. */
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
#include "mm_run.h"

#define MM_QUICK 256
#define MM_DEFAULT 4096
#define MM_MAX_DIM 65536

static void usage(FILE *f)
{
    fprintf(f,
        "usage: matmul [options]\n"
        "FP32 matrix multiply C = A*B (row-major), naive -> cuBLAS.\n"
        "  --size N          M = N = K = N (default 4096 on a GPU, %d on CPU)\n"
        "  --m M             rows of A and C (1..%d; give all three)\n"
        "  --n N             columns of B and C\n"
        "  --k K             columns of A, rows of B\n"
        "  --variants LIST   comma-separated ids (see --list)\n"
        "  --reps N          timed runs per variant (default: ~100 ms worth)\n"
        "  --cpu             CPU variants only\n"
        "  --quick           small size (%d^3), about a second on a CPU\n"
        "  --format yaml|table  result lines or a table (default: table on a\n"
        "                    terminal, yaml otherwise)\n"
        "  --list            the ladder: id, rung, kind, name, idea\n"
        "  --help            this text\n"
        "exit: 0 ok (also CPU fallback), 2 bad arguments, 3 a check failed,\n"
        "      4 a CUDA error, 5 out of host memory\n",
        MM_QUICK, MM_MAX_DIM, MM_QUICK);
}

static int dim_arg(const char *opt, int argc, char **argv, int *i, int *out)
{
    long v;
    if (!ck_args_long(opt, *i + 1 < argc ? argv[*i + 1] : NULL, 1, MM_MAX_DIM, &v))
        return -1;
    ++*i;
    *out = (int)v;
    return 1;
}

static int parse(int argc, char **argv, struct mm_opts *o)
{
    ck_args_init(&o->args);
    for (int i = 1; i < argc; i++) {
        int r = ck_args_common(&o->args, argc, argv, &i), s = 0;
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        const char *a = argv[i];
        if (!strcmp(a, "--size")) {
            r = dim_arg(a, argc, argv, &i, &o->M);
            o->N = o->K = o->M;
            s = 7;
        } else if (!strcmp(a, "--m"))
            r = dim_arg(a, argc, argv, &i, &o->M), s = 1;
        else if (!strcmp(a, "--n"))
            r = dim_arg(a, argc, argv, &i, &o->N), s = 2;
        else if (!strcmp(a, "--k"))
            r = dim_arg(a, argc, argv, &i, &o->K), s = 4;
        else {
            fprintf(stderr, "matmul: unknown argument '%s' (see --help)\n", a);
            return -1;
        }
        if (r < 0)
            return -1;
        o->size_given |= s;
    }
    if (o->size_given && o->size_given != 7) {
        fprintf(stderr, "matmul: give --size, or all of --m --n --k\n");
        return -1;
    }
    return ck_ladder_known(mm_rungs, MM_NRUNGS, o->args.variants) ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct mm_opts o = {0};
    if (parse(argc, argv, &o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o.args, usage, mm_rungs, MM_NRUNGS, &dev))
        return CK_OK;
    if (!o.size_given)
        o.M = o.N = o.K = dev.live && !o.args.quick ? MM_DEFAULT : MM_QUICK;
    o.seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20);
    return mm_run(&o, &dev, argc, argv);
}
