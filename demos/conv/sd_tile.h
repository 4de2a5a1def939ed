/* sd_tile.h: the shape of smem-direct's block (02_smem_direct.cuh) for a
 * problem, shared with its traffic model (conv_traffic.h). Plain C.
 *
 * A block of SD_THREADS threads owns SD_TP rows of output pixels by tq
 * columns, for `groups` groups of SD_KT filters (a thread: one pixel,
 * SD_KT sums). tq is the narrowest of 32, 16 and 8 that holds the output's
 * width up to 32, and the threads a narrower tile leaves go to more
 * filters: a 32-wide tile over a 7x7 plane kept 49 of its 256 threads
 * busy; 8 wide, with four filter groups, it keeps 196. Where one channel's
 * input patch and taps would pass the default 48 KB of shared memory
 * (large or dilated filters), the tile widens back, fewer groups, down to
 * one; the kernel asks for more shared memory only then, as before. */
#ifndef CK_CONV_SD_TILE_H
#define CK_CONV_SD_TILE_H

#include <stddef.h>

#define SD_TP 8 /* output rows per block */
#define SD_KT 8 /* filters per group; each thread keeps SD_KT sums */
#define SD_THREADS 256
#define SD_SMEM_DEFAULT (48 * 1024)

struct sd_tile {
    int tq;     /* output columns per block: 32, 16 or 8 */
    int groups; /* filter groups per block: SD_THREADS / (SD_TP * tq) */
};

/* bytes of shared memory one staged channel takes: its input patch with
 * the halo, and the block's filters' r x s taps */
static inline size_t sd_channel_bytes(struct sd_tile t, int r, int s, int stride, int dil)
{
    size_t ih = (size_t)(SD_TP - 1) * stride + (size_t)(r - 1) * dil + 1;
    size_t iw = (size_t)(t.tq - 1) * stride + (size_t)(s - 1) * dil + 1;
    return (ih * iw + (size_t)t.groups * SD_KT * r * s) * sizeof(float);
}

/* the tile for an output q wide and r x s filters at stride and dil */
static inline struct sd_tile sd_tile_of(int q, int r, int s, int stride, int dil)
{
    struct sd_tile t;
    t.tq = 8;
    if (q > 16)
        t.tq = 32;
    else if (q > 8)
        t.tq = 16;
    t.groups = SD_THREADS / (SD_TP * t.tq);
    while (t.groups > 1 && sd_channel_bytes(t, r, s, stride, dil) > SD_SMEM_DEFAULT) {
        t.tq *= 2;
        t.groups /= 2;
    }
    return t;
}

#endif
