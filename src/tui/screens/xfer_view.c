/* xfer_view: the transfer chart and the streams timeline (see xfer_view.h).
 *
 * Every figure drawn comes from a result record; the chart's ceilings come
 * from a device record (the host link's peak per direction from NVML, the
 * HBM bandwidth derived from the memory clock and bus). */
#include "xfer_view.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bwchart.h"
#include "chart.h"
#include "text.h"
#include "timeline.h"
#include "ui.h"
#include "i18n.h"

#define XF_LINES 24      /* 12 rows of transfer, mine and recorded */
#define XF_ROWS 12

/* A section's title on one row, an ellipsis only when it is cut. */
static void title_row(int y, enum role r, const char *t)
{
	if (ui_width(t) <= COLS)
		ui_text(y, 0, COLS, r, t);
	else
		ui_text_more(y, 0, COLS, r, t);
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
	const char *id[XF_LINES];
	bool rec[XF_LINES];
	int n;
	double ceil[2];          /* link per direction, HBM */
	const struct res_device *dev;
};

/* One line per (section, row) with timed points, marked a, b, c... by its
 * row in the transfer table (upper case: recorded). */
static void collect(const struct demo_section *s, int ns, enum xf_filter f, struct xf_in *in)
{
	memset(in, 0, sizeof *in);
	in->ceil[0] = in->ceil[1] = NAN;
	for (int i = 0; i < ns && i < 2; i++) {
		const struct res_device *d = results_device(s[i].r, s[i].demo);
		if (d && d->live && !in->dev)
			in->dev = d;
		for (long rung = 1; rung <= XF_ROWS && in->n < XF_LINES; rung++) {
			struct bw_line *l = &in->line[in->n];
			l->n = 0;
			for (size_t k = 0; k < s[i].r->nvar; k++) {
				const struct res_variant *v = &s[i].r->var[k];
				if (strcmp(v->demo, s[i].demo) || v->rung != rung || !v->ok ||
				    !(v->gbs > 0) || !(v->bytes > 0) || !in_filter(v, f) ||
				    l->n >= BW_MAX_PTS)
					continue;
				l->x[l->n] = (double)v->bytes, l->y[l->n++] = v->gbs;
				in->id[in->n] = v->variant;
			}
			if (l->n) {
				l->mark = (char)((s[i].recorded ? 'A' : 'a') + rung - 1);
				in->rec[in->n++] = s[i].recorded;
			}
		}
	}
	if (in->dev && in->dev->link_gbs > 0 && f != XF_INSIDE)
		in->ceil[0] = in->dev->link_gbs;
	if (in->dev && in->dev->mem_gbs > 0 && (f == XF_ALL || f == XF_INSIDE))
		in->ceil[1] = in->dev->mem_gbs;
}

/* "a pinned-h2d  b pinned-d2h ..." wrapped into rows from y; returns the next row. */
/* The legend: items ("A pinned-h2d") two spaces apart, wrapped between
 * items (ui_wrap_groups), so a letter is never parted from its name; at
 * most four rows, the last cut with an ellipsis when more is left. */
static int legend(const struct xf_in *in, int ns, int y, int y1)
{
	char buf[1200] = "";
	size_t len = 0;
	for (int i = 0; i < in->n && len < sizeof buf; i++) {
		bool dup = false;
		for (int k = 0; k < i; k++)
			dup |= !strcmp(in->id[k], in->id[i]);
		if (!dup)
			len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%c %s",
						len ? "  " : "", in->line[i].mark, in->id[i]);
	}
	if (ns > 1 && len < sizeof buf)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "  %s", tr(MSG_XF_CASE));
	if (len < sizeof buf)
		snprintf(buf + len, sizeof buf - len, "  %s", tr(MSG_XF_CLASH));
	return ui_wrap_groups(y, y1 < y + 4 ? y1 : y + 4, 1, COLS - 2, C_DIM, buf);
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

void xfer_view_transfer(const struct demo_section *s, int n, enum xf_filter f, int y0, int y1)
{
	static struct bw_chart c; /* too big for a draw's stack; drawn once at a time */
	struct xf_in in;
	collect(s, n, f, &in);
	/* the right of row y0 is the caller's (what the keys picked) */
	ui_text(y0, 0, COLS, C_HEADING, tr(MSG_XF_AXIS));
	int y = y0 + 1;
	for (int i = 0; i < n && i < 2; i++) /* where the numbers come from */
		title_row(y++, s[i].recorded ? C_NOTE : C_ACCENT, s[i].title);
	y = legend(&in, n, y, y1);
	/* room at the right for the ceilings' labels, the wider of the two */
	static const enum msg ceil_names[2] = { MSG_XF_CEIL_LINK, MSG_XF_CEIL_HBM };
	int right = 9;
	for (int i = 0; i < 2; i++) {
		char lab[64];
		snprintf(lab, sizeof lab, tr(ceil_names[i]), in.ceil[i]);
		if (isfinite(in.ceil[i]) && ui_width(lab) + 2 > right)
			right = ui_width(lab) + 2;
	}
	int x = 6, w = COLS - x - right, h = y1 - y - 1;
	if (h < 4 || w < 16) {
		ui_text(y, 0, COLS, C_DIM, tr(MSG_DV_ROOF_SMALL));
		return;
	}
	bw_chart_layout(&c, w, h, in.line, in.n, in.ceil, 2);
	draw_cells(&c, &in, y, x);
	axes(&c, &in, y, x);
	if (!in.n)
		ui_text(y + h / 2, x + 2, w - 2, C_DIM, tr(MSG_XF_NONE));
}

static const char *const pick_ids[ST_NPICK] = { "pinned", "pageable", "default" };

/* The run a section shows: mode-N on a GPU, the model on the CPU fallback. */
static const struct res_variant *st_find(const struct demo_section *s, enum st_pick_mode m,
					 int streams)
{
	const struct res_device *d = results_device(s->r, s->demo);
	char id[32];
	snprintf(id, sizeof id, "%s-%d", d && !d->live ? "model" : pick_ids[m], streams);
	const struct res_variant *found = NULL;
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (!strcmp(v->demo, s->demo) && !strcmp(v->variant, id) && v->ok &&
		    (!found || v->flops_per_byte == 1024))
			found = v; /* recorded: the default setting first */
		if (found && found->flops_per_byte == 1024)
			break;
	}
	return found;
}

static const char *stage_glyph(int stage)
{
	static const char *const uni[] = { "", "▶", "█", "", "◀" }, *const asc[] = { "", ">", "#", "", "<" };
	if (stage < 0)
		return ui_ascii() ? "+" : "▒";
	return ui_ascii() ? asc[stage] : uni[stage];
}

static enum role stage_role(int stage)
{
	return stage == TL_H2D ? C_ACCENT : stage == TL_KERNEL ? C_OK : stage == TL_D2H ? C_NOTE
									: C_NORMAL;
}

static void draw_grid(const struct tl_grid *g, int y, int x)
{
	char lab[16];
	for (int r = 0; r < g->rows; r++) {
		snprintf(lab, sizeof lab, "s%d", r);
		ui_text(y + r, 1, x - 2, C_DIM, lab);
		for (int c = 0; c < g->cols; c++) {
			int st = timeline_cell_stage(g, r, c);
			if (st)
				ui_text(y + r, x + c, 1, stage_role(st), stage_glyph(st));
			else
				ui_text(y + r, x + c, 1, C_DIM, ".");
		}
	}
}

/* One section: title, the timeline, its time axis, the summary; returns the
 * next row (y when nothing fit). */
static int st_section(const struct demo_section *s, enum st_pick_mode m, int streams, int y,
		      int y1, bool fold)
{
	const struct res_variant *v = st_find(s, m, streams), *one = st_find(s, m, 1);
	char a[32], b[32], c[32], line[400];
	if (y >= y1)
		return y;
	title_row(y++, C_HEADING, s->title);
	const struct res_device *d = results_device(s->r, s->demo);
	if (d && !d->live && m != ST_PICK_PINNED) {
		/* the CPU fallback models pinned copies only: its timeline under
		 * a pageable or default-stream heading would say what it is not */
		return ui_wrap(y, y1, 1, COLS - 2, C_DIM, tr(MSG_ST_MODEL_PINNED_ONLY));
	}
	if (!v) {
		snprintf(line, sizeof line, tr(MSG_ST_MISSING), pick_ids[m], streams);
		ui_text(y, 1, COLS - 2, C_DIM, line);
		return y + 1;
	}
	int rows = (int)v->streams, room = y1 - y - 2;
	if (rows > room && !fold) { /* folded rows would hide the overlap */
		/* under the title, which says what has no room; on the title's
		 * row, cleared first, when it is the last row */
		if (y >= y1)
			ui_fill(--y, 0, 1, COLS, C_NORMAL);
		ui_text(y, 0, COLS, C_DIM, tr(MSG_ST_NO_ROOM));
		return y1;
	}
	rows = rows > room ? room : rows;
	if (rows < 1)
		return y;
	static struct tl_grid g;
	int x = 5;
	/* the 1-stream run's length as the scale, so more streams look shorter */
	double t_end = one && one->ms > v->ms ? one->ms : v->ms;
	timeline_layout(&g, &s->r->span[v->span0], v->nspan, rows, COLS - x - 1, t_end);
	draw_grid(&g, y, x);
	y += rows;
	demo_view_ms(t_end, a, sizeof a);
	ui_text(y, x, 2, C_DIM, "0");
	ui_text(y, x + g.cols - ui_width(a), ui_width(a), C_DIM, a);
	y++;
	demo_view_ms(v->ms, a, sizeof a);
	demo_view_ms(v->serial_ms, b, sizeof b);
	demo_view_ms(v->ideal_ms, c, sizeof c);
	/* within half a percent of serial: "about as fast"; below, "slower",
	 * by the inverse (never "0.99x faster", nor "1.00x slower") */
	bool same = fabs(v->speedup - 1) < 0.005, slow = !same && v->speedup > 0 && v->speedup < 1;
	if (same)
		snprintf(line, sizeof line,
			 tr(v->modelled ? MSG_ST_SUMMARY_MODEL_SAME : MSG_ST_SUMMARY_SAME), a, b,
			 v->pct_of_ideal, c);
	else
		snprintf(line, sizeof line,
			 tr(v->modelled ? slow ? MSG_ST_SUMMARY_MODEL_SLOW : MSG_ST_SUMMARY_MODEL
					: slow ? MSG_ST_SUMMARY_SLOW : MSG_ST_SUMMARY),
			 a, slow ? 1 / v->speedup : v->speedup, b, v->pct_of_ideal, c);
	return ui_wrap(y, y1, 1, COLS - 2, C_OK, line);
}

void xfer_view_streams(const struct demo_section *s, int n, enum st_pick_mode m, int streams,
		       int y0, int y1)
{
	char leg[200];
	snprintf(leg, sizeof leg, tr(MSG_ST_LEGEND), stage_glyph(TL_H2D), stage_glyph(TL_KERNEL),
		 stage_glyph(TL_D2H), stage_glyph(-1));
	/* row y0 is the caller's heading (what the keys picked) */
	ui_text(y0 + 1, 1, COLS - 2, C_DIM, leg);
	int y = y0 + 2;
	for (int i = 0; i < n && y < y1; i++) {
		int next = st_section(&s[i], m, streams, y, y1, i == 0);
		if (next == y)
			break;
		y = next + (next < y1);
	}
}

void xfer_view_size_text(const struct results *r, const char *demo, char *buf, size_t size)
{
	long lo = -1, hi = -1;
	buf[0] = '\0';
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (strcmp(v->demo, demo))
			continue;
		if (v->bytes > 0 && (lo < 0 || v->bytes < lo))
			lo = v->bytes;
		if (v->bytes > hi)
			hi = v->bytes;
	}
	if (lo > 0) {
		char a[16], b[16];
		bw_size_label((double)lo, a, sizeof a);
		bw_size_label((double)hi, b, sizeof b);
		snprintf(buf, size, "%s .. %s", a, b);
	}
}

void xfer_view_setting_text(const struct results *r, const char *demo, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, demo)) {
			snprintf(buf, size, "%.0f MiB / %ld, %ld FLOP/B",
				 v->total_bytes / 1048576.0, v->chunks, v->flops_per_byte);
			return;
		}
	}
}

void xfer_view_pick_text(bool timeline, const struct xfer_pick *p, char *buf, size_t size)
{
	static const enum msg fm[XF_NFILTERS] = { MSG_XF_ALL, MSG_XF_TO_DEV, MSG_XF_TO_HOST,
						  MSG_XF_INSIDE };
	static const enum msg mm[ST_NPICK] = { MSG_ST_PINNED, MSG_ST_PAGEABLE, MSG_ST_DEFAULT };
	if (!timeline)
		snprintf(buf, size, "%s", tr(fm[p->filter]));
	else if (p->streams == 1)
		snprintf(buf, size, tr(MSG_ST_PICK1), tr(mm[p->mode]));
	else
		snprintf(buf, size, tr(MSG_ST_PICK), tr(mm[p->mode]), p->streams);
}

void xfer_view_draw(bool timeline, const struct demo_section *s, int n,
		    const struct xfer_pick *p, bool mine_only, const char *rec_note, int y0, int y1)
{
	bool rec = false;
	for (int i = 0; i < n; i++)
		rec |= s[i].recorded;
	if (!rec && y1 - y0 > 8)
		y1--;
	if (!timeline)
		xfer_view_transfer(s, n, p->filter, y0, y1);
	else
		xfer_view_streams(s, n, p->mode, p->streams, y0, y1);
	char pick[128];
	xfer_view_pick_text(timeline, p, pick, sizeof pick);
	int w = ui_width(pick);
	ui_text(y0, COLS - w - 1 > 0 ? COLS - w - 1 : 0, w + 1, C_ACCENT, pick);
	if (!rec && !mine_only)
		ui_wrap(y1, y1 + 1, 1, COLS - 2, C_DIM, rec_note ? rec_note : tr(MSG_XF_NO_REC));
}
