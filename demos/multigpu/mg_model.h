/* mg_model.h: the arithmetic of the multigpu demo, plain C (no CUDA, no
 * NCCL), so the CPU tests pin every number the demo derives.
 *
 *   bus bandwidth     nccl-tests' definitions (its doc/PERFORMANCE.md):
 *                     algbw = S / t, busbw = algbw * factor, where factor
 *                     is 2(n-1)/n for all-reduce, (n-1)/n for all-gather
 *                     and reduce-scatter, 1 for broadcast; S is the
 *                     largest buffer of the operation (all-gather's
 *                     output, reduce-scatter's input), so busbw can be
 *                     set against a link's peak whatever n is.
 *   the split         data parallelism: `total` rows dealt to `parts`
 *                     GPUs in contiguous slices, the first total % parts
 *                     one row longer; scaling efficiency t1 / (n * tn).
 *   link peaks        GB/s per direction of one NVLink link by its
 *                     generation, from NVIDIA's NVLink figures (a pair's
 *                     peak is its links times that); PCIe's is link.h's.
 *   sizes             the sweep: 4 KiB times powers of 4 up to a maximum.
 */
#ifndef MG_MODEL_H
#define MG_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum mg_coll { MG_ALL_REDUCE, MG_ALL_GATHER, MG_REDUCE_SCATTER, MG_BROADCAST, MG_NCOLL };

/* id (the records' `op`), the table's label */
extern const char *const mg_coll_id[MG_NCOLL];

/* The bus factor of an operation over n ranks (0 for n < 1). */
double mg_bus_factor(enum mg_coll c, int n);
/* GB/s (1e9 bytes per second) of `bytes` in `ms`; NAN when ms is not > 0. */
double mg_algbw(double bytes, double ms);
double mg_busbw(enum mg_coll c, int n, double bytes, double ms);
/* Elements of the send and receive buffers of one rank for an operation
 * of `bytes` (the largest buffer) of `elem`-byte elements over n ranks:
 * all-reduce and broadcast count = bytes / elem each; all-gather sends
 * count/n and receives count; reduce-scatter sends count, receives
 * count/n.  count is rounded down to a multiple of n. */
void mg_coll_counts(enum mg_coll c, int n, size_t bytes, size_t elem, size_t *send,
                    size_t *recv);

/* Rows [*off, *off + *len) of `total` for part i of `parts`. */
void mg_split(size_t total, int parts, int i, size_t *off, size_t *len);
/* t1 / (n * tn): 1 is perfect scaling; NAN when a time is not > 0. */
double mg_efficiency(double t1_ms, double tn_ms, int n);

/* GB/s per direction of one NVLink link of generation gen (1..5), 0 when
 * not in the table. */
double mg_nvlink_gbs(int gen);

/* The sweep's sizes: MG_MIN_BYTES * 4^k <= max, into out (at most cap);
 * returns how many. */
#define MG_MIN_BYTES ((size_t)4 << 10)
#define MG_MAX_BYTES ((size_t)1 << 30)
#define MG_QUICK_BYTES ((size_t)16 << 20)
#define MG_MAX_SIZES 12
int mg_sizes(size_t max, size_t *out, int cap);

#ifdef __cplusplus
}
#endif

#endif
