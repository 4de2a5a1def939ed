/* xfer_chart: the transfer view's picture (see xfer_view.h): GB/s against
 * bytes per copy, one line per kind of copy, under the host link's and
 * HBM's ceilings (bwchart.h lays it out); or, where a chart would not
 * read, the same figures as a table.
 *
 * A small screen starts with the main lines (your host memcpy, pageable
 * and pinned to the device, the copy inside the device: the lesson's
 * points); `a` adds the others.  A chart with too many lines' points in
 * one cell, or too little room, is drawn as a table (`c` switches). */
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bwchart.h"
#include "chart.h"
#include "text.h"
#include "transfer/xfer_ladder.h"
#include "ui.h"
#include "i18n.h"
#include "xfer_view.h"

#define XF_LINES 24      /* 12 rows of transfer, mine and recorded */

/* Each row's name on the screen, by its rung (the ids in English, short
 * Chinese names in Chinese). */
static const enum msg row_names[XF_NRUNGS] = {
	[XF_PAGEABLE_H2D] = MSG_XF_N_PAGEABLE_H2D, [XF_PAGEABLE_D2H] = MSG_XF_N_PAGEABLE_D2H,
	[XF_PINNED_H2D] = MSG_XF_N_PINNED_H2D,     [XF_PINNED_D2H] = MSG_XF_N_PINNED_D2H,
	[XF_PINNED_BOTH] = MSG_XF_N_PINNED_BOTH,   [XF_WC_H2D] = MSG_XF_N_WC_H2D,
	[XF_MAPPED_H2D] = MSG_XF_N_MAPPED_H2D,     [XF_MANAGED_H2D] = MSG_XF_N_MANAGED_H2D,
	[XF_MANAGED_PREFETCH] = MSG_XF_N_MANAGED_PREFETCH, [XF_D2D] = MSG_XF_N_D2D,
	[XF_D2D_KERNEL] = MSG_XF_N_D2D_KERNEL,     [XF_CPU_MEMCPY] = MSG_XF_N_CPU_MEMCPY,
};
/* The main lines: what lesson 6 is about. */
static bool main_row(int rung)
{
	int i = rung - 1;
	return i == XF_CPU_MEMCPY || i == XF_PAGEABLE_H2D || i == XF_PINNED_H2D || i == XF_D2D;
}

static bool in_filter(const struct res_variant *v, enum xf_filter f)
{
	const char *d = v->direction;
	switch (f) {
	case XF_TO_DEVICE: return !strcmp(d, "h2d") || !strcmp(d, "both");
	case XF_TO_HOST: return !strcmp(d, "d2h") || !strcmp(d, "both");
	case XF_INSIDE: return !strcmp(d, "d2d") || !strcmp(d, "h2h");
	default: return true;
	}
}

struct xf_in {
	struct bw_line line[XF_LINES];
	const char *name[XF_LINES];   /* the row's name, in the learner's language */
	bool rec[XF_LINES];
	int n, hidden;                /* lines; lines left out (not main) */
	double ceil[2];               /* link per direction, HBM */
	const struct res_device *dev;
};

/* One line per (section, row) with timed points, marked a, b, c... by its
 * row in the transfer table (upper case: recorded); only the main rows
 * unless all. */
static void collect(const struct demo_section *s, int ns, enum xf_filter f, bool all,
		    struct xf_in *in)
{
	memset(in, 0, sizeof *in);
	in->ceil[0] = in->ceil[1] = NAN;
	for (int i = 0; i < ns && i < 2; i++) {
		const struct res_device *d = results_device(s[i].r, s[i].demo);
		if (d && d->live && !in->dev)
			in->dev = d;
		for (long rung = 1; rung <= XF_NRUNGS && in->n < XF_LINES; rung++) {
			struct bw_line *l = &in->line[in->n];
			l->n = 0;
			for (size_t k = 0; k < s[i].r->nvar; k++) {
				const struct res_variant *v = &s[i].r->var[k];
				if (strcmp(v->demo, s[i].demo) || v->rung != rung || !v->ok ||
				    !(v->gbs > 0) || !(v->bytes > 0) || !in_filter(v, f) ||
				    l->n >= BW_MAX_PTS)
					continue;
				l->x[l->n] = (double)v->bytes, l->y[l->n++] = v->gbs;
			}
			if (!l->n)
				continue;
			if (!all && !main_row((int)rung)) {
				in->hidden++;
				continue;
			}
			l->mark = (char)((s[i].recorded ? 'A' : 'a') + rung - 1);
			in->name[in->n] = tr(row_names[rung - 1]);
			in->rec[in->n++] = s[i].recorded;
		}
	}
	if (in->dev && in->dev->link_gbs > 0 && f != XF_INSIDE)
		in->ceil[0] = in->dev->link_gbs;
	if (in->dev && in->dev->mem_gbs > 0 && (f == XF_ALL || f == XF_INSIDE))
		in->ceil[1] = in->dev->mem_gbs;
}

/* The legend's text: items ("A pinned-h2d") two spaces apart; a row of
 * yours and the recorded one share a name: it is listed once. */
static void legend_text(const struct xf_in *in, int ns, bool table, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < in->n && len < size; i++) {
		bool dup = false;
		for (int k = 0; k < i; k++)
			dup |= in->name[k] == in->name[i];
		if (!dup)
			len += (size_t)snprintf(buf + len, size - len, "%s%c %s", len ? "  " : "",
						in->line[i].mark, in->name[i]);
	}
	if (ns > 1 && len < size)
		len += (size_t)snprintf(buf + len, size - len, "  %s", tr(MSG_XF_CASE));
	if (!table && len < size)
		len += (size_t)snprintf(buf + len, size - len, "  %s", tr(MSG_XF_CLASH));
	if (in->hidden && len < size)
		snprintf(buf + len, size - len, "  %s", tr(MSG_XF_MORE_LINES));
}

/* The legend wrapped between items (ui_wrap_groups), so a letter is never
 * parted from its name; at most four rows, the last cut with an ellipsis
 * when more is left. */
#define LEGEND_ROWS 4
static int legend_rows(const struct xf_in *in, int ns, bool table)
{
	char buf[1400];
	legend_text(in, ns, table, buf, sizeof buf);
	int r = ui_groups_rows(buf, COLS - 2);
	return r > LEGEND_ROWS ? LEGEND_ROWS : r;
}

static int legend(const struct xf_in *in, int ns, bool table, int y, int y1)
{
	char buf[1400];
	legend_text(in, ns, table, buf, sizeof buf);
	return ui_wrap_groups(y, y1 < y + LEGEND_ROWS ? y1 : y + LEGEND_ROWS, 1, COLS - 2, C_DIM, buf);
}

static void draw_cells(const struct bw_chart *c, const struct xf_in *in, int y, int x)
{
	for (int r = 0; r < c->h; r++)
		for (int k = 0; k < c->w; k++) {
			int l = c->line[r][k];
			char m[2] = { 0, 0 };
			switch (c->kind[r][k]) {
			case BW_CEIL: ui_text(y + r, x + k, 1, C_WRONG, ui_glyph(G_HLINE)); break;
			case BW_LINE:
				ui_text(y + r, x + k, 1, in->rec[l] ? C_NOTE : C_ACCENT, ".");
				break;
			case BW_POINT:
				m[0] = in->line[l].mark;
				ui_text(y + r, x + k, 1, in->rec[l] ? C_NOTE : C_ACCENT, m);
				break;
			case BW_CLASH: ui_text(y + r, x + k, 1, C_NORMAL, "*"); break;
			default: break;
			}
		}
}

static void axes(const struct bw_chart *c, const struct xf_in *in, int y, int x)
{
	char b[32];
	for (double v = c->ylo; v <= c->yhi * 1.001; v *= 10) {
		chart_decade_label(v, b, sizeof b);
		ui_text(y + bw_chart_row(c, v), 0, x - 1, C_DIM, b);
	}
	static const enum msg names[2] = { MSG_XF_CEIL_LINK, MSG_XF_CEIL_HBM };
	for (int i = 0; i < 2; i++) {
		int r = bw_chart_row(c, in->ceil[i]);
		if (r < 0)
			continue;
		snprintf(b, sizeof b, tr(names[i]), in->ceil[i]);
		ui_text(y + r, x + c->w + 1, COLS - x - c->w - 1, C_WRONG, b);
	}
	int last = -10;
	for (double s = 4096; s <= c->xhi * 1.001; s *= 16) {
		int col = bw_chart_col(c, s);
		bw_size_label(s, b, sizeof b);
		if (col < 0 || col < last + 6 || col + ui_width(b) > c->w + 8)
			continue;
		ui_text(y + c->h, x + col, ui_width(b), C_DIM, b);
		last = col;
	}
}

/* Whether a laid-out chart reads: most of its points are marks of their
 * own, not "*" for several. */
static bool readable(const struct bw_chart *c)
{
	int marks = 0, clash = 0;
	for (int r = 0; r < c->h; r++)
		for (int k = 0; k < c->w; k++) {
			marks += c->kind[r][k] == BW_POINT;
			clash += c->kind[r][k] == BW_CLASH;
		}
	return clash * 3 <= marks;
}

/* The value of line l at `bytes` ("-" where it has no point there). */
static void cell_at(const struct bw_line *l, double bytes, char *buf, size_t size)
{
	snprintf(buf, size, "-");
	for (int k = 0; k < l->n; k++)
		if (fabs(l->x[k] - bytes) < 0.5)
			snprintf(buf, size, l->y[k] >= 100 ? "%.0f" : l->y[k] >= 10 ? "%.1f" : "%.2f",
				 l->y[k]);
}

/* The table: a row per line, GB/s at every 16th size (4K, 64K, 1M...)
 * that fits the width, from row y to y1. */
static void table(const struct xf_in *in, int y, int y1)
{
	double lo = INFINITY, hi = 0;
	for (int i = 0; i < in->n; i++)
		for (int k = 0; k < in->line[i].n; k++)
			lo = fmin(lo, in->line[i].x[k]), hi = fmax(hi, in->line[i].x[k]);
	int nw = 0;
	for (int i = 0; i < in->n; i++)
		if (ui_width(in->name[i]) + 4 > nw)   /* "C name" and a gap */
			nw = ui_width(in->name[i]) + 4;
	nw = nw > 22 ? 22 : nw;
	int cols = (COLS - 2 - nw) / 7;
	double step = 4;   /* every 4th size, or fewer where the width is short */
	while (cols > 0 && isfinite(lo) && lo > 0 && log(hi / lo) / log(step) + 1 > cols + 0.01 &&
	       step < 1 << 16)
		step *= 4;
	char b[64];
	ui_text(y, 1, nw, C_DIM, "GB/s");
	int c = 0;
	for (double s = lo; isfinite(lo) && s <= hi * 1.001 && c < cols; s *= step, c++) {
		bw_size_label(s, b, sizeof b);
		ui_text(y, 1 + nw + c * 7 + 6 - ui_width(b), 6, C_DIM, b);
	}
	y++;
	for (int i = 0; i < in->n && y < y1; i++, y++) {
		char name[96];
		snprintf(name, sizeof name, "%c %s", in->line[i].mark, in->name[i]);
		ui_text_fit(y, 1, nw - 1, in->rec[i] ? C_NOTE : C_ACCENT, name);
		c = 0;
		for (double s = lo; s <= hi * 1.001 && c < cols; s *= step, c++) {
			cell_at(&in->line[i], s, b, sizeof b);
			ui_text(y, 1 + nw + c * 7 + 6 - ui_width(b), 6, C_NORMAL, b);
		}
	}
}

/* The width the ceilings' labels need at the right, the wider of the two. */
static int right_margin(const struct xf_in *in)
{
	static const enum msg names[2] = { MSG_XF_CEIL_LINK, MSG_XF_CEIL_HBM };
	int right = 9;
	for (int i = 0; i < 2; i++) {
		char lab[64];
		snprintf(lab, sizeof lab, tr(names[i]), in->ceil[i]);
		if (isfinite(in->ceil[i]) && ui_width(lab) + 2 > right)
			right = ui_width(lab) + 2;
	}
	return right;
}

void xfer_view_transfer(const struct demo_section *s, int n, struct xfer_pick *p, int y0, int y1)
{
	static struct bw_chart c; /* too big for a draw's stack; drawn once at a time */
	static struct xf_in in;
	/* the right of row y0 is the caller's (what the keys picked) */
	ui_text(y0, 0, COLS, C_HEADING, tr(MSG_XF_AXIS));
	int y = y0 + 1;
	for (int i = 0; i < n && i < 2; i++) /* where the numbers come from */
		xfer_view_title_row(y++, s[i].recorded ? C_NOTE : C_ACCENT, s[i].title);
	/* every line where the chart has the rows and still reads; a small
	 * screen starts with the main ones */
	bool big = y1 - y >= 20 && COLS >= 100;
	bool all = p->lines == XF_LINES_ALL || (p->lines == XF_LINES_AUTO && big);
	int x = 6, w = 0, h = 0;
	bool ok = false;
	for (int pass = 0; pass < 2; pass++) {
		collect(s, n, p->filter, all, &in);
		w = COLS - x - right_margin(&in);
		h = y1 - y - legend_rows(&in, n, false) - 1;
		bw_chart_layout(&c, w, h, in.line, in.n, in.ceil, 2);
		ok = readable(&c) && h >= 5 && w >= 24;
		if (ok || !all || p->lines != XF_LINES_AUTO || p->form == XF_FORM_TABLE)
			break;
		all = false;   /* every line would not read: the main ones */
	}
	bool tab = p->form == XF_FORM_TABLE || (p->form == XF_FORM_AUTO && !ok) || h < 4 || w < 16;
	p->shown_all = all;
	p->shown_table = tab;
	y = legend(&in, n, tab, y, y1);
	if (tab) {
		table(&in, y, y1);
		return;
	}
	h = y1 - y - 1;
	bw_chart_layout(&c, w, h, in.line, in.n, in.ceil, 2);
	draw_cells(&c, &in, y, x);
	axes(&c, &in, y, x);
	if (!in.n)
		ui_text(y + h / 2, x + 2, w - 2, C_DIM, tr(MSG_XF_NONE));
}

void xfer_view_toggle_lines(struct xfer_pick *p)
{
	p->lines = p->shown_all ? XF_LINES_MAIN : XF_LINES_ALL;
}

void xfer_view_toggle_form(struct xfer_pick *p)
{
	p->form = p->shown_table ? XF_FORM_CHART : XF_FORM_TABLE;
}
