/* launch.h: the launch demo's options and sizes, shared by main (launch.c)
 * and the GPU sweep (launch_sweep.c). */
#ifndef LN_H
#define LN_H

#include <stdbool.h>
#include "args.h"
#include "device.h"

#define LN_A 0.5f               /* the a of y = a*x + y */
#define LN_N (1LL << 27)        /* x and y: 512 MiB each, 1 GiB together */
#define LN_N_QUICK (1LL << 22)
#define LN_CPU_N (1LL << 24)    /* the host fallback */
#define LN_ITERS 32768          /* wave: 32768 dependent FMAs, ~4 cycles each:
                                   about 70 us per block at 1.98 GHz */
#define LN_ITERS_QUICK 2048
#define LN_MAX_N (1LL << 32)

struct ln_opts {
    struct ck_args args;
    long long n;
    int iters;
    bool n_given;
};

/* The GPU series (only when CK_HAVE_CUDA): measures, writes the records or
 * the table, returns the exit status. */
int ln_run_gpu(const struct ln_opts *o, const struct ck_device *dev, int argc,
               char **argv);

#endif
