/* sweep: GFLOP/s against problem size, one line per rung — the learner's
 * own matmul runs at the sizes they picked this session, and a recorded
 * size sweep (demos/results/h200-sweep.yaml: `make bench`'s sequence of
 * matmul outputs, each a device record then variant records with m, n,
 * k).  The data and the plot's arithmetic, no curses (src/tui/screens/
 * sweep_view.c draws it).
 *
 * x is the size: n for an n×n×n product; another shape sits at the cube
 * root of M·N·K and is drawn as a point that no line joins (a line only
 * joins the squares of one rung, in size order).  Both axes are log
 * scales; y in whole decades (chart.h). */
#ifndef CK_SWEEP_H
#define CK_SWEEP_H
#include <stdbool.h>
#include <stddef.h>
#include "results.h"

struct sweep_point {
	char variant[48], label[128];
	enum res_kind kind;
	long rung, m, n, k;
	double gflops;
};

/* Invariant: at most one point per variant and m, n, k (the newest). */
struct sweep {
	struct sweep_point *p;
	size_t n, cap;
};

/* Adds every checked, timed variant of demo in r (one record per variant
 * and size: a later run at the same size replaces the earlier).  False
 * when out of memory (what was added stays). */
bool sweep_add(struct sweep *s, const struct results *r, const char *demo);
/* Frees the points and leaves s empty; accepts NULL. */
void sweep_free(struct sweep *s);
/* n for a cube, else (M·N·K)^(1/3). */
double sweep_size(const struct sweep_point *p);
bool sweep_square(const struct sweep_point *p);
/* How many distinct square sizes s holds. */
int sweep_sizes(const struct sweep *s);

#define SWEEP_MAX_W 160
#define SWEEP_MAX_H 60
#define SWEEP_MAX_SERIES 32

enum sweep_cell { SW_EMPTY, SW_LINE, SW_POINT, SW_CLASH };

/* One rung from one source: its points' mark is its place in today's
 * ladder (mm_ladder.h: '1'..'9', then 'a'...), the same for yours and the
 * recorded. */
struct sweep_series {
	char variant[48], label[128];
	enum res_kind kind;
	long rung;
	char mark;
	bool recorded;
};

/* Row 0 is the top.  ser[r][c] is the series (index into series) of a
 * line or point cell, -1 otherwise. */
struct sweep_plot {
	int w, h;
	double xlo, xhi, ylo, yhi;
	int nseries;
	struct sweep_series series[SWEEP_MAX_SERIES];
	unsigned char kind[SWEEP_MAX_H][SWEEP_MAX_W];
	char mark[SWEEP_MAX_H][SWEEP_MAX_W];
	signed char ser[SWEEP_MAX_H][SWEEP_MAX_W];
};

/* Lays out a w×h plot (clamped to the maxima) of mine and rec (either may
 * be NULL or empty): series in ladder order, yours before the recorded; x
 * from the smallest to the largest size (a factor 1.25 of margin each
 * way), y in whole decades.  Lines first, then points; a point whose cell
 * holds another point moves up to two columns sideways, else the cell is
 * a clash. */
void sweep_plot(struct sweep_plot *pl, int w, int h, const struct sweep *mine,
		const struct sweep *rec);
int sweep_col(const struct sweep_plot *pl, double size);
int sweep_row(const struct sweep_plot *pl, double gflops);
#endif
