// mg_coll.cu: NCCL's collectives by size, checked exactly before they are
// timed, and the matmul split by rows over 1..n GPUs (mg_gpu.h).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ck_cuda.cuh"
#include "cublas_dl.h"
#include "mg_gpu.h"
#include "mg_kernels.cuh"

#define NCCL_CHECK(err, nc, expr) CK_CHECK_STATUS(err, expr, MG_NCCL_SUCCESS, (nc)->error_string)

static double now_ms()
{
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

int mg_comms_open(struct mg_comms *c, const struct mg_nccl *nc, int ndev, struct ck_err *err)
{
    *c = mg_comms{};
    c->nc = nc, c->ndev = ndev, c->rank0 = 0, c->nranks = ndev;
    for (int i = 0; i < ndev; i++)
        c->dev[i] = i;
    NCCL_CHECK(err, nc, nc->comm_init_all(c->comm, ndev, c->dev));
    return CK_OK;
}

int mg_comms_open_rank(struct mg_comms *c, const struct mg_nccl *nc, int dev, int rank,
                       int nranks, const mg_nccl_id *id, struct ck_err *err)
{
    *c = mg_comms{};
    c->nc = nc, c->ndev = 1, c->dev[0] = dev, c->rank0 = rank, c->nranks = nranks;
    CUDA_CHECK(err, cudaSetDevice(dev));
    NCCL_CHECK(err, nc, nc->comm_init_rank(&c->comm[0], nranks, *id, rank));
    return CK_OK;
}

void mg_comms_close(struct mg_comms *c)
{
    for (int i = 0; i < c->ndev; i++)
        if (c->comm[i])
            c->nc->comm_destroy(c->comm[i]);
    c->ndev = 0;
}




struct coll_bufs {
    float *send[MG_MAX_GPUS] = {}, *recv[MG_MAX_GPUS] = {};
    unsigned long long *wrong[MG_MAX_GPUS] = {};
    cudaStream_t s[MG_MAX_GPUS] = {};
    size_t nsend = 0, nrecv = 0;
};

static void bufs_free(const struct mg_comms *c, coll_bufs *b)
{
    for (int d = 0; d < c->ndev; d++) {
        cudaSetDevice(c->dev[d]);
        cudaFree(b->send[d]), cudaFree(b->recv[d]), cudaFree(b->wrong[d]);
        if (b->s[d])
            cudaStreamDestroy(b->s[d]);
    }
}

static int launch(const struct mg_comms *c, enum mg_coll op, coll_bufs *b, struct ck_err *err)
{
    const struct mg_nccl *nc = c->nc;
    NCCL_CHECK(err, nc, nc->group_start());
    for (int d = 0; d < c->ndev; d++) {
        void *s = b->s[d];
        int rc = op == MG_ALL_REDUCE ? nc->all_reduce(b->send[d], b->recv[d], b->nrecv,
                                                      MG_NCCL_FLOAT32, MG_NCCL_SUM, c->comm[d], s)
               : op == MG_ALL_GATHER ? nc->all_gather(b->send[d], b->recv[d], b->nsend,
                                                      MG_NCCL_FLOAT32, c->comm[d], s)
               : op == MG_REDUCE_SCATTER
                   ? nc->reduce_scatter(b->send[d], b->recv[d], b->nrecv, MG_NCCL_FLOAT32,
                                        MG_NCCL_SUM, c->comm[d], s)
                   : nc->broadcast(b->send[d], b->recv[d], b->nrecv, MG_NCCL_FLOAT32, 0,
                                   c->comm[d], s);
        if (rc != MG_NCCL_SUCCESS) {
            nc->group_end();
            snprintf(err->msg, sizeof err->msg, "%s: %s", mg_coll_id[op], nc->error_string(rc));
            return CK_ECUDA;
        }
    }
    NCCL_CHECK(err, nc, nc->group_end());
    return CK_OK;
}

static int sync_all(const struct mg_comms *c, coll_bufs *b, struct ck_err *err)
{
    for (int d = 0; d < c->ndev; d++) {
        CUDA_CHECK(err, cudaSetDevice(c->dev[d]));
        CUDA_CHECK(err, cudaStreamSynchronize(b->s[d]));
    }
    return CK_OK;
}

// the wrong elements of every rank, summed over every process (through
// NCCL itself when the ranks are in several processes)
static int check(const struct mg_comms *c, enum mg_coll op, coll_bufs *b, long long *wrong,
                 struct ck_err *err)
{
    size_t chunk = b->nrecv / (size_t)c->nranks;
    if (op == MG_ALL_GATHER)
        chunk = b->nsend;
    if (op == MG_REDUCE_SCATTER)
        chunk = b->nrecv;
    for (int d = 0; d < c->ndev; d++) {
        CUDA_CHECK(err, cudaSetDevice(c->dev[d]));
        CUDA_CHECK(err, cudaMemsetAsync(b->wrong[d], 0, sizeof *b->wrong[d], b->s[d]));
        CK_LAUNCH(err, mg_check_coll, 1024, 256, 0, b->s[d], b->recv[d], b->nrecv, (int)op,
                  c->rank0 + d, c->nranks, chunk, b->wrong[d]);
    }
    const struct mg_nccl *nc = c->nc;
    NCCL_CHECK(err, nc, nc->group_start());
    for (int d = 0; d < c->ndev; d++)
        NCCL_CHECK(err, nc, nc->all_reduce(b->wrong[d], b->wrong[d], 1, MG_NCCL_UINT64,
                                           MG_NCCL_SUM, c->comm[d], b->s[d]));
    NCCL_CHECK(err, nc, nc->group_end());
    unsigned long long w = 0;
    CUDA_CHECK(err, cudaSetDevice(c->dev[0]));
    CUDA_CHECK(err, cudaMemcpyAsync(&w, b->wrong[0], sizeof w, cudaMemcpyDeviceToHost, b->s[0]));
    int rc = sync_all(c, b, err);
    *wrong = (long long)w;
    return rc;
}

static int bufs_open(const struct mg_comms *c, enum mg_coll op, size_t bytes, coll_bufs *b,
                     struct ck_err *err)
{
    mg_coll_counts(op, c->nranks, bytes, sizeof(float), &b->nsend, &b->nrecv);
    for (int d = 0; d < c->ndev; d++) {
        CUDA_CHECK(err, cudaSetDevice(c->dev[d]));
        CUDA_CHECK(err, cudaStreamCreateWithFlags(&b->s[d], cudaStreamNonBlocking));
        CUDA_CHECK(err, cudaMalloc(&b->send[d], std::max<size_t>(b->nsend, 1) * sizeof(float)));
        CUDA_CHECK(err, cudaMalloc(&b->recv[d], std::max<size_t>(b->nrecv, 1) * sizeof(float)));
        CUDA_CHECK(err, cudaMalloc(&b->wrong[d], sizeof *b->wrong[d]));
        CK_LAUNCH(err, mg_fill_coll, 1024, 256, 0, b->s[d], b->send[d], b->nsend, c->rank0 + d);
        CUDA_CHECK(err, cudaMemsetAsync(b->recv[d], 0xff, b->nrecv * sizeof(float), b->s[d]));
    }
    return sync_all(c, b, err);
}

// the same for every rank, so that every process runs as many
static int reps_for(size_t bytes)
{
    return bytes <= ((size_t)1 << 20) ? 50 : bytes <= ((size_t)64 << 20) ? 20 : 5;
}

int mg_gpu_coll(const struct mg_comms *c, enum mg_coll op, size_t bytes, struct mg_coll_res *r,
                struct ck_err *err)
{
    coll_bufs b;
    *r = mg_coll_res{};
    r->ms = NAN;
    int rc = bufs_open(c, op, bytes, &b, err);
    if (rc == CK_OK && (rc = launch(c, op, &b, err)) == CK_OK &&
        (rc = sync_all(c, &b, err)) == CK_OK)
        rc = check(c, op, &b, &r->wrong, err);
    r->ok = rc == CK_OK && r->wrong == 0;
    if (rc == CK_OK && !r->ok)
        rc = CK_ECHECK;
    double t[3];
    int reps = reps_for(bytes);
    for (int k = -1; k < 3 && rc == CK_OK; k++) {   // k = -1: the warm-up batch
        double t0 = now_ms();
        for (int i = 0; i < reps && rc == CK_OK; i++)
            rc = launch(c, op, &b, err);
        if (rc == CK_OK)
            rc = sync_all(c, &b, err);
        if (k >= 0)
            t[k] = (now_ms() - t0) / reps;
    }
    if (rc == CK_OK) {
        std::sort(t, t + 3);
        r->ms = t[1], r->reps = 3 * reps;
    }
    bufs_free(c, &b);
    return rc;
}
