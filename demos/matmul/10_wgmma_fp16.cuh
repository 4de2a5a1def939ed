// Rungs 10 and 12, Hopper's wgmma on 16-bit inputs (FP16, and BF16 with
// the same code), against cuBLAS on the very same inputs (cublas-fp16,
// cublas-bf16): the kernel of rung 8 (08_wgmma_tma.cuh, wg_cfg_t with
// wg_in_fp16 or wg_in_bf16), fed 64 elements of K per 128-byte row instead of 32.
//
// What changes with 16 bits: wgmma may read B N-major (imm-trans-b), so B
// goes into shared memory as it lies in memory, row-major K x N, with no
// transpose first (rung 8 spends about a tenth of its time on that). The
// TMA copies B's tile as BN / 64 boxes of 64 columns by 64 rows; the
// descriptor (wg_desc_mn) says how far apart the boxes are. A is K-major
// as before. Each wgmma is 64 x 256 x 16; four make a 64-deep stage.
//
// The inputs are the demo's 16-bit copies of A and B (mm_args' hA, hB:
// converted once, not timed, exactly as cuBLAS gets them), so the two rows
// compare like for like. The TMA needs rows 16 bytes apart: where K or N
// is not a multiple of 8, the rung first copies A or B into a workspace
// whose rows are (timed as part of the rung, as rung 8's transpose).
// Products of 16-bit numbers are exact in FP32 and summed in FP32, so the
// result is checked against the tolerance of the precision (CK_TOL_FP16,
// CK_TOL_BF16: the rounding of the inputs), and bit for bit on the
// integer inputs of mm_exact.h.
//
// Built only for sm_90a, like rung 8 (mm_sm90a.cu).
#ifndef MM_10_WGMMA_FP16_CUH
#define MM_10_WGMMA_FP16_CUH
#include "08_wgmma_tma.cuh"

using wg16_cfg = wg_cfg_t<256, 4, wg_in_fp16>;
using wgb16_cfg = wg_cfg_t<256, 4, wg_in_bf16>;

template <class T>
struct wg16_type;
template <>
struct wg16_type<wg_in_fp16> {
    static constexpr CUtensorMapDataType TMA = CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
};
template <>
struct wg16_type<wg_in_bf16> {
    static constexpr CUtensorMapDataType TMA = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
};

// The workspace (ck_workspace): A again (M x ldk) when K % 8 != 0, B again
// (K x ldn) when N % 8 != 0, either when not 16-byte aligned (wg_pad_inputs).
template <class c>
static int mm_wgmma16_run(const struct mm_args *a, bool persist, struct ck_workspace *ws,
                          struct ck_err *err)
{
    const int M = a->M, N = a->N, K = a->K;
    if (!a->hA || !a->hB) {
        snprintf(err->msg, sizeof err->msg, "wgmma on 16 bits: no 16-bit inputs given");
        return CK_EARGS;
    }
    const uint16_t *A = (const uint16_t *)a->hA, *B = (const uint16_t *)a->hB;
    int ldk, ldn;
    int rc = wg_pad_inputs(&A, &B, M, N, K, &ldk, &ldn, ws, err);
    if (rc != CK_OK)
        return rc;
    const CUtensorMapDataType t = wg16_type<typename c::in>::TMA;
    CUtensorMap ta, tb;
    rc = tma_map_2d_of(&ta, t, 2, A, M, K, ldk, c::BM, err);
    if (rc == CK_OK)
        rc = tma_map_2d_of(&tb, t, 2, B, K, N, ldn, c::BK, err);
    if (rc != CK_OK)
        return rc;
    return wg_launch<c>(a, ta, tb, persist, err);
}
#endif
