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

/* what the arguments set: the rows below point into it */
static struct mm_opts opts;
static bool dim_given[3]; /* --m, --n, --k (--size sets all three) */

/* M = N = K from one value: a form no row of the table says */
static int size_arg(void *ctx, int argc, char **argv, int *i)
{
    long v;
    (void)ctx;
    if (strcmp(argv[*i], "--size"))
        return 0;
    if (!ck_args_long("--size", *i + 1 < argc ? argv[*i + 1] : NULL, 1, MM_MAX_DIM, &v))
        return -1;
    ++*i;
    opts.M = opts.N = opts.K = (int)v;
    dim_given[0] = dim_given[1] = dim_given[2] = true;
    return 1;
}

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt mm_options[] = {
    {.name = "--size", .arg = "N", .kind = CK_OPT_OWN,
     .help = "M = N = K = N (default " CK_STR(MM_DEFAULT) " on a GPU, " CK_STR(MM_QUICK) " on CPU)"},
    {.name = "--m", .arg = "M", .kind = CK_OPT_INT, .lo = 1, .hi = MM_MAX_DIM, .dst = &opts.M,
     .given = &dim_given[0], .help = "rows of A and C ({range}; give all three)"},
    {.name = "--n", .arg = "N", .kind = CK_OPT_INT, .lo = 1, .hi = MM_MAX_DIM, .dst = &opts.N,
     .given = &dim_given[1], .help = "columns of B and C"},
    {.name = "--k", .arg = "K", .kind = CK_OPT_INT, .lo = 1, .hi = MM_MAX_DIM, .dst = &opts.K,
     .given = &dim_given[2], .help = "columns of A, rows of B"},
};

static const struct ck_usage mm_usage = {
    .name = "matmul",
    .what = "FP32 matrix multiply C = A*B (row-major), naive -> cuBLAS.\n",
    .opts = mm_options, .nopts = CK_NOPTS(mm_options), .per = "variant", .reps = "~100 ms worth",
    .cpu = "CPU variants only",
    .quick = "small size (" CK_STR(MM_QUICK) "^3), about a second on a CPU",
    .list = "the ladder: id, rung, kind, name, idea",
};
/* clang-format on */

static void usage(FILE *f)
{
    ck_usage(f, &mm_usage);
}

static int parse(int argc, char **argv, struct mm_opts *o)
{
    if (ck_args_parse(&o->args, "matmul", argc, argv, mm_options, CK_NOPTS(mm_options), size_arg,
                      NULL))
        return -1;
    o->size_given = dim_given[0] | dim_given[1] << 1 | dim_given[2] << 2;
    if (o->size_given && o->size_given != 7) {
        fprintf(stderr, "matmul: give --size, or all of --m --n --k\n");
        return -1;
    }
    return ck_ladder_known(mm_rungs, MM_NRUNGS, o->args.variants) ? 0 : -1;
}

int main(int argc, char **argv)
{
    struct mm_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, mm_rungs, MM_NRUNGS, &dev))
        return CK_OK;
    if (!o->size_given)
        o->M = o->N = o->K = dev.live && !o->args.quick ? MM_DEFAULT : MM_QUICK;
    o->seed = ck_demo_seed();
    return mm_run(o, &dev, argc, argv);
}
