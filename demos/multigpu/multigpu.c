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

static void own_options(FILE *f)
{
    fprintf(f, CK_USAGE_OPT, "--max-mib N", "largest size of the sweeps in MiB (1..1024;");
    fprintf(f, CK_USAGE_OPT, "", "default 1024, 16 with --quick)");
    fprintf(f, CK_USAGE_OPT, "--size N", "the split matmul's m = n = k (256..16384;");
    fprintf(f, CK_USAGE_OPT, "", "default 8192, 2048 with --quick)");
    fprintf(f, CK_USAGE_OPT, "--procs N", "one process per GPU, N of them, started here");
    fprintf(f, CK_USAGE_OPT, "--id-file PATH", "one process per GPU: where rank 0 leaves NCCL's");
    fprintf(f, CK_USAGE_OPT, "", "unique id (a filesystem every node sees); under");
    fprintf(f, CK_USAGE_OPT, "", "mpirun or srun each rank is one process");
    fprintf(f, "  Environment: CK_NCCL_LIB the full path of libnccl.so.2; NCCL_NVLS_ENABLE\n"
               "  is always set to 0 (NVLink multicast stays off).\n");
}

static const struct ck_usage mg_usage = {
    .name = "multigpu",
    .what = "Many kitchens: links between GPUs, peer copies, NCCL collectives\n"
            "(4 KiB .. 1 GiB) and a matmul split over 1..n GPUs.\n",
    .own = own_options, .per = "size", .reps = "by size, the same on every rank",
    .cpu = "the bus-bandwidth model only", .quick = "sizes up to 16 MiB, matmul 2048",
    .list = "the parts: id, number, kind, name, idea",
    .exits = ", 3 a check failed,\n      4 a CUDA or NCCL error, 5 out of host memory",
};

static void usage(FILE *f) { ck_usage(f, &mg_usage); }

static int parse(int argc, char **argv, struct mg_opts *o)
{
    ck_args_init(&o->args);
    for (int i = 1; i < argc; i++) {
        int r = ck_args_common(&o->args, argc, argv, &i);
        if (r < 0)
            return -1;
        if (r > 0)
            continue;
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long x;
        if (!strcmp(argv[i], "--max-mib") && ck_args_long("--max-mib", v, 1, 1024, &x))
            o->max = (size_t)x << 20, o->max_given = true;
        else if (!strcmp(argv[i], "--size") && ck_args_long("--size", v, 256, 16384, &x))
            o->size = (int)x;
        else if (!strcmp(argv[i], "--procs") && ck_args_long("--procs", v, 1, MG_MAX_GPUS, &x))
            o->procs = (int)x;
        else if (!strcmp(argv[i], "--id-file") && v && *v)
            o->id_file = v;
        else if (!strcmp(argv[i], "--max-mib") || !strcmp(argv[i], "--size") ||
                 !strcmp(argv[i], "--procs"))
            return -1;   /* ck_args_long said why */
        else if (!strcmp(argv[i], "--id-file")) {
            fprintf(stderr, "--id-file: needs a path\n");
            return -1;
        } else {
            ck_args_unknown("multigpu", argv[i]);
            return -1;
        }
        i++;
    }
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
    struct mg_opts o = {0};
    if (parse(argc, argv, &o) < 0)
        return CK_EARGS;
    mg_nccl_safe_env();   /* before NCCL, and for every child */
    struct mg_launch l;
    char err[256];
    int in_launcher = mg_launch_env(&l, err, sizeof err);
    if (in_launcher < 0) {
        fprintf(stderr, "multigpu: %s\n", err);
        return CK_EARGS;
    }
    if (o.procs > 0 && in_launcher > 0) {
        fprintf(stderr, "multigpu: --procs inside %s: the launcher starts the processes\n", l.from);
        return CK_EARGS;
    }
    struct ck_device dev;
    if (!ck_demo_start(&o.args, usage, ck_rows, MG_NROWS, &dev))
        return CK_OK;
    if (!o.max_given)
        o.max = o.args.quick ? MG_QUICK_BYTES : MG_MAX_BYTES;
    if (!o.size)
        o.size = o.args.quick ? 2048 : 8192;
    if (!dev.live)
        return run_cpu(&o, &dev, argc, argv);
    if (o.procs > 0)
        return mg_run_procs(&o, argc, argv);
    if (in_launcher > 0)
        return mg_run_rank(&o, &l, &dev, argc, argv);
    return mg_run_all(&o, &dev, argc, argv);
}
