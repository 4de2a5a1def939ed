/* reduce_ladder.h: THE reduce ladder, the one place a rung is added,
 * renamed or reordered: a row here and its header (NN_<id>.cuh) are all a
 * rung needs. Plain C with no CUDA, so the C host, the CUDA side, the CPU
 * emulation, the tutorial (src/core/quiz_measure.c, results_text.c) and the
 * tests all read it. The columns are every ladder's
 * (demos/common/ladder_row.h):
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *
 * here: ENUM is RD_<ENUM> in enum rd_rung; fn, for a hand rung, its
 * launcher in NN_*.cuh, for the library rung its call in 07_cub.cuh, for
 * a cpu rung its function in cpu_reduce.c; tol is 0: a sum's tolerance
 * grows with N, rd_tol(N) (cpu_reduce.h); cap is 0: every rung runs at the
 * full N. */
#ifndef RD_LADDER_H
#define RD_LADDER_H
#include "../common/ladder_row.h"

#define RD_LADDER(X)                                                          \
    X(ATOMIC, "atomic", next, hand, "atomicAdd per element",                  \
      "every thread adds its element to one global counter with atomicAdd: "  \
      "N additions queue up on one address",                                  \
      rd_atomic, 0, 0,                                                        \
      fp32, 0, any, "每个元素一次 atomicAdd")                                 \
    X(INTERLEAVED, "interleaved", next, hand, "shared tree, interleaved",     \
      "each block sums 256 elements as a tree in shared memory; thread t "    \
      "works when t % 2s == 0, so warps diverge and banks conflict",          \
      rd_interleaved, 0, 0,                                                   \
      fp32, 0, any, "共享内存树形归约，交错寻址")                             \
    X(SEQUENTIAL, "sequential", next, hand, "shared tree, sequential",        \
      "the same tree with the active threads packed at the front (t < s): "   \
      "no divergence inside a warp, no bank conflicts",                       \
      rd_sequential, 0, 0,                                                    \
      fp32, 0, any, "共享内存树形归约，连续寻址")                             \
    X(UNROLLED, "unrolled", next, hand, "first add on load, last warp unrolled", \
      "each thread adds two elements while loading, 1024-thread blocks; the " \
      "last 64 partial sums are finished by one warp with __syncwarp",        \
      rd_unrolled, 0, 0,                                                      \
      fp32, 0, any, "加载时先加，展开末个线程束")                             \
    X(SHUFFLE, "shuffle", next, hand, "warp shuffles, one atomic per block",  \
      "a grid-stride loop sums many elements per thread in a register; "      \
      "__shfl_down_sync sums each warp, one atomicAdd per block",             \
      rd_shuffle, 0, 0,                                                       \
      fp32, 0, any, "线程束洗牌，每块一次原子操作")                           \
    X(BEST, "best", next, hand, "float4, grid = SMs, one pass",               \
      "16-byte loads, 4 of them in flight per thread, a grid that fills the " \
      "SMs exactly once; the last block to finish sums the block partials "   \
      "in order (one launch, no atomics on the sum)",                         \
      rd_best, 0, 0,                                                          \
      fp32, 0, any, "float4，网格=SM 数，一遍")                               \
    X(CUB, "cub", next, library, "CUB DeviceReduce::Sum",                     \
      "cub::DeviceReduce::Sum from the CUDA Toolkit, its temporary storage "  \
      "asked for once and reused: the baseline for % of CUB",                 \
      rd_cub, 0, 0,                                                           \
      fp32, 0, any, "")                                                       \
    X(CPU_NAIVE, "cpu-naive", next, cpu, "CPU naive, 1 thread",               \
      "one loop, one float accumulator, on one core",                         \
      rd_cpu_naive, 0, 0,                                                     \
      fp32, 0, any, "CPU 朴素，单线程")                                       \
    X(CPU_THREADS, "cpu-threads", next, cpu, "CPU all cores",                 \
      "each core sums its slice with 8 accumulators; the partial sums are "   \
      "added in order",                                                       \
      rd_cpu_threads, 0, 0,                                                   \
      fp32, 0, any, "CPU 全部核心")

/* RD_<ENUM>, the row's index, and RD_NUMBER_<ENUM>, its rung number
 * from the order of the rows (ladder_row.h). */
#define CK_LADDER_P RD
enum rd_rung { RD_LADDER(CK_LADDER_INDEX) RD_NRUNGS };
enum rd_rung_number { CK_LADDER_NUMBERS(RD_LADDER) };
#undef CK_LADDER_P

/* A row as a struct ck_rung (ladder.h), numbered: RD_LADDER(RD_RUNG_ROW). */
#define RD_RUNG_ROW(e, ...) CK_RUNG_ROW_N(RD_NUMBER_##e, e, __VA_ARGS__)

#endif
