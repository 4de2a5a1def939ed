/* devinfo.c: what the GPU says about itself (device 0): the device record of
 * every demo on its own, as a readable table or one YAML line (demo:
 * devinfo). No GPU is not an error: it says why and exits 0. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "ck.h"
#include "device.h"
#include "ladder.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: devinfo [--format yaml|table] [--cpu] [--help]\n"
        "The GPU's name, compute capability, SMs, FP32 lanes, clocks, memory,\n"
        "caches and limits, the derived FP32 peak and memory bandwidth, the\n"
        "CUDA driver and runtime with a compatibility verdict, and the cuBLAS\n"
        "and cuDNN versions. --cpu, --quick, --list, --variants and --reps are\n"
        "accepted for symmetry with the other demos; --list prints nothing.\n"
        "exit: 0 ok (also without a GPU), 2 bad arguments\n");
}

int main(int argc, char **argv)
{
    struct ck_args a;
    if (ck_args_parse(&a, "devinfo", argc, argv, NULL, 0, NULL, NULL)) /* no options of its own */
        return CK_EARGS;
    struct ck_device d;
    if (!ck_demo_start(&a, usage, NULL, 0, &d)) /* no ladder: --list lists nothing */
        return CK_OK;
    if (ck_args_yaml(&a))
        ck_rec_device(&d, "devinfo", argc, argv, stdout);
    else
        ck_device_table(&d, stdout);
    return CK_OK;
}
