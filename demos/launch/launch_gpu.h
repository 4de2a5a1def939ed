/* launch_gpu.h: the launch demo's GPU side, called from the C main (only
 * when CK_HAVE_CUDA). One context holds x, y and a saved y0 (n floats each)
 * for the memory-bound series and the wave kernel's output.
 *
 *   ln_gpu_open()    refuses (CK_EARGS, err says the bytes) when the
 *                    buffers do not fit, before allocating.
 *   ln_gpu_series()  what the runtime says of a series' kernel: registers,
 *                    static + dynamic shared memory per block,
 *                    cudaOccupancyMaxPotentialBlockSize's block and grid,
 *                    and (wave) the blocks per SM and one wave's blocks.
 *   ln_gpu_point()   one point: series 1-3 at a block size (grid covers n),
 *                    series 4 at a grid size (1024 threads per block):
 *                    occupancy, a checked run, then ck_time_gpu().
 *   ln_graph_point() the graph series (launch_graph.cu) at N kernels: N
 *                    tiny kernels launched one by one into a stream, and
 *                    the same N captured once into a CUDA graph launched
 *                    as one; both checked (every counter reads N), then
 *                    timed by events around each run, not queued.
 * All return enum ck_status; ln_gpu_close() and ln_graph_close() accept
 * NULL. */
#ifndef LN_GPU_H
#define LN_GPU_H

#include <stdbool.h>
#include "ck.h"
#include "timing.h"
#include "launch.h"

#ifdef __cplusplus
extern "C" {
#endif



struct ln_series {
    int regs;            /* per thread */
    long long smem;      /* bytes per block, static + dynamic */
    int suggest_block;   /* cudaOccupancyMaxPotentialBlockSize */
    int suggest_grid;    /* its minimum grid for full occupancy */
    int per_sm;          /* wave: blocks per SM at LN_WAVE_BLOCK threads */
    long long wave;      /* wave: SMs x per_sm */
};

struct ln_point {
    int block;
    long long grid;
    int per_sm;          /* resident blocks per SM (occupancy API) */
    double occupancy;    /* % of the SM's thread slots those blocks fill */
    bool fits;           /* per_sm > 0: a block of this shape can run at all */
    bool ok;
    char error[160];
    struct ck_timing t;
    double gbs;          /* series 1-3: 12 bytes per element / ms */
};

#define LN_GRAPH_BLOCK 32      /* the graph series' kernel: one block of 32 */

struct ln_gpoint {
    long long kernels;         /* N */
    bool ok;
    char error[160];
    struct ck_timing plain;    /* one run of N launches, first event to last */
    struct ck_timing graph;    /* one cudaGraphLaunch of the N, the same */
    double plain_host_ms;      /* median host time issuing the N launches */
    double graph_host_ms;      /* median host time in cudaGraphLaunch */
    double setup_ms;           /* capture + instantiate, once, host time */
};

struct ln_gpu;
struct ln_graph;

int ln_gpu_open(struct ln_gpu **g, long long n, int iters, long long max_grid,
                struct ck_err *err);
int ln_gpu_series(struct ln_gpu *g, int series, struct ln_series *s,
                  struct ck_err *err);
int ln_gpu_point(struct ln_gpu *g, int series, int block, long long grid,
                 int reps, struct ln_point *p, struct ck_err *err);
void ln_gpu_close(struct ln_gpu *g);
int ln_graph_open(struct ln_graph **g, struct ck_err *err);
int ln_graph_point(struct ln_graph *g, long long n, int reps,
                   struct ln_gpoint *p, struct ck_err *err);
void ln_graph_close(struct ln_graph *g);

#ifdef __cplusplus
}
#endif

#endif
