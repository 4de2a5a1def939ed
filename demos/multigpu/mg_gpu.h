/* mg_gpu.h: the multigpu demo's CUDA side, callable from C (mg_gpu.cu:
 * topology and peer copies; mg_coll.cu: NCCL's collectives and the split
 * matmul).  Every function returns enum ck_status and fills err.
 *
 * Peer copies: `bytes` from GPU src to GPU dst with cudaMemcpyPeerAsync,
 * with peer access enabled (the copy engines read the other GPU's memory
 * over NVLink or PCIe) or disabled (the driver stages the copy through
 * host memory); `both`: dst to src at the same time.  src == dst is a
 * copy inside one GPU, the reference a single GPU can give.  Checked word
 * by word before it is timed (wall clock over reps copies after two
 * warm-ups). */
#ifndef MG_GPU_H
#define MG_GPU_H

#include <stdbool.h>
#include <stddef.h>

#include "ck.h"
#include "mg_model.h"
#include "mg_topo.h"
#include "nccl_dl.h"
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Names, bus ids, compute capabilities and peer access of every GPU. */
int mg_gpu_topo(struct mg_topo *t, struct ck_err *err);

struct mg_copy {
    bool ok;            /* the words arrived */
    double ms;          /* median per copy (both: per pair of copies) */
    double ms_min, ms_max;
    int reps;
    char why[160];      /* when !ok: the first wrong word */
};
int mg_gpu_peer_copy(int src, int dst, size_t bytes, bool both, bool peer_on, int reps,
                     struct mg_copy *out, struct ck_err *err);

/* One collective at one size over the ranks a communicator set holds:
 * in one process every GPU (ndev devices, comms from ncclCommInitAll), or
 * in one process per GPU this process's (ndev 1, its global rank). */
struct mg_comms {
    const struct mg_nccl *nc;
    int ndev;                   /* GPUs this process drives */
    int dev[MG_MAX_GPUS];       /* their CUDA ordinals */
    mg_comm_t comm[MG_MAX_GPUS];
    int rank0, nranks;          /* the first's global rank; ranks in all */
};
int mg_comms_open(struct mg_comms *c, const struct mg_nccl *nc, int ndev, struct ck_err *err);
int mg_comms_open_rank(struct mg_comms *c, const struct mg_nccl *nc, int dev, int rank,
                       int nranks, const mg_nccl_id *id, struct ck_err *err);
void mg_comms_close(struct mg_comms *c);

struct mg_coll_res {
    bool ok;                    /* every rank's result exact */
    long long wrong;            /* elements wrong over all ranks */
    double ms;                  /* median of the timed batches, per operation */
    int reps;
};
/* bytes: the largest buffer (mg_coll_counts). */
int mg_gpu_coll(const struct mg_comms *c, enum mg_coll op, size_t bytes, struct mg_coll_res *r,
                struct ck_err *err);

/* The matmul C = A B (m x k times k x n, FP32, cuBLAS) split by rows of A
 * over the first `gpus` GPUs; comm_ms the broadcast of B and the
 * all-gather of C through NCCL over those GPUs. */
struct mg_split_res {
    bool ok;
    char why[160];
    double ms, comm_ms;         /* compute (every GPU's share done), communication */
};
int mg_gpu_split_mm(const struct mg_nccl *nc, int gpus, int m, int n, int k,
                    struct mg_split_res *r, struct ck_err *err);
/* The sum of n small integers split by ranges over the first `gpus`
 * GPUs: each sums its range (64-bit integers, exact), then the partial
 * sums are all-reduced through NCCL (comm_ms: one 8-byte all-reduce, the
 * latency a reduce split pays); checked against the closed form. */
int mg_gpu_split_reduce(const struct mg_nccl *nc, int gpus, size_t n, struct mg_split_res *r,
                        struct ck_err *err);

#ifdef __cplusplus
}
#endif

#endif
