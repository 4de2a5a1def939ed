/* mm_rungs.c: the matmul ladder's tables, expanded from mm_ladder.h. */
#include "mm_rungs.h"

#include <stddef.h>

#include "check.h"
#include "cpu_mm.h"

const struct ck_rung mm_rungs[MM_NRUNGS] = {MM_LADDER(MM_RUNG_ROW)};

/* the fn column names a C function only for kind cpu */
#define MM_CPU_FN_cpu(fn) fn
#define MM_CPU_FN_hand(fn) NULL
#define MM_CPU_FN_library(fn) NULL
#define MM_CPU_(e, id, step, kind, label, idea, fn, ...) MM_CPU_FN_##kind(fn),
const mm_cpu_fn mm_cpu_fns[MM_NRUNGS] = {MM_LADDER(MM_CPU_)};
