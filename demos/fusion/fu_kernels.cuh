// fu_kernels.cuh: what the fusion rungs share on the device: the arguments
// of every launcher, the hand implicit GEMM (one kernel for both ops: the
// convolution's input gathered as im2col would, without storing it; its
// epilogue fused or not by a template flag), and the two elementwise
// kernels of the unfused chain, bias and activation, which each read the
// whole product from global memory and write it back.
#pragma once
#include "ck_cuda.cuh"
#include "fu_num.h"

struct fu_lib; // the libraries' handles and plans (fu_lib.cu)

struct fu_args {
    struct fu_shape s;
    const float *a;    // conv: x (nb, c, h, w); gemm: A (M, K)
    const float *b;    // conv: filters (kf, c, r, s); gemm: B (K, N)
    const float *bias; // (N)
    float *y;          // conv: (nb, kf, p, q); gemm: (M, N)
    struct fu_lib *lib;
};

#define FU_BM 64
#define FU_BN 64
#define FU_BK 16
#define FU_THREADS 256
static_assert(FU_THREADS % FU_BM == 0, "a thread gathers one conv row");

// A 64×64 block of the product, each thread 4×4 outputs strided by 16,
// 16-deep slices of both operands staged in shared memory (one column of
// padding: the transposing stores hit distinct banks). For the conv,
// neighbouring threads take neighbouring rows (output pixels, contiguous
// in NCHW); for the GEMM neighbouring columns: either way a warp's stores
// are coalesced. FUSE: bias and activation applied before the one store.
template <int OP, bool FUSE>
__global__ void __launch_bounds__(FU_THREADS) fu_gemm_kernel(struct fu_args a)
{
    __shared__ float as[FU_BK][FU_BM + 1], bs[FU_BK][FU_BN + 1];
    const struct fu_shape sh = a.s, *s = &sh; // in registers, not the parameter space
    long long m0 = (long long)blockIdx.x * FU_BM;
    int n0 = blockIdx.y * FU_BN, tid = threadIdx.x;
    int fast = tid % 16, slow = tid / 16;
    int tm = OP == FU_CONV ? fast : slow, tn = OP == FU_CONV ? slow : fast;
    float acc[4][4] = {};
    // the conv: a thread gathers x for one output row (FU_THREADS is a
    // multiple of FU_BM), taken apart into image and position once
    struct fu_row w = {a.a, 0, 0};
    if (OP == FU_CONV && m0 + tid % FU_BM < s->m)
        w = fu_row_of(s, a.a, m0 + tid % FU_BM);
    for (int k0 = 0; k0 < s->k; k0 += FU_BK) {
        for (int l = 0; l < FU_BM * FU_BK / FU_THREADS; l++) {
            int e = tid + FU_THREADS * l;
            int mm = OP == FU_CONV ? e % FU_BM : e / FU_BK, ka = OP == FU_CONV ? e / FU_BM : e % FU_BK;
            long long row = m0 + mm;
            bool in = row < s->m && k0 + ka < s->k;
            as[ka][mm] = !in ? 0.0f : OP == FU_CONV ? fu_a_row(s, &w, k0 + ka)
                                                  : a.a[(size_t)row * s->k + k0 + ka];
            int nn = OP == FU_CONV ? e / FU_BK : e % FU_BN, kb = OP == FU_CONV ? e % FU_BK : e / FU_BN;
            bs[kb][nn] = n0 + nn < s->n && k0 + kb < s->k ? fu_b_at(s, a.b, k0 + kb, n0 + nn) : 0.0f;
        }
        __syncthreads();
        for (int kk = 0; kk < FU_BK; kk++) {
            float av[4], bv[4];
            for (int i = 0; i < 4; i++)
                av[i] = as[kk][tm + 16 * i], bv[i] = bs[kk][tn + 16 * i];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++)
                    acc[i][j] += av[i] * bv[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            long long row = m0 + tm + 16 * i;
            int col = n0 + tn + 16 * j;
            if (row >= s->m || col >= s->n)
                continue;
            float v = acc[i][j];
            if (FUSE)
                v = fu_act(OP, v + a.bias[col]);
            a.y[fu_out_index(s, row, col)] = v;
        }
}

// y[i] += bias[column of i], every element read and written once
static __global__ void fu_bias_kernel(struct fu_shape s, const float *bias, float *y, size_t n)
{
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        y[i] += bias[fu_col_of(&s, i)];
}

// y[i] = act(y[i]): ReLU after the conv, GELU after the GEMM
static __global__ void fu_act_kernel(int op, float *y, size_t n)
{
    size_t step = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        y[i] = fu_act(op, y[i]);
}

// the elementwise kernels' grid: enough blocks of 256 to fill a large GPU
// several times over, grid-stride beyond that
static inline unsigned fu_ew_blocks(size_t n)
{
    size_t b = (n + 255) / 256;
    return (unsigned)(b < 4096 ? (b ? b : 1) : 4096);
}

// the bias and activation steps of the unfused chain, on a product in y
static inline int fu_bias_act(const struct fu_args *a, struct ck_err *err)
{
    size_t n = (size_t)a->s.m * a->s.n;
    CK_LAUNCH(err, fu_bias_kernel, fu_ew_blocks(n), 256, 0, 0, a->s, a->bias, a->y, n);
    CK_LAUNCH(err, fu_act_kernel, fu_ew_blocks(n), 256, 0, 0, a->s.op, a->y, n);
    return CK_OK;
}

template <bool FUSE> static int fu_gemm_launch(const struct fu_args *a, struct ck_err *err)
{
    dim3 grid((unsigned)((a->s.m + FU_BM - 1) / FU_BM), (unsigned)((a->s.n + FU_BN - 1) / FU_BN));
    if (a->s.op == FU_CONV) {
        auto *k = &fu_gemm_kernel<FU_CONV, FUSE>;
        CK_LAUNCH(err, k, grid, FU_THREADS, 0, 0, *a);
    } else {
        auto *k = &fu_gemm_kernel<FU_GEMM, FUSE>;
        CK_LAUNCH(err, k, grid, FU_THREADS, 0, 0, *a);
    }
    return CK_OK;
}
