/* mm_rungs.h: THE matmul ladder, one table used by main, --list and (through
 * --list and the result lines) the tutorial. Order is the rung number. */
#ifndef MM_RUNGS_H
#define MM_RUNGS_H

#include "check.h"

typedef void (*mm_cpu_fn)(int M, int N, int K, const float *A, const float *B,
                          float *C);

struct mm_rung {
    const char *id;    /* variant id in --variants and result lines */
    const char *name;  /* label shown in tables */
    const char *kind;  /* cpu | hand | library */
    const char *idea;  /* one line */
    int gpu;           /* enum mm_gpu_variant, or -1 for a CPU variant */
    mm_cpu_fn cpu;     /* CPU variants */
    int cap;           /* CPU variants: largest size per dimension run */
    double tol;        /* relative-error tolerance */
};

#define MM_NRUNGS 9
extern const struct mm_rung mm_rungs[MM_NRUNGS];

#endif
