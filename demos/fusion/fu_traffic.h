/* fu_traffic.h: the fusion demo's traffic model, the bytes one run of a
 * rung moves to and from memory at the least: each operand read once,
 * each output written once, and, for an unfused rung, the product written
 * to memory and read back by each step after it. Plain C, header only,
 * used by the demo's records and its table (the screen reads them from
 * the records).
 *
 *   unfused   inputs + bias + y written (the product) + y read and
 *             written (bias) + y read and written (activation) = in + 5y
 *   fused     inputs + bias + y written once                   = in + y
 * so a fused rung saves 4y, 16 bytes per output element: the intermediate
 * product's round trips, which is what fusion removes. The product's own
 * tile re-reads (a GEMM reads its inputs more than once from L2) are left
 * out of both, so the difference is exactly the chain's. */
#ifndef FU_TRAFFIC_H
#define FU_TRAFFIC_H

#include <stdbool.h>
#include "fu_num.h"

/* FLOPs of the product, 2·M·N·K (the epilogue's few per output are left
 * out), for `rows` of its M rows */
static inline double fu_flops(const struct fu_shape *s, double rows)
{
    return 2.0 * rows * s->n * s->k;
}

/* the bytes of y for `rows` rows of the product */
static inline double fu_y_bytes(const struct fu_shape *s, double rows)
{
    return 4.0 * rows * s->n;
}

/* the inputs' bytes for `rows` rows: the left operand's share and all of
 * the right operand and the bias */
static inline double fu_in_bytes(const struct fu_shape *s, double rows)
{
    double left = s->op == FU_GEMM ? rows * s->k
                  : rows / ((double)s->p * s->q) * s->c * s->h * s->w;
    return 4.0 * (left + (double)s->k * s->n + s->n);
}

static inline double fu_model_bytes(const struct fu_shape *s, double rows, bool fused)
{
    return fu_in_bytes(s, rows) + fu_y_bytes(s, rows) * (fused ? 1 : 5);
}

/* the records' `model`, which src/core/traffic.c translates */
#define FU_MODEL_FUSED "product written once"
#define FU_MODEL_UNFUSED "product written, read back twice"
static inline const char *fu_model_name(bool fused)
{
    return fused ? FU_MODEL_FUSED : FU_MODEL_UNFUSED;
}

#endif
