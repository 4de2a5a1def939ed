/* attn_traffic.h: the attention demo's traffic model, the HBM bytes one
 * run of each rung moves at the least (each kernel reads its operands
 * once and writes its result once; caches that hold more are a bonus the
 * measured time shows), and the extra memory the rung needs beyond Q, K,
 * V and O: the S×S matrix. Plain C, header only; e is the input element's
 * bytes (2), bh = B·H, c = 1 causal (half the S×S work and bytes, about).
 *
 *   three-kernel    Q·Kᵀ: read Q, K, write FP32 scores; softmax: read and
 *                   write them; P·V: read P (FP32), V, write O (FP32)
 *   cublas-softmax  the same with 16-bit P: scores written, read, P
 *                   written, read
 *   flash-mma       Q read once, K and V once per 64-row query block
 *                   (half the blocks' worth when causal), O written
 *   cudnn-sdpa      the floor: Q, K and V read once, the 16-bit O written
 *                   once (cuDNN's tiling is its own; it reads K and V
 *                   again per query tile, which the measured time shows)
 *   cpu-naive       the inputs and O once (the caches hold the rest) */
#ifndef AT_TRAFFIC_H
#define AT_TRAFFIC_H

#include <stdbool.h>

#define AT_FLASH_ROWS 64.0

/* FLOPs of one run: 4·B·H·S²·D (two products of 2·S²·D), half when causal */
static inline double at_flops(double bh, double s, double d, bool causal)
{
    return 4.0 * bh * s * s * d * (causal ? 0.5 : 1.0);
}

/* the S×S bytes a rung keeps in device memory (0 for the fused rung) */
static inline double at_extra_bytes(int rung_kind, double bh, double s)
{
    return rung_kind == 1 ? 4.0 * bh * s * s         /* FP32 scores, P in place */
           : rung_kind == 2 ? 6.0 * bh * s * s       /* FP32 scores + 16-bit P */
                            : 0.0;
}

/* rung_kind: 1 three-kernel, 2 cublas-softmax, 3 flash, 4 cudnn, 0 cpu */
static inline double at_hbm_bytes(int rung_kind, double bh, double s, double d,
                                  bool causal, double e)
{
    double qkv = bh * s * d * e, out = bh * s * d * 4.0, n2 = bh * s * s;
    double half = causal ? 0.5 : 1.0;
    switch (rung_kind) {
    case 1:
        return 2 * qkv + 4 * n2 * half + 8 * n2 + 4 * n2 * half + qkv + out;
    case 2:
        return 2 * qkv + 4 * n2 + 4 * n2 + 2 * n2 + 2 * n2 + qkv + out;
    case 3: {
        double blocks = (double)(long long)((s + AT_FLASH_ROWS - 1) / AT_FLASH_ROWS);
        double kv = 2 * qkv * (causal ? (blocks + 1) / 2 : blocks);
        return qkv + kv + out;
    }
    case 4:
        return 4 * qkv;
    default:
        return 3 * qkv + out;
    }
}

#endif
