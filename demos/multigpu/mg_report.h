/* mg_report.h: the multigpu demo's result lines and its table.
 *
 * Records (demos/README.md, "multigpu"), after the device record:
 *   gpu    one per GPU: index, name, bus, cc, nvlinks, nvlink_gen, pcie_gbs
 *   link   one per ordered pair: src, dst, kind (self, nvlink, nvswitch,
 *          pcie, unknown), links, peer (peer access possible), peak_gbs
 *   peer   one peer copy: src, dst, bytes, access (on/off), direction
 *          (one/both), ok, ms, gbs (bytes moved, both ways counted), peak_gbs
 *   coll   one collective at one size: variant (its op), ranks, procs,
 *          bytes, ok, wrong, ms, algbw, busbw, factor, algo
 *   split  variant split-matmul over `gpus`: m n k, ok, ms, comm_ms,
 *          gflops, efficiency, efficiency_comm (against the 1-GPU run's
 *          ms); variant split-reduce: n (integers summed), gbs instead of
 *          gflops
 *   model  without a GPU: the bus factor of an op over `ranks` and the
 *          bytes each rank sends for `bytes` (arithmetic, not measured)
 *   needs  a part this machine cannot run: needs (GPUs it takes), why (a
 *          code: no-gpu, one-gpu-peer, one-rank, one-gpu-split, no-nccl)
 *          and reason (the words)
 */
#ifndef MG_REPORT_H
#define MG_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "mg_model.h"
#include "mg_topo.h"

struct mg_peer_row {
    int src, dst;
    size_t bytes;
    bool on, both, ok;
    double ms, peak;
    char why[160];
};
struct mg_coll_row {
    enum mg_coll op;
    int ranks, procs;
    size_t bytes;
    bool ok;
    long long wrong;
    double ms;
    char why[160];
};
struct mg_split_row {
    bool reduce;        /* the split reduce (count integers), else the matmul (m n k) */
    long long count;
    int gpus, m, n, k;
    bool ok;
    double ms, comm_ms, eff, eff_comm;
    char why[160];
};

void mg_rec_topo(const struct mg_topo *t, FILE *f);
void mg_rec_peer(const struct mg_peer_row *p, FILE *f);
void mg_rec_coll(const struct mg_coll_row *c, FILE *f);
void mg_rec_split(const struct mg_split_row *s, FILE *f);
void mg_rec_needs(const char *variant, int gpus, const char *why, const char *reason, FILE *f);
void mg_rec_model(FILE *f);

void mg_table_topo(const struct mg_topo *t, FILE *f);
void mg_table_peer(const struct mg_peer_row *p, int n, FILE *f);
void mg_table_coll(const struct mg_coll_row *c, int n, FILE *f);
void mg_table_split(const struct mg_split_row *s, int n, FILE *f);
void mg_table_model(FILE *f);
void mg_size_label(size_t b, char *out, size_t n);

#endif
