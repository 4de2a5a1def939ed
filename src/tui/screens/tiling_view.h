/* tiling_view: drawing helpers of the "tiling" screen (screen_tiling.c).
 * ncurses, through ui.h; no state. */
#ifndef CK_TILING_VIEW_H
#define CK_TILING_VIEW_H
#include <stddef.h>
#include "results.h"
#include "ui.h"

/* The mode tabs on row TILING_TAB_ROW: tab i is "[name]" from column *x,
 * *w wide, one blank between tabs; returns the column after the last. */
#define TILING_TAB_ROW 1
int tiling_view_mode_tab(int i, int *x, int *w);
/* The mode whose tab is at (y, x), or -1: a click picks it, as in gpu-map. */
int tiling_view_mode_at(int y, int x);
/* s (digits, '.', 'x') in large three-row glyphs from y, x; ASCII twins
 * with --ascii. */
void tiling_view_big(int y, int x, int maxw, enum role r, const char *s);
/* The convolution view in rows y0..y1-1: a 5x5 input, a 3x3 filter and
 * the im2col matrix, with output o (0..8) highlighted. */
void tiling_view_conv(int o, int y0, int y1);
/* The whole-run table of the three modes for c, from row y (stops before
 * y1); returns the next row. */
int tiling_view_totals(const struct tl_config *c, int y, int y1, int x, int w);
/* The timed matmul variant id in r, or NULL. */
const struct res_variant *tiling_view_find(const struct results *r, const char *id);
/* "name 4.42" (ms), with the variant's own size when it is not n; "name -"
 * for NULL. */
void tiling_view_ms(const struct res_variant *v, const char *name, long n, char *buf, size_t size);
/* The naive, smem-tiled and regblock times of a matmul run in r, under
 * title, with the measured ratios and the global-load ratios the model of
 * rungs' traffic model (demos/matmul/mm_traffic.h) predicts for the demo's
 * own tiles (T = 32; 32x64 blocks, 4x4 per thread) at that size.  Returns the next free row (y when r has none). */
int tiling_view_rungs(const struct results *r, const char *title, int y, int y1, int x, int w);
#endif
