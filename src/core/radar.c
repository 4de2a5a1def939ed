/* radar: skill scores and the hexagonal radar rasterised into characters.
 *
 * The plot is drawn on a pixel canvas first (braille: 2x4 dots a cell,
 * ASCII: one pixel a cell), then folded into cells.  The centre sits on a
 * whole pixel so the raster is symmetric; lines are sampled at half-pixel
 * steps, which is simple and never leaves gaps.  Not here: colours and
 * curses (screen_radar.c), the certificate's wording (cert.c). */
#include "radar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COS30 0.86602540378443864676
#define VERTEX 4   /* private pixel bit: a corner of the frame (ASCII '+') */

static int rnd(double v);

void radar_scores(const struct progress *p, struct radar_scores *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		double got = p->skill_got[i], max = p->skill_max[i];
		if (i == SK_ARCHITECTURE) {
			got += p->gpumap_correct > 0 ? p->gpumap_correct : 0;
			max += p->gpumap_attempts > 0 ? p->gpumap_attempts : 0;
		}
		if (!(max > 0))
			continue;
		if (!(got > 0))
			got = 0;
		if (got > max)
			got = max;
		out->got[i] = got;
		out->max[i] = max;
		out->known[i] = true;
		out->pct[i] = rnd(100.0 * got / max);
	}
}

/* The canvas: pixel size per cell, centre, radius (in horizontal pixels)
 * and aspect (pixel height over pixel width). */
struct canvas {
	int dx, dy, pw, ph;
	double cx, cy, r, aspect;
	unsigned char *px;
};

static void canvas_geom(int rows, int cols, enum radar_style style, struct canvas *c)
{
	bool braille = style == RADAR_BRAILLE;
	c->dx = braille ? 2 : 1;
	c->dy = braille ? 4 : 1;
	c->aspect = braille ? 1.0 : 2.0;
	c->pw = cols * c->dx;
	c->ph = rows * c->dy;
	c->cx = (double)((c->pw - 1) / 2);
	c->cy = (double)((c->ph - 1) / 2);
	double rx = c->cx / COS30, ry = c->cy * c->aspect;
	c->r = rx < ry ? rx : ry;
	c->px = NULL;
}

/* cos and sin of axis i's angle, 90 - 60*i degrees (no libm needed). */
static const double axis_cos[PROGRESS_SKILLS] = { 0, COS30, COS30, 0, -COS30, -COS30 };
static const double axis_sin[PROGRESS_SKILLS] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };

static void point(const struct canvas *c, int axis, double f, double *x, double *y)
{
	*x = c->cx + f * c->r * axis_cos[axis];
	*y = c->cy - f * c->r * axis_sin[axis] / c->aspect;
}

/* Rounds half up; also right for the negative values of off-canvas points. */
static int rnd(double v)
{
	double t = v + 0.5;
	int i = (int)t;
	return (double)i > t ? i - 1 : i;
}

static double absd(double v)
{
	return v < 0 ? -v : v;
}

void radar_point_cell(int rows, int cols, enum radar_style style, int axis, double f,
		      int *row, int *col)
{
	struct canvas c;
	double x, y;
	canvas_geom(rows, cols, style, &c);
	point(&c, axis, f, &x, &y);
	*row = rnd(y) / c.dy;
	*col = rnd(x) / c.dx;
}

int radar_cols_for_rows(int rows, enum radar_style style)
{
	int dx = style == RADAR_BRAILLE ? 2 : 1, dy = style == RADAR_BRAILLE ? 4 : 1;
	double aspect = style == RADAR_BRAILLE ? 1.0 : 2.0;
	double cy = (double)((rows * dy - 1) / 2);
	/* pixels needed either side of the centre, and the centre pixel */
	double need = cy * aspect * COS30;
	int half = rnd(need);
	int cols = (2 * half + 1 + dx - 1) / dx;
	return cols < RADAR_MIN_COLS ? RADAR_MIN_COLS : cols;
}

static void plot(struct canvas *c, int x, int y, unsigned char bits)
{
	if (x >= 0 && y >= 0 && x < c->pw && y < c->ph)
		c->px[(size_t)y * (size_t)c->pw + (size_t)x] |= bits;
}

/* A segment sampled every half pixel; dotted keeps every other pixel. */
static void line(struct canvas *c, double x0, double y0, double x1, double y1,
		 unsigned char bits, bool dotted)
{
	double lx = absd(x1 - x0), ly = absd(y1 - y0);
	int n = (int)((lx > ly ? lx : ly) * 2.0) + 2, lastx = -1, lasty = -1, k = 0;
	for (int i = 0; i < n; i++) {
		double t = n == 1 ? 0.0 : (double)i / (n - 1);
		int x = rnd(x0 + t * (x1 - x0)), y = rnd(y0 + t * (y1 - y0));
		if (x == lastx && y == lasty)
			continue;
		lastx = x;
		lasty = y;
		if (!dotted || k++ % 2 == 0)
			plot(c, x, y, bits);
	}
}

/* Even-odd test of the pixel centre (x, y) against the polygon. */
static bool inside(const double *vx, const double *vy, int n, double x, double y)
{
	bool in = false;
	for (int i = 0, j = n - 1; i < n; j = i++)
		if ((vy[i] > y) != (vy[j] > y) &&
		    x < (vx[j] - vx[i]) * (y - vy[i]) / (vy[j] - vy[i]) + vx[i])
			in = !in;
	return in;
}

static void draw_frame(struct canvas *c, bool dotted)
{
	double x[PROGRESS_SKILLS], y[PROGRESS_SKILLS];
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		point(c, i, 1.0, &x[i], &y[i]);
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		int j = (i + 1) % PROGRESS_SKILLS;
		line(c, x[i], y[i], x[j], y[j], RADAR_FRAME, false);
		line(c, c->cx, c->cy, x[i], y[i], RADAR_FRAME, dotted);
		plot(c, rnd(x[i]), rnd(y[i]), RADAR_FRAME | VERTEX);
	}
	plot(c, rnd(c->cx), rnd(c->cy), RADAR_FRAME | VERTEX);
}

static void draw_score(struct canvas *c, const int pct[PROGRESS_SKILLS])
{
	double x[PROGRESS_SKILLS], y[PROGRESS_SKILLS];
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		int v = pct[i] < 0 ? 0 : pct[i] > 100 ? 100 : pct[i];
		point(c, i, v / 100.0, &x[i], &y[i]);
	}
	for (int py = 0; py < c->ph; py++)
		for (int pxl = 0; pxl < c->pw; pxl++)
			if (inside(x, y, PROGRESS_SKILLS, pxl, py))
				plot(c, pxl, py, RADAR_SCORE);
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		int j = (i + 1) % PROGRESS_SKILLS;
		line(c, x[i], y[i], x[j], y[j], RADAR_SCORE, false);
	}
	plot(c, rnd(c->cx), rnd(c->cy), RADAR_SCORE);
}

/* Folds the pixels of one cell into its glyph and layers. */
static void fold_cell(const struct canvas *c, int row, int col, enum radar_style style,
		      struct radar_cell *out)
{
	/* braille dot bits for (x, y) inside the cell, Unicode's numbering */
	static const unsigned char dot[4][2] = { { 0x01, 0x08 }, { 0x02, 0x10 }, { 0x04, 0x20 }, { 0x40, 0x80 } };
	unsigned bits = 0, all = 0;
	for (int y = 0; y < c->dy; y++)
		for (int x = 0; x < c->dx; x++) {
			unsigned char p = c->px[(size_t)(row * c->dy + y) * (size_t)c->pw + (size_t)(col * c->dx + x)];
			all |= p;
			if (p & (RADAR_FRAME | RADAR_SCORE))
				bits |= dot[y][x];
		}
	out->layers = (unsigned char)(all & (RADAR_FRAME | RADAR_SCORE));
	memset(out->glyph, 0, sizeof out->glyph);
	if (style == RADAR_ASCII) {
		out->glyph[0] = all & RADAR_SCORE ? '*' : all & VERTEX ? '+' : all & RADAR_FRAME ? '.' : ' ';
	} else if (!bits) {
		out->glyph[0] = ' ';
	} else {   /* U+2800 + bits in UTF-8 */
		out->glyph[0] = (char)0xE2;
		out->glyph[1] = (char)(0xA0 | (bits >> 6));
		out->glyph[2] = (char)(0x80 | (bits & 0x3F));
	}
}

bool radar_render(const int pct[PROGRESS_SKILLS], int rows, int cols,
		  enum radar_style style, struct radar_grid *out)
{
	memset(out, 0, sizeof *out);
	if (rows < RADAR_MIN_ROWS || cols < RADAR_MIN_COLS || rows > 1000 || cols > 1000)
		return false;
	struct canvas c;
	canvas_geom(rows, cols, style, &c);
	c.px = calloc((size_t)c.pw * (size_t)c.ph, 1);
	out->cell = calloc((size_t)rows * (size_t)cols, sizeof *out->cell);
	if (!c.px || !out->cell) {
		free(c.px);
		free(out->cell);
		out->cell = NULL;
		return false;
	}
	draw_frame(&c, style == RADAR_BRAILLE);
	draw_score(&c, pct);
	out->rows = rows;
	out->cols = cols;
	for (int r = 0; r < rows; r++)
		for (int k = 0; k < cols; k++)
			fold_cell(&c, r, k, style, &out->cell[r * cols + k]);
	free(c.px);
	return true;
}

void radar_grid_free(struct radar_grid *g)
{
	if (!g)
		return;
	free(g->cell);
	g->cell = NULL;
	g->rows = g->cols = 0;
}

/* ---- the labelled chart ---------------------------------------------- */

static void add_label(struct radar_chart *c, int row, int col, const char *text)
{
	struct radar_label *l = &c->label[c->nlabels++];
	int w = text_width(text);
	if (col + w > c->cols)
		col = c->cols - w;
	if (col < 0)
		col = 0;
	l->row = row;
	l->col = col;
	snprintf(l->text, sizeof l->text, "%s", text);
}

static void place_labels(struct radar_chart *c, const struct radar_scores *s,
			 const char *const *names, enum radar_style style)
{
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		char pct[16], both[96];
		if (s->known[i])
			snprintf(pct, sizeof pct, "%d%%", s->pct[i]);
		else
			snprintf(pct, sizeof pct, "--");
		int r, k;
		radar_point_cell(c->grid.rows, c->grid.cols, style, i, 1.0, &r, &k);
		r += c->plot_y;
		k += c->plot_x;
		if (i == 0 || i == 3) {   /* top and bottom: "name pct" centred */
			snprintf(both, sizeof both, "%s %s", names[i], pct);
			add_label(c, i == 0 ? 0 : c->rows - 1, k - text_width(both) / 2, both);
		} else if (i < 3) {       /* right: name, pct below it */
			add_label(c, r, k + 2, names[i]);
			add_label(c, r + 1, k + 2, pct);
		} else {                  /* left: right-aligned */
			add_label(c, r, k - 1 - text_width(names[i]), names[i]);
			add_label(c, r + 1, k - 1 - text_width(pct), pct);
		}
	}
}

bool radar_chart_make(const struct radar_scores *s, const char *const *names, int plot_rows,
		      int plot_cols, enum radar_style style, struct radar_chart *out)
{
	memset(out, 0, sizeof *out);
	if (!names)
		names = skill_names;
	int lw = 4;   /* "100%" */
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		int w = text_width(names[i]);
		if (w > 24)
			return false;
		if (w > lw)
			lw = w;
	}
	if (!radar_render(s->pct, plot_rows, plot_cols, style, &out->grid))
		return false;
	out->plot_y = 1;
	out->plot_x = lw + 2;
	out->rows = plot_rows + 2;
	out->cols = plot_cols + 2 * (lw + 2);
	place_labels(out, s, names, style);
	return true;
}

void radar_chart_free(struct radar_chart *c)
{
	if (c)
		radar_grid_free(&c->grid);
}

/* Appends n bytes to a growing line. */
static bool put(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t ncap = (*cap + n + 1) * 2;
		char *b = realloc(*buf, ncap);
		if (!b)
			return false;
		*buf = b;
		*cap = ncap;
	}
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[*len] = '\0';
	return true;
}

static char *chart_row(const struct radar_chart *c, int row)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	bool okay = put(&buf, &len, &cap, "", 0);
	for (int col = 0; okay && col < c->cols;) {
		const struct radar_label *l = NULL;
		for (int i = 0; i < c->nlabels && !l; i++)
			if (c->label[i].row == row && c->label[i].col == col && c->label[i].text[0])
				l = &c->label[i];
		int pr = row - c->plot_y, pc = col - c->plot_x;
		if (l) {
			okay = put(&buf, &len, &cap, l->text, strlen(l->text));
			int w = text_width(l->text);
			col += w > 0 ? w : 1;   /* a zero-width label must not stall the row */
		} else if (pr >= 0 && pr < c->grid.rows && pc >= 0 && pc < c->grid.cols) {
			const char *g = c->grid.cell[pr * c->grid.cols + pc].glyph;
			okay = put(&buf, &len, &cap, g, strlen(g));
			col++;
		} else {
			okay = put(&buf, &len, &cap, " ", 1);
			col++;
		}
	}
	if (!okay) {
		free(buf);
		return NULL;
	}
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return buf;
}

bool radar_chart_lines(const struct radar_chart *c, struct text_lines *out)
{
	out->n = 0;
	out->line = calloc((size_t)c->rows + 1, sizeof *out->line);
	if (!out->line)
		return false;
	for (int r = 0; r < c->rows; r++) {
		out->line[r] = chart_row(c, r);
		if (!out->line[r]) {
			text_lines_free(out);
			return false;
		}
		out->n++;
	}
	return true;
}
