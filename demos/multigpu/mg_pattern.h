/* mg_pattern.h: the values the multigpu demo fills its buffers with, the
 * same function on the host and on the GPU, so every check is exact:
 *   mg_word(seed, i)     a peer copy's 32-bit words (a hash of i)
 *   mg_coll_val(r, i)    rank r's element i of a collective: a small
 *                        integer, so every sum of up to 2^16 ranks is exact
 *                        in FP32 whatever order NCCL adds in
 *   mg_mm_val(seed, i)   the split matmul's inputs: -2..2, so each output
 *                        (K <= 8192 products of at most 4) is exact in FP32
 *   mg_red_val(i)        the split reduce's inputs: -3..3, summed in 64-bit
 *                        integers, so every order gives the same sum, and
 *   mg_red_sum(n)        the sum of the first n, in closed form (each run
 *                        of 7 sums to 0)
 */
#ifndef MG_PATTERN_H
#define MG_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define MG_HD __host__ __device__
#else
#define MG_HD
#endif

static inline MG_HD uint32_t mg_word(uint32_t seed, size_t i)
{
    uint32_t h = (uint32_t)i * 2654435761u ^ seed ^ (uint32_t)(i >> 32);
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return h;
}

static inline MG_HD float mg_coll_val(int rank, size_t i)
{
    return (float)(i % 61 + (size_t)rank + 1);
}

static inline MG_HD float mg_mm_val(uint32_t seed, size_t i)
{
    return (float)((int)(mg_word(seed, i) % 5u) - 2);
}

static inline MG_HD int mg_red_val(size_t i)
{
    return (int)(i % 7) - 3;
}

static inline long long mg_red_sum(size_t n)
{
    long long s = 0;
    for (size_t j = 0; j < n % 7; j++)
        s += mg_red_val(j);
    return s;
}

#endif
