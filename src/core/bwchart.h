/* bwchart: the transfer screen's picture, bandwidth against size on log-log
 * axes, with no curses, so it is unit-tested directly.  Each line is a set
 * of (bytes, GB/s) points joined column by column (interpolated in log
 * space); ceilings (the host link's peak, HBM) are flat rows under the
 * lines.  The screen turns the cells into glyphs and roles. */
#ifndef CK_BWCHART_H
#define CK_BWCHART_H
#include <stdbool.h>

#define BW_MAX_W 160
#define BW_MAX_H 60
#define BW_MAX_PTS 16

enum bw_cell { BW_EMPTY, BW_CEIL, BW_LINE, BW_POINT, BW_CLASH };

struct bw_line {
	double x[BW_MAX_PTS], y[BW_MAX_PTS]; /* bytes (ascending), GB/s */
	int n;
	char mark;                           /* drawn at its points and joins */
};

/* Row 0 is the top.  kind[r][c] says what is in a cell; line[r][c] which
 * line (index) for BW_LINE and BW_POINT, or which ceiling for BW_CEIL. */
struct bw_chart {
	int w, h;
	double xlo, xhi, ylo, yhi;   /* x: the points' own range; y: whole decades */
	unsigned char kind[BW_MAX_H][BW_MAX_W];
	unsigned char line[BW_MAX_H][BW_MAX_W];
};

/* Lays out a w x h chart (clamped to 2..maxima) of lines[0..n) with the
 * ceilings ceil[0..nc) (GB/s; <= 0 or NAN ignored).  Points beat joins,
 * joins keep the first line that took a cell, and a cell two lines' points
 * want becomes BW_CLASH. */
void bw_chart_layout(struct bw_chart *c, int w, int h, const struct bw_line *lines, int n,
		     const double *ceil, int nc);
int bw_chart_row(const struct bw_chart *c, double y);   /* -1 outside */
int bw_chart_col(const struct bw_chart *c, double x);   /* -1 outside */
/* "4K", "256K", "16M", "1G": bytes in at most 5 characters. */
void bw_size_label(double bytes, char *buf, int size);
#endif
