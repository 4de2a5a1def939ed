// mg_reduce.cu: the sum of n small integers split by ranges over the
// first `gpus` GPUs (mg_gpu.h): each GPU sums its range in 64-bit
// integers, then one 8-byte NCCL all-reduce combines the partial sums, so
// the communication a reduce split pays is latency, not bandwidth.  The
// sum is exact in any order and checked against its closed form
// (mg_pattern.h) before it is timed.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ck_cuda.cuh"
#include "mg_gpu.h"
#include "mg_kernels.cuh"

#define NCCL_CHECK(err, nc, expr) CK_CHECK_STATUS(err, expr, MG_NCCL_SUCCESS, (nc)->error_string)



struct red_part {
    int *v = nullptr;
    long long *sum = nullptr;
    size_t off = 0, len = 0;
    cudaStream_t s = nullptr;
};

static double wall_ms()
{
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

static int red_open(red_part *p, int g, int gpus, size_t n, struct ck_err *err)
{
    mg_split(n, gpus, g, &p->off, &p->len);
    CUDA_CHECK(err, cudaSetDevice(g));
    CUDA_CHECK(err, cudaStreamCreateWithFlags(&p->s, cudaStreamNonBlocking));
    CUDA_CHECK(err, cudaMalloc(&p->v, std::max<size_t>(p->len, 1) * sizeof(int)));
    CUDA_CHECK(err, cudaMalloc(&p->sum, sizeof(long long)));
    CK_LAUNCH(err, mg_fill_red, 1024, 256, 0, p->s, p->v, p->len, p->off);
    CUDA_CHECK(err, cudaStreamSynchronize(p->s));
    return CK_OK;
}

static void red_close(red_part *p, int g)
{
    cudaSetDevice(g);
    cudaFree(p->v), cudaFree(p->sum);
    if (p->s)
        cudaStreamDestroy(p->s);
}

// every GPU's partial sum, queued; then waits for all
static int red_compute(red_part *ps, int gpus, struct ck_err *err)
{
    for (int g = 0; g < gpus; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        CUDA_CHECK(err, cudaMemsetAsync(ps[g].sum, 0, sizeof(long long), ps[g].s));
        CK_LAUNCH(err, mg_sum_red, 2048, 256, 0, ps[g].s, ps[g].v, ps[g].len,
                  (unsigned long long *)ps[g].sum);
    }
    for (int g = 0; g < gpus; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        CUDA_CHECK(err, cudaStreamSynchronize(ps[g].s));
    }
    return CK_OK;
}

// the partial sums all-reduced in place (8 bytes per GPU); then waits
static int red_comm(red_part *ps, int gpus, const struct mg_comms *c, struct ck_err *err)
{
    const struct mg_nccl *nc = c->nc;
    NCCL_CHECK(err, nc, nc->group_start());
    for (int g = 0; g < gpus; g++) {
        int rc = nc->all_reduce(ps[g].sum, ps[g].sum, 1, MG_NCCL_INT64, MG_NCCL_SUM, c->comm[g],
                                ps[g].s);
        if (rc != MG_NCCL_SUCCESS) {
            nc->group_end();
            snprintf(err->msg, sizeof err->msg, "ncclAllReduce: %s", nc->error_string(rc));
            return CK_ECUDA;
        }
    }
    NCCL_CHECK(err, nc, nc->group_end());
    for (int g = 0; g < gpus; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        CUDA_CHECK(err, cudaStreamSynchronize(ps[g].s));
    }
    return CK_OK;
}

// the median of 3 batches of 5, each after the same work once
template <typename F> static int median_ms(F run, double *ms)
{
    double t[3];
    int rc = run();
    for (int b = 0; b < 3 && rc == CK_OK; b++) {
        double t0 = wall_ms();
        for (int r = 0; r < 5 && rc == CK_OK; r++)
            rc = run();
        t[b] = (wall_ms() - t0) / 5;
    }
    std::sort(t, t + 3);
    *ms = rc == CK_OK ? t[1] : NAN;
    return rc;
}

// the check: every GPU's partial sum, combined on the host (and through
// NCCL when there is one), against the closed form
static int red_check(red_part *ps, int gpus, size_t n, const struct mg_comms *c,
                     struct mg_split_res *r, struct ck_err *err)
{
    int rc = red_compute(ps, gpus, err);
    long long want = mg_red_sum(n), host = 0, part = 0, after = 0;
    for (int g = 0; g < gpus && rc == CK_OK; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        CUDA_CHECK(err, cudaMemcpy(&part, ps[g].sum, sizeof part, cudaMemcpyDeviceToHost));
        host += part;
    }
    if (rc == CK_OK && c && (rc = red_comm(ps, gpus, c, err)) == CK_OK) {
        CUDA_CHECK(err, cudaSetDevice(gpus - 1));
        CUDA_CHECK(err, cudaMemcpy(&after, ps[gpus - 1].sum, sizeof after, cudaMemcpyDeviceToHost));
    } else {
        after = host;
    }
    r->ok = rc == CK_OK && host == want && after == want;
    if (rc == CK_OK && !r->ok)
        snprintf(r->why, sizeof r->why, "sum of %zu integers: %lld on the GPUs, %lld after "
                 "NCCL, want %lld", n, host, after, want);
    return rc;
}

int mg_gpu_split_reduce(const struct mg_nccl *nc, int gpus, size_t n, struct mg_split_res *r,
                        struct ck_err *err)
{
    std::vector<red_part> ps((size_t)gpus);
    struct mg_comms c = {};
    *r = mg_split_res{};
    r->ms = r->comm_ms = NAN;
    int rc = CK_OK;
    for (int g = 0; g < gpus && rc == CK_OK; g++)
        rc = red_open(&ps[g], g, gpus, n, err);
    if (rc == CK_OK && nc)
        rc = mg_comms_open(&c, nc, gpus, err);
    if (rc == CK_OK && (rc = red_check(ps.data(), gpus, n, nc ? &c : nullptr, r, err)) == CK_OK &&
        !r->ok)
        rc = CK_ECHECK;
    if (rc == CK_OK)
        rc = median_ms([&] { return red_compute(ps.data(), gpus, err); }, &r->ms);
    if (rc == CK_OK && nc)
        rc = median_ms([&] { return red_comm(ps.data(), gpus, &c, err); }, &r->comm_ms);
    if (c.ndev)
        mg_comms_close(&c);
    for (int g = 0; g < gpus; g++)
        red_close(&ps[g], g);
    return rc;
}
