/* launch_ladder.h: THE launch demo's table of experiments, one X-macro read
 * by main, --list, the result lines, the GPU dispatch and the tests.
 *
 *   X(id, rung, kind, label, idea, function)
 *
 * The GPU rows are series of measurements (one `point` record per block
 * size or grid size), not single variants; the CPU rows are the fallback's
 * variants (y = a*x + y on the host). */
#ifndef LN_LADDER_H
#define LN_LADDER_H

#define LN_RUNGS(X)                                                            \
    X("plain", 1, "hand", "y = a*x + y, one element per thread",               \
      "a memory-bound kernel over block sizes 32..1024: occupancy from "       \
      "cudaOccupancyMaxActiveBlocksPerMultiprocessor and the GB/s reached",    \
      ln_plain)                                                                \
    X("regs", 2, "hand", "register-heavy: 32 elements per thread",             \
      "the same sum, each thread loading 32 x and 32 y into registers "        \
      "before storing: many registers, low occupancy, many loads in flight",   \
      ln_regs)                                                                 \
    X("smem", 3, "hand", "shared-memory-heavy: 48 KiB per block",              \
      "the same sum staging x through shared memory with a 48 KiB tile per "   \
      "block: at most 4 blocks per SM, so small blocks leave the SM idle",     \
      ln_smem)                                                                 \
    X("wave", 4, "hand", "wave tail: k waves and one block more",              \
      "an FMA-chain kernel with one block per SM: grids of k waves (SMs x "   \
      "blocks per SM) and k waves + 1 block, which costs a whole wave",       \
      ln_wave)                                                                 \
    X("cpu-naive", 5, "cpu", "CPU y = a*x + y, 1 thread",                      \
      "the loop on one core (the fallback without a GPU)", ln_cpu_naive)       \
    X("cpu-threads", 6, "cpu", "CPU y = a*x + y, all cores",                   \
      "the loop split over every host core", ln_cpu_threads)

#endif
