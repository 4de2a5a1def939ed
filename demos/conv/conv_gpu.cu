/* conv_gpu.cu - the hand-written GPU rungs of the convolution ladder behind
 * four extern "C" entry points, so the host program stays plain C. Each
 * rung lives in its own NN_*.cuh file; the dispatch comes from the fn
 * column of conv_ladder.h. */
#include <stdlib.h>
#include <string.h>

#include "../common/ck_cuda.cuh"
#include "conv.h"

#include "rung_headers.h" /* the rungs' headers, from conv_ladder.h's rows */

extern "C" const char *conv_gpu_declines(enum conv_rung_id r,
                                         const struct conv_shape *sh)
{
    if (r == CONV_WINOGRAD && !conv_wg_applies(sh))
        return "F(2x2, 3x3) needs a 3x3 filter, stride 1 and dilation 1";
    if (r == CONV_WINOGRAD4 && !conv_wg4_applies(sh))
        return "F(4x4, 3x3) needs a 3x3 filter, stride 1 and dilation 1";
    return NULL;
}

extern "C" size_t conv_gpu_workspace(enum conv_rung_id r,
                                     const struct conv_shape *sh)
{
    switch (r) {
    case CONV_IM2COL_GEMM: return conv_im2col_workspace(sh);
    case CONV_IMPLICIT_GEMM: return conv_igemm_workspace(sh);
    case CONV_WINOGRAD: return conv_wg_workspace(sh);
    case CONV_WINOGRAD4: return conv_wg4_workspace(sh);
    default: return 0;
    }
}

extern "C" int conv_gpu_prepare(enum conv_rung_id r, const struct conv_shape *sh,
                                void *ws, struct ck_err *err)
{
    if (r == CONV_IMPLICIT_GEMM)
        return conv_igemm_prepare(sh, ws, err);
    return CK_OK;
}

extern "C" struct wg4_plan conv_gpu_wg4_rule(const struct conv_shape *sh)
{
    const struct wg_dims d = conv_wg4_dims(sh);
    const struct wg4_machine m = wg4_machine();
    return wg4_pick(d.tp, d.kp, d.cp, &m);
}

/* One case per hand rung of conv_ladder.h. */
#define CONV_CASE_hand(e, fn) case CONV_##e: return fn(sh, io, err);
#define CONV_CASE_library(e, fn)
#define CONV_CASE_cpu(e, fn)
#define CONV_CASE_(e, id, step, kind, label, idea, fn, ...)                    \
    CONV_CASE_##kind(e, fn)

extern "C" int conv_gpu_launch(enum conv_rung_id r, const struct conv_shape *sh,
                               const struct conv_io *io, struct ck_err *err)
{
    switch (r) {
        CONV_LADDER(CONV_CASE_)
    default: break;
    }
    snprintf(err->msg, sizeof err->msg, "%s is not a hand-written rung",
             (unsigned)r < CONV_NRUNGS ? conv_rungs[r].id : "?");
    return CK_EARGS;
}
