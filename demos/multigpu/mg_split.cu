// mg_split.cu: the matmul C = A B split by rows of A over the first
// `gpus` GPUs (data parallelism): each computes its rows with cuBLAS's
// SGEMM; B is broadcast and C all-gathered through NCCL, timed apart as
// the communication the split costs (mg_gpu.h).  Inputs are -2..2 and
// every checked output is exact (mg_pattern.h).
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
enum { SEED_A = 11, SEED_B = 23, CHECK_COLS = 16 };


struct part {
    float *a = nullptr, *b = nullptr, *c = nullptr, *all = nullptr;
    size_t off = 0, rows = 0;
    cudaStream_t s = nullptr;
    cublasHandle_t h = nullptr;
};

static double wall_ms()
{
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch()).count();
}

static int part_open(part *p, int g, int gpus, int m, int n, int k, size_t rmax,
                     const struct ck_cublas *cb, struct ck_err *err)
{
    mg_split((size_t)m, gpus, g, &p->off, &p->rows);
    CUDA_CHECK(err, cudaSetDevice(g));
    CUDA_CHECK(err, cudaStreamCreateWithFlags(&p->s, cudaStreamNonBlocking));
    CUDA_CHECK(err, cudaMalloc(&p->a, std::max<size_t>(p->rows, 1) * k * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc(&p->b, (size_t)k * n * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc(&p->c, rmax * n * sizeof(float)));
    CUDA_CHECK(err, cudaMalloc(&p->all, rmax * gpus * n * sizeof(float)));
    CK_LAUNCH(err, mg_fill_mm, 1024, 256, 0, p->s, p->a, p->rows * k, p->off * k, SEED_A);
    CK_LAUNCH(err, mg_fill_mm, 1024, 256, 0, p->s, p->b, (size_t)k * n, 0, SEED_B);
    CUBLAS_CHECK(err, cb->create(&p->h));
    CUBLAS_CHECK(err, cb->set_math(p->h, CUBLAS_DEFAULT_MATH));
    // cuBLAS runs on the legacy stream, which does not wait for p->s
    CUDA_CHECK(err, cudaStreamSynchronize(p->s));
    return CK_OK;
}

static void part_close(part *p, int g, const struct ck_cublas *cb)
{
    cudaSetDevice(g);
    if (p->h)
        cb->destroy(p->h);
    cudaFree(p->a), cudaFree(p->b), cudaFree(p->c), cudaFree(p->all);
    if (p->s)
        cudaStreamDestroy(p->s);
}

// row-major C (rows x n) = A (rows x k) B (k x n), as column-major
// C^T = B^T A^T, so no transpose is needed
static int part_gemm(part *p, int g, int n, int k, const struct ck_cublas *cb, struct ck_err *err)
{
    const float one = 1, zero = 0;
    if (!p->rows)
        return CK_OK;
    CUDA_CHECK(err, cudaSetDevice(g));
    CUBLAS_CHECK(err, cb->sgemm(p->h, CUBLAS_OP_N, CUBLAS_OP_N, n, (int)p->rows, k, &one, p->b,
                                n, p->a, k, &zero, p->c, n));
    return CK_OK;
}

static int sync_parts(part *ps, int gpus, struct ck_err *err)
{
    (void)ps;
    for (int g = 0; g < gpus; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        CUDA_CHECK(err, cudaDeviceSynchronize());
    }
    return CK_OK;
}

// the first and last row of each part at CHECK_COLS columns, against the
// host's sums of the same integers
static int check_parts(part *ps, int gpus, int n, int k, struct mg_split_res *r,
                       struct ck_err *err)
{
    std::vector<float> row((size_t)n);
    r->ok = true;
    for (int g = 0; g < gpus && r->ok; g++)
        for (int w = 0; w < 2 && ps[g].rows && r->ok; w++) {
            size_t local = w ? ps[g].rows - 1 : 0, i = ps[g].off + local;
            CUDA_CHECK(err, cudaSetDevice(g));
            CUDA_CHECK(err, cudaMemcpy(row.data(), ps[g].c + local * n, n * sizeof(float),
                                       cudaMemcpyDeviceToHost));
            for (int t = 0; t < CHECK_COLS && r->ok; t++) {
                size_t j = (size_t)t * (size_t)(n - 1) / (CHECK_COLS - 1);
                double want = 0;
                for (int q = 0; q < k; q++)
                    want += (double)mg_mm_val(SEED_A, i * k + q) * mg_mm_val(SEED_B, (size_t)q * n + j);
                if ((double)row[j] != want) {
                    r->ok = false;
                    snprintf(r->why, sizeof r->why, "C[%zu][%zu] on GPU %d is %g, want %g", i, j,
                             g, (double)row[j], want);
                }
            }
        }
    return CK_OK;
}

static int time_compute(part *ps, int gpus, int n, int k, const struct ck_cublas *cb,
                        double *ms, struct ck_err *err)
{
    double t[3];
    int rc = CK_OK, reps = 3;
    for (int b = 0; b < 3 && rc == CK_OK; b++) {
        double t0 = wall_ms();
        for (int r = 0; r < reps && rc == CK_OK; r++)
            for (int g = 0; g < gpus && rc == CK_OK; g++)
                rc = part_gemm(&ps[g], g, n, k, cb, err);
        if (rc == CK_OK)
            rc = sync_parts(ps, gpus, err);
        t[b] = (wall_ms() - t0) / reps;
    }
    std::sort(t, t + 3);
    *ms = t[1];
    return rc;
}

// one broadcast of B from GPU 0 and one all-gather of the slices of C
// (padded to the longest) on every GPU, queued on each GPU's stream
static int comm_once(part *ps, int gpus, int n, int k, size_t rmax, const struct mg_nccl *nc,
                     const struct mg_comms *c, struct ck_err *err)
{
    NCCL_CHECK(err, nc, nc->group_start());
    for (int g = 0; g < gpus; g++) {
        int rc = nc->broadcast(ps[g].b, ps[g].b, (size_t)k * n, MG_NCCL_FLOAT32, 0, c->comm[g],
                               ps[g].s);
        if (rc != MG_NCCL_SUCCESS) {
            nc->group_end();
            snprintf(err->msg, sizeof err->msg, "ncclBroadcast: %s", nc->error_string(rc));
            return CK_ECUDA;
        }
    }
    NCCL_CHECK(err, nc, nc->group_end());
    NCCL_CHECK(err, nc, nc->group_start());
    for (int g = 0; g < gpus; g++) {
        int rc = nc->all_gather(ps[g].c, ps[g].all, rmax * n, MG_NCCL_FLOAT32, c->comm[g], ps[g].s);
        if (rc != MG_NCCL_SUCCESS) {
            nc->group_end();
            snprintf(err->msg, sizeof err->msg, "ncclAllGather: %s", nc->error_string(rc));
            return CK_ECUDA;
        }
    }
    NCCL_CHECK(err, nc, nc->group_end());
    return CK_OK;
}

// the communication the split costs, timed: the median of 3 after one
// warm-up
static int time_comm(part *ps, int gpus, int n, int k, size_t rmax, const struct mg_nccl *nc,
                     double *ms, struct ck_err *err)
{
    struct mg_comms c;
    int rc = mg_comms_open(&c, nc, gpus, err);
    double t[3];
    for (int b = -1; b < 3 && rc == CK_OK; b++) {
        double t0 = wall_ms();
        if ((rc = comm_once(ps, gpus, n, k, rmax, nc, &c, err)) == CK_OK)
            rc = sync_parts(ps, gpus, err);
        if (b >= 0)
            t[b] = wall_ms() - t0;
    }
    if (c.ndev)
        mg_comms_close(&c);
    std::sort(t, t + 3);
    *ms = rc == CK_OK ? t[1] : NAN;
    return rc;
}

int mg_gpu_split_mm(const struct mg_nccl *nc, int gpus, int m, int n, int k,
                    struct mg_split_res *r, struct ck_err *err)
{
    struct ck_cublas *cb = ck_cublas_load();
    *r = mg_split_res{};
    r->ms = r->comm_ms = NAN;
    if (!cb) {
        snprintf(err->msg, sizeof err->msg, "cuBLAS not found");
        return CK_ECUDA;
    }
    std::vector<part> ps((size_t)gpus);
    size_t off, rmax;
    mg_split((size_t)m, gpus, 0, &off, &rmax);
    int rc = CK_OK;
    for (int g = 0; g < gpus && rc == CK_OK; g++)
        rc = part_open(&ps[g], g, gpus, m, n, k, rmax, cb, err);
    for (int g = 0; g < gpus && rc == CK_OK; g++) {
        CUDA_CHECK(err, cudaSetDevice(g));
        rc = part_gemm(&ps[g], g, n, k, cb, err);
    }
    if (rc == CK_OK && (rc = sync_parts(ps.data(), gpus, err)) == CK_OK &&
        (rc = check_parts(ps.data(), gpus, n, k, r, err)) == CK_OK && !r->ok)
        rc = CK_ECHECK;
    if (rc == CK_OK)
        rc = time_compute(ps.data(), gpus, n, k, cb, &r->ms, err);
    if (rc == CK_OK && nc)
        rc = time_comm(ps.data(), gpus, n, k, rmax, nc, &r->comm_ms, err);
    for (int g = 0; g < gpus; g++)
        part_close(&ps[g], g, cb);
    ck_cublas_free(cb);
    return rc;
}
