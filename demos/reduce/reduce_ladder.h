/* reduce_ladder.h: THE reduce ladder, one X-macro table read by main, --list,
 * the result lines, the GPU dispatch and the tests. Order is the rung number.
 *
 *   X(id, rung, kind, label, idea, function)
 *
 * `function` names the launcher (GPU rungs, reduce_gpu.cu) or the CPU
 * function (cpu_reduce.c); both take the input and write one float. */
#ifndef RD_LADDER_H
#define RD_LADDER_H

#define RD_RUNGS(X)                                                            \
    X("atomic", 1, "hand", "atomicAdd per element",                                \
      "every thread adds its element to one global counter with atomicAdd: "   \
      "N additions queue up on one address", rd_atomic)                     \
    X("interleaved", 2, "hand", "shared tree, interleaved",                        \
      "each block sums 256 elements as a tree in shared memory; thread t "     \
      "works when t % 2s == 0, so warps diverge and banks conflict",           \
      rd_interleaved)                                                          \
    X("sequential", 3, "hand", "shared tree, sequential",                          \
      "the same tree with the active threads packed at the front (t < s): "    \
      "no divergence inside a warp, no bank conflicts", rd_sequential)         \
    X("unrolled", 4, "hand", "first add on load, last warp unrolled",              \
      "each thread adds two elements while loading (half the blocks); the "    \
      "last 32 partial sums are finished by one warp without __syncthreads",   \
      rd_unrolled)                                                             \
    X("shuffle", 5, "hand", "warp shuffles, one atomic per block",                 \
      "a grid-stride loop sums many elements per thread in a register; "       \
      "__shfl_down_sync sums each warp, one atomicAdd per block", rd_shuffle)  \
    X("best", 6, "hand", "float4, grid = SMs, one pass",                           \
      "16-byte loads, 4 of them in flight per thread, a grid that fills the "  \
      "SMs exactly once; the last block to finish sums the block partials "    \
      "in order (one launch, no atomics on the sum)", rd_best)                 \
    X("cub", 7, "library", "CUB DeviceReduce::Sum",                                \
      "cub::DeviceReduce::Sum from the CUDA Toolkit, its temporary storage "   \
      "asked for once and reused: the baseline for % of CUB", rd_cub)          \
    X("cpu-naive", 8, "cpu", "CPU naive, 1 thread",                                \
      "one loop, one float accumulator, on one core", rd_cpu_naive)            \
    X("cpu-threads", 9, "cpu", "CPU all cores",                                    \
      "each core sums its slice with 8 accumulators; the partial sums are "    \
      "added in order", rd_cpu_threads)

#endif
