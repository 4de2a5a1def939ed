/* xfer_emu.cc - the transfer and streams demos' kernels (demos/transfer/
 * xfer_kernels.cuh, demos/streams/st_kernel.h) run on the CPU through
 * emu/simt.h: the fill against the host's pattern, the checksum
 * against the host's sum (one atomic per thread), the copy kernel at sizes
 * around a block's width, over grids of one block (each thread strides) to
 * more blocks than needed, and the pipeline kernel against an
 * FP64 reference. Destinations poisoned. TAP on stdout. */
#include <vector>
#include "xfer_kernels.cuh"
#include "st_kernel.h"

static int tap_n, tap_fail;

static void ok(bool pass, const char *what)
{
    tap_n++;
    if (!pass)
        tap_fail++;
    printf("%s %d - %s\n", pass ? "ok" : "not ok", tap_n, what);
}

static void fill_and_sum(size_t n, unsigned grid, unsigned block)
{
    std::vector<uint64_t> p(n + 1, ~0ull);
    CK_LAUNCH(0, xf_fill_kernel, grid, block, 0, 0, p.data(), n, (uint64_t)77);
    bool same = p[n] == ~0ull;
    uint64_t want = 0;
    for (size_t i = 0; i < n; i++) {
        same = same && p[i] == xf_word(77, i);
        want += xf_mix(xf_word(77, i), i);
    }
    unsigned long long got = 0;
    CK_LAUNCH(0, xf_sum_kernel, grid, block, 0, 0, (const uint64_t *)p.data(), n, &got);
    char what[160];
    snprintf(what, sizeof what, "fill %zu words on %ux%u: the pattern, nothing past the end", n,
             grid, block);
    ok(same, what);
    snprintf(what, sizeof what, "checksum of %zu words on %ux%u: the host's sum", n, grid, block);
    ok(got == want, what);
    if (n > 2) { /* a word moved by one place changes the sum */
        std::swap(p[0], p[1]);
        got = 0;
        CK_LAUNCH(0, xf_sum_kernel, grid, block, 0, 0, (const uint64_t *)p.data(), n, &got);
        snprintf(what, sizeof what, "checksum of %zu words: two words swapped differ", n);
        ok(got != want, what);
    }
}

static void copy(size_t n, unsigned grid, unsigned block)
{
    std::vector<uint4> src(n), dst(n + 1, uint4{~0u, ~0u, ~0u, ~0u});
    for (size_t i = 0; i < n; i++)
        src[i] = uint4{(unsigned)i, (unsigned)(i * 3), (unsigned)~i, 7u};
    CK_LAUNCH(0, xf_copy_kernel, grid, block, 0, 0, (const uint4 *)src.data(), dst.data(), n);
    bool same = dst[n].x == ~0u;
    for (size_t i = 0; i < n; i++)
        same = same && !memcmp(&dst[i], &src[i], sizeof src[i]);
    char what[160];
    snprintf(what, sizeof what, "copy %zu x 16 bytes on %ux%u: every word, nothing past the end",
             n, grid, block);
    ok(same, what);
}

static void pipeline_kernel(size_t n, int iters)
{
    std::vector<float> x(n), y(n + 1, NAN);
    for (size_t i = 0; i < n; i++)
        x[i] = (i % 2 ? -1.0f : 1.0f) * (0.1f + 0.9f * (float)(i % 97) / 97.0f);
    unsigned grid = (unsigned)((n + 63) / 64);
    CK_LAUNCH(0, st_kernel, grid, 64, 0, 0, (const float *)x.data(), y.data(), n, iters);
    double worst = 0;
    for (size_t i = 0; i < n; i++) {
        double a = x[i];
        for (int k = 0; k < iters; k++)
            a = a * 0.5 + x[i];
        worst = fmax(worst, isfinite(y[i]) ? fabs(y[i] - a) / fabs(a) : INFINITY);
    }
    char what[160];
    snprintf(what, sizeof what, "pipeline kernel, %zu elements, %d FMAs: within 1e-5 of FP64 "
             "(%.1e), nothing past the end", n, iters, worst);
    ok(worst < 1e-5 && isnan(y[n]), what);
}

int main(void)
{
    fill_and_sum(1, 1, 32);
    fill_and_sum(1000, 3, 64);
    fill_and_sum(4096, 2, 128);
    static const size_t sizes[] = { 1, 3, 4, 255, 256, 257, 1023, 1024, 1029, 4096 };
    static const unsigned grids[] = {1, 2, 5, 17};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (size_t g = 0; g < sizeof grids / sizeof *grids; g++)
            copy(sizes[s], grids[g], 64);
    pipeline_kernel(1000, 0);
    pipeline_kernel(777, 8);
    pipeline_kernel(256, 2048);
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
