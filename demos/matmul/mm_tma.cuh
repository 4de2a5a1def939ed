// mm_tma.cuh: what the sm_90 rungs share to feed shared memory with the
// Tensor Memory Accelerator (TMA): mbarriers (a count of arrivals plus a
// count of bytes in flight), one 2-D TMA copy, the ring of stages and its
// producer's loop, the tensor map a copy reads (cuTensorMapEncodeTiled,
// fetched from the driver at run time); and, for the CPU too, where the
// TMA's 128-byte swizzle puts a byte (tma_swizzle_128b). Used by
// 07_tf32_mma_tma.cuh (mma.sync fed by the TMA) and 08_wgmma_tma.cuh
// (wgmma); their kernels are compiled only in mm_sm90a.cu, and the CPU
// emulation (tests/emu) sees the swizzle alone.
#ifndef MM_TMA_CUH
#define MM_TMA_CUH
#include "mm_kernels.h"
#include <stdint.h>

// Where the TMA's 128-byte swizzle writes the byte at offset `off` of a
// box whose rows are 128 bytes, the ring 1024-byte aligned: 16-byte chunk
// c of row r goes to chunk c ^ (r % 8) of the same row.
__host__ __device__ __forceinline__ uint32_t tma_swizzle_128b(uint32_t off)
{
    return off ^ ((off >> 7 & 7) << 4);
}

#ifndef CK_SIMT_EMU
#include <cuda.h>
#include <cudaTypedefs.h>

__device__ __forceinline__ uint32_t tma_smem_u32(const void *p)
{
    return (uint32_t)__cvta_generic_to_shared(p);
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// ---- mbarriers: a count of arrivals plus a count of bytes in flight ----
__device__ __forceinline__ void tma_bar_init(uint32_t bar, int count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count));
}
__device__ __forceinline__ void tma_bar_expect(uint32_t bar, int bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
                 : "memory");
}
__device__ __forceinline__ void tma_bar_arrive(uint32_t bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}
// Waits until the phase of parity `ph` has completed.
__device__ __forceinline__ void tma_bar_wait(uint32_t bar, uint32_t ph)
{
    uint32_t done;
    do {
        asm volatile("{\n .reg .pred p;\n"
                     " mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     " selp.u32 %0, 1, 0, p;\n}\n"
                     : "=r"(done)
                     : "r"(bar), "r"(ph)
                     : "memory");
    } while (!done);
}

// ---- TMA: one 2-D box of the tensor map at (c0 innermost, c1) into dst;
// its bytes are counted on the mbarrier bar ----
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const CUtensorMap *map, uint32_t bar,
                                            int c0, int c1)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%3, %4}], [%2];\n" ::"r"(dst),
                 "l"((uint64_t)map), "r"(bar), "r"(c0), "r"(c1)
                 : "memory");
}

// ---- the ring of STAGES stages both sm_90 rungs feed: at bars, full[s]
// (one arrival, the producer's, plus the bytes in flight), then empty[s]
// (`consumers` arrivals: every consumer warp has read the stage) ----
__device__ __forceinline__ void tma_ring_init(uint32_t bars, int stages, int consumers)
{
    if (threadIdx.x == 0) {
        for (int s = 0; s < stages; s++) {
            tma_bar_init(bars + 8 * s, 1);
            tma_bar_init(bars + 8 * (stages + s), consumers);
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();
}

// The producer's loop, for its one thread: the ring's slice g (counted
// from the first the ring ever carried: `first` slices came before this
// tile's kt_n) uses stage g % STAGES in its (g / STAGES)-th round, whose
// parity the barriers flip; once the stage is free, its full barrier
// expects STAGE_BYTES (zero fill counts too) and load(stage address, full
// barrier, kt) issues the copies of the tile's slice kt.
template <int STAGES, int STAGE_BYTES, class LOAD>
__device__ __forceinline__ void tma_ring_produce(uint32_t ring, uint32_t bars, int first, int kt_n,
                                                 LOAD load)
{
    for (int kt = 0; kt < kt_n; kt++) {
        const int g = first + kt, s = g % STAGES;
        const uint32_t ph = (uint32_t)(g / STAGES) & 1;
        const uint32_t full = bars + 8 * s;
        tma_bar_wait(bars + 8 * (STAGES + s), ph ^ 1); // stage free
        tma_bar_expect(full, STAGE_BYTES);
        load(ring + s * STAGE_BYTES, full, kt);
    }
}

// The tensor maps into the cache before the first copy reads them.
__device__ __forceinline__ void tma_prefetch_maps(const CUtensorMap *ma, const CUtensorMap *mb)
{
    asm volatile("prefetch.tensormap [%0];\n" ::"l"((uint64_t)ma)
                 : "memory");
    asm volatile("prefetch.tensormap [%0];\n" ::"l"((uint64_t)mb)
                 : "memory");
}

#endif

#endif // CK_SIMT_EMU

#ifndef CK_SIMT_EMU
// A 2-D tensor map of `type` (esize bytes an element): rows x cols (cols
// innermost, ld elements apart, a multiple of 16 bytes), boxes of
// box_rows x 128 bytes, 128-byte swizzle, zeros outside the matrix.
static int tma_map_2d_of(CUtensorMap *map, CUtensorMapDataType type, int esize, const void *p,
                         int rows, int cols, int ld, int box_rows, struct ck_err *err)
{
    static PFN_cuTensorMapEncodeTiled_v12000 encode = NULL;
    if (!encode) {
        cudaDriverEntryPointQueryResult q;
        void *fn = NULL;
        CUDA_CHECK(err, cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
                                                         cudaEnableDefault, &q));
        if (q != cudaDriverEntryPointSuccess || !fn) {
            snprintf(err->msg, sizeof err->msg,
                     "cuTensorMapEncodeTiled: not in this driver (needs CUDA 12)");
            return CK_ECUDA;
        }
        encode = (PFN_cuTensorMapEncodeTiled_v12000)fn;
    }
    cuuint64_t dims[2] = {(cuuint64_t)cols, (cuuint64_t)rows};
    cuuint64_t strides[1] = {(cuuint64_t)ld * (cuuint64_t)esize};
    cuuint32_t box[2] = {(cuuint32_t)(128 / esize), (cuuint32_t)box_rows}, estr[2] = {1, 1};
    CUresult r = encode(map, type, 2, (void *)p, dims, strides, box, estr,
                        CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        snprintf(err->msg, sizeof err->msg, "cuTensorMapEncodeTiled: error %d (%s:%d)", (int)r,
                 __FILE__, __LINE__);
        return CK_ECUDA;
    }
    return CK_OK;
}

// The FP32 one: boxes of box_rows x 32 floats.
static int tma_map_2d(CUtensorMap *map, const float *p, int rows, int cols, int ld,
                      int box_rows, struct ck_err *err)
{
    return tma_map_2d_of(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, p, rows, cols, ld, box_rows,
                         err);
}

#endif // CK_SIMT_EMU
#endif
