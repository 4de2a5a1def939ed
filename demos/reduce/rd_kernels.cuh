// rd_kernels.cuh: what every reduce rung's launcher takes (GPU side only).
// The sum of n floats, any n >= 1, into *out (one float of device memory).
// Launchers enqueue on the default stream, check every call and launch, and
// return enum ck_status. tests/emu runs them on the CPU (emu/simt.h
// defines CK_LAUNCH and the CUDA calls used here; ck_cuda.cuh the rest).
#pragma once
#include "ck_cuda.cuh"

#define RD_BLOCK 256 // threads per block of the tree rungs (2-4)

struct rd_args {
    long long n;        // elements of x
    const float *x;     // (n) input, 16-byte aligned
    float *out;         // (1) the sum
    float *part[2];     // (ceil(n / RD_BLOCK)) ping-pong partial sums, rungs 2-4
    float *best_part;   // (best_grid) block partials of rung 6
    unsigned *done;     // (1) blocks finished, rung 6; 0 between launches
    int best_grid;      // blocks of rung 6: SMs x resident blocks per SM
    int best_block;     // its threads per block, 0: RD_BEST_BLOCK
    // its kernel, NULL: the shipped shape (a tuning shape otherwise)
    void (*best_kernel)(long long, const float *, float *, unsigned *, float *);
    int shuffle_grid;   // blocks of rung 5: SMs x resident blocks per SM
    void *cub_tmp;      // CUB's temporary storage, rung 7
    size_t cub_bytes;
};

static inline unsigned rd_blocks(long long n, long long per_block)
{
    return (unsigned)((n + per_block - 1) / per_block);
}

// The tree rungs' driver: pass(n, in, out) writes one partial per block of
// `per_block` elements; passes repeat over the partials until one is left,
// which lands in a->out. Launches: ceil(log_per_block(n)), at least 1.
typedef int (*rd_pass_fn)(long long n, const float *in, float *out,
                          struct ck_err *err);

static int rd_tree(const struct rd_args *a, rd_pass_fn pass, long long per_block,
                   struct ck_err *err)
{
    long long n = a->n;
    const float *in = a->x;
    for (int k = 0;; k ^= 1) {
        long long blocks = rd_blocks(n, per_block);
        float *dst = blocks == 1 ? a->out : a->part[k];
        int rc = pass(n, in, dst, err);
        if (rc != CK_OK || blocks == 1)
            return rc;
        in = dst;
        n = blocks;
    }
}
