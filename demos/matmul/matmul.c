/* matmul.c: the matmul demo: FP32 row-major C = A * B up the ladder of
 * mm_ladder.h, each variant checked, then timed, then reported (YAML lines
 * or a table). See demos/README.md for the arguments and the output
 * contract. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"
#include "mm_run.h"

#define MM_QUICK 256
#define MM_DEFAULT 4096
#define MM_MAX_DIM 65536

static void own_options(FILE *f)
{
    fprintf(f, CK_USAGE_OPT, "--size N", "M = N = K = N (default "
            CK_STR(MM_DEFAULT) " on a GPU, " CK_STR(MM_QUICK) " on CPU)");
    fprintf(f, "  --m M             rows of A and C (1..%d; give all three)\n", MM_MAX_DIM);
    fprintf(f, CK_USAGE_OPT CK_USAGE_OPT, "--n N", "columns of B and C", "--k K",
            "columns of A, rows of B");
}

static const struct ck_usage mm_usage = {
    .name = "matmul",
    .what = "FP32 matrix multiply C = A*B (row-major), naive -> cuBLAS.\n",
    .own = own_options, .per = "variant", .reps = "~100 ms worth",
    .cpu = "CPU variants only",
    .quick = "small size (" CK_STR(MM_QUICK) "^3), about a second on a CPU",
    .list = "the ladder: id, rung, kind, name, idea",
};

static void usage(FILE *f)
{
    ck_usage(f, &mm_usage);
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
            ck_args_unknown("matmul", a);
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
    o.seed = ck_demo_seed();
    return mm_run(&o, &dev, argc, argv);
}
