/* tf32_tma_emu.cc - the part of the tf32-mma rung's TMA feed
 * (demos/matmul/07_tf32_mma_tma.cuh) a CPU can check: where each consumer
 * lane reads in a stage that the TMA wrote with its 128-byte swizzle
 * (tw_a_off, tw_b_off, as tw_frags adds them up) and where it writes its
 * accumulators (tw_col). A stage is laid out as the TMA lays it
 * (tma_swizzle_128b), every element holding its own coordinates; every
 * lane of every warp reads its fragments of every step (ldmatrix as the
 * PTX manual defines it: lane l gets element l % 4 of row l / 4 of each of
 * the four 8x4 matrices whose row addresses lanes 8q .. 8q + 7 give), and
 * each value must be the A or B element the mma.sync fragment layout asks
 * for; each mma tile's B columns must be 8 different columns of the warp's
 * 64, all 64 once, and the two C columns a lane writes must be the columns
 * its accumulators hold; and every read of a warp must hit 32 different
 * banks. The TMA copy itself, the mbarriers and setmaxnreg run on a GPU
 * only (demos/scripts/gpu_test.sh). TAP on stdout. */
#include "emu.h"

#include "07_tf32_mma_tma.cuh"

using c = tw_cfg;

/* a stage as the TMA writes it: A's 128 rows of 32 k, then B's boxes of
 * 32 k x 32 columns; element ids: A (r << 8 | k), B (1 << 20 | k << 12 | n) */
static std::vector<unsigned> stage(void)
{
    std::vector<unsigned> s(c::STAGE_BYTES / 4, 0xffffffffu);
    for (int r = 0; r < c::BM; r++)
        for (int k = 0; k < c::BK; k++)
            s[tma_swizzle_128b((uint32_t)(r * 128 + k * 4)) / 4] = (unsigned)(r << 8 | k);
    for (int q = 0; q < c::BN / 32; q++)
        for (int k = 0; k < c::BK; k++)
            for (int n = 0; n < 32; n++)
                s[(c::A_BYTES + q * c::B_BOX + tma_swizzle_128b((uint32_t)(k * 128 + n * 4))) /
                  4] = (unsigned)(1 << 20 | k << 12 | (32 * q + n));
    return s;
}

/* distinct banks: 32 word addresses, one per lane (or 8 rows of 4) */
static bool banks_distinct(const int (&word)[32])
{
    bool seen[32] = {false};
    for (int l = 0; l < 32; l++) {
        int b = word[l] % 32;
        if (seen[b])
            return false;
        seen[b] = true;
    }
    return true;
}

int main(void)
{
    (void)mm_tf32_mma; /* the header's cp.async launcher: tests/emu/mm_emu.cc runs it */
    const std::vector<unsigned> s = stage();
    for (int w = 0; w < c::CONSUMERS; w++) {
        const int wm = w / 4 * c::WM, wn = w % 4 * c::WN;
        int bad_a = 0, bad_b = 0, bank_a = 0, bank_b = 0, bad_cols = 0;
        int colB[c::NT][8]; /* the B column of mma column n of tile j */
        for (auto &row : colB)
            for (int &x : row)
                x = -1;
        for (int ks = 0; ks < c::KS; ks++) {
            /* A: ldmatrix.x4 of each 16-row mma tile i */
            for (int i = 0; i < c::MT; i++) {
                int addr[32], word[32];
                for (int l = 0; l < 32; l++) {
                    addr[l] = tw_a_off(l, wm, ks) + i * 16 * 128;
                    bad_a += addr[l] % 16 != 0;
                }
                for (int q = 0; q < 4; q++) { /* one matrix: 8 rows of 16 bytes */
                    for (int r = 0; r < 8; r++)
                        for (int e = 0; e < 4; e++)
                            word[4 * r + e] = addr[8 * q + r] / 4 + e;
                    bank_a += !banks_distinct(word);
                }
                for (int l = 0; l < 32; l++) {
                    const int g = l / 4, t = l % 4;
                    for (int q = 0; q < 4; q++) { /* a[q]: rows g (+8), k t (+4) */
                        unsigned v = s[addr[8 * q + l / 4] / 4 + l % 4];
                        unsigned want = (unsigned)((wm + 16 * i + g + 8 * (q % 2)) << 8 |
                                                   (8 * ks + t + 4 * (q / 2)));
                        bad_a += v != want;
                    }
                }
            }
            /* B: one single-float read per tile j and k half h */
            for (int j = 0; j < c::NT; j++)
                for (int h = 0; h < 2; h++) {
                    int word[32];
                    for (int l = 0; l < 32; l++) {
                        const int g = l / 4, t = l % 4;
                        int off = c::A_BYTES + (j / 4) * c::B_BOX + ks * 8 * 128 +
                                  tw_b_off(l, wn, j % 4, h, c::B_BOX);
                        word[l] = off / 4;
                        unsigned v = s[off / 4];
                        int k = (int)(v >> 12 & 0xff), n = (int)(v & 0xfff);
                        bad_b += (v >> 20) != 1 || k != 8 * ks + t + 4 * h || n < wn ||
                                 n >= wn + c::WN;
                        if (colB[j][g] < 0)
                            colB[j][g] = n;
                        bad_b += colB[j][g] != n; /* the same column for every t, h, ks */
                    }
                    bank_b += !banks_distinct(word);
                }
        }
        /* the warp's 64 columns once each; C's columns are B's */
        bool seen[c::WN] = {false};
        for (int j = 0; j < c::NT; j++)
            for (int n = 0; n < 8; n++) {
                int x = colB[j][n] - wn;
                bad_cols += x < 0 || x >= c::WN || seen[x];
                if (x >= 0 && x < c::WN)
                    seen[x] = true;
            }
        for (int j = 0; j < c::NT; j++)
            for (int t = 0; t < 4; t++)
                bad_cols += wn + tw_col(j, t) != colB[j][2 * t] ||
                            wn + tw_col(j, t) + 1 != colB[j][2 * t + 1];
        char what[200];
        snprintf(what, sizeof what, "tf32-mma TMA feed, warp %d (rows %d.., columns %d..): "
                 "every A fragment is the element mma.sync asks for (%d wrong)", w, wm, wn, bad_a);
        ok(bad_a == 0, what);
        snprintf(what, sizeof what, "tf32-mma TMA feed, warp %d: every B fragment is its "
                 "column's element at the right k (%d wrong)", w, bad_b);
        ok(bad_b == 0, what);
        snprintf(what, sizeof what, "tf32-mma TMA feed, warp %d: the mma tiles' columns cover "
                 "the warp's 64 once, and tw_col writes the columns the accumulators hold "
                 "(%d wrong)", w, bad_cols);
        ok(bad_cols == 0, what);
        snprintf(what, sizeof what, "tf32-mma TMA feed, warp %d: every ldmatrix phase and "
                 "every B read hits 32 different banks (%d ldmatrix, %d B reads conflict)", w,
                 bank_a, bank_b);
        ok(bank_a == 0 && bank_b == 0, what);
    }
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
