/* xfer_rungs.h: the transfer table as an array (built from xfer_ladder.h),
 * used by main, --list, the records and the GPU side. Every row is swept
 * over the same sizes. */
#ifndef XFER_RUNGS_H
#define XFER_RUNGS_H

#include "xfer_ladder.h"

struct xfer_rung {
    const char *id, *label, *kind, *memory, *direction;
    const char *peak;      /* "link", "hbm" or NULL */
    int moved_factor;      /* bytes counted per byte copied */
    enum xfer_how how;
    const char *idea;
};

extern const struct xfer_rung xfer_rungs[XF_NRUNGS];

#define XF_MIN_BYTES 4096ull          /* 4 KiB */
#define XF_MAX_BYTES (1ull << 30)     /* 1 GiB */
#define XF_QUICK_BYTES (16ull << 20)  /* 16 MiB */
#define XF_MAX_SIZES 16               /* 4 KiB * 4^k up to 1 GiB: 10 */

#endif
