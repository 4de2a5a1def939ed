/* sm_fill.h: what the rules that size a grid per problem share (matmul's
 * mm_best_rule.h, conv's wg4_rule.h): how well a number of resident warps
 * hides latency, and the one figure they fall back on where no GPU is
 * asked. Plain C, header only, no CUDA.
 *
 * On a GPU each rule takes the SM count from the device's properties and
 * the blocks one SM holds of each kernel from
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor (05_best.cuh,
 * 06_winograd4.cuh). The CPU model (the demos' reports without a device,
 * the traffic models, the unit tests and the CPU emulation) uses the
 * H200's figures instead: its SMs here, its blocks per SM beside each
 * kernel's configuration, where a static_assert ties them to the kernel's
 * launch bounds. */
#ifndef CK_SM_FILL_H
#define CK_SM_FILL_H

#define CK_H200_SMS 132 /* the named fallback: an H200's SMs */

/* The SM count to plan for: the device's, or the H200's when unknown. */
static inline int ck_sms_or_h200(int sms)
{
    return sms > 0 ? sms : CK_H200_SMS;
}

/* How many of an SM's 4 warp schedulers' cycles a block mix keeps busy, by
 * resident warps: one warp per scheduler hides only part of the latency of
 * shared-memory reads and barriers (fitted to matmul's 512^3 and 1024^3
 * runs on the H200, matmul/NOTES.md; conv/NOTES.md for Winograd). */
static inline double ck_warp_factor(int warps)
{
    if (warps >= 16) return 1.0;
    if (warps >= 8) return 0.95;
    if (warps >= 4) return 0.75;
    return 0.75 * warps / 4.0;
}

#endif
