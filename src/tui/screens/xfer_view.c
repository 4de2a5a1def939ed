/* xfer_view: the streams timeline, and what the transfer and streams
 * views share (see xfer_view.h; the transfer chart is xfer_chart.c).
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
#include "text.h"
#include "timeline.h"
#include "ui.h"
#include "i18n.h"


/* A section's title on one row, an ellipsis only when it is cut. */
void xfer_view_title_row(int y, enum role r, const char *t)
{
	if (ui_width(t) <= COLS - 2) /* indented 1, as the lines under it */
		ui_text(y, 1, COLS - 2, r, t);
	else
		ui_text_more(y, 1, COLS - 2, r, t);
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
	char a[32], b[32], c[32], line[512];
	if (y >= y1)
		return y;
	xfer_view_title_row(y++, C_HEADING, s->title);
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
	/* a pinned GPU row's bound is the link-aware one, the bound make bench
	 * judges by (demos/scripts/xfer_targets.sh): the ideal lets copies in
	 * and out run at once each at its one-way rate, which the link does
	 * not carry; other rows (and older records) have only the ideal */
	bool link = !v->modelled && isfinite(v->link_ideal_ms) && isfinite(v->pct_of_link_ideal);
	double pct = link ? v->pct_of_link_ideal : v->pct_of_ideal;
	demo_view_ms(link ? v->link_ideal_ms : v->ideal_ms, c, sizeof c);
	/* within half a percent of serial: "about as fast"; below, "slower",
	 * by the inverse (never "0.99x faster", nor "1.00x slower") */
	bool same = fabs(v->speedup - 1) < 0.005, slow = !same && v->speedup > 0 && v->speedup < 1;
	enum msg fmt = same   ? link    ? MSG_ST_SUMMARY_LINK_SAME
			  : v->modelled ? MSG_ST_SUMMARY_MODEL_SAME
					: MSG_ST_SUMMARY_SAME
		: slow        ? link         ? MSG_ST_SUMMARY_LINK_SLOW
			       : v->modelled ? MSG_ST_SUMMARY_MODEL_SLOW
					     : MSG_ST_SUMMARY_SLOW
		: link        ? MSG_ST_SUMMARY_LINK
		: v->modelled ? MSG_ST_SUMMARY_MODEL
			      : MSG_ST_SUMMARY;
	if (same)
		snprintf(line, sizeof line, tr(fmt), a, b, pct, c);
	else
		snprintf(line, sizeof line, tr(fmt), a, slow ? 1 / v->speedup : v->speedup, b, pct, c);
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
		    struct xfer_pick *p, bool mine_only, const char *rec_note, int y0, int y1)
{
	bool rec = false;
	for (int i = 0; i < n; i++)
		rec |= s[i].recorded;
	if (!rec && y1 - y0 > 8)
		y1--;
	if (!timeline)
		xfer_view_transfer(s, n, p, y0, y1);
	else
		xfer_view_streams(s, n, p->mode, p->streams, y0, y1);
	char pick[128];
	xfer_view_pick_text(timeline, p, pick, sizeof pick);
	int w = ui_width(pick);
	ui_text(y0, COLS - w - 1 > 0 ? COLS - w - 1 : 0, w + 1, C_ACCENT, pick);
	if (!rec && !mine_only)
		ui_wrap(y1, y1 + 1, 1, COLS - 2, C_DIM, rec_note ? rec_note : tr(MSG_XF_NO_REC));
}
