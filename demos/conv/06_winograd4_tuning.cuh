/* 06_winograd4_tuning.cuh: the tuning switch of rung 6 (06_winograd4.cuh),
 * kept out of the learner's file. CK_CONV_WG4_TILE=1..3 forces the GEMM
 * tile wg4_tiles[0..2] of wg4_rule.h (128x64, 64x64, 128x32) for a tuning
 * run; 0 or unset: the rule's choice. Include it before 06_winograd4.cuh. */
#ifndef CK_CONV_06_WINOGRAD4_TUNING_CUH
#define CK_CONV_06_WINOGRAD4_TUNING_CUH
#include <stdlib.h>
#include "wg4_rule.h"

static inline int wg4_tuned_pick(int tp, int kp, int sms)
{
    const char *e = getenv("CK_CONV_WG4_TILE");
    int f = e ? atoi(e) : 0;
    return f >= 1 && f <= WG4_NTILES ? f - 1 : wg4_pick(tp, kp, sms);
}
#define WG4_CHOOSE(tp, kp, sms) wg4_tuned_pick(tp, kp, sms)

#endif
