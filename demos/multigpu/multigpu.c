/* multigpu.c: the multigpu demo, "many kitchens": the GPUs and their
 * links, peer copies by size, NCCL's collectives by size and the matmul
 * split over 1..n GPUs; one process for all GPUs, or one per GPU under
 * mpirun, srun or --procs (mg_run.c).  On one GPU it runs what one GPU
 * can and says what needs two; without one it prints the bus-bandwidth
 * model, labelled as such (no several-GPU run is recorded).
 * See demos/README.md, "multigpu". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"
#include "mg_boot.h"
#include "mg_report.h"
#include "mg_run.h"
#include "nccl_dl.h"
#include "report.h"

static const struct ck_rung ck_rows[] = {
    {"topology", 1, "library", "GPUs and links", "NVML: NVLink links or PCIe per pair; peer access", 0, 0},
    {"peer-copy", 2, "library", "peer copies", "cudaMemcpyPeer by size, peer access on and off, one way and both", 0, 0},
    {"all-reduce", 3, "library", "NCCL all-reduce", "every rank ends with the sum; busbw = algbw * 2(n-1)/n", 0, 0},
    {"all-gather", 4, "library", "NCCL all-gather", "every rank ends with every rank's part; busbw = algbw * (n-1)/n", 0, 0},
    {"reduce-scatter", 5, "library", "NCCL reduce-scatter", "each rank ends with its part of the sum; busbw = algbw * (n-1)/n", 0, 0},
    {"broadcast", 6, "library", "NCCL broadcast", "rank 0's buffer to every rank; busbw = algbw", 0, 0},
    {"split-matmul", 7, "library", "split matmul", "C = A B by rows of A over 1..n GPUs; scaling efficiency", 0, 0},
    {"split-reduce", 8, "hand", "split reduce", "a sum by ranges over 1..n GPUs, partial sums all-reduced", 0, 0},
};
#define MG_NROWS ((int)(sizeof ck_rows / sizeof *ck_rows))

/* what the arguments set: the rows below point into it */
static struct mg_opts opts;

/* one row per option, laid out by hand */
/* clang-format off */
static const struct ck_opt mg_options[] = {
    {.name = "--max-mib", .arg = "N", .kind = CK_OPT_MIB, .lo = 1, .hi = 1024, .dst = &opts.max,
     .given = &opts.max_given,
     .help = "largest size of the sweeps in MiB ({range};\ndefault 1024, 16 with --quick)"},
    {.name = "--size", .arg = "N", .kind = CK_OPT_INT, .lo = 256, .hi = 16384, .dst = &opts.size,
     .help = "the split matmul's m = n = k ({range};\ndefault 8192, 2048 with --quick)"},
    {.name = "--procs", .arg = "N", .kind = CK_OPT_INT, .lo = 1, .hi = MG_MAX_GPUS,
     .dst = &opts.procs, .help = "one process per GPU, N of them, started here"},
    {.name = "--id-file", .arg = "PATH", .kind = CK_OPT_STRING, .dst = &opts.id_file,
     .help = "one process per GPU: where rank 0 leaves NCCL's\n"
           "unique id (a filesystem every node sees); under\n"
           "mpirun or srun each rank is one process"},
    {.kind = CK_OPT_TEXT,
     .help = "  Environment: CK_NCCL_LIB the full path of libnccl.so.2; NCCL_NVLS_ENABLE\n"
           "  is always set to 0 (NVLink multicast stays off).\n"},
};

static const struct ck_usage mg_usage = {
    .name = "multigpu",
    .what = "Many kitchens: links between GPUs, peer copies, NCCL collectives\n"
            "(4 KiB .. 1 GiB) and a matmul split over 1..n GPUs.\n",
    .opts = mg_options, .nopts = CK_NOPTS(mg_options), .per = "size",
    .reps = "by size, the same on every rank",
    .cpu = "the bus-bandwidth model only", .quick = "sizes up to 16 MiB, matmul 2048",
    .list = "the parts: id, number, kind, name, idea",
    .exits = ", 3 a check failed,\n      4 a CUDA or NCCL error, 5 out of host memory",
};
/* clang-format on */

static void usage(FILE *f) { ck_usage(f, &mg_usage); }

static int parse(int argc, char **argv, struct mg_opts *o)
{
    if (ck_args_parse(&o->args, "multigpu", argc, argv, mg_options, CK_NOPTS(mg_options), NULL, NULL))
        return -1;
    return ck_ladder_known(ck_rows, MG_NROWS, o->args.variants) ? 0 : -1;
}

bool mg_wants(const struct mg_opts *o, const char *id)
{
    return ck_args_selected(o->args.variants, id);
}

/* Without a GPU: the device record (why not), the model, what needs one. */
static int run_cpu(const struct mg_opts *o, const struct ck_device *dev, int argc, char **argv)
{
    const char *why = "no GPU here: nothing was measured; the model is arithmetic, and no "
                      "several-GPU run is recorded in demos/results/";
    if (ck_args_yaml(&o->args)) {
        ck_rec_device(dev, "multigpu", argc, argv, stdout);
        mg_rec_model(stdout);
        mg_rec_needs("all", 1, "no-gpu", why, stdout);
    } else {
        printf("multigpu  many kitchens: links, peer copies, NCCL collectives, a split matmul\n");
        ck_device_table(dev, stdout);
        mg_table_model(stdout);
        printf("\nNot run: %s.\n", why);
    }
    return CK_OK;
}

int main(int argc, char **argv)
{
    struct mg_opts *o = &opts;
    if (parse(argc, argv, o) < 0)
        return CK_EARGS;
    mg_nccl_safe_env();   /* before NCCL, and for every child */
    struct mg_launch l;
    char err[256];
    int in_launcher = mg_launch_env(&l, err, sizeof err);
    if (in_launcher < 0) {
        fprintf(stderr, "multigpu: %s\n", err);
        return CK_EARGS;
    }
    if (o->procs > 0 && in_launcher > 0) {
        fprintf(stderr, "multigpu: --procs inside %s: the launcher starts the processes\n", l.from);
        return CK_EARGS;
    }
    struct ck_device dev;
    if (!ck_demo_start(&o->args, usage, ck_rows, MG_NROWS, &dev))
        return CK_OK;
    if (!o->max_given)
        o->max = o->args.quick ? MG_QUICK_BYTES : MG_MAX_BYTES;
    if (!o->size)
        o->size = o->args.quick ? 2048 : 8192;
    if (!dev.live)
        return run_cpu(o, &dev, argc, argv);
    if (o->procs > 0)
        return mg_run_procs(o, argc, argv);
    if (in_launcher > 0)
        return mg_run_rank(o, &l, &dev, argc, argv);
    return mg_run_all(o, &dev, argc, argv);
}
