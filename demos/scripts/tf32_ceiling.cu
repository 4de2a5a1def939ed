// tf32_ceiling.cu: what limits the matmul tf32-mma rung (07_tf32_mma.cuh,
// and on sm_90 its TMA feed, 07_tf32_mma_tma.cuh, as the demo runs it),
// measured beside cuBLAS TF32 on this GPU. Built and run by
// demos/scripts/tf32_ceiling.sh (`make bench` calls it); not part of the
// demo. Two measurements, each as the median of PAIRS pairs of runs in which
// the two kernels alternate, queued back to back (so both meet the same
// clocks and power state, which on an H200 move cuBLAS TF32 itself by 10%
// from one second to the next):
//
//   rung      the tf32-mma rung at N^3 against cuBLAS TF32 at N^3, the
//             demos' random inputs (check.h), the rung checked against
//             cuBLAS TF32 first;
//   mma.sync  the instruction alone: every warp issues independent
//             mma.sync.m16n8k8 TF32 from registers (8 accumulators, random
//             operands, no memory traffic), one block of 8 warps per SM,
//             as many as the rung has issuing mma.sync, against the same
//             cuBLAS TF32 product.
//
// The second is about the most a kernel fed by mma.sync could reach (an
// estimate from above: its operands stay put in registers, so its Tensor
// Core inputs toggle less than a product's, and under a power cap it may
// clock higher than a kernel fed real data); the first over the second is
// how much of that the rung gets.
//
//   tf32_ceiling [N]   (default 4096; PAIRS=60)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublas_v2.h>
#include "07_tf32_mma_tma.cuh"
#include "check.h"

#define CK(x)                                                                  \
    do {                                                                       \
        cudaError_t e_ = (x);                                                  \
        if (e_ != cudaSuccess) {                                               \
            fprintf(stderr, "tf32_ceiling: %s: %s\n", #x, cudaGetErrorString(e_)); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

constexpr int CHAINS = 8, WARPS = 8;

__global__ void mma_only(int iters, float *sink)
{
    unsigned x = (blockIdx.x * blockDim.x + threadIdx.x) * 2654435761u + 12345u;
    unsigned a[4][4], b[CHAINS / 4][2]; // 4 A and 2 B fragments, paired 8 ways
    auto next = [&x]() {
        x = x * 1664525u + 1013904223u;
        return __float_as_uint((x >> 8) * (1.0f / 16777216.0f) - 0.5f);
    };
    for (int i = 0; i < 16; i++) a[i / 4][i % 4] = next();
    for (int i = 0; i < CHAINS / 2; i++) b[i / 2][i % 2] = next();
    float d[CHAINS][4] = {};
    for (int it = 0; it < iters; it++)
#pragma unroll
        for (int c = 0; c < CHAINS; c++)
            tc_mma(d[c], a[c % 4], b[c / 4]); // the rung's own wrapper
    float s = 0;
    for (int c = 0; c < CHAINS; c++)
        s += d[c][0] + d[c][1] + d[c][2] + d[c][3];
    if (s == 1234.5f) // never, but the compiler cannot know
        sink[threadIdx.x] = s;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t h = v.size() / 2;
    return v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

// n pairs of runs of first and second, all queued before one wait (no
// launch gap after an idle GPU lands in either's time), the order swapped
// every pair; the medians of each one's times and of their ratio.
template <class F, class G>
static void pairs(int n, F first, G second, double *ms1, double *ms2, double *ratio)
{
    for (int i = 0; i < 5; i++) first(), second(); // warm-up
    std::vector<cudaEvent_t> e(2 * n + 1);
    for (auto &v : e) CK(cudaEventCreate(&v));
    CK(cudaEventRecord(e[0]));
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0) first(); else second();
        CK(cudaEventRecord(e[2 * i + 1]));
        if (i % 2 == 0) second(); else first();
        CK(cudaEventRecord(e[2 * i + 2]));
    }
    CK(cudaEventSynchronize(e[2 * n]));
    std::vector<double> a, b, r;
    for (int i = 0; i < n; i++) {
        float t1, t2; // the pair's first and second kernel, in queue order
        CK(cudaEventElapsedTime(&t1, e[2 * i], e[2 * i + 1]));
        CK(cudaEventElapsedTime(&t2, e[2 * i + 1], e[2 * i + 2]));
        if (i % 2)
            std::swap(t1, t2);
        a.push_back(t1), b.push_back(t2), r.push_back(t1 / t2);
    }
    *ms1 = median(a), *ms2 = median(b), *ratio = median(r);
    for (auto &v : e) cudaEventDestroy(v);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 4096;
    const int npairs = getenv("PAIRS") ? atoi(getenv("PAIRS")) : 60;
    if (n < 256 || n > 16384 || npairs < 3) {
        fprintf(stderr, "usage: tf32_ceiling [N], 256 <= N <= 16384; PAIRS >= 3\n");
        return 2;
    }
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const size_t nn = (size_t)n * n;
    float *A, *B, *C, *R, *sink;
    for (float **p : {&A, &B, &C, &R})
        CK(cudaMalloc(p, nn * 4));
    CK(cudaMalloc(&sink, 4096));
    std::vector<float> host(nn), r(nn);
    struct ck_rng rng;
    ck_rng_seed(&rng, 1);
    for (float *p : {A, B}) {
        ck_fill_random(host.data(), nn, &rng);
        CK(cudaMemcpy(p, host.data(), nn * 4, cudaMemcpyHostToDevice));
    }
    CK(cudaMemset(C, 0xff, nn * 4)); // NaN until the rung writes it
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS ||
        cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "tf32_ceiling: cuBLAS would not start\n");
        return 1;
    }
    const float one = 1, zero = 0;
    // row-major C = A B is column-major C^T = B^T A^T
    auto cublas = [&]() {
        if (cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, B, n, A, n, &zero, R, n) !=
            CUBLAS_STATUS_SUCCESS) {
            fprintf(stderr, "tf32_ceiling: cublasSgemm failed\n");
            exit(1);
        }
    };
    int major = 0, minor = 0;
    CK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    CK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
    struct mm_args args = {n, n, n, A, B, C, sms, 10 * major + minor, NULL, NULL};
    auto rung = [&]() { // as the demo runs it (mm_sm90a.cu's mm_tf32_mma_rung)
        struct ck_err err = {};
        if (mm_tf32_tma_with<tw_cfg>(&args, &err) != CK_OK) {
            fprintf(stderr, "tf32_ceiling: %s\n", err.msg);
            exit(1);
        }
    };
    // checked before timed: against cuBLAS TF32, within the TF32 tolerance
    rung(), cublas();
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(host.data(), C, nn * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), R, nn * 4, cudaMemcpyDeviceToHost));
    const double err = ck_rel_err_f32(host.data(), r.data(), nn);
    if (!(err < CK_TOL_TF32)) {
        fprintf(stderr, "tf32_ceiling: tf32-mma differs from cuBLAS TF32 by %.2e\n", err);
        return 1;
    }
    const double flops = 2.0 * n * n * (double)n;
    double rung_ms, lib_ms, rung_ratio;
    pairs(npairs, rung, cublas, &rung_ms, &lib_ms, &rung_ratio);
    // about as long as the cuBLAS product, so both see the same power state
    const double mma_flops = 2.0 * 16 * 8 * 8 * CHAINS * WARPS * (double)sms;
    const int iters = std::max(64, (int)(flops / mma_flops * 0.8));
    // one block per SM, as the rung runs: each asks for more than half of
    // an SM's shared memory (unused), so no SM can hold two
    int smem_sm = 0, smem_max = 0;
    CK(cudaDeviceGetAttribute(&smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
    CK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    const int smem = std::min(smem_max, smem_sm / 2 + 4096);
    CK(cudaFuncSetAttribute(mma_only, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    auto probe = [&]() { mma_only<<<sms, 32 * WARPS, smem>>>(iters, sink); };
    double probe_ms, lib2_ms, probe_ratio;
    pairs(npairs, probe, cublas, &probe_ms, &lib2_ms, &probe_ratio);
    CK(cudaGetLastError());
    const double rung_pct = 100 / rung_ratio;
    // throughput ratio: (its flops / cuBLAS's flops) over the time ratio
    const double ceil_pct = 100 * (mma_flops * iters / flops) / probe_ratio;
    printf("tf32 ceiling at %d^3, median of %d alternating pairs:\n", n, npairs);
    printf("  tf32-mma %.3f ms, cuBLAS TF32 %.3f ms: %.1f%% of cuBLAS TF32 (rel. err %.1e)\n",
           rung_ms, lib_ms, rung_pct, err);
    printf("  mma.sync alone, %d warps per SM: %.1f TFLOP/s, cuBLAS TF32 %.1f TFLOP/s: %.1f%%\n",
           WARPS, mma_flops * iters / probe_ms / 1e9, flops / lib2_ms / 1e9, ceil_pct);
    printf("  the rung gets %.0f%% of what mma.sync alone reaches\n", 100 * rung_pct / ceil_pct);
    cublasDestroy(h);
    return 0;
}
