/* launch_view: the launch demo's curve and steps (see launch_view.h). */
#include "launch_view.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "text.h"
#include "ui.h"
#include "i18n.h"

const char *const launch_view_series[LAUNCH_VIEWS] = { "plain", "vec4", "regs",
						       "smem", "wave", "graph" };
/* What each series is called on the screen, in the learner's language (the
 * ids above are the records' own). */
static const enum msg series_names[LAUNCH_VIEWS] = { MSG_LV_NAME_PLAIN, MSG_LV_NAME_VEC4,
						     MSG_LV_NAME_REGS, MSG_LV_NAME_SMEM,
						     MSG_LV_NAME_WAVE, MSG_LV_NAME_GRAPH };

static const char *series_name(const char *series)
{
	for (int i = 0; i < LAUNCH_VIEWS; i++)
		if (!strcmp(series, launch_view_series[i]))
			return tr(series_names[i]);
	return series;
}

#define MAX_PTS 128


struct pts {
	const struct res_point *p[MAX_PTS];
	int n;
	double top;      /* the value of a full-height bar */
};

static void collect(const struct results *r, const char *demo, const char *series, struct pts *o)
{
	o->n = 0;
	o->top = 0;
	for (size_t i = 0; i < r->npt && o->n < MAX_PTS; i++) {
		const struct res_point *p = &r->pt[i];
		if (strcmp(p->demo, demo) || strcmp(p->series, series))
			continue;
		o->p[o->n++] = p;
		double v = strcmp(series, "wave") ? p->gbs : p->ms;
		if (p->fits && p->ok && isfinite(v) && v > o->top)
			o->top = v;
	}
}

/* Cells 0..h of v against top. */
static int cells(double v, double top, int h)
{
	if (!(v > 0) || !(top > 0))
		return 0;
	int c = (int)lround(v / top * h);
	return c < 1 ? 1 : c > h ? h : c;
}

static void put(int y, int x, enum role r, const char *g)
{
	if (y >= 0 && y < LINES && x >= 0 && x < COLS)
		ui_text(y, x, 1, r, g);
}

/* Where point k's column starts, for n points over w columns: all of the
 * same width when they fit, squeezed when not. */
static int col(int k, int n, int w)
{
	if (n <= 0)
		return 0;
	return w / n >= 1 ? k * (w / n) : k * w / n;
}

static bool tail(const struct res_point *p, long wave)
{
	return wave > 0 && p->grid > wave && p->grid % wave == 1;
}

/* The bars, bottom row yb, left column x, w wide, h high. */
static void bars(const struct pts *ps, bool wave_view, long wave, int yb, int x, int w, int h)
{
	const char *full = ui_glyph(G_BLOCK_FULL), *dot = ui_ascii() ? "o" : "●";
	for (int k = 0; k < ps->n; k++) {
		const struct res_point *p = ps->p[k];
		int c0 = x + col(k, ps->n, w), c1 = x + col(k + 1, ps->n, w);
		int cw = c1 - c0 > 2 ? c1 - c0 - 1 : 1; /* a gap between wide columns */
		if (!p->fits) {
			put(yb, c0, C_WRONG, ui_ascii() ? "x" : "×");
			continue;
		}
		double v = wave_view ? p->ms : p->gbs;
		int hb = p->ok ? cells(v, ps->top, h) : 0;
		enum role r = wave_view && tail(p, wave) ? C_WRONG : C_ACCENT;
		for (int i = 0; i < hb; i++)
			for (int j = 0; j < cw; j++)
				put(yb - i, c0 + j, r, full);
		if (!wave_view && isfinite(p->occupancy)) {
			int ho = cells(p->occupancy, 100.0, h);
			put(yb - (ho > 0 ? ho - 1 : 0), c0, ho <= hb ? C_TITLE : C_OK, dot);
		}
	}
}

/* The x labels: the first and last points, and a few between. */
static void xlabels(const struct pts *ps, bool wave_view, long wave, int y, int x, int w)
{
	int next = 0; /* the first free column */
	for (int k = 0; k < ps->n; k++) {
		const struct res_point *p = ps->p[k];
		long v = wave_view ? p->grid : p->block;
		bool mark = k == 0 || k == ps->n - 1 ||
			    (wave_view ? (wave > 0 && v % wave == 0) : (v & (v - 1)) == 0);
		char lab[24];
		snprintf(lab, sizeof lab, "%ld", v);
		int c = x + col(k, ps->n, w);
		if (!mark || c < next || c + (int)strlen(lab) > x + w + 4)
			continue;
		ui_text(y, c, (int)strlen(lab), C_DIM, lab);
		next = c + (int)strlen(lab) + 1;
	}
}

static void series_head(const struct res_series *sr, int y, int y1)
{
	if (!sr)
		return;
	char line[400];
	snprintf(line, sizeof line, tr(MSG_LV_SERIES), series_name(sr->series), results_label_text(sr->label), sr->regs,
		 sr->smem, sr->suggest_block);
	ui_wrap(y, y1, 1, COLS - 2, C_DIM, line);
}

static int head_rows(const struct res_series *sr)
{
	if (!sr)
		return 0;
	char line[400];
	snprintf(line, sizeof line, tr(MSG_LV_SERIES), series_name(sr->series), results_label_text(sr->label), sr->regs,
		 sr->smem, sr->suggest_block);
	int n = ui_wrap_rows(line, COLS - 2);
	return n < 3 ? n : 3;
}

/* The last point, from index at stepping by step, before one that falls
 * more than 5% under best (points that do not fit or failed are passed);
 * at itself when it is a point within 5%, as the best is. */
static const struct res_point *near_best_end(const struct pts *ps, int at, int step, double best)
{
	const struct res_point *end = NULL;
	for (int k = at; k >= 0 && k < ps->n; k += step) {
		const struct res_point *q = ps->p[k];
		if (!q->fits || !q->ok)
			continue;
		if (q->gbs < 0.95 * best)
			break;
		end = q;
	}
	return end;
}

/* The summary under the chart: the sweep's best and where it stops
 * gaining; the wave tail's first full wave against one block more. */
static void summary(const struct pts *ps, bool wave_view, const struct res_series *sr,
		    char *line, size_t size)
{
	line[0] = '\0';
	if (!wave_view) {
		const struct res_point *best = NULL;
		int at = -1;
		for (int k = 0; k < ps->n; k++)
			if (ps->p[k]->fits && ps->p[k]->ok && ps->p[k]->gbs == ps->top)
				best = ps->p[k], at = k;
		if (!best)
			return;
		/* and the run of blocks within 5% of it around it; a run of
		 * one is the best alone ("from block 512 to 512" says nothing) */
		long lo = near_best_end(ps, at, -1, best->gbs)->block,
		     hi = near_best_end(ps, at, 1, best->gbs)->block;
		if (lo == hi)
			snprintf(line, size, tr(MSG_LV_BEST_ONE), best->gbs, best->pct_of_hbm, best->block);
		else
			snprintf(line, size, tr(MSG_LV_BEST), best->gbs, best->pct_of_hbm, best->block, lo, hi);
	} else if (sr && sr->wave > 0) {
		/* one wave's time: from one full wave to two (a launch's own
		 * cost cancels), else the first full wave */
		const struct res_point *full = NULL, *more = NULL, *two = NULL;
		for (int k = 0; k < ps->n; k++) {
			if (ps->p[k]->grid == sr->wave)
				full = ps->p[k];
			if (ps->p[k]->grid == sr->wave + 1)
				more = ps->p[k];
			if (ps->p[k]->grid == 2 * sr->wave)
				two = ps->p[k];
		}
		double wave = full && two && two->ms > full->ms ? two->ms - full->ms
			      : full ? full->ms : 0;
		if (full && more && wave > 0)
			snprintf(line, size, tr(MSG_LV_WAVE), sr->wave, sr->per_sm, 1L,
				 full->ms, more->ms, (more->ms - full->ms) / wave);
	}
}

/* A section without points of the series: the CPU fallback says what it
 * did measure; a recording, that it holds none of this series. */
static void no_points_text(const struct demo_section *s, const char *series, char *line,
			   size_t size);

/* Rows no_points() takes. */
static int no_points_rows(const struct demo_section *s, const char *series)
{
	char line[1024];
	no_points_text(s, series, line, sizeof line);
	return ui_wrap_rows(s->title, COLS - 2) + ui_wrap_rows(line, COLS - 2) + 1;
}

/* Returns the next free row. */
static int no_points(const struct demo_section *s, const char *series, int y, int y1)
{
	char line[1024];
	no_points_text(s, series, line, sizeof line);
	y = ui_wrap(y, y1, 1, COLS - 2, C_TITLE, s->title);
	return ui_wrap(y, y1, 1, COLS - 2, C_DIM, line) + 1;
}

static void no_points_text(const struct demo_section *s, const char *series, char *line,
			   size_t size)
{
	if (s->recorded) {
		snprintf(line, size, tr(MSG_LV_NOT_RECORDED), series);
		return;
	}
	size_t len = (size_t)snprintf(line, size, "%s", tr(MSG_LV_NO_POINTS));
	int items = 0;
	for (size_t i = 0; i < s->r->nvar && len + 2 < size; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (strcmp(v->demo, s->demo) || !v->ok)
			continue;
		int k = snprintf(line + len, size - len, "%s", items++ ? tr(MSG_LV_CPU_SEP) : " ");
		len += k > 0 && (size_t)k < size - len ? (size_t)k : 0;
		k = snprintf(line + len, size - len, tr(MSG_LV_CPU), results_label_text(v->label), v->gbs);
		len += k > 0 && (size_t)k < size - len ? (size_t)k : 0;
	}
	if (len + 4 < size)
		len += (size_t)snprintf(line + len, size - len, "%s", items ? tr(MSG_LV_CPU_END) : "");
	/* the fallback's figures swing between runs: said, as the bars views say it */
	const struct res_device *d = results_device(s->r, s->demo);
	if (items && d && !d->live && len + 2 < size) {
		char swing[400];
		snprintf(swing, sizeof swing, tr(MSG_DV_CPU_SWING), d->cpu_threads);
		/* a space after an English full stop, none after a Chinese one */
		bool wide = len >= 3 && !strcmp(line + len - 3, "。");
		snprintf(line + len, size - len, "%s%s", wide ? "" : " ", swing);
	}
}

/* --- the graph series: a table, one row per kernel count. */

/* The point of mode m at kernel count k among ps, or NULL. */
static const struct res_point *gpoint(const struct pts *ps, long k, const char *m)
{
	for (int i = 0; i < ps->n; i++)
		if (ps->p[i]->kernels == k && !strcmp(ps->p[i]->mode, m))
			return ps->p[i];
	return NULL;
}

/* One cell: a time per kernel, or what went wrong. */
static void gcell(char *buf, size_t size, const struct res_point *p)
{
	if (!p)
		snprintf(buf, size, "-");
	else if (!p->ok || !isfinite(p->us_per_kernel))
		snprintf(buf, size, "%s", tr(MSG_LV_GRAPH_FAILED));
	else
		snprintf(buf, size, "%.2f %s", p->us_per_kernel, ui_ascii() ? "us" : "µs");
}

/* Text s right-aligned to end at column x1 of row y. */
static void right(int y, int x1, enum role r, const char *s)
{
	int w = ui_width(s);
	ui_text(y, x1 - w, w, r, s);
}

/* The summary: the graph's one-off build at the largest count, and the
 * time each launch of it saves against launching its kernels one by one. */
static void graph_summary(const struct pts *ps, long last, char *line, size_t size)
{
	const struct res_point *p = gpoint(ps, last, "plain"), *g = gpoint(ps, last, "graph");
	line[0] = '\0';
	if (!p || !g || !p->ok || !g->ok || !isfinite(g->setup_ms) || !(p->ms > g->ms))
		return;
	snprintf(line, size, tr(MSG_LV_GRAPH_SUM), last, g->setup_ms, p->ms - g->ms);
}

static void graph_table(const struct pts *ps, int y, int y1)
{
	long ks[MAX_PTS];
	int nk = 0;
	for (int i = 0; i < ps->n; i++) {
		bool seen = false;
		for (int j = 0; j < nk; j++)
			seen = seen || ks[j] == ps->p[i]->kernels;
		if (!seen)
			ks[nk++] = ps->p[i]->kernels;
	}
	y = ui_wrap(y, y1, 1, COLS - 2, C_DIM, tr(MSG_LV_GRAPH_UNIT));
	int c0 = 9, c1 = 23, c2 = 37, c3 = 47; /* right edges of the columns */
	if (y >= y1)
		return;
	right(y, c0, C_HEADING, tr(MSG_LV_GRAPH_K));
	right(y, c1, C_HEADING, tr(MSG_LV_GRAPH_PLAIN));
	right(y, c2, C_HEADING, tr(MSG_LV_GRAPH_GRAPH));
	right(y++, c3, C_HEADING, tr(MSG_LV_GRAPH_X));
	for (int j = 0; j < nk && y < y1; j++, y++) {
		const struct res_point *p = gpoint(ps, ks[j], "plain"), *g = gpoint(ps, ks[j], "graph");
		char k[24], a[48], b[48], x[24] = "";
		snprintf(k, sizeof k, "%ld", ks[j]);
		gcell(a, sizeof a, p);
		gcell(b, sizeof b, g);
		if (p && g && p->ok && g->ok && g->us_per_kernel > 0)
			snprintf(x, sizeof x, "%s%.1f", ui_ascii() ? "x" : "×",
				 p->us_per_kernel / g->us_per_kernel);
		right(y, c0, C_NORMAL, k);
		right(y, c1, C_NORMAL, a);
		right(y, c2, C_ACCENT, b);
		right(y, c3, C_OK, x);
	}
	char sum[400];
	graph_summary(ps, nk ? ks[nk - 1] : 0, sum, sizeof sum);
	if (sum[0] && y + 1 < y1)
		ui_wrap(y + 1, y1, 1, COLS - 2, C_NORMAL, sum);
}

void launch_view(const struct demo_section *s, int n, int view, int y0, int y1)
{
	const char *series = launch_view_series[view % LAUNCH_VIEWS];
	bool wave_view = !strcmp(series, "wave");
	struct pts ps = { .n = 0 };
	int i = 0;
	for (; i < n; i++) {
		collect(s[i].r, s[i].demo, series, &ps);
		if (ps.n)
			break;
	}
	/* sections without points first, whole when the chart keeps 12 rows */
	int y = y0, need = 0;
	for (int j = 0; j < n && j < i; j++)
		need += no_points_rows(&s[j], series);
	bool room = i == n || y1 - y0 - need >= 12;
	for (int j = 0; j < n && j < i; j++) {
		if (room) {
			y = no_points(&s[j], series, y, y1);
			continue;
		}
		/* no room: the title (on a second row rather than cut inside a
		 * word) and where the rest is */
		const char *hint = tr(MSG_LV_T_SHOWS);
		int hw = ui_width(hint);
		ui_text(y, COLS - hw, hw, C_DIM, hint);
		y = ui_wrap(y, y + 2 < y1 ? y + 2 : y1, 1, COLS - hw - 2, s[j].recorded ? C_HEADING : C_TITLE, s[j].title);
	}
	if (i == n || y >= y1)
		return;
	y = ui_wrap(y, y < y1 - 1 ? y + 1 : y1, 1, COLS - 2, s[i].recorded ? C_HEADING : C_TITLE, s[i].title);
	if (!strcmp(series, "graph")) {
		y = ui_wrap(y, y1, 1, COLS - 2, C_DIM, tr(MSG_LV_GRAPH_HEAD));
		graph_table(&ps, y, y1);
		return;
	}
	const struct res_series *sr = results_series(s[i].r, s[i].demo, series);
	series_head(sr, y, y1);
	y += head_rows(sr);
	char legend[300], axis[320], sum[400];
	if (wave_view)
		snprintf(legend, sizeof legend, tr(MSG_LV_WAVE_LEGEND), ps.top,
			 ui_glyph(G_BLOCK_FULL));
	else
		snprintf(legend, sizeof legend, tr(MSG_LV_LEGEND), ps.top,
			 ui_ascii() ? "o" : "●", ui_ascii() ? "x" : "×");
	snprintf(axis, sizeof axis, "%s  %s", tr(wave_view ? MSG_LV_GRID : MSG_LV_BLOCK), legend);
	summary(&ps, wave_view, sr, sum, sizeof sum);
	int below = ui_groups_rows(axis, COLS - 2) + (sum[0] ? ui_wrap_rows(sum, COLS - 2) : 0);
	int h = y1 - y - 1 - below, x = 1, w = COLS - 3;
	if (h > 16)   /* taller bars say no more on a big terminal */
		h = 16;
	if (h < 3)
		return;
	bars(&ps, wave_view, sr ? sr->wave : 0, y + h - 1, x, w, h);
	xlabels(&ps, wave_view, sr ? sr->wave : 0, y + h, x, w);
	int yl = ui_wrap_groups(y + h + 1, y1, 1, COLS - 2, C_DIM, axis); /* a mark stays with its meaning */
	if (sum[0])
		ui_wrap(yl, y1, 1, COLS - 2, C_NORMAL, sum);
}
