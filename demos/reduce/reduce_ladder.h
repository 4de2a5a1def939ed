/* reduce_ladder.h: THE reduce ladder, the one place a rung is added,
 * renamed or reordered. Plain C with no CUDA, so the C host, the CUDA side,
 * the tutorial (src/core/quiz_measure.c) and the tests all read it; the
 * same nine columns as every ladder (demos/common/ladder.h):
 *
 *   X(ENUM, id, rung, kind, label, idea, fn, tol, cap)
 *     ENUM   RD_<ENUM> in enum rd_rung (the row's index)
 *     id     the variant id: --variants, --list, the result lines
 *     rung   its number on the ladder (rows are in rung order)
 *     kind   hand | library | cpu (a bare word: it also picks code)
 *     label  the short name shown in tables
 *     idea   one line: what this rung does differently
 *     fn     hand: its launcher in NN_*.cuh; library: its call in
 *            07_cub.cuh; cpu: its function in cpu_reduce.c
 *     tol    0: a sum's tolerance grows with N, rd_tol(N) (cpu_reduce.h)
 *     cap    0: every rung runs at the full N
 * Each use defines X, expands RD_LADDER(X) and undefines X. Keep ENUM, id,
 * rung and kind on the X( line: tests/e2e/ladder_lib.bash reads them there. */
#ifndef RD_LADDER_H
#define RD_LADDER_H

#define RD_LADDER(X)                                                           \
    X(ATOMIC, "atomic", 1, hand, "atomicAdd per element",                      \
      "every thread adds its element to one global counter with atomicAdd: "   \
      "N additions queue up on one address",                                   \
      rd_atomic, 0, 0)                                                         \
    X(INTERLEAVED, "interleaved", 2, hand, "shared tree, interleaved",         \
      "each block sums 256 elements as a tree in shared memory; thread t "     \
      "works when t % 2s == 0, so warps diverge and banks conflict",           \
      rd_interleaved, 0, 0)                                                    \
    X(SEQUENTIAL, "sequential", 3, hand, "shared tree, sequential",            \
      "the same tree with the active threads packed at the front (t < s): "    \
      "no divergence inside a warp, no bank conflicts",                        \
      rd_sequential, 0, 0)                                                     \
    X(UNROLLED, "unrolled", 4, hand, "first add on load, last warp unrolled",  \
      "each thread adds two elements while loading, 1024-thread blocks; the "   \
      "last 64 partial sums are finished by one warp with __syncwarp",         \
      rd_unrolled, 0, 0)                                                       \
    X(SHUFFLE, "shuffle", 5, hand, "warp shuffles, one atomic per block",      \
      "a grid-stride loop sums many elements per thread in a register; "       \
      "__shfl_down_sync sums each warp, one atomicAdd per block",              \
      rd_shuffle, 0, 0)                                                        \
    X(BEST, "best", 6, hand, "float4, grid = SMs, one pass",                   \
      "16-byte loads, 4 of them in flight per thread, a grid that fills the "  \
      "SMs exactly once; the last block to finish sums the block partials "    \
      "in order (one launch, no atomics on the sum)",                          \
      rd_best, 0, 0)                                                           \
    X(CUB, "cub", 7, library, "CUB DeviceReduce::Sum",                         \
      "cub::DeviceReduce::Sum from the CUDA Toolkit, its temporary storage "   \
      "asked for once and reused: the baseline for % of CUB",                  \
      rd_cub, 0, 0)                                                            \
    X(CPU_NAIVE, "cpu-naive", 8, cpu, "CPU naive, 1 thread",                   \
      "one loop, one float accumulator, on one core",                          \
      rd_cpu_naive, 0, 0)                                                      \
    X(CPU_THREADS, "cpu-threads", 9, cpu, "CPU all cores",                     \
      "each core sums its slice with 8 accumulators; the partial sums are "    \
      "added in order",                                                        \
      rd_cpu_threads, 0, 0)

enum rd_rung {
#define RD_ENUM_(e, ...) RD_##e,
    RD_LADDER(RD_ENUM_)
#undef RD_ENUM_
    RD_NRUNGS
};

#endif
