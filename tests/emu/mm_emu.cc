/* mm_emu.cc - every hand-written rung of the matmul ladder (the hand rows
 * of demos/matmul/mm_ladder.h, through their own launchers), run on the CPU
 * through tests/emu/simt.h against an FP64 product: odd sizes that cut
 * every tile, one element, and whole tiles (the 'best' rung's unchecked
 * float4 path). The output starts as NaN, so an element a kernel forgets
 * fails. A rung added to the ladder is tested here without touching this
 * file. TAP on stdout. */
#include "emu.h"

#include "01_naive.cuh"
#include "02_coalesced.cuh"
#include "03_smem_tiled.cuh"
#include "04_regblock.cuh"
#include "05_best.cuh"
#include "check.h"

/* Tensor Core instructions (mma.sync, ldmatrix, cp.async in inline PTX)
 * have no CPU emulation: these rungs are checked on a GPU only
 * (demos/scripts/gpu_test.sh). */
#define EMU_NO_CPU (-1)
static int mm_tf32_mma(const struct mm_args *, struct ck_err *) { return EMU_NO_CPU; }
#include "mm_ladder.h"

typedef int (*mm_launch_fn)(const struct mm_args *a, struct ck_err *err);
struct hand {
    const char *id;
    mm_launch_fn fn;
};
#define EMU_hand(id, fn) {id, fn},
#define EMU_library(id, fn)
#define EMU_cpu(id, fn)
#define EMU_(e, id, rung, kind, label, idea, fn, tol, cap) EMU_##kind(id, fn)
static const struct hand hands[] = {MM_LADDER(EMU_)};

static double check(const struct hand &h, int M, int N, int K)
{
    std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N, NAN);
    emu_fill(A, 7u + (unsigned)(M * 31 + K));
    emu_fill(B, 11u + (unsigned)(N * 17 + K));
    struct mm_args a = {M, N, K, A.data(), B.data(), C.data()};
    struct ck_err err = {{0}};
    if (h.fn(&a, &err) != CK_OK)
        return 1.0;
    std::vector<double> ref((size_t)M * N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double s = 0;
            for (int k = 0; k < K; k++)
                s += (double)A[(size_t)i * K + k] * B[(size_t)k * N + j];
            ref[(size_t)i * N + j] = s;
        }
    return emu_rel_err(C, ref);
}

int main(void)
{
    static const int sizes[][3] = {
        {37, 53, 61},   /* odd: every tile is cut */
        {1, 1, 1},      /* one element */
        {65, 33, 17},   /* one past a 64-tile, K past one 16-slice */
        {128, 128, 16}, /* whole tiles: best's float4 path, BK 16 */
        {130, 129, 9},  /* one past whole tiles */
    };
    for (const auto &h : hands)
        for (const auto &s : sizes) {
            struct mm_args probe = {1, 1, 1, NULL, NULL, NULL};
            struct ck_err perr = {{0}};
            if (h.fn == mm_tf32_mma && mm_tf32_mma(&probe, &perr) == EMU_NO_CPU) {
                printf("ok %d - matmul %s # skip Tensor Core instructions run on a GPU only\n",
                       ++tap_n, h.id);
                break;
            }
            double e = check(h, s[0], s[1], s[2]);
            char what[160];
            snprintf(what, sizeof what, "matmul %s %dx%dx%d: rel. error %.2e "
                     "against FP64 (< 1e-5)", h.id, s[0], s[1], s[2], e);
            ok(e < 1e-5, what);
        }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
