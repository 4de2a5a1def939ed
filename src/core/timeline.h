/* timeline: a streams run's spans (results.h) laid out on a character grid,
 * one row per stream, time to the right, with no curses, so it is
 * unit-tested directly.  The screen turns each cell's stages into glyphs
 * and roles.
 *
 * Column c covers [c, c+1) * t_end / cols ms.  A span covers the columns
 * whose centres its [start, end) holds, so back-to-back stages never share
 * one, and at least one, so a stage too short for a column still shows.  A cell holds the set of stages that ran in it; two
 * rows busy in one column is overlap. */
#ifndef CK_TIMELINE_H
#define CK_TIMELINE_H
#include <stdbool.h>
#include <stddef.h>
#include "results.h"

#define TL_MAX_ROWS 8
#define TL_MAX_COLS 200

enum { TL_H2D = 1, TL_KERNEL = 2, TL_D2H = 4 }; /* cell bits, by res_stage */

struct tl_grid {
	int rows, cols;
	double t_end;          /* ms at the right edge */
	unsigned char cell[TL_MAX_ROWS][TL_MAX_COLS];
};

/* Lays out spans[0..n) (stream s on row s % rows) over cols columns
 * (clamped to 1..TL_MAX_COLS) and rows rows (1..TL_MAX_ROWS); t_end <= 0
 * takes the last span's end. */
void timeline_layout(struct tl_grid *g, const struct res_span *sp, size_t n, int rows,
		     int cols, double t_end);
/* Columns in which at least two rows are busy. */
int timeline_overlap_cols(const struct tl_grid *g);
/* Columns in which row r is busy. */
int timeline_busy_cols(const struct tl_grid *g, int r);
/* The cell's one stage (TL_H2D, TL_KERNEL, TL_D2H), or 0 when empty, or -1
 * when it holds more than one. */
int timeline_cell_stage(const struct tl_grid *g, int r, int c);
#endif
