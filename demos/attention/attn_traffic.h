/* attn_traffic.h: the attention demo's traffic models, each rung's own
 * count of the bytes one run moves between the SMs and device memory, and
 * the extra memory a rung needs beyond Q, K, V and O (the S×S matrix).
 * Plain C, header only: the demo writes model_bytes, model_intensity and
 * model into its records from here, and src/core/traffic.c applies the
 * same formulas to records made before it did. e is the input element's
 * bytes (2), bh = B·H; n2 = bh·S² score elements.
 *
 *   three-kernel   Q·Kᵀ reads Q and K once, writes the FP32 scores (causal:
 *                  only the 16×16 tiles on or below the diagonal); the
 *                  softmax reads each row's unmasked scores and writes the
 *                  whole row back as P; P·V reads P's tiles on or below the
 *                  diagonal and V once, and writes the FP32 O
 *   cublas-softmax the GEMM writes every FP32 score (it knows no mask); the
 *                  softmax reads the unmasked ones and writes every 16-bit
 *                  P; the second GEMM reads all of P and V, writes the FP32 O
 *   flash-mma      Q once, K and V once per 64-row query block (causal: a
 *                  block stops at the tile holding its last row), the FP32
 *                  O once; no S×S anywhere
 *   cudnn-sdpa     as flash, with 64-row query tiles and the 16-bit O
 *                  (cuDNN's own tiling is not published: the same streaming
 *                  scheme is the model, its measured time tells the rest)
 *   cpu-naive      no model of its own: the minimum
 * The problem's minimum (each input read once, O written once in 16 bits),
 * at_min_bytes, is the roofline's dotted column beside each rung's mark.
 * Caches that hold more than the model says are a bonus the measured time
 * shows; tests/unit/test_traffic.c counts small cases by hand. */
#ifndef AT_TRAFFIC_H
#define AT_TRAFFIC_H

#include <stdbool.h>
#include "attn_ladder.h"

#define AT_TILE 16.0       /* three-kernel's square tiles (01_three_kernel.cuh) */
#define AT_FLASH_ROWS 64.0 /* flash-mma's query rows and keys a tile (03_flash_mma.cuh) */

/* the records' `model`, which src/core/traffic.c translates */
#define AT_MODEL_THREE "FP32 scores stored, read, P stored, read"
#define AT_MODEL_CUBLAS "FP32 scores + 16-bit P through memory"
#define AT_MODEL_FLASH "K, V read once per 64 query rows"
#define AT_MODEL_CUDNN "as flash: 64-row tiles, 16-bit O"
#define AT_MODEL_MIN "unknown: minimum traffic"

struct at_traffic {
    double bytes;
    const char *model; /* one of AT_MODEL_* */
    bool known;        /* false: the minimum stands in (the CPU rung) */
};

/* FLOPs of one run: 4·B·H·S²·D (two products of 2·S²·D), half when causal */
static inline double at_flops(double bh, double s, double d, bool causal)
{
    return 4.0 * bh * s * s * d * (causal ? 0.5 : 1.0);
}

/* Each row's traffic model, its old number (1 three-kernel, 2
 * cublas-softmax, 3 flash, 4 cudnn, 0 cpu), which at_extra_bytes takes. */
static inline int at_model_kind(int rung)
{
    return rung == AT_THREE ? 1 : rung == AT_CUBLAS ? 2 : rung == AT_FLASH ? 3
           : rung == AT_CUDNN ? 4 : 0;
}

/* the S×S bytes a rung keeps in device memory (0 for the fused rungs) */
static inline double at_extra_bytes(int rung_kind, double bh, double s)
{
    return rung_kind == 1 ? 4.0 * bh * s * s         /* FP32 scores, P in place */
           : rung_kind == 2 ? 6.0 * bh * s * s       /* FP32 scores + 16-bit P */
                            : 0.0;
}

/* how many tiles of `t` rows cover s */
static inline double at_tiles(double s, double t)
{
    return (double)(long long)((s + t - 1) / t);
}

/* The share of an S×S matrix in t×t tiles a causal kernel touches: the
 * tiles on or below the diagonal, (T + 1) / 2T of them for T tiles a side
 * (1 when not causal; a partial last tile counted whole). */
static inline double at_tile_share(double s, double t, bool causal)
{
    double n = at_tiles(s, t);
    return causal && n > 0 ? (n + 1) / (2 * n) : 1.0;
}

/* The share of scores the softmax reads: S(S+1)/2 of S² per head, causal. */
static inline double at_row_share(double s, bool causal)
{
    return causal && s > 0 ? (s + 1) / (2 * s) : 1.0;
}

/* the problem's minimum: Q, K and V read once, the 16-bit O written once */
static inline double at_min_bytes(double bh, double s, double d, double e)
{
    return 4 * bh * s * d * e;
}

/* Q once, K and V once per `rows`-row query block (causal: block b reads
 * min(S, (b+1)·rows) keys), O written once in o bytes an element */
static inline double at_stream_bytes(double bh, double s, double d, bool causal,
                                     double e, double rows, double o)
{
    double blocks = at_tiles(s, rows), keys = 0;
    for (double b = 0; b < blocks; b++) /* keys read by each block, summed */
        keys += causal && (b + 1) * rows < s ? (b + 1) * rows : s;
    return bh * s * d * e + 2 * bh * keys * d * e + bh * s * d * o;
}

static inline struct at_traffic at_traffic_of(int rung, double bh, double s, double d,
                                              bool causal, double e)
{
    double qkv = bh * s * d * e, out = bh * s * d * 4.0, n2 = bh * s * s;
    double tile = at_tile_share(s, AT_TILE, causal), row = at_row_share(s, causal);
    struct at_traffic t = {at_min_bytes(bh, s, d, e), AT_MODEL_MIN, false};
    switch (at_model_kind(rung)) {
    case 1: /* Q, K; scores out; softmax in and out; P in; V; O */
        t.bytes = 2 * qkv + 4 * n2 * tile + 4 * n2 * row + 4 * n2 + 4 * n2 * tile + qkv + out;
        t.model = AT_MODEL_THREE, t.known = true;
        break;
    case 2: /* Q, K; every score out; softmax in, every P out; all of P in; V; O */
        t.bytes = 2 * qkv + 4 * n2 + 4 * n2 * row + 2 * n2 + 2 * n2 + qkv + out;
        t.model = AT_MODEL_CUBLAS, t.known = true;
        break;
    case 3:
        t.bytes = at_stream_bytes(bh, s, d, causal, e, AT_FLASH_ROWS, 4.0);
        t.model = AT_MODEL_FLASH, t.known = true;
        break;
    case 4:
        t.bytes = at_stream_bytes(bh, s, d, causal, e, AT_FLASH_ROWS, e);
        t.model = AT_MODEL_CUDNN, t.known = true;
        break;
    default:
        break;
    }
    return t;
}

#endif
