/* mg_run.h: the multigpu demo's runs on a GPU (mg_run.c): one process for
 * every GPU, one rank of a one-process-per-GPU run, or --procs starting
 * those ranks here. */
#ifndef MG_RUN_H
#define MG_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "args.h"
#include "device.h"
#include "mg_boot.h"

struct mg_opts {
    struct ck_args args;
    size_t max;          /* largest size of the sweeps, bytes */
    bool max_given;
    int size;            /* the split matmul's m = n = k */
    int procs;           /* --procs N, 0 without */
    const char *id_file; /* --id-file, NULL without */
};

bool mg_wants(const struct mg_opts *o, const char *id);
int mg_run_all(const struct mg_opts *o, const struct ck_device *dev, int argc, char **argv);
int mg_run_rank(const struct mg_opts *o, const struct mg_launch *l, const struct ck_device *dev,
                int argc, char **argv);
int mg_run_procs(const struct mg_opts *o, int argc, char **argv);

#endif
