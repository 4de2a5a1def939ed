/* mm_run.h: run the selected matmul variants (check, then time) and report
 * them. Returns the exit status (enum ck_status). */
#ifndef MM_RUN_H
#define MM_RUN_H

#include "args.h"
#include "device.h"
#include "mm_rungs.h"

struct mm_opts {
    struct ck_args args;
    int M, N, K;
    int size_given;          /* bit mask: 1 m, 2 n, 4 k */
    unsigned long long seed; /* inputs differ on every run */
};

int mm_run(const struct mm_opts *o, const struct ck_device *dev, int argc,
           char **argv);

#endif
