/* tiling_view: drawing helpers of the "tiling" screen (screen_tiling.c).
 * ncurses, through ui.h; no state. */
#ifndef CK_TILING_VIEW_H
#define CK_TILING_VIEW_H
#include "ui.h"

/* s (digits, '.', 'x') in large three-row glyphs from y, x; ASCII twins
 * with --ascii. */
void tiling_view_big(int y, int x, int maxw, enum role r, const char *s);
/* The convolution view in rows y0..y1-1: a 5x5 input, a 3x3 filter and
 * the im2col matrix, with output o (0..8) highlighted. */
void tiling_view_conv(int o, int y0, int y1);
#endif
