/* xfer_sum.h: the transfer demo's test pattern and checksum, one definition
 * for the host (C) and the device (CUDA).
 *
 * Word i of a buffer filled from `seed` is xf_word(seed, i). The checksum of
 * n words is the sum (mod 2^64) of xf_mix(w[i], i): it depends on every
 * byte and on where it sits, so a copy that drops, repeats or shifts a word
 * fails; the sum is order-free, so a GPU can add it up with atomics. */
#ifndef XFER_SUM_H
#define XFER_SUM_H

#include <stddef.h>
#include <stdint.h>

#if defined(__CUDACC__) || defined(CK_SIMT_EMU)
#define XF_HD __host__ __device__ __forceinline__
#else
#define XF_HD static inline
#endif

XF_HD uint64_t xf_word(uint64_t seed, uint64_t i)
{
    uint64_t x = seed + (i + 1) * 0x9E3779B97F4A7C15ull; /* splitmix64 */
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

XF_HD uint64_t xf_mix(uint64_t w, uint64_t i)
{
    return (w ^ (i * 0xD6E8FEB86659FD93ull)) * 0xBF58476D1CE4E5B9ull + i;
}

#endif
