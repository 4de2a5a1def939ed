/* timeline: spans to a grid of stream rows and time columns (see timeline.h). */
#include "timeline.h"

#include <math.h>
#include <string.h>

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void timeline_layout(struct tl_grid *g, const struct res_span *sp, size_t n, int rows,
		     int cols, double t_end)
{
	memset(g, 0, sizeof *g);
	g->rows = clampi(rows, 1, TL_MAX_ROWS);
	g->cols = clampi(cols, 1, TL_MAX_COLS);
	if (!(t_end > 0))
		for (size_t i = 0; i < n; i++)
			t_end = fmax(t_end, sp[i].end);
	g->t_end = t_end > 0 ? t_end : 1;
	double per = g->t_end / g->cols;
	for (size_t i = 0; i < n; i++) {
		/* the columns whose centres fall in [start, end): back-to-back
		 * spans never share one; a span too short for any centre takes
		 * the column of its midpoint */
		int a = (int)ceil(sp[i].start / per - 0.5), b = (int)ceil(sp[i].end / per - 0.5) - 1;
		if (b < a)
			a = b = (int)floor(0.5 * (sp[i].start + sp[i].end) / per);
		a = clampi(a, 0, g->cols - 1);
		b = clampi(b, a, g->cols - 1);
		int r = sp[i].stream % g->rows;
		unsigned char bit = (unsigned char)(1u << clampi((int)sp[i].stage, 0, 2));
		for (int c = a; c <= b; c++)
			g->cell[r][c] |= bit;
	}
}

int timeline_overlap_cols(const struct tl_grid *g)
{
	int n = 0;
	for (int c = 0; c < g->cols; c++) {
		int busy = 0;
		for (int r = 0; r < g->rows; r++)
			busy += g->cell[r][c] != 0;
		n += busy >= 2;
	}
	return n;
}

int timeline_busy_cols(const struct tl_grid *g, int r)
{
	int n = 0;
	for (int c = 0; r >= 0 && r < g->rows && c < g->cols; c++)
		n += g->cell[r][c] != 0;
	return n;
}

int timeline_cell_stage(const struct tl_grid *g, int r, int c)
{
	unsigned char v = g->cell[r][c];
	return v == 0 ? 0 : (v & (v - 1)) ? -1 : v;
}
