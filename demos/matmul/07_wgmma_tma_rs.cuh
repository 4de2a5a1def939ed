// The wgmma-tma rung without the transpose (07_wgmma_tma.cuh has the
// machinery): wgmma on TF32 reads a shared-memory operand K-major only, but
// its A operand may come from registers instead, in any order the threads
// load it. So the kernel computes C^T = B^T * A^T: the Tensor Cores' "A" is
// B^T, a 32x128 slice of B loaded as it lies (row-major, K x N) by the TMA
// and read by each thread into its fragment registers (ld.shared, 4 floats
// per 8-deep step, rounded to TF32 on the way); their "B" is A^T, which is
// K-major in memory already (A is M x K row-major), a 256x32 slice of A
// straight from shared memory through a descriptor. Each consumer
// warpgroup owns 64 columns of C (rows of C^T) and 256 rows; the
// accumulators are C^T's, so the store writes them transposed (a warp's
// store still fills whole 32-byte sectors). Nothing is transposed in
// memory; A or B is copied into padded rows only when its rows are not 16
// bytes apart (K or N not a multiple of 4).
//
// Reading guide: wg_rs_cfg names the tiles; wg_rs_frag() reads one 8-deep
// fragment out of the swizzled B slice; wg_rs_slice() is one K slice of a
// consumer (fragments, fence, 4 wgmmas, commit); mm_wgmma_rs_kernel is the
// same producer / consumer ring as mm_wgmma_kernel; wg_rs_store() writes
// C from C^T's accumulators.
#ifndef MM_07_WGMMA_TMA_RS_CUH
#define MM_07_WGMMA_TMA_RS_CUH
#include "07_wgmma_tma.cuh"

// BN x BM tile of C (BN = 128 columns: two consumer warpgroups of 64, BM =
// 256 rows: the wgmma's N), BK 32. A stage: A's 256x32 slice (32 KiB, K-major
// for the descriptor), then B's 32x128 slice as four 32x32 TMA boxes (4 KiB
// each, rows of 32 floats = 128 bytes, swizzled). CLUSTER 2: the two blocks
// of a cluster take neighbouring column tiles and share A's slice.
template <int STAGES_, bool PERSIST_ = false, int CLUSTER_ = 1>
struct wg_rs_cfg_t {
    static constexpr int CONSUMERS = 2, BN = 64 * CONSUMERS, BM = 256, BK = 32;
    static constexpr int STAGES = STAGES_, CLUSTER = CLUSTER_;
    static constexpr bool PERSIST = PERSIST_;
    static constexpr int THREADS = 128 * (CONSUMERS + 1);
    static constexpr int A_BYTES = BM * BK * 4, B_BYTES = BK * BN * 4;
    static constexpr int A_BOX = BM / CLUSTER; // rows of A one block loads
    static constexpr int STAGE_BYTES = A_BYTES + B_BYTES;
    static constexpr int ACC = BM / 2;
    static constexpr int EMPTY_ARRIVALS = CLUSTER * CONSUMERS * 4;
    static constexpr int SMEM = STAGES * STAGE_BYTES + 2 * STAGES * 8 + 1024;
    static constexpr int PRODUCER_REGS = 40, CONSUMER_REGS = 232;
    static constexpr bool SETMAXNREG = true;
};

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// The fragment of C^T rows nl, nl + 8 (nl = 16 * warp + g within the
// block's 128 columns), K columns k8 + t and + 4, out of the B slice at bs:
// box nl / 32, row k, 16-byte chunk (nl % 32) / 4 swizzled with k % 8.
__device__ __forceinline__ void wg_rs_frag(uint32_t (&a)[4], uint32_t bs, int nl, int k)
{
    const uint32_t box = bs + (uint32_t)(nl / 32) * 4096, c = (uint32_t)(nl % 32);
#pragma unroll
    for (int i = 0; i < 4; i++) {
        const uint32_t kk = (uint32_t)(k + (i / 2) * 4), cc = c + (i % 2) * 8;
        const uint32_t addr = box + kk * 128 + (((cc / 4) ^ (kk % 8)) << 4) + (cc % 4) * 4;
        float v;
        asm volatile("ld.shared.f32 %0, [%1];\n" : "=f"(v) : "r"(addr));
        a[i] = __float_as_uint(wg_tf32(v));
    }
}

// One K slice of a consumer warpgroup: its 4 fragments into fr, then the 4
// wgmmas that read them and the slice of A at as, committed as one group.
__device__ __forceinline__ void wg_rs_slice(float *d, uint32_t (&fr)[4][4], uint32_t as,
                                            uint32_t bs, int nl)
{
    const int t = threadIdx.x % 4;
#pragma unroll
    for (int k = 0; k < 4; k++)
        wg_rs_frag(fr[k], bs, nl, 8 * k + t);
    wg_fence();
#pragma unroll
    for (int k = 0; k < 4; k++)
        wg_mma_rs256::run(d, fr[k], wg_desc(as + 32 * k));
    wg_commit();
}
#endif

// d[4j..4j+3] hold C^T rows g, g + 8 of the warp's 16 (columns n0 + nl,
// nl + 8 of C), C^T columns 8j + 2t and + 1 (rows m0 + ... of C).
template <class c>
__device__ __forceinline__ void wg_rs_store(const float *d, float *C, int M, int N, int m0, int n)
{
#pragma unroll
    for (int j = 0; j < c::BM / 8; j++)
#pragma unroll
        for (int v = 0; v < 4; v++) {
            const int col = n + 8 * (v / 2), row = m0 + 8 * j + 2 * (threadIdx.x % 4) + v % 2;
            if (row < M && col < N)
                C[(size_t)row * N + col] = d[4 * j + v];
        }
}

template <class c>
__global__ void __launch_bounds__(c::THREADS, 1)
mm_wgmma_rs_kernel(const __grid_constant__ CUtensorMap tmA, // A (M, K), K-major
                   const __grid_constant__ CUtensorMap tmB, // B (K, N), N-major
                   float *__restrict__ C, int M, int N, int K)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    extern __shared__ unsigned char wg_raw[];
    const uint32_t raw = wg_smem_u32(wg_raw), ring = (raw + 1023) & ~1023u;
    const uint32_t bars = ring + c::STAGES * c::STAGE_BYTES; // full[s], then empty[s]
    const int wgi = threadIdx.x / 128;                        // 0: producer
    // a unit is CLUSTER column tiles side by side, one per block of a cluster
    const uint32_t rank = c::CLUSTER > 1 ? wg_cluster_rank() : 0;
    const int tiles_m = (M + c::BM - 1) / c::BM;
    const int units_n = ((N + c::BN - 1) / c::BN + c::CLUSTER - 1) / c::CLUSTER;
    const int units = units_n * tiles_m, first = blockIdx.x / c::CLUSTER;
    const int step = c::PERSIST ? gridDim.x / c::CLUSTER : units;
    const int kt_n = (K + c::BK - 1) / c::BK;

    if (threadIdx.x == 0) {
        for (int s = 0; s < c::STAGES; s++) {
            wg_bar_init(bars + 8 * s, 1);
            wg_bar_init(bars + 8 * (c::STAGES + s), c::EMPTY_ARRIVALS);
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    if (c::CLUSTER > 1)
        wg_cluster_sync();
    else
        __syncthreads();

    if (wgi == 0) { // producer
        asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(c::PRODUCER_REGS));
        if (threadIdx.x == 0) {
            asm volatile("prefetch.tensormap [%0];\n" ::"l"((uint64_t)&tmA) : "memory");
            asm volatile("prefetch.tensormap [%0];\n" ::"l"((uint64_t)&tmB) : "memory");
            int it = 0;
            for (int u = first; u < units; u += step) {
                int tm, tn;
                wg_unit(u, tiles_m, units_n, tm, tn);
                const int m0 = tm * c::BM, n0 = (tn * c::CLUSTER + (int)rank) * c::BN;
                for (int kt = 0; kt < kt_n; kt++, it++) {
                    const int s = it % c::STAGES;
                    const uint32_t ph = (uint32_t)(it / c::STAGES) & 1;
                    const uint32_t a = ring + s * c::STAGE_BYTES, b = a + c::A_BYTES;
                    const uint32_t full = bars + 8 * s;
                    wg_bar_wait(bars + 8 * (c::STAGES + s), ph ^ 1);
                    wg_bar_expect(full, c::STAGE_BYTES);
                    if (c::CLUSTER == 1)
                        wg_tma_load(a, &tmA, full, kt * c::BK, m0);
                    else
                        wg_tma_load_mc(a + rank * (c::A_BYTES / c::CLUSTER), &tmA, full,
                                       kt * c::BK, m0 + (int)rank * c::A_BOX,
                                       (uint16_t)((1u << c::CLUSTER) - 1));
#pragma unroll
                    for (int i = 0; i < c::BN / 32; i++)
                        wg_tma_load(b + 4096 * i, &tmB, full, n0 + 32 * i, kt * c::BK);
                }
            }
        }
    } else { // consumers: warpgroup w owns columns 64w .. 64w + 63 of the tile
        asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(c::CONSUMER_REGS));
        const int w = wgi - 1, nl = 64 * w + 16 * (threadIdx.x / 32 % 4) + threadIdx.x % 32 / 4;
        const bool lane0 = threadIdx.x % 32 == 0;
        int it = 0;
        for (int u = first; u < units; u += step) {
            int tm, tn;
            wg_unit(u, tiles_m, units_n, tm, tn);
            const int m0 = tm * c::BM, n0 = (tn * c::CLUSTER + (int)rank) * c::BN;
            float d[c::ACC];
#pragma unroll
            for (int i = 0; i < c::ACC; i++)
                d[i] = 0.0f;
            wg_pin<c::ACC>(d);
            uint32_t f0[4][4], f1[4][4]; // fragments of even and odd slices
            for (int kt = 0; kt < kt_n; kt++, it++) {
                const int s = it % c::STAGES;
                const uint32_t as = ring + s * c::STAGE_BYTES, bs = as + c::A_BYTES;
                wg_bar_wait(bars + 8 * s, (uint32_t)(it / c::STAGES) & 1);
                // the slice before is still being read from the other buffer
                if (kt % 2 == 0)
                    wg_rs_slice(d, f0, as, bs, nl);
                else
                    wg_rs_slice(d, f1, as, bs, nl);
                wg_wait<1>();
                if (kt > 0 && lane0)
                    wg_release<c>(bars + 8 * (c::STAGES + (it - 1) % c::STAGES));
            }
            wg_wait<0>();
            wg_pin<c::ACC>(d);
            if (lane0)
                wg_release<c>(bars + 8 * (c::STAGES + (it - 1) % c::STAGES));
            wg_rs_store<c>(d, C, M, N, m0, n0 + nl);
        }
    }
    if (c::CLUSTER > 1)
        wg_cluster_sync();
#else
    __trap(); // the host declines this rung unless built for sm_90a on an sm_90 GPU
#endif
}

template <class c>
static int mm_wgmma_rs_run(const struct mm_args *a, struct wg_workspace *ws, struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K, ldk = (K + 3) / 4 * 4, ldn = (N + 3) / 4 * 4;
    const bool copy_a = K % 4 != 0 || (uintptr_t)a->A % 16 != 0;
    const bool copy_b = N % 4 != 0 || (uintptr_t)a->B % 16 != 0;
    size_t na = copy_a ? (size_t)M * ldk : 0, nb = copy_b ? (size_t)K * ldn : 0;
    size_t need = (na + nb) * sizeof(float);
    if (need && ws->bytes < need) {
        CUDA_CHECK(err, cudaFree(ws->p));
        ws->p = NULL, ws->bytes = 0;
        CUDA_CHECK(err, cudaMalloc((void **)&ws->p, need));
        ws->bytes = need;
        CUDA_CHECK(err, cudaMemset(ws->p, 0, need));
    }
    float *Ap = copy_a ? ws->p : NULL, *Bp = copy_b ? ws->p + na : NULL;
    if (copy_a)
        CK_LAUNCH(err, wg_transpose<false>, dim3((K + 31) / 32, (M + 31) / 32), 256, 0, 0, a->A,
                  Ap, M, K, ldk);
    if (copy_b)
        CK_LAUNCH(err, wg_transpose<false>, dim3((N + 31) / 32, (K + 31) / 32), 256, 0, 0, a->B,
                  Bp, K, N, ldn);
    CUtensorMap ta, tb;
    int rc = wg_tensor_map(&ta, copy_a ? Ap : a->A, M, K, copy_a ? ldk : K, c::A_BOX, err);
    if (rc == CK_OK)
        rc = wg_tensor_map(&tb, copy_b ? Bp : a->B, K, N, copy_b ? ldn : N, 32, err);
    if (rc != CK_OK)
        return rc;
    auto kernel = mm_wgmma_rs_kernel<c>;
    CUDA_CHECK(err, cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         c::SMEM));
    int units = ((N + c::BN - 1) / c::BN + c::CLUSTER - 1) / c::CLUSTER * ((M + c::BM - 1) / c::BM);
    cudaLaunchConfig_t lc = {};
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = c::CLUSTER, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
    lc.blockDim = dim3(c::THREADS), lc.dynamicSmemBytes = c::SMEM, lc.stream = 0;
    lc.attrs = at, lc.numAttrs = c::CLUSTER > 1 ? 1 : 0;
    int fit = a->sms > 0 ? a->sms / c::CLUSTER : 132 / c::CLUSTER;
    if (c::PERSIST && c::CLUSTER > 1) {
        lc.gridDim = dim3(fit * c::CLUSTER);
        CUDA_CHECK(err, cudaOccupancyMaxActiveClusters(&fit, kernel, &lc));
    }
    lc.gridDim = dim3((c::PERSIST && units > fit && fit > 0 ? fit : units) * c::CLUSTER);
    CUDA_CHECK(err, cudaLaunchKernelEx(&lc, kernel, ta, tb, a->C, M, N, K));
    return CK_OK;
}
#endif
