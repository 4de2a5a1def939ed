/* mm_traffic.h: each matmul rung's own memory-traffic model, the one place
 * the roofline's per-rung arithmetic intensity comes from. Plain C, header
 * only, no CUDA: the demo writes model_bytes / model_intensity / model into
 * its records (mm_run.c), and the tutorial's tests hold the closed forms
 * against src/core/tiling.c's thread-by-thread simulation.
 *
 * The model counts FP32 elements (4 bytes) loaded from and stored to global
 * memory by the kernel's own load and store instructions, as if no cache
 * served a repeated load: the traffic the kernel's design asks for. What
 * the caches (L1, L2) actually absorb is not modelled. C = A·B, A (M, K),
 * B (K, N), C (M, N):
 *
 *   rung                 global loads                     model text
 *   naive, coalesced     2·M·N·K (A and B per FMA)        "no reuse: 2 loads per FMA"
 *   smem-tiled (T 32)    M·K·⌈N/T⌉ + K·N·⌈M/T⌉            "global loads of 32x32 tiles"
 *   regblock (32×64)     M·K·⌈N/64⌉ + K·N·⌈M/32⌉          "global loads of 32x64 tiles"
 *   best                 the same with 128×128 tiles      "global loads of 128x128 tiles"
 *   tf32-mma (128×256)   M·K·⌈N/256⌉ + K·N·⌈M/128⌉        "global loads of 128x256 tiles"
 *   wgmma-tma            128×256 tiles, plus B transposed  "128x256 tiles, B transposed first"
 *                        once (K·N more loads and stores;
 *                        A copied too when K % 4 != 0)
 *   libraries, CPU       unknown: the minimum traffic     "unknown: minimum traffic"
 *
 * plus C written once (M·N stores) for every rung. A kernel that cuts K
 * into s slices whose partial sums are added into C (atomicAdd after C is
 * zeroed) loads the same (each block reads only its slice) and stores
 * (s + 1)·M·N: mm_traffic_tiles(..., s, 0), "global loads of BMxBN tiles, K
 * split in s"; one that writes each slice's sums into a workspace part of
 * whole tiles (P = ⌈M/BM⌉BM·⌈N/BN⌉BN elements) and adds them up after,
 * reading each part's M rows of 4⌈N/4⌉ columns, stores s·P + M·N and loads
 * s·M·4⌈N/4⌉ more: mm_traffic_tiles(..., s, 1), "..., K in s parts"; a
 * rung that picks its tiles per problem passes its pick. A block tile BM×BN reads
 * its BM rows of A and BN columns of B once (every element of A once per
 * block column, of B once per block row); loads that fall outside the
 * matrix are not issued (tiling.h's guards). For M = N = K = n these are
 * tiling.h's closed forms: naive 2n³, tiled 2n²⌈n/T⌉, and for square
 * block tiles B×B (best's 128×128) regblock's 2n²⌈n/B⌉.
 * The minimum traffic (the record's `intensity`) reads each input once:
 * M·K + K·N loads. */
#ifndef MM_TRAFFIC_H
#define MM_TRAFFIC_H

#include <stdio.h>

#include "mm_ladder.h"

struct mm_traffic {
    double loads, stores;   /* elements to and from global memory */
    double bytes;           /* what they come to: 4·(loads + stores) in
                             * FP32, 2 bytes a load in 16 bits */
    char model[64];         /* what was counted, for the record and the screen */
    int known;              /* 0: no model of this rung, minimum traffic */
};

/* ⌈a/b⌉ for a, b >= 1. */
static inline double mm_traffic_ceil(double a, int b)
{
    return (double)(((long long)a + b - 1) / b);
}

/* The tiled models' names, written here and read back (in another
 * language) by the tutorial's src/core/traffic.c: the tiles, then what
 * a split does, if any. */
#define MM_TRAFFIC_TILES "global loads of %dx%d tiles"
#define MM_TRAFFIC_SPLIT ", K split in %d"
#define MM_TRAFFIC_PARTS ", K in %d parts"

/* Global loads of a kernel whose blocks each compute a BM×BN tile of C. */
static inline double mm_traffic_tiled(int M, int N, int K, int bm, int bn)
{
    return (double)M * K * mm_traffic_ceil(N, bn) + (double)K * N * mm_traffic_ceil(M, bm);
}

/* A kernel of bm×bn block tiles with K cut into `split` slices (1: none),
 * their sums added into C, or with `parts` written whole into a
 * workspace's parts (whole tiles: ⌈M/bm⌉bm × ⌈N/bn⌉bn each) whose M rows
 * of 4⌈N/4⌉ columns a second kernel reads back and adds up into C. */
static inline struct mm_traffic mm_traffic_tiles(int M, int N, int K, int bm, int bn, int split,
                                                 int parts)
{
    struct mm_traffic t = {0, 0, 0, "", 1};
    split = split < 1 ? 1 : split;
    t.loads = mm_traffic_tiled(M, N, K, bm, bn);
    t.stores = (double)M * N * (split > 1 ? split + 1 : 1);
    if (split > 1 && parts) {
        double part = mm_traffic_ceil(M, bm) * bm * mm_traffic_ceil(N, bn) * bn;
        t.loads += split * (double)M * 4 * mm_traffic_ceil(N, 4);
        t.stores = split * part + (double)M * N;
    }
    int n = snprintf(t.model, sizeof t.model, MM_TRAFFIC_TILES, bm, bn);
    if (split > 1 && n >= 0 && (size_t)n < sizeof t.model)
        snprintf(t.model + n, sizeof t.model - (size_t)n, parts ? MM_TRAFFIC_PARTS : MM_TRAFFIC_SPLIT,
                 split);
    t.bytes = 4.0 * (t.loads + t.stores);
    return t;
}

/* No reuse (naive, coalesced): A and B loaded for every FMA. */
static inline struct mm_traffic mm_traffic_noreuse(int M, int N, int K)
{
    struct mm_traffic t = {2.0 * M * N * K, (double)M * N, 0, "", 1};
    snprintf(t.model, sizeof t.model, "no reuse: 2 loads per FMA");
    t.bytes = 4.0 * (t.loads + t.stores);
    return t;
}

/* 08_wgmma_tma.cuh: 128x256 tiles, the transpose kernel first. */
static inline struct mm_traffic mm_traffic_wgmma(int M, int N, int K)
{
    double extra = (double)K * N + (K % 4 ? (double)M * K : 0);
    struct mm_traffic t = mm_traffic_tiles(M, N, K, 128, 256, 1, 0);
    t.loads += extra;
    t.stores += extra;
    t.bytes = 4.0 * (t.loads + t.stores);
    snprintf(t.model, sizeof t.model, "128x256 tiles, B transposed first");
    return t;
}

/* 10_wgmma_fp16.cuh: 128x256 tiles of 16-bit inputs (2 bytes a load),
 * FP32 out, A or B copied first where their rows are not 16 bytes apart. */
static inline struct mm_traffic mm_traffic_half(int M, int N, int K)
{
    struct mm_traffic t = mm_traffic_tiles(M, N, K, 128, 256, 1, 0);
    double extra = (K % 8 ? (double)M * K : 0) + (N % 8 ? (double)K * N : 0);
    t.bytes = 2.0 * (t.loads + 2 * extra) + 4.0 * t.stores; /* copies: read, written */
    t.loads += extra;
    t.stores += extra;
    return t;
}

/* No model of the rung's own traffic (a library, the CPU): the minimum. */
static inline struct mm_traffic mm_traffic_unknown(int M, int N, int K)
{
    struct mm_traffic t = {(double)M * K + (double)K * N, (double)M * N, 0, "", 0};
    snprintf(t.model, sizeof t.model, "unknown: minimum traffic");
    t.bytes = 4.0 * (t.loads + t.stores);
    return t;
}

/* Each rung's model, keyed by its row (MM_TRAFFIC_<ENUM> for every row of
 * mm_ladder.h): a row without one does not compile, so a new rung says
 * which model it has, mm_traffic_unknown included. */
#define MM_TRAFFIC_NAIVE(M, N, K) mm_traffic_noreuse(M, N, K)
#define MM_TRAFFIC_COALESCED(M, N, K) mm_traffic_noreuse(M, N, K)
#define MM_TRAFFIC_SMEM_TILED(M, N, K) mm_traffic_tiles(M, N, K, 32, 32, 1, 0)
#define MM_TRAFFIC_REGBLOCK(M, N, K) mm_traffic_tiles(M, N, K, 32, 64, 1, 0)
#define MM_TRAFFIC_BEST(M, N, K) mm_traffic_tiles(M, N, K, 128, 128, 1, 0)
#define MM_TRAFFIC_CUBLAS(M, N, K) mm_traffic_unknown(M, N, K)
#define MM_TRAFFIC_TF32_MMA(M, N, K) mm_traffic_tiles(M, N, K, 128, 256, 1, 0) /* its tc_cfg */
#define MM_TRAFFIC_WGMMA_TMA(M, N, K) mm_traffic_wgmma(M, N, K)
#define MM_TRAFFIC_CUBLAS_TF32(M, N, K) mm_traffic_unknown(M, N, K)
#define MM_TRAFFIC_WGMMA_FP16(M, N, K) mm_traffic_half(M, N, K)
#define MM_TRAFFIC_CUBLAS_FP16(M, N, K) mm_traffic_unknown(M, N, K)
#define MM_TRAFFIC_WGMMA_BF16(M, N, K) mm_traffic_half(M, N, K)
#define MM_TRAFFIC_CUBLAS_BF16(M, N, K) mm_traffic_unknown(M, N, K)
#define MM_TRAFFIC_CPU_NAIVE(M, N, K) mm_traffic_unknown(M, N, K)
#define MM_TRAFFIC_CPU_BLOCKED(M, N, K) mm_traffic_unknown(M, N, K)

static inline struct mm_traffic mm_traffic_of(enum mm_rung r, int M, int N, int K)
{
    switch (r) {
#define MM_TRAFFIC_CASE_(e, ...)                                              \
    case MM_##e:                                                              \
        return MM_TRAFFIC_##e(M, N, K);
        MM_LADDER(MM_TRAFFIC_CASE_)
#undef MM_TRAFFIC_CASE_
    case MM_NRUNGS:
        break;
    }
    return mm_traffic_unknown(M, N, K);
}

#endif
