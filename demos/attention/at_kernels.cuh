// at_kernels.cuh: what the attention rungs share on the device: the
// arguments of every launcher, the 16-bit loads and packs (the hardware's
// conversions on a GPU, attn_num.h's on the CPU emulation), the Tensor
// Core mma.sync m16n8k16 and the fused scale-mask-softmax kernel that rungs
// 1 and 2 both run over the S×S matrix.
#pragma once
#include "ck_cuda.cuh"
#include "attn_num.h"
#ifndef CK_SIMT_EMU
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#endif

typedef unsigned short at_u16;

struct at_args {
    int bh, s, d;          // heads (B·H), sequence length, head dimension
    bool causal, bf16;
    float scale;           // 1/√d
    const at_u16 *q, *k, *v; // (bh, s, d) each, row-major
    float *o;              // (bh, s, d)
    float *scores;         // rungs 1, 2: (bh, s, s) FP32
    at_u16 *p16;           // rung 2: (bh, s, s) 16-bit probabilities
    struct at_lib *lib;    // rung 2: cuBLAS (02_cublas_softmax.cuh)
    struct at_sdpa *sdpa;  // rung 4: cuDNN's graph and plan (04_cudnn_sdpa.cuh)
};

__device__ __forceinline__ float at_ld(const at_u16 *p, bool bf16)
{
#ifdef CK_SIMT_EMU
    return at_to_float(*p, bf16);
#else
    return bf16 ? __uint_as_float((unsigned)*p << 16) : __half2float(__ushort_as_half(*p));
#endif
}

__device__ __forceinline__ at_u16 at_st(float f, bool bf16)
{
#ifdef CK_SIMT_EMU
    return at_from_float(f, bf16);
#else
    return bf16 ? __bfloat16_as_ushort(__float2bfloat16_rn(f))
                : __half_as_ushort(__float2half_rn(f));
#endif
}

// two floats as one 32-bit register of 16-bit elements, lo first
template <bool BF> __device__ __forceinline__ unsigned at_pack(float lo, float hi)
{
    return (unsigned)at_st(lo, BF) | (unsigned)at_st(hi, BF) << 16;
}

// d += a b, mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16} (sm_80+)
template <bool BF>
__device__ __forceinline__ void at_mma(float (&d)[4], const unsigned (&a)[4],
                                       const unsigned (&b)[2])
{
#ifdef CK_SIMT_EMU
    simt_mma_m16n8k16(d, a, b, BF);
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (BF)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#else
    (void)d, (void)a, (void)b; // the launcher declines below sm_80
#endif
}

// 16 bytes global -> shared without passing through registers (cp.async,
// sm_80+; through L2 only), zero-filled when !valid (src is then not
// read); then commit a group, and wait until at most N groups are pending
__device__ __forceinline__ void at_cp16(void *dst, const void *src, bool valid)
{
#if defined(CK_SIMT_EMU)
    simt_cp_async(dst, src, 16, valid ? 16 : 0);
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned sa = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(sa), "l"(src),
                 "r"(valid ? 16 : 0));
#else
    *(uint4 *)dst = valid ? *(const uint4 *)src : uint4{0, 0, 0, 0};
#endif
}
__device__ __forceinline__ void at_cp_commit()
{
#if !defined(CK_SIMT_EMU) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}
template <int N> __device__ __forceinline__ void at_cp_wait()
{
#if !defined(CK_SIMT_EMU) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}

#define AT_SM_THREADS 128

// the block's max (op 0) or sum (op 1) of v: shuffles, then the 4 warps'
// results through shared memory
__device__ __forceinline__ float at_block_reduce(float v, int op, float *red)
{
    for (int m = 16; m; m >>= 1) {
        float o = __shfl_xor_sync(0xffffffffu, v, m);
        v = op ? v + o : fmaxf(v, o);
    }
    int w = threadIdx.x / 32;
    __syncthreads(); // red[] free from the last call
    if (threadIdx.x % 32 == 0)
        red[w] = v;
    __syncthreads();
    v = red[0];
    for (int i = 1; i < AT_SM_THREADS / 32; i++)
        v = op ? v + red[i] : fmaxf(v, red[i]);
    return v;
}

// One block per row of the S×S scores (raw Q·Kᵀ): x·scale, keys past the
// row masked when causal, softmax in FP32; P written in place (FP32, p16
// NULL) or as 16-bit into p16. Masked entries are written 0, so P·V may
// read the whole row.
__global__ void __launch_bounds__(AT_SM_THREADS)
at_softmax_kernel(int s, bool causal, bool bf16, float scale, float *scores, at_u16 *p16)
{
    __shared__ float red[AT_SM_THREADS / 32];
    long long row = blockIdx.x;
    int i = (int)(row % s), n = causal ? i + 1 : s;
    float *x = scores + row * s;
    float m = -INFINITY;
    for (int j = threadIdx.x; j < n; j += AT_SM_THREADS)
        m = fmaxf(m, x[j] * scale);
    m = at_block_reduce(m, 0, red);
    float sum = 0;
    for (int j = threadIdx.x; j < n; j += AT_SM_THREADS)
        sum += expf(x[j] * scale - m);
    float inv = 1.0f / at_block_reduce(sum, 1, red);
    for (int j = threadIdx.x; j < s; j += AT_SM_THREADS) {
        float p = j < n ? expf(x[j] * scale - m) * inv : 0.0f;
        if (p16)
            p16[row * s + j] = at_st(p, bf16);
        else
            x[j] = p;
    }
}

static inline int at_blocks(long long n, int per) { return (int)((n + per - 1) / per); }
