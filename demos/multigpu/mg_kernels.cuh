// mg_kernels.cuh: the multigpu demo's kernels, in one header so that
// tests/emu/mg_emu.cc runs them on the CPU through emu/simt.h: the fills
// (mg_pattern.h's values) and the exact checks of the peer copies and the
// collectives, and the split reduce's sum.  Every kernel loops over its
// range with a grid stride, so any grid covers any n.  Counters are
// 64-bit integers: atomicAdd on them is exact and the emulation has it.
#ifndef MG_KERNELS_CUH
#define MG_KERNELS_CUH

#include "mg_model.h"
#include "mg_pattern.h"

#define MG_FOR(i, n) \
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < (n); \
         i += (size_t)gridDim.x * blockDim.x)

static __global__ void mg_fill_words(uint32_t *p, size_t n, uint32_t seed)
{
    MG_FOR(i, n)
        p[i] = mg_word(seed, i);
}

// counts the words that are not the pattern; the first wrong index in *first
static __global__ void mg_check_words(const uint32_t *p, size_t n, uint32_t seed,
                               unsigned long long *wrong, unsigned long long *first)
{
    MG_FOR(i, n)
        if (p[i] != mg_word(seed, i)) {
            atomicAdd(wrong, 1ull);
            atomicMin(first, (unsigned long long)i);
        }
}

static __global__ void mg_fill_coll(float *p, size_t n, int rank)
{
    MG_FOR(i, n)
        p[i] = mg_coll_val(rank, i);
}

// element i of `rank`'s result of op over nranks (chunk: the per-rank count)
__device__ __host__ inline float mg_expect(int op, int rank, int nranks, size_t chunk, size_t i)
{
    float s = 0;
    switch (op) {
    case MG_ALL_REDUCE:
        for (int q = 0; q < nranks; q++)
            s += mg_coll_val(q, i);
        return s;
    case MG_ALL_GATHER: return mg_coll_val((int)(i / chunk), i % chunk);
    case MG_REDUCE_SCATTER:
        for (int q = 0; q < nranks; q++)
            s += mg_coll_val(q, (size_t)rank * chunk + i);
        return s;
    default: return mg_coll_val(0, i);   // broadcast from rank 0
    }
}

static __global__ void mg_check_coll(const float *p, size_t n, int op, int rank, int nranks,
                              size_t chunk, unsigned long long *wrong)
{
    MG_FOR(i, n)
        if (!(p[i] == mg_expect(op, rank, nranks, chunk, i)))
            atomicAdd(wrong, 1ull);
}

static __global__ void mg_fill_mm(float *p, size_t n, size_t first, uint32_t seed)
{
    MG_FOR(i, n)
        p[i] = mg_mm_val(seed, first + i);
}

static __global__ void mg_fill_red(int *p, size_t n, size_t first)
{
    MG_FOR(i, n)
        p[i] = mg_red_val(first + i);
}

// each thread's grid-stride sum, then the warp's by shuffles, one atomic
// per warp (two's complement: unsigned addition sums signed values)
static __global__ void mg_sum_red(const int *p, size_t n, unsigned long long *sum)
{
    long long s = 0;
    MG_FOR(i, n)
        s += p[i];
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(sum, (unsigned long long)s);
}

#endif
