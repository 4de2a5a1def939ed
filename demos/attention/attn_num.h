/* attn_num.h: the attention demo's 16-bit floats, stored as their bits
 * (unsigned short) so that the host C, the CUDA side and the CPU emulation
 * share one layout: IEEE binary16 (FP16) or bfloat16 (BF16), chosen per
 * run. Conversions from float round to nearest even, as the hardware's
 * cvt.rn does; to float they are exact. Plain C, header only. */
#ifndef AT_NUM_H
#define AT_NUM_H

#include <stdint.h>
#include <string.h>

static inline float at_bits_float(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}
static inline uint32_t at_float_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

/* float -> bfloat16 bits, round to nearest even (NaN stays NaN) */
static inline unsigned short at_f2bf(float f)
{
    uint32_t x = at_float_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return (unsigned short)((x >> 16) | 0x40);
    x += 0x7fffu + ((x >> 16) & 1);
    return (unsigned short)(x >> 16);
}
static inline float at_bf2f(unsigned short h) { return at_bits_float((uint32_t)h << 16); }

/* float -> binary16 bits, round to nearest even, overflow to Inf,
 * subnormals kept */
static inline unsigned short at_f2h(float f)
{
    uint32_t x = at_float_bits(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u)
        return (unsigned short)(sign | 0x7e00u);
    if (ax >= 0x477ff000u) /* rounds to 65520 or more: Inf */
        return (unsigned short)(sign | 0x7c00u);
    if (ax < 0x38800000u) { /* below 2^-14: a subnormal, m * 2^-24 */
        float a = at_bits_float(ax) * 16777216.0f; /* exact: a power of two */
        uint32_t m = (uint32_t)a;
        float rest = a - (float)m;
        if (rest > 0.5f || (rest == 0.5f && (m & 1)))
            m++;
        return (unsigned short)(sign | m);
    }
    uint32_t r = ax + 0xfffu + ((ax >> 13) & 1); /* round at bit 13 */
    return (unsigned short)(sign | (((r >> 13) - (112u << 10)) & 0xffffu));
}
static inline float at_h2f(unsigned short h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ffu;
    if (e == 0x1f)
        return at_bits_float(sign | 0x7f800000u | (m << 13));
    if (e)
        return at_bits_float(sign | ((e + 112) << 23) | (m << 13));
    float f = (float)m * 5.9604644775390625e-8f;
    return sign ? -f : f;
}

static inline float at_to_float(unsigned short h, int bf16)
{
    return bf16 ? at_bf2f(h) : at_h2f(h);
}
static inline unsigned short at_from_float(float f, int bf16)
{
    return bf16 ? at_f2bf(f) : at_f2h(f);
}

#endif
