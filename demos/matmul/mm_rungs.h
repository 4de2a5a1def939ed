/* mm_rungs.h: the matmul ladder (mm_ladder.h) as the tables the host code
 * uses: one struct ck_rung per rung (ladder.h) and, for the CPU rungs, the
 * function that runs them. Both are indexed by enum mm_rung. */
#ifndef MM_RUNGS_H
#define MM_RUNGS_H

#include "ladder.h"
#include "mm_ladder.h"

typedef void (*mm_cpu_fn)(int M, int N, int K, const float *A, const float *B,
                          float *C);

extern const struct ck_rung mm_rungs[MM_NRUNGS];
extern const mm_cpu_fn mm_cpu_fns[MM_NRUNGS]; /* NULL for GPU rungs */

#endif
