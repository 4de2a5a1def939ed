/* xfer_rungs.c: the transfer table (see xfer_rungs.h). */
#include "xfer_rungs.h"

#include <stddef.h>

const struct xfer_rung xfer_rungs[XF_NRUNGS] = {
    {"pageable-h2d", "pageable host to device", "library", "pageable", "h2d",
     "link", 1, XF_PAGEABLE_H2D,
     "cudaMemcpyAsync from malloc memory: the driver stages it through a "
     "pinned buffer, and the call returns only when the host side is done"},
    {"pageable-d2h", "device to pageable host", "library", "pageable", "d2h",
     "link", 1, XF_PAGEABLE_D2H,
     "cudaMemcpyAsync into malloc memory: staged, and synchronous with the host"},
    {"pinned-h2d", "pinned host to device", "library", "pinned", "h2d",
     "link", 1, XF_PINNED_H2D,
     "cudaMallocHost memory: the copy engine reads it directly (DMA), no staging"},
    {"pinned-d2h", "device to pinned host", "library", "pinned", "d2h",
     "link", 1, XF_PINNED_D2H,
     "the copy engine writes pinned memory directly"},
    {"pinned-both", "pinned, both directions at once", "library", "pinned",
     "both", "link", 2, XF_PINNED_BOTH,
     "host to device and device to host in two streams at the same time: the "
     "link is full duplex (bytes of both directions counted, ceiling 2x)"},
    {"wc-h2d", "write-combined pinned to device", "library", "write-combined",
     "h2d", "link", 1, XF_WC_H2D,
     "cudaHostAllocWriteCombined: not cached by the CPU, can be faster to send; "
     "very slow for the CPU to read"},
    {"mapped-h2d", "mapped (zero-copy), kernel reads", "hand", "mapped", "h2d",
     "link", 1, XF_MAPPED_H2D,
     "cudaHostAllocMapped: a kernel reads host memory over the link itself, "
     "no copy call"},
    {"managed-h2d", "managed, first touch by a kernel", "hand", "managed",
     "h2d", "link", 1, XF_MANAGED_H2D,
     "cudaMallocManaged written by the host, then read by a kernel: pages "
     "fault and migrate on demand"},
    {"managed-prefetch", "managed, prefetched, then read", "hand", "managed",
     "h2d", "link", 1, XF_MANAGED_PREFETCH,
     "the same with cudaMemPrefetchAsync to the GPU first: migration in bulk, "
     "no faults"},
    {"d2d", "device to device (cudaMemcpy)", "library", "device", "d2d",
     "hbm", 2, XF_D2D,
     "a copy inside device memory: every byte is read and written (both counted)"},
    {"d2d-kernel", "device to device (copy kernel)", "hand", "device", "d2d",
     "hbm", 2, XF_D2D_KERNEL,
     "a grid-stride kernel with 16-byte loads and stores (bytes read + written)"},
    {"cpu-memcpy", "host memcpy", "cpu", "host", "h2h", NULL, 2, XF_CPU_MEMCPY,
     "memcpy between two malloc buffers on the CPU (bytes read + written)"},
};
