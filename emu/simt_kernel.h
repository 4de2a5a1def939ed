/* simt_kernel.h - what a kernel and a launch see of the CPU emulator
 * (simt.h is this and the runtime): CUDA's types, built-ins, barriers,
 * shuffles, votes, atomics, Tensor Core steps and CK_LAUNCH, declared for
 * any translation unit; the fibers that run them (simt_fiber.h) are
 * defined once, by the one unit of a program that includes simt.h.
 * A single-file program (tests/emu) includes simt.h alone; a drill check
 * compiles the learner's file and the harness against this header and
 * links them with the runtime (simt.h, built once per set of sanitizers),
 * so neither compiles the fibers' machinery nor the standard library's
 * containers.
 *
 * a test, without a GPU: each launch runs its blocks one after another,
 * every block's threads as fibers on one OS thread that take turns at the
 * barriers (simt_fiber.h), __syncthreads() a barrier of all of them,
 * __shared__ arrays function-local statics (one block at a time, so shared
 * by exactly the threads of one block). A block whose threads can never
 * all meet (a barrier some skip) stops the run with who waits where,
 * where a GPU would hang. It checks indexing and arithmetic,
 * not speed, and not the races only real hardware shows (compute-sanitizer
 * does that on a GPU).
 *
 * Warps: the threads of each warp of 32 (the last one may be short) share a
 * meeting, so __syncwarp() and the shuffles meet there: __shfl_down_sync
 * publishes every lane's value, waits for the warp, reads its partner's and
 * waits again, as the hardware's lockstep exchange would. All lanes of the
 * warp must call it (full mask), as the demos' kernels do. atomicAdd and
 * __threadfence are the host's atomics and fence. A thread runs until it
 * meets others, so a kernel that spins on another thread's write without
 * a barrier would spin for ever (the demos' kernels never do).
 *
 * Tensor Core rungs: the warp-wide mma.sync m16n8k8 TF32, m16n8k16 FP16
 * and BF16, and ldmatrix x4 meet the same way (simt_mma_m16n8k8_tf32,
 * simt_mma_m16n8k16, simt_ldmatrix_x4: every lane
 * publishes its fragment or row address, the warp waits, each lane builds
 * its own result from the others' with the fragment layouts of the PTX ISA),
 * the inputs cut to TF32 as the Tensor Cores cut them; cp.async is a plain
 * copy done at once (its commit and wait nothing), so what it checks is the
 * copies' indexing and bounds, not the pipeline's timing.
 *
 * Use: g++ -std=c++17 -DCK_SIMT_EMU -include emu/simt.h ...
 * The rungs launch through CK_LAUNCH(err, kernel, grid, block, smem, stream,
 * args...) and declare dynamic shared memory with CK_DYN_SHARED(type, name)
 * (demos/common/ck_cuda.cuh); here both are defined for the CPU, so a
 * rung's launcher runs unchanged. Dynamic shared memory starts as NaN
 * bytes, so a kernel that reads what it never wrote sees NaN. */
#ifndef CK_SIMT_KERNEL_H
#define CK_SIMT_KERNEL_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct uint3 {
    unsigned x, y, z;
};
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
struct float4 {
    float x, y, z, w;
};
struct int2 {
    int x, y;
};
struct uint4 {
    unsigned x, y, z, w;
};
static inline float4 make_float4(float x, float y, float z, float w)
{
    return float4{x, y, z, w};
}
static inline int2 make_int2(int x, int y) { return int2{x, y}; }

typedef int cudaError_t;
typedef void *cudaStream_t;
enum { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
static inline cudaError_t cudaGetLastError(void) { return cudaSuccess; }
static inline const char *cudaGetErrorString(cudaError_t e)
{
    return e == cudaSuccess ? "no error" : "error";
}
/* "device" memory is host memory: copies are memcpy */
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost };
static inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind)
{
    memcpy(d, s, n);
    return cudaSuccess;
}
/* "device" allocations: host memory, every byte 0xff (a NaN as floats), so
 * that a kernel reading what nothing wrote gives itself away */
static inline cudaError_t cudaMalloc(void **p, size_t n)
{
    *p = malloc(n ? n : 1);
    if (!*p)
        return cudaErrorMemoryAllocation;
    memset(*p, 0xff, n);
    return cudaSuccess;
}
static inline cudaError_t cudaFree(void *p)
{
    free(p);
    return cudaSuccess;
}
static inline cudaError_t cudaMemset(void *p, int v, size_t n)
{
    memset(p, v, n);
    return cudaSuccess;
}
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize };
template <class F> static inline cudaError_t cudaFuncSetAttribute(F, cudaFuncAttribute, int)
{
    return cudaSuccess;
}

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))


/* the running CUDA thread's own state (thread_local on a GPU's terms):
 * globals that each fiber switch saves and loads (simt_fiber.h) */
inline uint3 threadIdx, blockIdx;
inline unsigned simt_lin;       /* linear thread index in the block */
inline unsigned simt_xchg_turn; /* simt_exchange's slot, used in turn */
inline dim3 blockDim, gridDim;

/* arrive at meeting b (0: the block; 1 + w: warp w) and return when all
 * its participants have (simt_fiber.h) */
void simt_meet(unsigned b);

static inline void __syncthreads(void) { simt_meet(0); }

/* warps: one meeting and one exchange slot per lane of each warp */
#define SIMT_MAX_WARPS 32
inline unsigned long long simt_warp_slot[SIMT_MAX_WARPS][32];
static const int warpSize = 32;

static inline void __syncwarp(unsigned mask = 0xffffffffu)
{
    (void)mask;
    simt_meet(1 + simt_lin / 32);
}

/* the shuffles: every lane publishes its value, the warp meets, each lane
 * reads the lane it names (its own value when that lane is outside its
 * width segment or past a short last warp), the warp meets again */
template <class T> static inline T simt_shfl(T v, int src_of_lane, bool keep_own)
{
    static_assert(sizeof(T) <= sizeof(unsigned long long), "a shuffle of at most 8 bytes");
    unsigned w = simt_lin / 32;
    unsigned warp_n = blockDim.x * blockDim.y * blockDim.z - w * 32;
    memcpy(&simt_warp_slot[w][simt_lin % 32], &v, sizeof v);
    __syncwarp();
    T r = v;
    if (!keep_own && src_of_lane >= 0 && (unsigned)src_of_lane < 32 &&
        (unsigned)src_of_lane < warp_n)
        memcpy(&r, &simt_warp_slot[w][src_of_lane], sizeof r);
    __syncwarp();
    return r;
}

template <class T>
static inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32)
{
    (void)mask;
    unsigned lane = simt_lin % 32;
    return simt_shfl(v, (int)(lane + delta), lane % (unsigned)width + delta >= (unsigned)width);
}
template <class T>
static inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32)
{
    (void)mask;
    unsigned lane = simt_lin % 32;
    return simt_shfl(v, (int)lane - (int)delta, lane % (unsigned)width < delta);
}
template <class T>
static inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32)
{
    (void)mask;
    unsigned lane = simt_lin % 32, src = lane ^ (unsigned)lane_mask;
    return simt_shfl(v, (int)src, src / (unsigned)width != lane / (unsigned)width);
}
template <class T> static inline T __shfl_sync(unsigned mask, T v, int src, int width = 32)
{
    (void)mask;
    unsigned lane = simt_lin % 32;
    return simt_shfl(v, (int)(lane / (unsigned)width * (unsigned)width + (unsigned)src % (unsigned)width),
                     false);
}
/* votes: one bit per lane of the warp, through the same exchange */
static inline unsigned __ballot_sync(unsigned mask, int pred)
{
    (void)mask;
    unsigned w = simt_lin / 32, warp_n = blockDim.x * blockDim.y * blockDim.z - w * 32;
    unsigned long long mine = pred ? 1 : 0;
    simt_warp_slot[w][simt_lin % 32] = mine;
    __syncwarp();
    unsigned bits = 0;
    for (unsigned l = 0; l < 32 && l < warp_n; l++)
        bits |= (simt_warp_slot[w][l] ? 1u : 0u) << l;
    __syncwarp();
    return bits;
}
static inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static inline int __all_sync(unsigned mask, int pred)
{
    unsigned w = simt_lin / 32, warp_n = blockDim.x * blockDim.y * blockDim.z - w * 32;
    unsigned full = warp_n >= 32 ? 0xffffffffu : (1u << warp_n) - 1;
    return __ballot_sync(mask, pred) == full;
}
static inline unsigned __activemask(void) { return 0xffffffffu; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __ffs(int x) { return __builtin_ffs(x); }

/* warp-wide exchanges with one meeting each: two slots per lane, used in
 * turn, so a lane that runs ahead to the next exchange writes the slot its
 * slower neighbours are not reading */
inline unsigned long long simt_xchg[SIMT_MAX_WARPS][2][32][10];
static inline unsigned long long (*simt_exchange(const unsigned long long *mine, int n))[10]
{
    unsigned w = simt_lin / 32, lane = simt_lin % 32, turn = simt_xchg_turn++ & 1;
    memcpy(simt_xchg[w][turn][lane], mine, n * sizeof *mine);
    __syncwarp();
    return simt_xchg[w][turn];
}

static inline float simt_tf32_cut(unsigned x)
{
    x &= 0xffffe000u;
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

/* mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32, D = A B + D: lane
 * 4g + t holds a = A[g][t], A[g+8][t], A[g][t+4], A[g+8][t+4]; b = B[t][g],
 * B[t+4][g]; d = D[g][2t], D[g][2t+1], D[g+8][2t], D[g+8][2t+1]. */
static inline void simt_mma_m16n8k8_tf32(float (&d)[4], const unsigned (&a)[4],
                                         const unsigned (&b)[2])
{
    const unsigned long long mine[6] = {a[0], a[1], a[2], a[3], b[0], b[1]};
    unsigned long long(*all)[10] = simt_exchange(mine, 6);
    float A[16][8], B[8][8];
    for (int l = 0; l < 32; l++) {
        int g = l / 4, t = l % 4;
        A[g][t] = simt_tf32_cut((unsigned)all[l][0]);
        A[g + 8][t] = simt_tf32_cut((unsigned)all[l][1]);
        A[g][t + 4] = simt_tf32_cut((unsigned)all[l][2]);
        A[g + 8][t + 4] = simt_tf32_cut((unsigned)all[l][3]);
        B[t][g] = simt_tf32_cut((unsigned)all[l][4]);
        B[t + 4][g] = simt_tf32_cut((unsigned)all[l][5]);
    }
    int g = simt_lin % 32 / 4, t = simt_lin % 4;
    for (int e = 0; e < 4; e++) {
        int r = g + 8 * (e / 2), col = 2 * t + e % 2;
        float s = d[e];
        for (int k = 0; k < 8; k++)
            s += A[r][k] * B[k][col];
        d[e] = s;
    }
}

/* IEEE binary16 and bfloat16 bits to float (exact: every value of both is
 * a float) */
static inline float simt_half_to_float(unsigned short h)
{
    unsigned sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ffu, x;
    if (e == 0x1f)
        x = sign | 0x7f800000u | (m << 13);
    else if (e)
        x = sign | ((e + 112) << 23) | (m << 13);
    else { /* zero or subnormal: m * 2^-24 */
        float f = (float)m * 5.9604644775390625e-8f;
        return sign ? -f : f;
    }
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}
static inline float simt_bf16_to_float(unsigned short h)
{
    unsigned x = (unsigned)h << 16;
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

/* mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32,
 * D = A B + D, each 32-bit register two 16-bit elements, the lower half
 * first: lane 4g + t holds a = A[g][2t,2t+1], A[g+8][2t,2t+1],
 * A[g][2t+8,2t+9], A[g+8][2t+8,2t+9]; b = B[2t,2t+1][g], B[2t+8,2t+9][g];
 * d as m16n8k8's. The products are exact in FP32 and summed in FP32. */
static inline void simt_mma_m16n8k16(float (&d)[4], const unsigned (&a)[4],
                                     const unsigned (&b)[2], bool bf16)
{
    const unsigned long long mine[6] = {a[0], a[1], a[2], a[3], b[0], b[1]};
    unsigned long long(*all)[10] = simt_exchange(mine, 6);
    float A[16][16], B[16][8];
    auto cv = [bf16](unsigned long long r, int hi) {
        unsigned short h = (unsigned short)(r >> (16 * hi));
        return bf16 ? simt_bf16_to_float(h) : simt_half_to_float(h);
    };
    for (int l = 0; l < 32; l++) {
        int g = l / 4, t = l % 4;
        for (int e = 0; e < 2; e++) {
            A[g][2 * t + e] = cv(all[l][0], e);
            A[g + 8][2 * t + e] = cv(all[l][1], e);
            A[g][2 * t + 8 + e] = cv(all[l][2], e);
            A[g + 8][2 * t + 8 + e] = cv(all[l][3], e);
            B[2 * t + e][g] = cv(all[l][4], e);
            B[2 * t + 8 + e][g] = cv(all[l][5], e);
        }
    }
    int g = simt_lin % 32 / 4, t = simt_lin % 4;
    for (int e = 0; e < 4; e++) {
        int r = g + 8 * (e / 2), col = 2 * t + e % 2;
        float s = d[e];
        for (int k = 0; k < 16; k++)
            s += A[r][k] * B[k][col];
        d[e] = s;
    }
}

/* ldmatrix.sync.aligned.m8n8.x4.shared.b16 read as 32-bit elements: lane l
 * names row l % 8 of matrix l / 8 (16 bytes), and gets of matrix m the
 * element l % 4 of row l / 4. */
static inline void simt_ldmatrix_x4(unsigned (&r)[4], const void *row)
{
    const unsigned long long mine[1] = {(unsigned long long)(uintptr_t)row};
    unsigned long long(*all)[10] = simt_exchange(mine, 1);
    unsigned l = simt_lin % 32;
    for (int m = 0; m < 4; m++) {
        const unsigned *p = (const unsigned *)(uintptr_t)all[m * 8 + l / 4][0];
        r[m] = p[l % 4];
    }
}

/* cp.async of n (4 or 16) bytes, zero-filled when src_n is 0 */
static inline void simt_cp_async(void *dst, const void *src, int n, int src_n)
{
    if (src_n)
        memcpy(dst, src, n);
    else
        memset(dst, 0, n);
}

/* cvt.rna.tf32.f32: to 10 mantissa bits, to nearest, ties away from zero */
static inline unsigned simt_cvt_rna_tf32(float f)
{
    unsigned x;
    memcpy(&x, &f, sizeof x);
    if ((x & 0x7f800000u) == 0x7f800000u) /* Inf, NaN: as they are */
        return x;
    return (x + 0x1000u) & 0xffffe000u;
}

struct float2 {
    float x, y;
};
static inline float2 make_float2(float x, float y) { return float2{x, y}; }
static inline unsigned __float_as_uint(float f)
{
    unsigned x;
    memcpy(&x, &f, sizeof x);
    return x;
}
static inline float __uint_as_float(unsigned x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

static inline unsigned atomicAdd(unsigned *p, unsigned v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
}
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

static inline cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s = 0)
{
    (void)s;
    memset(p, v, n);
    return cudaSuccess;
}
template <class T> static inline T __ldg(const T *p) { return *p; }
/* atomicAdd on the CPU: the host's atomics (a block's threads take turns
 * on one OS thread, so plain adds would do; these keep the meaning) */
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline float atomicAdd(float *p, float v)
{
    float old, want;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    do
        want = old + v;
    while (!__atomic_compare_exchange(p, &old, &want, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}
static inline int atomicAdd(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
static inline int atomicSub(int *p, int v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }
static inline unsigned atomicSub(unsigned *p, unsigned v)
{
    return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST);
}
template <class T> static inline T atomicExch(T *p, T v)
{
    return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}
static inline float atomicExch(float *p, float v)
{
    float old;
    __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);
    return old;
}
template <class T> static inline T atomicCAS(T *p, T compare, T v)
{
    __atomic_compare_exchange_n(p, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return compare;
}
template <class T> static inline T atomicMax(T *p, T v)
{
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST,
                                                   __ATOMIC_SEQ_CST))
        ;
    return old;
}
template <class T> static inline T atomicMin(T *p, T v)
{
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (old > v && !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST,
                                                   __ATOMIC_SEQ_CST))
        ;
    return old;
}
/* __expf, __logf, __sinf, __cosf: glibc declares them, with the same meaning */
static inline float __fdividef(float a, float b) { return a / b; }
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline float __saturatef(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
static inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
static inline cudaError_t cudaPeekAtLastError(void) { return cudaSuccess; }

/* What the emulator lacks stops the compile with one message naming it
 * (GCC's and Clang's error attribute), not a wall of template errors. */
#define SIMT_LACKS(what)                                                       \
    __attribute__((error("the CPU emulator does not emulate " what             \
                         "; check this drill on a GPU (see emu/README.md)")))
SIMT_LACKS("clock()/clock64(): time on the emulator is not a GPU's") long long clock64(void);
SIMT_LACKS("__nanosleep") void __nanosleep(unsigned);
SIMT_LACKS("__syncthreads_count") int __syncthreads_count(int);
SIMT_LACKS("__syncthreads_and") int __syncthreads_and(int);
SIMT_LACKS("__syncthreads_or") int __syncthreads_or(int);
SIMT_LACKS("texture fetches") float tex1Dfetch(...);
SIMT_LACKS("dynamic parallelism (a launch from a kernel)") void cudaLaunchDevice(...);
SIMT_LACKS("grid-wide synchronisation (cooperative groups)") void simt_grid_sync(void);

template <class T> static inline T min(T a, T b) { return a < b ? a : b; }
template <class T> static inline T max(T a, T b) { return a > b ? a : b; }

/* the launch's dynamic shared memory (CK_DYN_SHARED), one block at a time */
inline unsigned char *simt_dyn_smem;

/* run a launch: every block in order (x fastest), all threads of a block
 * as fibers, each block to its end before the next starts, so a block's
 * shared arrays are free before the next (simt.h) */
void simt_run(void (*job)(void *), void *arg, dim3 grid, dim3 block, size_t smem);

template <class Kernel, class... Args>
static void simt_launch(Kernel k, dim3 grid, dim3 block, size_t smem, Args... args)
{
    auto job = [&] { k(args...); };
    simt_run([](void *j) { (*(decltype(job) *)j)(); }, &job, grid, block, smem);
}

#define CK_LAUNCH(err, kernel, grid, block, smem, stream, ...)                 \
    do {                                                                       \
        (void)(err), (void)(stream);                                           \
        simt_launch(kernel, dim3(grid), dim3(block), (size_t)(smem),           \
                    __VA_ARGS__);                                              \
    } while (0)

#define CK_DYN_SHARED(type, name)                                              \
    typedef type simt_dyn_##name##_t;                                          \
    simt_dyn_##name##_t *name = (simt_dyn_##name##_t *)simt_dyn_smem

#endif
