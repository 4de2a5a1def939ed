/* tiling_grid: the tiling screen's picture of the model (tiling.h), for
 * screen_tiling.c: the grid of blocks and the counters of the step.
 * ncurses, through ui.h; no state. */
#ifndef CK_TILING_GRID_H
#define CK_TILING_GRID_H
#include <stdbool.h>
#include "tiling.h"

/* A (left), B (top) and C in the box at y0, x0, w wide and h high: each C
 * tile a block, coloured by its SM; the A and B tiles the last step read
 * highlighted; a grid too big for the box is clipped, and says so. */
void tiling_grid_draw(const struct tl_sim *s, int y0, int x0, int w, int h);
/* The counters of s's mode at its step (playing: said in the heading);
 * returns the next row. */
int tiling_grid_counters(const struct tl_sim *s, bool playing, int y, int x, int w);
/* The ratio of global loads between naive and the other modes: in large
 * digits, or on one line when a run's results need the rows; returns the
 * next row. */
int tiling_grid_ratio(const struct tl_sim *s, int y, int x, int w, bool large);
#endif
