// mg_gpu.cu: the GPUs CUDA sees and the peer copies between them
// (mg_gpu.h).  Every copy is checked word by word on the GPU it arrived
// at before it is timed.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "ck_cuda.cuh"
#include "mg_gpu.h"
#include "mg_kernels.cuh"

int mg_gpu_topo(struct mg_topo *t, struct ck_err *err)
{
    int n = 0;
    CUDA_CHECK(err, cudaGetDeviceCount(&n));
    t->n = std::min(n, MG_MAX_GPUS);
    for (int i = 0; i < t->n; i++) {
        cudaDeviceProp p;
        CUDA_CHECK(err, cudaGetDeviceProperties(&p, i));
        snprintf(t->name[i], sizeof t->name[i], "%.95s", p.name);
        t->cc_major[i] = p.major, t->cc_minor[i] = p.minor;
        CUDA_CHECK(err, cudaDeviceGetPCIBusId(t->bus[i], (int)sizeof t->bus[i], i));
        for (int j = 0; j < t->n; j++) {
            int can = 0;
            if (j != i)
                CUDA_CHECK(err, cudaDeviceCanAccessPeer(&can, i, j));
            t->peer[i][j] = can != 0;
        }
    }
    return CK_OK;
}



// one direction's buffers: the source on src, the destination on dst
struct side {
    int src, dst;
    uint32_t *from = nullptr, *to = nullptr;
    cudaStream_t s = nullptr;
};

static int side_open(side *d, size_t bytes, uint32_t seed, struct ck_err *err)
{
    CUDA_CHECK(err, cudaSetDevice(d->src));
    CUDA_CHECK(err, cudaStreamCreateWithFlags(&d->s, cudaStreamNonBlocking));
    CUDA_CHECK(err, cudaMalloc(&d->from, bytes));
    CK_LAUNCH(err, mg_fill_words, 1024, 256, 0, d->s, d->from, bytes / 4, seed);
    CUDA_CHECK(err, cudaSetDevice(d->dst));
    CUDA_CHECK(err, cudaMalloc(&d->to, bytes));
    CUDA_CHECK(err, cudaMemset(d->to, 0, bytes));
    CUDA_CHECK(err, cudaDeviceSynchronize());
    CUDA_CHECK(err, cudaSetDevice(d->src));
    CUDA_CHECK(err, cudaStreamSynchronize(d->s));
    return CK_OK;
}

static void side_close(side *d)
{
    if (d->s) {
        cudaSetDevice(d->src);
        cudaStreamDestroy(d->s);
    }
    cudaSetDevice(d->src);
    cudaFree(d->from);
    cudaSetDevice(d->dst);
    cudaFree(d->to);
}

static int side_copy(side *d, size_t bytes)
{
    return d->src == d->dst
               ? (int)cudaMemcpyAsync(d->to, d->from, bytes, cudaMemcpyDeviceToDevice, d->s)
               : (int)cudaMemcpyPeerAsync(d->to, d->dst, d->from, d->src, bytes, d->s);
}

static int side_check(side *d, size_t bytes, uint32_t seed, struct mg_copy *out,
                      struct ck_err *err)
{
    unsigned long long *dev = nullptr, host[2] = {0, ~0ull};
    CUDA_CHECK(err, cudaSetDevice(d->dst));
    CUDA_CHECK(err, cudaMalloc(&dev, sizeof host));
    CUDA_CHECK(err, cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    CK_LAUNCH(err, mg_check_words, 1024, 256, 0, 0, d->to, bytes / 4, seed, dev, dev + 1);
    CUDA_CHECK(err, cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    CUDA_CHECK(err, cudaFree(dev));
    if (host[0] && out->ok) {
        out->ok = false;
        snprintf(out->why, sizeof out->why, "%llu of %zu words wrong on GPU %d, first at %llu",
                 host[0], bytes / 4, d->dst, host[1]);
    }
    return CK_OK;
}

// peer access on or off from src to dst (a no-op for one GPU)
static int set_peer(int src, int dst, bool on, struct ck_err *err)
{
    if (src == dst)
        return CK_OK;
    CUDA_CHECK(err, cudaSetDevice(src));
    cudaError_t e = on ? cudaDeviceEnablePeerAccess(dst, 0) : cudaDeviceDisablePeerAccess(dst);
    if (e == cudaErrorPeerAccessAlreadyEnabled || e == cudaErrorPeerAccessNotEnabled)
        e = cudaSuccess, (void)cudaGetLastError();
    CUDA_CHECK(err, e);
    return CK_OK;
}

static int run_batch(side *d, int nd, size_t bytes, int reps, double *ms, struct ck_err *err)
{
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < nd; k++)
            CUDA_CHECK(err, (cudaError_t)side_copy(&d[k], bytes));
    for (int k = 0; k < nd; k++)
        CUDA_CHECK(err, cudaStreamSynchronize(d[k].s));
    *ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() /
          reps;
    return CK_OK;
}

static int copy_measure(side *d, int nd, size_t bytes, int reps, uint32_t seed,
                        struct mg_copy *out, struct ck_err *err)
{
    double ms;
    int rc;
    out->ok = true;
    if ((rc = run_batch(d, nd, bytes, 1, &ms, err)) != CK_OK)
        return rc;
    for (int k = 0; k < nd; k++)
        if ((rc = side_check(&d[k], bytes, seed + (uint32_t)k, out, err)) != CK_OK)
            return rc;
    if (!out->ok)
        return CK_ECHECK;
    if ((rc = run_batch(d, nd, bytes, 2, &ms, err)) != CK_OK)
        return rc;
    // each timed batch about 5 ms, 7 batches
    int per = reps > 0 ? reps : std::max(1, std::min(200, (int)(5.0 / std::max(ms, 1e-3))));
    double t[7];
    for (int b = 0; b < 7; b++)
        if ((rc = run_batch(d, nd, bytes, per, &t[b], err)) != CK_OK)
            return rc;
    std::sort(t, t + 7);
    out->ms = t[3], out->ms_min = t[0], out->ms_max = t[6], out->reps = 7 * per;
    return CK_OK;
}

int mg_gpu_peer_copy(int src, int dst, size_t bytes, bool both, bool peer_on, int reps,
                     struct mg_copy *out, struct ck_err *err)
{
    side d[2];
    int nd = both && src != dst ? 2 : 1, rc = CK_OK;
    uint32_t seed = (uint32_t)(bytes * 31 + (size_t)src * 7 + (size_t)dst);
    *out = mg_copy{};
    d[0].src = src, d[0].dst = dst, d[1].src = dst, d[1].dst = src;
    for (int k = 0; k < nd && rc == CK_OK; k++)
        rc = set_peer(d[k].src, d[k].dst, peer_on, err);
    for (int k = 0; k < nd && rc == CK_OK; k++)
        rc = side_open(&d[k], bytes, seed + (uint32_t)k, err);
    if (rc == CK_OK)
        rc = copy_measure(d, nd, bytes, reps, seed, out, err);
    for (int k = 0; k < nd; k++)
        side_close(&d[k]);
    for (int k = 0; k < nd; k++)
        if (rc != CK_ECUDA)
            set_peer(d[k].src, d[k].dst, false, err);
    return rc;
}
