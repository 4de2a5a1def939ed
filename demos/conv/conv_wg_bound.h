/* conv_wg_bound.h - how far Winograd F(m x m, 3x3) may be from the exact
 * convolution in FP32: the bound the conv demo holds rungs 5 and 6 to on
 * its integer inputs (conv_exact.h). Header-only, plain C (also compiled as
 * C++ by the CPU emulation, tests/emu/conv_emu.cc).
 *
 * One output tile is Y = A^T [ sum_c (G g_c G^T) . (B^T d_c B) ] A, with
 * "." the element-wise product, g_c a 3x3 filter slice, d_c an a x a input
 * patch (a = m + 2) and the matrices of 05_winograd.cuh (m = 2) and
 * 06_winograd4.cuh (m = 4). In floating point every term of the expanded
 * sum passes through at most n roundings (each a factor 1 + d, |d| <= u =
 * 2^-24): the filter transform's two passes of 3 products and 3 sums and
 * the rounded constant (14), the input transform's two passes of a each
 * (4a), the product (1), the sum over the C channels (C, plus at most 4
 * where a split GEMM adds its parts) and the output transform's two passes
 * (4a): n <= C + 8a + 19. So (Higham, "Accuracy and Stability of Numerical
 * Algorithms", 2nd ed., lemma 3.1 and section 3.5, applied to Winograd as
 * in Barabasz, Anderson, Soodhalter and Gregg, "Error analysis and
 * improving the accuracy of Winograd convolution for deep neural
 * networks", ACM TOMS 46(4), 2020) each output element satisfies
 *   |Y^ - Y| <= gamma_n |A^T| [ sum_c (|G||g_c||G^T|) . (|B^T||d_c||B|) ] |A|,
 *   gamma_n = n u / (1 - n u).
 * With |x| <= xmax and |w| <= wmax the bracket is at most C xmax wmax v v^T,
 * v = (|G| 1) . (|B^T| 1) (row sums), so
 *   |Y^ - Y| <= gamma_n C xmax wmax E,  E = (max_i (|A^T| v)_i)^2,
 * where a direct sum of the same inputs reaches at most 9 C xmax wmax: the
 * value scale the demo divides by. Relative to it the bound is
 *   gamma_n E / 9,   E = 64 for F(2x2) and 2304 for F(4x4),
 * the transform's error growth: F(2x2) may err 7x what a direct sum of the
 * same length may, F(4x4) 256x (its coefficients reach 8 and 1/24). It is
 * a worst case; the measured error sits far inside it (NOTES.md). */
#ifndef CK_CONV_WG_BOUND_H
#define CK_CONV_WG_BOUND_H

#include <math.h>

/* E of F(m x m, 3x3), m = 2 or 4, from the transform matrices; 0 else. */
static inline double conv_wg_growth(int m)
{
    static const double bt2[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
    static const double g2[4][3] = {{1, 0, 0}, {.5, .5, .5}, {.5, -.5, .5}, {0, 0, 1}};
    static const double at2[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};
    static const double bt4[6][6] = {{4, 0, -5, 0, 1, 0},  {0, -4, -4, 1, 1, 0},
                                     {0, 4, -4, -1, 1, 0}, {0, -2, -1, 2, 1, 0},
                                     {0, 2, -1, -2, 1, 0}, {0, 4, 0, -5, 0, 1}};
    static const double g4[6][3] = {{1. / 4, 0, 0},          {-1. / 6, -1. / 6, -1. / 6},
                                    {-1. / 6, 1. / 6, -1. / 6}, {1. / 24, 1. / 12, 1. / 6},
                                    {1. / 24, -1. / 12, 1. / 6}, {0, 0, 1}};
    static const double at4[4][6] = {{1, 1, 1, 1, 1, 0}, {0, 1, -1, 2, -2, 0},
                                     {0, 1, 1, 4, 4, 0}, {0, 1, -1, 8, -8, 1}};
    if (m != 2 && m != 4)
        return 0;
    int a = m + 2;
    double v[6], most = 0;
    for (int i = 0; i < a; i++) {
        double gs = 0, bs = 0;
        for (int j = 0; j < 3; j++)
            gs += fabs(m == 2 ? g2[i][j] : g4[i][j]);
        for (int j = 0; j < a; j++)
            bs += fabs(m == 2 ? bt2[i][j] : bt4[i][j]);
        v[i] = gs * bs;
    }
    for (int i = 0; i < m; i++) {
        double s = 0;
        for (int j = 0; j < a; j++)
            s += fabs(m == 2 ? at2[i][j] : at4[i][j]) * v[j];
        most = s > most ? s : most;
    }
    return most * most;
}

/* The bound on max |Y^ - Y| / (9 C xmax wmax) over c input channels. */
static inline double conv_wg_err_bound(int m, int c)
{
    double n = (double)c + 8.0 * (m + 2) + 19.0, u = ldexp(1.0, -24);
    return n * u / (1.0 - n * u) * conv_wg_growth(m) / 9.0;
}

#endif
