/* xfer_ladder.h: THE transfer table, the one place a row is added, renamed
 * or reordered: one row per kind of host memory and direction. Plain C with
 * no CUDA, so the demo's C and CUDA sides, the tutorial (src/core/
 * quiz_measure.c) and the tests read it.
 *
 *   X(ENUM, id, step, kind, label, memory, direction, peak, factor, idea)
 *     ENUM       XF_<ENUM> in enum xfer_how (the row's index; xfer_gpu.cu
 *                switches on it)
 *     id         the variant id: --variants, --list, the result lines
 *     step       next (demos/common/ladder_row.h): the row numbers come
 *                from the order of the rows, XF_NUMBER_<ENUM>; nothing is
 *                numbered by hand
 *     kind       library (cudaMemcpy*) | hand (a kernel moves the bytes) | cpu
 *     label      the short name shown in tables
 *     memory     pageable|pinned|write-combined|mapped|managed|device|host
 *     direction  h2d|d2h|both|d2d|h2h
 *     peak       the ceiling: "link", "hbm" or NULL
 *     factor     bytes counted per byte copied: 2 where bytes are read and
 *                written in one memory (d2d, h2h) or move both ways at once
 *     idea       one line
 * Each use defines X, expands XF_LADDER(X) and undefines X. Keep ENUM, id,
 * step and kind on the X( line: tests/e2e/ladder_lib.bash reads them
 * there. */
#ifndef XFER_LADDER_H
#define XFER_LADDER_H

#include <stddef.h>
#include "../common/ladder_row.h"

#define XF_LADDER(X) \
    X(PAGEABLE_H2D, "pageable-h2d", next, library, "pageable host to device", \
      "pageable", "h2d", "link", 1, \
      "cudaMemcpyAsync from malloc memory: the driver stages it through a " \
      "pinned buffer, and the call returns only when the host side is done") \
    X(PAGEABLE_D2H, "pageable-d2h", next, library, "device to pageable host", \
      "pageable", "d2h", "link", 1, \
      "cudaMemcpyAsync into malloc memory: staged, and synchronous with the " \
      "host") \
    X(PINNED_H2D, "pinned-h2d", next, library, "pinned host to device", \
      "pinned", "h2d", "link", 1, \
      "cudaMallocHost memory: the copy engine reads it directly (DMA), no " \
      "staging") \
    X(PINNED_D2H, "pinned-d2h", next, library, "device to pinned host", \
      "pinned", "d2h", "link", 1, \
      "the copy engine writes pinned memory directly") \
    X(PINNED_BOTH, "pinned-both", next, library, "pinned, both directions at once", \
      "pinned", "both", "link", 2, \
      "host to device and device to host in two streams at the same time: " \
      "the link is full duplex (bytes of both directions counted, ceiling 2x)") \
    X(WC_H2D, "wc-h2d", next, library, "write-combined pinned to device", \
      "write-combined", "h2d", "link", 1, \
      "cudaHostAllocWriteCombined: not cached by the CPU, can be faster to " \
      "send; very slow for the CPU to read") \
    X(MAPPED_H2D, "mapped-h2d", next, hand, "mapped (zero-copy), kernel reads", \
      "mapped", "h2d", "link", 1, \
      "cudaHostAllocMapped: a kernel reads host memory over the link itself, " \
      "no copy call") \
    X(MANAGED_H2D, "managed-h2d", next, hand, "managed, first touch by a kernel", \
      "managed", "h2d", "link", 1, \
      "cudaMallocManaged written by the host, then read by a kernel: pages " \
      "fault and migrate on demand") \
    X(MANAGED_PREFETCH, "managed-prefetch", next, hand, \
      "managed, prefetched, then read", "managed", "h2d", "link", 1, \
      "the same with cudaMemPrefetchAsync to the GPU first: migration in " \
      "bulk, no faults") \
    X(D2D, "d2d", next, library, "device to device (cudaMemcpy)", \
      "device", "d2d", "hbm", 2, \
      "a copy inside device memory: every byte is read and written (both " \
      "counted)") \
    X(D2D_KERNEL, "d2d-kernel", next, hand, "device to device (copy kernel)", \
      "device", "d2d", "hbm", 2, \
      "a kernel, one 16-byte load and store per thread (bytes read + " \
      "written)") \
    X(CPU_MEMCPY, "cpu-memcpy", next, cpu, "host memcpy", "host", "h2h", NULL, 2, \
      "memcpy between two malloc buffers on the CPU (bytes read + written)")

/* XF_<ENUM>, the row's index, and XF_NUMBER_<ENUM>, its number from the
 * order of the rows (ladder_row.h). */
#define CK_LADDER_P XF
enum xfer_how { XF_LADDER(CK_LADDER_INDEX) XF_NRUNGS };
enum xfer_row_number { CK_LADDER_NUMBERS(XF_LADDER) };
#undef CK_LADDER_P

#endif
