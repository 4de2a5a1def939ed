/* xfer_rungs.c: the transfer table as an array (see xfer_ladder.h). */
#include "xfer_rungs.h"

const struct xfer_rung xfer_rungs[XF_NRUNGS] = {
#define XF_ROW_(e, id, step, kind, label, memory, dir, peak, factor, idea) \
    {id, label, #kind, memory, dir, peak, factor, XF_##e, idea},
    XF_LADDER(XF_ROW_)
#undef XF_ROW_
};
