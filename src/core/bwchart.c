/* bwchart: bandwidth-against-size layout (see bwchart.h). */
#include "bwchart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart.h"

static double frac(double v, double lo, double hi)
{
	return (log10(v) - log10(lo)) / (log10(hi) - log10(lo));
}

int bw_chart_row(const struct bw_chart *c, double y)
{
	if (!(y > 0) || y < c->ylo * 0.999 || y > c->yhi * 1.001)
		return -1;
	return (c->h - 1) - (int)lround(frac(y, c->ylo, c->yhi) * (c->h - 1));
}

int bw_chart_col(const struct bw_chart *c, double x)
{
	if (!(x > 0) || x < c->xlo * 0.999 || x > c->xhi * 1.001)
		return -1;
	return (int)lround(frac(x, c->xlo, c->xhi) * (c->w - 1));
}

static void ranges(struct bw_chart *c, const struct bw_line *l, int n, const double *ceil,
		   int nc)
{
	double xa = INFINITY, xb = 0, ya = INFINITY, yb = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < l[i].n; k++)
			if (l[i].x[k] > 0 && l[i].y[k] > 0) {
				xa = fmin(xa, l[i].x[k]), xb = fmax(xb, l[i].x[k]);
				ya = fmin(ya, l[i].y[k]), yb = fmax(yb, l[i].y[k]);
			}
	for (int i = 0; i < nc; i++)
		if (ceil[i] > 0)
			ya = fmin(ya, ceil[i]), yb = fmax(yb, ceil[i]);
	if (!isfinite(xa))
		xa = 4096, xb = 1 << 24;
	if (xb <= xa)
		xa /= 4, xb *= 4;
	c->xlo = xa, c->xhi = xb;
	chart_decades(isfinite(ya) ? ya : 0, yb, &c->ylo, &c->yhi);
}

/* A join takes only a free cell (or a ceiling's); a point takes a free
 * cell or a join, and clashes only with another line's point. */
static void put(struct bw_chart *c, int r, int col, enum bw_cell k, int line)
{
	if (r < 0 || r >= c->h || col < 0 || col >= c->w)
		return;
	unsigned char *kk = &c->kind[r][col], *ll = &c->line[r][col];
	if (*kk == BW_EMPTY || *kk == BW_CEIL || (k == BW_POINT && *kk == BW_LINE))
		*kk = (unsigned char)k, *ll = (unsigned char)line;
	else if (k == BW_POINT && *kk == BW_POINT && *ll != line)
		*kk = BW_CLASH;
}

/* The joins between a line's points, one cell per column. */
static void joins(struct bw_chart *c, const struct bw_line *l, int idx)
{
	for (int k = 0; k + 1 < l->n; k++) {
		int c0 = bw_chart_col(c, l->x[k]), c1 = bw_chart_col(c, l->x[k + 1]);
		if (c0 < 0 || c1 < 0 || !(l->y[k] > 0) || !(l->y[k + 1] > 0))
			continue;
		for (int col = c0 + 1; col < c1; col++) {
			double t = (double)(col - c0) / (c1 - c0);
			double y = pow(10, log10(l->y[k]) + t * (log10(l->y[k + 1]) - log10(l->y[k])));
			put(c, bw_chart_row(c, y), col, BW_LINE, idx);
		}
	}
}

void bw_chart_layout(struct bw_chart *c, int w, int h, const struct bw_line *lines, int n,
		     const double *ceil, int nc)
{
	memset(c, 0, sizeof *c);
	c->w = w < 2 ? 2 : w > BW_MAX_W ? BW_MAX_W : w;
	c->h = h < 2 ? 2 : h > BW_MAX_H ? BW_MAX_H : h;
	ranges(c, lines, n, ceil, nc);
	for (int i = 0; i < nc; i++) {
		int r = ceil[i] > 0 ? bw_chart_row(c, ceil[i]) : -1;
		for (int col = 0; r >= 0 && col < c->w; col++)
			if (c->kind[r][col] == BW_EMPTY)
				c->kind[r][col] = BW_CEIL, c->line[r][col] = (unsigned char)i;
	}
	for (int i = 0; i < n; i++)
		joins(c, &lines[i], i);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < lines[i].n; k++)
			put(c, bw_chart_row(c, lines[i].y[k]), bw_chart_col(c, lines[i].x[k]),
			    BW_POINT, i);
}

void bw_size_label(double b, char *buf, int size)
{
	size_t n = (size_t)size;
	if (b >= 1073741824.0)
		snprintf(buf, n, "%.0fG", b / 1073741824.0);
	else if (b >= 1048576.0)
		snprintf(buf, n, "%.0fM", b / 1048576.0);
	else if (b >= 1024.0)
		snprintf(buf, n, "%.0fK", b / 1024.0);
	else
		snprintf(buf, n, "%.0f", b);
}
