/* ig_common.cuh - what the GEMM-shaped conv rungs (4, implicit GEMM; 5,
 * Winograd) share: where a thread's 8x8 micro-tile sits, the micro-tile
 * multiply over one shared-memory slice, the cp.async copies that feed the
 * slices, and the pipelined main loop; each rung brings its own loads
 * (issue) and its own store.
 *
 * With CK_SIMT_EMU (emu/simt.h: kernels run on CPU threads, a block
 * at a time) the copies are plain synchronous copies, which keep the
 * pipeline's meaning: a slice is in place before the wait that guards it. */
#ifndef CK_IG_COMMON_CUH
#define CK_IG_COMMON_CUH

/* The thread's place in the TM x TN micro-tile grid. LAYOUT 0: threads
 * walk M first. LAYOUT 1: each warp owns an 8 x 4 patch of micro-tiles, so
 * a warp's 16-byte shared loads touch 8 distinct A and 4 distinct B vectors
 * (one 128-byte wavefront each; the rest are broadcasts). */
template <int BM, int BN, int TM, int TN, int LAYOUT>
__device__ __forceinline__ void ig_place(int t, int *tm, int *tn)
{
    if (LAYOUT == 0) {
        *tm = t % (BM / TM);
        *tn = t / (BM / TM);
    } else {
        constexpr int WM = (BM / TM) / 8; /* warps along M */
        const int w = t / 32, lane = t % 32;
        *tm = (w % WM) * 8 + lane % 8;
        *tn = (w / WM) * 4 + lane / 8;
    }
}

/* acc += A(BK x BM slice) * B(BK x BN slice) for this thread's micro-tile. */
template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void ig_multiply(const float (*as)[BM],
                                            const float (*bs)[BN + 4], int tm,
                                            int tn, float (&acc)[TM][TN])
{
    constexpr int GM = (BM / TM) * 4, GN = (BN / TN) * 4;
#pragma unroll
    for (int kk = 0; kk < BK; kk++) {
        float fa[TM], fb[TN];
#pragma unroll
        for (int g = 0; g < TM / 4; g++) {
            float4 v = *(const float4 *)&as[kk][g * GM + tm * 4];
            fa[g * 4 + 0] = v.x; fa[g * 4 + 1] = v.y;
            fa[g * 4 + 2] = v.z; fa[g * 4 + 3] = v.w;
        }
#pragma unroll
        for (int g = 0; g < TN / 4; g++) {
            float4 v = *(const float4 *)&bs[kk][g * GN + tn * 4];
            fb[g * 4 + 0] = v.x; fb[g * 4 + 1] = v.y;
            fb[g * 4 + 2] = v.z; fb[g * 4 + 3] = v.w;
        }
#pragma unroll
        for (int i = 0; i < TM; i++)
#pragma unroll
            for (int j = 0; j < TN; j++)
                acc[i][j] = fmaf(fa[i], fb[j], acc[i][j]);
    }
}

#ifndef CK_SIMT_EMU
__device__ __forceinline__ void cp_async4(float *dst, const float *src, bool valid)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    int bytes = valid ? 4 : 0; /* 0: nothing read, the 4 bytes are zeroed */
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s),
                 "l"(src), "r"(bytes));
}

/* 16 bytes, both addresses 16-byte aligned; through L2 only (.cg) */
__device__ __forceinline__ void cp_async16(float *dst, const float *src)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(dst);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(src));
}

__device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::);
}

template <int N>
__device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

#else
__device__ __forceinline__ void cp_async4(float *dst, const float *src, bool valid)
{
    *dst = valid ? *src : 0.0f;
}

__device__ __forceinline__ void cp_async16(float *dst, const float *src)
{
    memcpy(dst, src, 16);
}

__device__ __forceinline__ void cp_async_commit() {}

template <int N>
__device__ __forceinline__ void cp_async_wait() {}
#endif

/* The main loop of both rungs: ST-1 slices in flight while one is
 * multiplied. issue(kt, stage) starts the cp.async copies of slice kt into
 * a stage; it is called for kt = 0, 1, 2... in order. Leaves the thread's
 * place in the micro-tile grid in tm, tn and its sums in acc. */
template <int BM, int BN, int BK, int TM, int TN, int LAYOUT, int ST, class Issue>
__device__ __forceinline__ void ig_mainloop(int ktiles, float (*as)[BK][BM],
                                            float (*bs)[BK][BN + 4],
                                            Issue &&issue, int *tm, int *tn,
                                            float (&acc)[TM][TN])
{
    ig_place<BM, BN, TM, TN, LAYOUT>(threadIdx.x, tm, tn);
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            acc[i][j] = 0.0f;
#pragma unroll
    for (int s = 0; s < ST - 1; s++) {
        if (s < ktiles)
            issue(s, s);
        cp_async_commit();
    }
    for (int kt = 0; kt < ktiles; kt++) {
        cp_async_wait<ST - 2>(); /* slice kt has landed (this thread's part) */
        __syncthreads();         /* ... everyone's, and slice kt-1 is free */
        if (kt + ST - 1 < ktiles)
            issue(kt + ST - 1, (kt + ST - 1) % ST);
        cp_async_commit();
        ig_multiply<BM, BN, BK, TM, TN>(as[kt % ST], bs[kt % ST], *tm, *tn, acc);
    }
}

#endif
