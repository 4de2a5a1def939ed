/* chart: the arithmetic behind the demo screen's pictures — log-scale axes,
 * bar lengths and the roofline grid — with no curses, so it is unit-tested
 * directly.  The screen turns the grid's cells into glyphs and roles.
 *
 * A roofline (Williams, Waterman, Patterson 2009) places each kernel by
 * arithmetic intensity (FLOP per byte moved, x) and achieved GFLOP/s (y),
 * both on log axes, under two ceilings: the memory roof bw * x (a slope)
 * and the compute roof peak (flat).  They meet at the ridge x = peak / bw. */
#ifndef CK_CHART_H
#define CK_CHART_H
#include <stdbool.h>
#include <stddef.h>

/* Widens [vmin, vmax] (both > 0) to whole powers of ten, at least one
 * decade apart, within 10^-CHART_MAX_DECADE .. 10^CHART_MAX_DECADE (so lo
 * is never 0 and hi never infinite).  False (lo = 1, hi = 10) when no
 * value is positive. */
#define CHART_MAX_DECADE 300
bool chart_decades(double vmin, double vmax, double *lo, double *hi);
/* Cells 0..cells for v on a log axis from lo to hi (rounded, clamped);
 * a positive v below lo gets 1 so it stays visible; v <= 0 or NAN: 0. */
int chart_log_cells(double v, double lo, double hi, int cells);
/* The cell (0..cells-1) whose span holds v, clamped; -1 for v <= 0 / NAN. */
int chart_log_index(double v, double lo, double hi, int cells);

#define CHART_MAX_W 160
#define CHART_MAX_H 60

/* CH_MIN: an empty cell in a column that holds a problem's minimum-traffic
 * intensity (a dotted vertical mark under the points). */
enum chart_cell { CH_EMPTY, CH_SLOPE, CH_FLAT, CH_POINT, CH_MIN };

struct chart_point {
	double x, y;    /* intensity (FLOP/B) and GFLOP/s */
	char mark;      /* shown in the grid and the legend */
	double xmin;    /* the problem's minimum-traffic intensity, 0 when
	                   none: drawn as its own mark, never as the point */
};

/* Row 0 is the top.  kind[r][c] says what is in a cell; mark[r][c] the
 * point's mark for CH_POINT; more[r][c] how many other points share that
 * mark's place (merged into it).  shown_as[i] is the mark point i is drawn
 * as: its own, another point's when merged into it, 0 when off the chart
 * (points past CHART_MAX_POINTS are not recorded there). */
#define CHART_MAX_POINTS 64
struct chart_roof {
	int w, h;
	double xlo, xhi, ylo, yhi;
	bool has_roof;   /* peak and bw known: ceilings drawn */
	bool min_col[CHART_MAX_W];  /* columns of the points' xmin */
	unsigned char kind[CHART_MAX_H][CHART_MAX_W];
	char mark[CHART_MAX_H][CHART_MAX_W];
	unsigned char more[CHART_MAX_H][CHART_MAX_W];
	char shown_as[CHART_MAX_POINTS];
};

/* Lays out a w x h roofline (clamped to the maxima) for the points with
 * x > 0 and y > 0; peak/bw may be NAN (no ceilings).  The axes cover the
 * points, their xmin, the ridge and the peak, in whole decades.  Each
 * positive xmin marks its column (min_col) and the column's empty cells
 * become CH_MIN; the ceilings and the points stay on top.  Two marks are
 * never side by side in a row ("g45h" reads as a word): a point whose cell
 * is taken, or next to another mark, moves up to two columns sideways to a
 * cell with no mark beside it; with none, it is merged into the nearest
 * mark in its row (that mark's more[][] counts it, shown_as says which),
 * and the screen's legend names the points that mark stands for. */
void chart_roofline(struct chart_roof *c, int w, int h, double peak, double bw,
		    const struct chart_point *p, int n);
/* Row of value y / column of value x in a laid-out roofline. */
int chart_roof_row(const struct chart_roof *c, double y);
int chart_roof_col(const struct chart_roof *c, double x);
/* "100", "1k", "10k", "0.1", "1M": a power of ten in 4 characters. */
void chart_decade_label(double v, char *buf, int size);
/* A row label in at most w display columns, never cut inside a word:
 * the label when it fits, else the label cut after a whole word (at a
 * space, '-' or ',') with an ellipsis `ell`; the variant id only when not
 * even the first word fits. */
void chart_short_label(const char *label, const char *id, int w, const char *ell,
		       char *buf, size_t size);
/* A legend's n labels (labels[k], ids[k]) at once, each into out[k]: as
 * chart_short_label cuts it, unless another, different label would then
 * read the same: there the cut falls between characters, so that the
 * words that differ begin to show ("naive, un…" beside "naive, co…");
 * where even that reads the same, the label's last words ("…interleaved"
 * beside "…sequential"); and last the id, or its abbreviation
 * (chart_abbrev), where it fits. More than CHART_LEGEND_MAX labels are
 * each cut on their own. */
#define CHART_LEGEND_MAX 64
#define CHART_LABEL_MAX 128
void chart_legend_labels(const char *const *labels, const char *const *ids, int n, int w,
			 const char *ell, char (*out)[CHART_LABEL_MAX]);
/* A variant id with its long words abbreviated, for a narrow legend:
 * "cudnn-implicit-precomp-gemm" -> "dnn-impl-pc-gemm". */
void chart_abbrev(const char *id, char *buf, size_t size);
/* The time axis heading in at most w columns, the upper bound always with
 * its unit: "log scale 1 ... 100 ms", then "1 .. 100 ms", then "<= 100 ms". */
void chart_axis_label(const char *lo, const char *hi, int w, char *buf, size_t size);
#endif
