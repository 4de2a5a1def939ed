/* wgmma_emu.cc - the part of the wgmma-tma rung a CPU can run: its first
 * step (demos/matmul/08_wgmma_tma_transpose.cuh), B transposed into Bt and
 * A copied into padded rows, through its own launcher, at sizes that cut
 * every 32x32 tile and at whole tiles. The TF32 rounding is the GPU's cvt.rna (without a GPU the
 * values pass unchanged, so the check is exact). wgmma, the TMA and the
 * mbarriers are checked on a GPU only (demos/scripts/gpu_test.sh). The
 * outputs start as NaN, so an element a kernel forgets fails. TAP on stdout. */
#include "emu.h"

#include "08_wgmma_tma_transpose.cuh"

int main(void)
{
    static const int sizes[][3] = {
        {37, 53, 61},  /* K % 4 != 0: A copied; every tile cut */
        {1, 1, 1},     /* one element */
        {5, 64, 64},   /* whole 32x32 tiles */
        {3, 100, 36},  /* tiles cut in both directions */
        {7, 132, 200}, /* several tiles, cut */
        {9, 130, 130}, /* K % 4 == 2: A copied */
        {2, 4, 33},    /* K % 4 == 1 with a tiny N */
    };
    for (const auto &s : sizes) {
        const int M = s[0], N = s[1], K = s[2], ld = (K + 3) / 4 * 4;
        const bool copy_a = K % 4 != 0;
        std::vector<float> A((size_t)M * K), B((size_t)K * N);
        std::vector<float> Bt((size_t)N * ld, NAN), Ap((size_t)M * ld, NAN);
        emu_fill(A, 3u + (unsigned)(M * 7 + K));
        emu_fill(B, 5u + (unsigned)(N * 13 + K));
        struct mm_args a = {M, N, K, A.data(), B.data(), NULL, 132, 0, NULL, NULL};
        struct ck_err err = {{0}};
        int rc = wg_prepare(&a, Bt.data(), copy_a ? Ap.data() : NULL, ld, &err);
        size_t bad = 0;
        for (int n = 0; n < N; n++)
            for (int k = 0; k < K; k++)
                bad += !(Bt[(size_t)n * ld + k] == B[(size_t)k * N + n]);
        for (int m = 0; copy_a && m < M; m++)
            for (int k = 0; k < K; k++)
                bad += !(Ap[(size_t)m * ld + k] == A[(size_t)m * K + k]);
        char what[200];
        snprintf(what, sizeof what, "wgmma-tma %dx%dx%d: Bt = B^T%s, %zu elements wrong", M, N,
                 K, copy_a ? ", A copied" : "", bad);
        /* and as a product check's reference would see it */
        std::vector<double> ref(B.begin(), B.end());
        std::vector<float> back((size_t)K * N);
        for (int n = 0; n < N; n++)
            for (int k = 0; k < K; k++)
                back[(size_t)k * N + n] = Bt[(size_t)n * ld + k];
        ok(rc == CK_OK && bad == 0 && emu_rel_err(back, ref) == 0, what);
    }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
