/* sd_tile.h: the shape of smem-direct's block (02_smem_direct.cuh) for a
 * problem, shared with its traffic model (conv_traffic.h). Plain C.
 *
 * A block of SD_THREADS threads owns SD_TP rows of output pixels by tq
 * columns, for `groups` groups of SD_KT filters (a thread: one pixel,
 * SD_KT sums). tq is the narrowest of 32, 16 and 8 that holds the output's
 * width up to 32, and the threads a narrower tile leaves go to more
 * filters: a 32-wide tile over a 7x7 plane kept 49 of its 256 threads
 * busy; 8 wide, with four filter groups, it keeps 196. */
#ifndef CK_CONV_SD_TILE_H
#define CK_CONV_SD_TILE_H

#define SD_TP 8 /* output rows per block */
#define SD_KT 8 /* filters per group; each thread keeps SD_KT sums */
#define SD_THREADS 256

struct sd_tile {
    int tq;     /* output columns per block: 32, 16 or 8 */
    int groups; /* filter groups per block: SD_THREADS / (SD_TP * tq) */
};

static inline struct sd_tile sd_tile_of(int q)
{
    struct sd_tile t;
    t.tq = 8;
    if (q > 16)
        t.tq = 32;
    else if (q > 8)
        t.tq = 16;
    t.groups = SD_THREADS / (SD_TP * t.tq);
    return t;
}

#endif
