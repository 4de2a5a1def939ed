/* launch_ladder.h: THE launch demo's table of experiments, the one place
 * one is added, renamed or reordered; the first nine columns of every
 * ladder (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap)
 *     ENUM   LN_<ENUM> in enum ln_rung (the row's index; the GPU side
 *            tells its series apart by it)
 *     id     --variants, --list, the `series` of the result lines
 *     step   next (ladder_row.h): the rung numbers come from the order
 *            of the rows, LN_NUMBER_<ENUM>; nothing is numbered by hand
 *     kind   hand | cpu (a bare word: it also picks code)
 *     label  the short name shown in tables
 *     idea   one line: what the series measures
 *     fn     hand: the kernel it launches (launch_kernels.cuh); cpu: its
 *            function in launch.c
 *     tol    cpu: the relative-error tolerance (check.h); hand: 0, the GPU
 *            series must match fmaf(a, x, y0) exactly
 *     cap    0
 * The GPU rows are series of measurements (one `point` record per block
 * size or grid size; the graph series two per kernel count), not single
 * variants; the CPU rows are the fallback's
 * variants (y = a*x + y on the host). Keep ENUM, id, step and kind on the
 * X( line: tests/e2e/ladder_lib.bash reads them there. */
#ifndef LN_LADDER_H
#define LN_LADDER_H
#include "../common/ladder_row.h"

/* the rows are aligned by hand: */
/* clang-format off */
#define LN_LADDER(X)                                                           \
    X(PLAIN, "plain", next, hand, "y = a*x + y, one element per thread",       \
      "a memory-bound kernel over block sizes 32..1024: occupancy from "       \
      "cudaOccupancyMaxActiveBlocksPerMultiprocessor and the GB/s reached",    \
      ln_plain_kernel, 0, 0)                                                   \
    X(VEC4, "vec4", next, hand, "float4: four elements per thread",            \
      "the same sum with 16-byte loads and stores, four elements a thread: "   \
      "a quarter of the memory instructions, enough bytes in flight to "       \
      "reach the memory's roof", ln_vec4_kernel, 0, 0)                         \
    X(REGS, "regs", next, hand, "register-heavy: 32 elements per thread",      \
      "the same sum, each thread loading 32 x and 32 y into registers "        \
      "before storing: many registers, low occupancy, many loads in flight",   \
      ln_regs_kernel, 0, 0)                                                    \
    X(SMEM, "smem", next, hand, "shared-memory-heavy: 48 KiB per block",       \
      "the same sum staging x through shared memory with a 48 KiB tile per "   \
      "block: at most 4 blocks per SM, so small blocks leave the SM idle",     \
      ln_smem_kernel, 0, 0)                                                    \
    X(WAVE, "wave", next, hand, "wave tail: k waves and one block more",       \
      "an FMA-chain kernel with one block per SM: grids of k waves (SMs x "    \
      "blocks per SM) and k waves + 1 block, which costs a whole wave",        \
      ln_wave_kernel, 0, 0)                                                    \
    X(GRAPH, "graph", next, hand, "many tiny kernels: one by one or one graph", \
      "N one-block kernels launched one by one into a stream, then captured "  \
      "once into a CUDA graph and launched as one: microseconds per kernel",   \
      ln_tiny_kernel, 0, 0)                                                    \
    X(CPU_NAIVE, "cpu-naive", next, cpu, "CPU y = a*x + y, 1 thread",          \
      "the loop on one core (the fallback without a GPU)",                     \
      ln_cpu_naive, CK_TOL_FP32, 0)                                            \
    X(CPU_THREADS, "cpu-threads", next, cpu, "CPU y = a*x + y, all cores",     \
      "the loop split over every host core",                                   \
      ln_cpu_threads, CK_TOL_FP32, 0)
/* clang-format on */

/* LN_<ENUM>, the row's index, and LN_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P LN
enum ln_rung { LN_LADDER(CK_LADDER_INDEX) LN_NRUNGS };
enum ln_rung_number { CK_LADDER_NUMBERS(LN_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: LN_LADDER(LN_RUNG_ROW). */
#define LN_RUNG_ROW(e, id, step, kind, label, idea, fn, tol, cap)              \
    {id, LN_NUMBER_##e, #kind, label, idea, tol, cap},

#endif
