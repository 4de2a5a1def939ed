/* xfer_rungs.h: THE transfer table: one row per kind of host memory and
 * direction, used by main, --list, the records and the GPU side. Every row
 * is swept over the same sizes. */
#ifndef XFER_RUNGS_H
#define XFER_RUNGS_H

/* How a row moves its bytes (xfer_gpu.cu switches on it). */
enum xfer_how {
    XF_PAGEABLE_H2D, XF_PAGEABLE_D2H, XF_PINNED_H2D, XF_PINNED_D2H,
    XF_PINNED_BOTH, XF_WC_H2D, XF_MAPPED_H2D, XF_MANAGED_H2D,
    XF_MANAGED_PREFETCH, XF_D2D, XF_D2D_KERNEL, XF_CPU_MEMCPY,
};

struct xfer_rung {
    const char *id;        /* variant id in --variants and the records */
    const char *label;     /* shown in tables and the legend */
    const char *kind;      /* library: cudaMemcpy*; hand: a kernel moves the
                              bytes; cpu: host memcpy */
    const char *memory;    /* pageable|pinned|write-combined|mapped|managed|device|host */
    const char *direction; /* h2d|d2h|both|d2d|h2h */
    const char *peak;      /* the ceiling: "link", "hbm" or NULL */
    int moved_factor;      /* bytes counted per byte copied: 2 where bytes
                              are read and written in one memory (d2d, h2h)
                              or move both ways at once */
    enum xfer_how how;
    const char *idea;
};

#define XF_NRUNGS 12
extern const struct xfer_rung xfer_rungs[XF_NRUNGS];

#define XF_MIN_BYTES 4096ull          /* 4 KiB */
#define XF_MAX_BYTES (1ull << 30)     /* 1 GiB */
#define XF_QUICK_BYTES (16ull << 20)  /* 16 MiB */
#define XF_MAX_SIZES 16               /* 4 KiB * 4^k up to 1 GiB: 10 */

#endif
