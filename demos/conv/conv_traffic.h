/* conv_traffic.h: each convolution rung's own memory-traffic model, the one
 * place the roofline's per-rung arithmetic intensity comes from (as
 * matmul/mm_traffic.h is for the matmul ladder). Plain C, header only: the
 * demo writes model_bytes / model_intensity / model into its records
 * (conv.c); the tutorial's unit tests check the formulas.
 *
 * Counted: FP32 elements (4 bytes) that the kernels' own load and store
 * instructions move to and from global memory, as if no cache served a
 * repeated load. Out-of-image taps are not loaded (the kernels test them),
 * so they are not counted. vh = Σ over output rows p and filter rows r of
 * [p·stride − pad + r·dil inside 0..H−1], vw likewise: an (n, c) plane
 * feeds N·C·vh·vw multiply-adds per filter. NPQ = N·P·Q, CRS = C·R·S:
 *
 *  naive          x and w per multiply-add: 2·K·N·C·vh·vw  "no reuse: 2 loads per FMA"
 *  smem-direct    per block (8x32 pixels and 8 filters, 8x16 and 16, or
 *                 8x8 and 32: sd_tile.h, as wide as the output) and
 *                 channel, the input patch with its halo once and the
 *                 filters' R·S taps       "8x32-pixel patches + halo, 8 filters"
 *                                         (or 8x16 ... 16, 8x8 ... 32)
 *  im2col-gemm    x read once into col (N·C·vh·vw), col written (CRS·NPQ),
 *                 then a 64x64-tile GEMM: col read ⌈K/64⌉ times, w
 *                 ⌈NPQ/64⌉ times                  "im2col written and read, 64x64 tiles"
 *  implicit-gemm  128-pixel x 64-filter tiles: x gathered once per filter
 *                 tile (N·C·vh·vw·⌈K/64⌉), w once per pixel tile
 *                                                  "x gathered per 128x64 tile"
 *  winograd       F(2x2, 3x3), T = N·⌈P/2⌉·⌈Q/2⌉ tiles, padded as the
 *                 workspace is (Tp to 128, Cp to 16, Kp to 64): filters
 *                 K·C·9 read, U 16·Cp·Kp written; 4x4 patches 16·C·T read,
 *                 V 16·Cp·Tp written; 16 GEMMs read U ⌈Tp/128⌉ times and
 *                 V ⌈Kp/64⌉ times, write M 16·Kp·Tp; the output transform
 *                 reads 16·K·T                     "Winograd transforms + 16 GEMMs"
 *  winograd4      F(4x4, 3x3): the same with 36 planes, T = N·⌈P/4⌉·⌈Q/4⌉,
 *                 6x6 patches (36·C·T read); the GEMM tile of wg4_rule.h
 *                 (bt x bk, on the H200: wg4_h200) sets how often U and V are read,
 *                 its split how many partial M are written and read
 *                                                  "Winograd F(4x4) transforms + 36 GEMMs"
 *  cuDNN, CPU     unknown: the minimum traffic     "unknown: minimum traffic"
 *
 * and y written once (N·K·P·Q) by every rung. The minimum traffic (the
 * record's `intensity`) reads x and w once. */
#ifndef CK_CONV_TRAFFIC_H
#define CK_CONV_TRAFFIC_H

#include "conv_ladder.h"
#include "sd_tile.h"
#include "wg4_rule.h"

/* smem-direct's model names (one per tile of sd_tile.h), written by
 * CONV_TRAFFIC_PATCH_NAME and read back by the tutorial's src/core/traffic.c
 * through CONV_TRAFFIC_PATCH: the one wording of both. */
#define CONV_TRAFFIC_PATCH "%dx%d-pixel patches + halo, %d filters"
#define CONV_TRAFFIC_PATCH_NAME(tp, tq, kt) #tp "x" #tq "-pixel patches + halo, " #kt " filters"

struct conv_traffic {
    double loads, stores;  /* FP32 elements from and to global memory */
    double bytes;          /* 4·(loads + stores) */
    const char *model;
    int known;             /* 0: no model of this rung, minimum traffic */
};

/* ⌊a/b⌋ for b >= 1, a of either sign. */
static inline long conv_traffic_floor(long a, long b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Taps inside the input along one axis: Σ_o Σ_f [0 <= o·st − pad + f·dil < in],
 * per tap f the outputs o from ⌈(pad − f·dil)/st⌉ to ⌊(in − 1 + pad − f·dil)/st⌋
 * that lie in 0..out−1 (O(f), not O(out·f)). */
static inline double conv_traffic_valid(int in, int out, int f, int pad, int st, int dil)
{
    double v = 0;
    for (int j = 0; j < f; j++) {
        long base = (long)pad - (long)j * dil;
        long lo = -conv_traffic_floor(-base, st);          /* ⌈base/st⌉ */
        long hi = conv_traffic_floor(in - 1 + base, st);
        lo = lo < 0 ? 0 : lo;
        hi = hi > out - 1 ? out - 1 : hi;
        v += hi >= lo ? (double)(hi - lo + 1) : 0;
    }
    return v;
}

/* Input elements inside the image that tiles of `tile` outputs stage along
 * one axis: each tile's window of (tile−1)·st + (f−1)·dil + 1 inputs,
 * clipped to 0..in−1, summed over the ⌈out/tile⌉ tiles. */
static inline double conv_traffic_patch(int in, int out, int f, int pad, int st,
                                        int dil, int tile)
{
    long span = (long)(tile - 1) * st + (long)(f - 1) * dil + 1;
    double v = 0;
    for (int t = 0; t * tile < out; t++) {
        long a = (long)t * tile * st - pad, b = a + span;
        a = a < 0 ? 0 : a;
        b = b > in ? in : b;
        v += b > a ? (double)(b - a) : 0;
    }
    return v;
}

static inline double conv_traffic_up(double a, int b)
{
    return (double)(((long long)a + b - 1) / b);
}

/* The model for rung r on the problem n..q (the conv_shape fields). */
static inline struct conv_traffic conv_traffic_of(enum conv_rung_id r, int n, int c,
                                                  int h, int w, int k, int fr,
                                                  int fs, int pad, int st, int dil,
                                                  int p, int q)
{
    double npq = (double)n * p * q, crs = (double)c * fr * fs;
    double plane = conv_traffic_valid(h, p, fr, pad, st, dil) *
                   conv_traffic_valid(w, q, fs, pad, st, dil);
    double x_taps = (double)n * c * plane;   /* in-image x loads for one filter */
    struct conv_traffic t = {0, (double)n * k * p * q, 0, "", 1};
    switch (r) {
    case CONV_NAIVE:
        t.loads = 2.0 * k * x_taps;
        t.model = "no reuse: 2 loads per FMA";
        break;
    case CONV_SMEM_DIRECT: { /* 02_smem_direct.cuh, its tile from sd_tile.h */
        struct sd_tile b = sd_tile_of(q, fr, fs, st, dil);
        t.loads = (double)n * c * conv_traffic_up(k, b.groups * SD_KT) *
                      conv_traffic_patch(h, p, fr, pad, st, dil, SD_TP) *
                      conv_traffic_patch(w, q, fs, pad, st, dil, b.tq) +
                  conv_traffic_up(p, SD_TP) * conv_traffic_up(q, b.tq) * n * (double)k * crs;
        t.model = b.tq == 32   ? CONV_TRAFFIC_PATCH_NAME(8, 32, 8)
                  : b.tq == 16 ? CONV_TRAFFIC_PATCH_NAME(8, 16, 16)
                               : CONV_TRAFFIC_PATCH_NAME(8, 8, 32);
        break;
    }
    case CONV_IM2COL_GEMM: /* 03_im2col_gemm.cuh: IC_T 64 */
        t.loads = x_taps + crs * npq * conv_traffic_up(k, 64) +
                  (double)k * crs * conv_traffic_up(npq, 64);
        t.stores += crs * npq;
        t.model = "im2col written and read, 64x64 tiles";
        break;
    case CONV_IMPLICIT_GEMM: /* 04_implicit_gemm.cuh: 128 pixels x 64 filters */
        t.loads = x_taps * conv_traffic_up(k, 64) +
                  (double)k * crs * conv_traffic_up(npq, 128);
        t.model = "x gathered per 128x64 tile";
        break;
    case CONV_WINOGRAD: { /* 05_winograd.cuh: WG_BT 128, WG_BK 64, WG_BC 16 */
        double tiles = (double)n * conv_traffic_up(p, 2) * conv_traffic_up(q, 2);
        double tp = conv_traffic_up(tiles, 128) * 128, cp = conv_traffic_up(c, 16) * 16;
        double kp = conv_traffic_up(k, 64) * 64;
        t.loads = (double)k * c * 9 + 16.0 * c * tiles +
                  16.0 * cp * kp * (tp / 128) + 16.0 * cp * tp * (kp / 64) +
                  16.0 * k * tiles;
        t.stores += 16.0 * cp * kp + 16.0 * cp * tp + 16.0 * kp * tp;
        t.model = "Winograd transforms + 16 GEMMs";
        break;
    }
    case CONV_WINOGRAD4: { /* 06_winograd4.cuh: padded like rung 5 */
        double tiles = (double)n * conv_traffic_up(p, 4) * conv_traffic_up(q, 4);
        double tp = conv_traffic_up(tiles, 128) * 128, cp = conv_traffic_up(c, 16) * 16;
        double kp = conv_traffic_up(k, 64) * 64;
        const struct wg4_plan pl = wg4_pick_shape(n, c, k, p, q, &wg4_h200);
        const struct wg4_tile_info *ti = &wg4_tiles[pl.tile];
        t.loads = (double)k * c * 9 + 36.0 * c * tiles +
                  36.0 * cp * kp * (tp / ti->bt) + 36.0 * cp * tp * (kp / ti->bk) +
                  36.0 * k * tiles * pl.split;
        t.stores += 36.0 * cp * kp + 36.0 * cp * tp + 36.0 * kp * tp * pl.split;
        t.model = "Winograd F(4x4) transforms + 36 GEMMs";
        break;
    }
    default:
        t.loads = (double)n * c * h * w + (double)k * crs;
        t.model = "unknown: minimum traffic";
        t.known = 0;
        break;
    }
    t.bytes = 4.0 * (t.loads + t.stores);
    return t;
}

#endif
