/* roof_view: the demo screen's roofline over ui.h (see demo_view.h's
 * demo_view_roofline): each variant a mark at its arithmetic intensity and
 * achieved GFLOP/s under the device's memory and compute roofs, and the
 * legend beside it (the ceilings, the marks by group, the traffic models,
 * roof_models.c).  The grid's arithmetic, and where a mark goes when
 * others crowd its place, are chart.c's. */
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart.h"
#include "demo_view.h"
#include "roof_models.h"
#include "text.h"
#include "traffic.h"
#include "ui.h"
#include "i18n.h"

/* Marks 1..9 then a..z, in the order the variants are listed. */
static char mark_of(int i)
{
	return i < 9 ? (char)('1' + i) : i < 35 ? (char)('a' + i - 9) : '+';
}

struct roof_in {
	struct chart_point pt[64];
	const struct res_variant *var[64];
	bool recorded[64];  /* the point comes from a recorded section */
	int n;
	const struct res_device *dev;   /* the ceilings' device, or NULL */
	bool dev_recorded;
};

static void collect(const struct demo_section *s, int n, struct roof_in *in)
{
	memset(in, 0, sizeof *in);
	for (int k = 0; k < n; k++) {
		const struct res_device *d = results_device(s[k].r, s[k].demo);
		if (!in->dev && d && d->peak_gflops > 0 && d->mem_gbs > 0) {
			in->dev = d;
			in->dev_recorded = s[k].recorded;
		}
		for (size_t i = 0; i < s[k].r->nvar && in->n < 64; i++) {
			const struct res_variant *v = &s[k].r->var[i];
			if (strcmp(v->demo, s[k].demo) || !v->ok || !(traffic_intensity(v) > 0) ||
			    !(v->gflops > 0))
				continue;
			/* at the rung's own traffic model; the problem's minimum
			 * traffic is its own mark (chart.h CH_MIN) */
			in->pt[in->n] = (struct chart_point){ traffic_intensity(v), v->gflops,
							      mark_of(in->n),
							      traffic_known(v) ? v->intensity : 0 };
			in->recorded[in->n] = s[k].recorded;
			in->var[in->n++] = v;
		}
	}
}

static void draw_grid(const struct chart_roof *c, const struct roof_in *in, int y, int x)
{
	for (int r = 0; r < c->h; r++)
		for (int k = 0; k < c->w; k++) {
			char cell[2] = { 0, 0 };
			switch (c->kind[r][k]) {
			case CH_SLOPE: ui_text(y + r, x + k, 1, C_DIM, "/"); break;
			case CH_FLAT: ui_text(y + r, x + k, 1, C_DIM, ui_glyph(G_HLINE)); break;
			case CH_MIN: ui_text(y + r, x + k, 1, C_DIM, ":"); break;
			case CH_POINT:
				cell[0] = c->mark[r][k];
				for (int i = 0; i < in->n; i++)
					if (in->pt[i].mark == cell[0])
						ui_text(y + r, x + k, 1, demo_view_kind_role(in->var[i]->kind), cell);
				break;
			default: break;
			}
		}
}

static void draw_axes(const struct chart_roof *c, int y, int x)
{
	char l[16];
	for (double v = c->ylo; v <= c->yhi * 1.001; v *= 10) {
		chart_decade_label(v, l, sizeof l);
		ui_text(y + chart_roof_row(c, v), 0, x - 1, C_DIM, l);
	}
	for (int r = 0; r < c->h; r++)
		ui_text(y + r, x - 1, 1, C_DIM, ui_glyph(G_VLINE));
	ui_hline(y + c->h, x - 1, c->w + 1, C_DIM);
	/* each decade: a tick on the axis in the column its points use, and
	 * its label from there (the last one ends at the tick if it must) */
	for (double v = c->xlo; v <= c->xhi * 1.001; v *= 10) {
		chart_decade_label(v, l, sizeof l);
		int col = chart_roof_col(c, v), lw = (int)strlen(l);
		ui_text(y + c->h, x + col, 1, C_DIM, ui_glyph(G_TICK));
		int at = col + lw > c->w ? col - lw + 1 : col;
		ui_text(y + c->h + 1, x + (at < 0 ? 0 : at), lw, C_DIM, l);
	}
}

/* A TF32, FP16 or BF16 variant above the FP32 roof ran on Tensor Cores,
 * which the FP32 peak (SMs x FP32 lanes x 2 x clock) does not count. */
static bool tensor_cores_above(const struct roof_in *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->pt[i].y > in->dev->peak_gflops && (strstr(in->var[i]->label, "TF32") || !res_fp32(in->var[i])))
			return true;
	return false;
}

/* Whether a mark sits above the memory roof at its own intensity: its
 * traffic model counts loads as memory traffic that the caches served. */
static bool cache_above(const struct roof_in *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->pt[i].y > 1.05 * in->dev->mem_gbs * in->pt[i].x)
			return true;
	return false;
}

/* Where the legend starts a group: the first entry, yours or recorded
 * after the other, or (within one) a run of three or more entries at
 * another size (a second run of the ladder, reduce's 2^20 + 7), which
 * would otherwise read like the same rungs twice; a single row at its own
 * size (a CPU rung run smaller) stays in its group. */
static bool group_starts(const struct roof_in *in, int i)
{
	if (i == 0 || in->recorded[i] != in->recorded[i - 1])
		return true;
	if (demo_view_same_size(in->var[i], in->var[i - 1]))
		return false;
	int run = 1;
	while (i + run < in->n && run < 3 && in->recorded[i + run] == in->recorded[i] &&
	       demo_view_same_size(in->var[i + run], in->var[i]))
		run++;
	return run >= 3;
}

/* Rows the entries take in `cols` columns: a heading per group (yours,
 * recorded, another size), then its entries row by row. */
static int entry_rows(const struct roof_in *in, int cols)
{
	int rows = 0;
	for (int i = 0, k = 0; i < in->n; i++, k++) {
		if (group_starts(in, i)) {
			rows++;
			k = 0;
		}
		if (k % cols == 0)
			rows++;
	}
	return rows;
}

/* Every entry, mark and label: one column when they fit, else two with
 * labels cut after a word; where even two do not fit, the last row says
 * how many marks are left off. */
static int legend_entries(const struct roof_in *in, int y, int y1, int x, int w, int cols)
{
	int cw = cols == 1 ? w : (w - 1) / 2, shown = 0, end = y1;
	char line[160], lab[64][CHART_LABEL_MAX], names[64][CHART_LABEL_MAX];
	const char *labels[64], *ids[64];
	for (int i = 0; i < in->n; i++) {   /* in the learner's language, kept apart */
		snprintf(lab[i], sizeof lab[i], "%s", results_variant_label(in->var[i]));
		labels[i] = lab[i], ids[i] = in->var[i]->variant;
	}
	chart_legend_labels(labels, ids, in->n, cw - 2, ui_glyph(G_ELLIPSIS), names);
	if (y + entry_rows(in, cols) > y1)
		end = y1 - 1; /* the row for what is left off */
	for (int i = 0, k = 0; i < in->n && y < end; i++, k++) {
		if (group_starts(in, i)) {
			if (i > 0 && k % cols)
				y++;
			if (i == 0 || in->recorded[i] != in->recorded[i - 1]) {
				ui_text(y++, x, w, C_HEADING,
					tr(in->recorded[i] ? MSG_DV_RECORDED : MSG_DV_YOURS));
			} else { /* the same set, another size */
				char sz[96], head[128];
				results_size_text(in->var[i], sz, sizeof sz);
				snprintf(head, sizeof head, tr(MSG_DV_MARKS_AT), sz);
				ui_text_fit(y++, x, w, C_HEADING, head);
			}
			k = 0;
		}
		if (y >= end)
			break;
		const struct res_variant *v = in->var[i];
		snprintf(line, sizeof line, "%c %s", in->pt[i].mark, names[i]);
		ui_text(y, x + (k % cols) * (cw + 1), cw, demo_view_kind_role(v->kind), line);
		shown++;
		if (k % cols == cols - 1 || i + 1 == in->n)
			y++;
	}
	if (shown < in->n && y1 > 0) { /* on the row kept for it */
		snprintf(line, sizeof line, tr(MSG_DV_MORE_MARKS), in->n - shown);
		ui_text_fit(y1 - 1, x, w, C_DIM, line);
		y = y1;
	}
	return y;
}

/* The traffic models' part of the legend (roof_models.c). */
static struct roof_marks marks_of(const struct roof_in *in)
{
	return (struct roof_marks){ in->var, in->pt, in->n };
}

/* The marks that stand for others crowded into their place (chart.h), in
 * one line: "one place: 1=c=j  4=h" (two rows at most).  Returns the next
 * row. */
static int merged_notes(const struct chart_roof *c, const struct roof_in *in, int y, int y1,
			int x, int w)
{
	char line[400];
	size_t len = (size_t)snprintf(line, sizeof line, "%s", tr(MSG_DV_MERGED));
	bool any = false;
	for (int i = 0; i < in->n && i < CHART_MAX_POINTS; i++) {
		char m = in->pt[i].mark;
		if (c->shown_as[i] != m)
			continue;   /* merged itself, or off the chart */
		bool first = true;
		for (int j = 0; j < in->n && j < CHART_MAX_POINTS && len + 8 < sizeof line; j++)
			if (j != i && c->shown_as[j] == m) {
				if (first)
					len += (size_t)snprintf(line + len, sizeof line - len, "  %c", m);
				len += (size_t)snprintf(line + len, sizeof line - len, "=%c", in->pt[j].mark);
				first = false;
				any = true;
			}
	}
	if (!any)
		return y;
	return ui_wrap_groups(y, y + 2 < y1 ? y + 2 : y1, x, w, C_NOTE, line);
}

static void legend(const struct chart_roof *c, const struct roof_in *in, int y, int y1, int x,
		   int w, int cols)
{
	char line[256];
	if (in->dev) {
		snprintf(line, sizeof line, tr(MSG_DV_MEMORY_ROOF), in->dev->mem_gbs);
		ui_text_fit(y++, x, w, C_DIM, line);
		snprintf(line, sizeof line, tr(MSG_DV_COMPUTE_ROOF), ui_glyph(G_HLINE),
			 in->dev->peak_gflops / 1000);
		ui_text_fit(y++, x, w, C_DIM, line);
		snprintf(line, sizeof line, "  %s%s", in->dev->name,
			 in->dev_recorded ? tr(MSG_DV_RECORDED_MARK) : "");
		ui_text_fit(y++, x, w, C_DIM, line);
		if (tensor_cores_above(in))
			ui_text_fit(y++, x, w, C_DIM, tr(MSG_DV_ABOVE_ROOF));
		if (cache_above(in))
			y = ui_wrap(y, y + 2, x, w, C_DIM, tr(MSG_DV_ABOVE_MEMORY));
	} else {
		ui_text_fit(y++, x, w, C_DIM, tr(MSG_DV_NO_CEILINGS));
	}
	y = merged_notes(c, in, y, y1, x, w);
	struct roof_marks m = marks_of(in);
	y = roof_models_head(&m, y, x, w);
	y = legend_entries(in, y, y1, x, w, cols);
	bool one_set = true;
	for (int i = 1; i < in->n; i++)
		one_set = one_set && in->recorded[i] == in->recorded[0];
	roof_models_list(&m, y, y1, x, w, one_set);
}

/* Rows the legend's head takes: the ceilings and the device, or a note. */
static int legend_head_rows(const struct roof_in *in, int w)
{
	struct roof_marks m = marks_of(in);
	int cache = 0;
	if (in->dev && cache_above(in)) {
		struct text_lines tl = { 0 };
		text_wrap(tr(MSG_DV_ABOVE_MEMORY), w, &tl);
		cache = tl.n > 2 ? 2 : (int)tl.n;
		text_lines_free(&tl);
	}
	return (in->dev ? 3 + tensor_cores_above(in) + cache : 1) + roof_models_head_rows(&m, w);
}

void demo_view_roofline(const struct demo_section *s, int n, int y0, int y1,
			struct chart_roof *grid)
{
	struct chart_roof *c = grid;
	struct roof_in in;
	collect(s, n, &in);
	ui_text_fit(y0, 0, COLS, C_HEADING, tr(MSG_DV_ROOFLINE));
	/* the legend: a third of the screen, at most 30 columns, 48 on a wide one */
	int legcap = COLS >= 150 ? 48 : 30;
	int legw = COLS / 3 > legcap ? legcap : COLS / 3, cols = 1;
	struct roof_marks m = marks_of(&in);
	if (legend_head_rows(&in, legw) + entry_rows(&in, 1) + roof_models_count(&m) > y1 - y0 - 1) {
		cols = 2;   /* two columns of short names, wider, so none is left off */
		legw = COLS / 2 - 2 > 44 ? 44 : COLS / 2 - 2;
	}
	int x = 6, w = COLS - x - legw - 2, h = y1 - y0 - 3;
	if (h < 3 || w < 10) {
		ui_text(y0 + 1, 0, COLS, C_DIM, tr(MSG_DV_ROOF_SMALL));
		return;
	}
	chart_roofline(c, w, h, in.dev ? in.dev->peak_gflops : NAN,
		       in.dev ? in.dev->mem_gbs : NAN, in.pt, in.n);
	draw_axes(c, y0 + 1, x);
	draw_grid(c, &in, y0 + 1, x);
	legend(c, &in, y0 + 1, y1, COLS - legw, legw, cols);
	if (!in.n)
		ui_text(y0 + 1 + h / 2, x + 2, w - 2, C_DIM, tr(MSG_DV_NO_VARIANTS));
}
