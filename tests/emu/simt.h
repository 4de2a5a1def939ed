/* simt.h - just enough of CUDA for the demos' kernels to run on the CPU in
 * a test, without a GPU: each launch runs its blocks one after another,
 * every block's threads as real threads, __syncthreads() a barrier,
 * __shared__ arrays function-local statics (one block at a time, so shared
 * by exactly the threads of one block). It checks indexing and arithmetic,
 * not speed, and not the races only real hardware shows (compute-sanitizer
 * does that on a GPU).
 *
 * Use: g++ -std=c++17 -pthread -DCK_SIMT_EMU -include tests/emu/simt.h ...
 * and launch through CK_LAUNCH(kernel, grid, block, smem, stream, args...). */
#ifndef CK_SIMT_H
#define CK_SIMT_H

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <thread>
#include <vector>

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

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static
#define __align__(n) __attribute__((aligned(n)))

inline thread_local uint3 threadIdx, blockIdx;
inline dim3 blockDim, gridDim;
inline pthread_barrier_t simt_barrier;

static inline void __syncthreads(void) { pthread_barrier_wait(&simt_barrier); }
template <class T> static inline T __ldg(const T *p) { return *p; }
/* atomicAdd on the CPU: the threads of a block are real threads */
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
static inline float atomicAdd(float *p, float v)
{
    float old = *p, want;
    do
        want = old + v;
    while (!__atomic_compare_exchange(p, &old, &want, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

/* Every block in order (x fastest), every thread of a block at once: one
 * host thread per CUDA thread for the whole launch, and a second barrier
 * between blocks so a block's shared arrays are free before the next. */
inline pthread_barrier_t simt_block_end;

template <class Kernel, class... Args>
static void simt_launch(Kernel k, dim3 grid, dim3 block, Args... args)
{
    gridDim = grid;
    blockDim = block;
    const unsigned nt = block.x * block.y * block.z;
    pthread_barrier_init(&simt_barrier, NULL, nt);
    pthread_barrier_init(&simt_block_end, NULL, nt);
    std::vector<std::thread> th;
    th.reserve(nt);
    for (unsigned t = 0; t < nt; t++)
        th.emplace_back([=] {
            threadIdx = uint3{t % block.x, t / block.x % block.y, t / (block.x * block.y)};
            for (unsigned bz = 0; bz < grid.z; bz++)
                for (unsigned by = 0; by < grid.y; by++)
                    for (unsigned bx = 0; bx < grid.x; bx++) {
                        blockIdx = uint3{bx, by, bz};
                        k(args...);
                        pthread_barrier_wait(&simt_block_end);
                    }
        });
    for (auto &x : th)
        x.join();
    pthread_barrier_destroy(&simt_block_end);
    pthread_barrier_destroy(&simt_barrier);
}

#define CK_LAUNCH(kernel, grid, block, smem, stream, ...)                      \
    ((void)(smem), (void)(stream),                                             \
     simt_launch(kernel, dim3(grid), dim3(block), __VA_ARGS__))

#endif
