/* demo_view: bars, roofline and device table over ui.h (see demo_view.h);
 * the notes under a section's bars are demo_notes.c.
 *
 * Widths are measured by ui_text/text.h; numbers are formatted here so the
 * columns line up.  Every figure drawn comes from a result record: nothing
 * is computed that the demo did not measure, except ratios of its times. */
#include "demo_view.h"
#include "demo_notes.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart.h"
#include "text.h"
#include "traffic.h"
#include "ui.h"
#include "i18n.h"
#include "demo.h"
#include "conv/conv_ladder.h"
#include "matmul/mm_ladder.h"

#define NUMS_W 36   /* " 12.3 ms 3e-4!  x123.4  100%     6%" */

void demo_view_ms(double ms, char *buf, int size)
{
	size_t n = (size_t)size;
	if (!isfinite(ms))
		snprintf(buf, n, "-");
	else if (ms >= 1000)
		snprintf(buf, n, "%.2f s", ms / 1000);
	else if (ms >= 100)
		snprintf(buf, n, "%.0f ms", ms);
	else if (ms >= 10)
		snprintf(buf, n, "%.1f ms", ms);
	else if (ms >= 1)
		snprintf(buf, n, "%.2f ms", ms);
	else
		snprintf(buf, n, "%.3f ms", ms);
}

enum role demo_view_kind_role(enum res_kind k)
{
	return k == RES_LIBRARY ? C_OK : k == RES_HAND ? C_ACCENT : C_NOTE;
}

/* The range of all the sections' times, in whole decades: the learner's
 * bars and the recorded ones share one log scale, so their lengths compare. */
static void time_axis(const struct demo_section *s, int n, double *lo, double *hi)
{
	double a = INFINITY, b = 0;
	for (int k = 0; k < n; k++)
		for (size_t i = 0; i < s[k].r->nvar; i++) {
			const struct res_variant *v = &s[k].r->var[i];
			if (strcmp(v->demo, s[k].demo) || !v->ok || !(v->ms > 0))
				continue;
			a = fmin(a, v->ms);
			b = fmax(b, v->ms);
		}
	chart_decades(isfinite(a) ? a : 0, b, lo, hi);
}

/* The spread of a variant's repeats: the slowest less the fastest, as a
 * percent of the median ("6%", ">999%"); "" when the demo did not report
 * min and max.  Not "±": a half-range past 100% would read as a negative
 * time. */
static void spread_text(const struct res_variant *v, char *buf, size_t n)
{
	buf[0] = '\0';
	if (isfinite(v->ms_min) && isfinite(v->ms_max) && v->ms > 0 && v->ms_max >= v->ms_min) {
		double pct = (v->ms_max - v->ms_min) / v->ms * 100;
		if (pct > 999)
			snprintf(buf, n, ">999%%");
		else
			snprintf(buf, n, "%.0f%%", pct);
	}
}

bool demo_view_same_size(const struct res_variant *a, const struct res_variant *b)
{
	return !memcmp(&a->size, &b->size, sizeof a->size);
}

/* "at 512" (a cube) or "at N4" (a batch of images, with channels): the
 * size a row was measured at when it differs from the naive reference's. */
static void other_size(const struct res_variant *v, char *buf, size_t n)
{
	const struct res_sizes *z = &v->size;
	if (z->m > 0 && z->m == z->n && z->n == z->k)
		snprintf(buf, n, tr(MSG_DV_AT), z->m);
	else if (z->c > 0 && z->n > 0)
		snprintf(buf, n, tr(MSG_DV_AT_N), z->n);
	else
		snprintf(buf, n, "%s", tr(MSG_DV_OTHER));
}

/* The numbers at the right: five columns right-aligned to 8, 5, 7, 5 and 6
 * display columns (printf's %8s would count bytes, and misalign Chinese). */
static void columns(char *buf, size_t n, const char *const t[5])
{
	static const int w[5] = { 8, 5, 7, 5, 6 };
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < 5 && len < n; i++) {
		int pad = w[i] - text_width(t[i]);
		int k = snprintf(buf + len, n - len, "%s%*s%s", i ? " " : "", pad > 0 ? pad : 0, "", t[i]);
		if (k < 0)
			break;
		len += (size_t)k;
	}
}

static void bar_cells(int y, int x, int n, enum role r)
{
	char buf[CHART_MAX_W * 4 + 1] = "";
	const char *g = ui_glyph(G_BLOCK_FULL);
	size_t gl = strlen(g), len = 0;
	for (int i = 0; i < n && i < CHART_MAX_W; i++, len += gl)
		memcpy(buf + len, g, gl + 1);
	ui_text(y, x, n, r, buf);
}

/* Why a variant has no time ("not available here: ..."), wrapped into
 * the room right of its label; the caller owns tl. */
static void why_lines(const struct res_variant *v, int lw, struct text_lines *tl)
{
	char msg[300];
	snprintf(msg, sizeof msg, "%s%s", tr(v->supported ? MSG_DV_FAILED : MSG_DV_NOT_HERE),
		 v->error[0] ? v->error : tr(v->supported ? MSG_DV_CHECK_FAILED : MSG_DV_UNSUPPORTED));
	int x = 1 + lw + 1;
	text_wrap(msg, COLS - x - 1 > 8 ? COLS - x - 1 : 8, tl);
}

/* The FP32 GEMM whose error the demo's others are held against (their
 * error past twice its: a mark), by the demo's registry row; NULL for a
 * demo without one (reduce sums, it multiplies nothing) or a run without
 * it (the CPU fallback). */
static const struct res_variant *gemm_ref(const struct demo_section *s)
{
#define CONV_ID_(e, id, ...) id,
	static const char *const conv_ids[] = { CONV_LADDER(CONV_ID_) };
#undef CONV_ID_
	const char *id = NULL;
	switch (demo_index(s->demo)) {
	case CK_DEMO_matmul: id = mm_rung_id(MM_CUBLAS); break;
	case CK_DEMO_conv: id = conv_ids[CONV_CUDNN_IMPLICIT_GEMM]; break;
	default: return NULL;
	}
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (!strcmp(v->demo, s->demo) && !strcmp(v->variant, id) && v->ok &&
		    isfinite(v->rel_err) && v->rel_err > 0)
			return v;
	}
	return NULL;
}

/* Whether v's error passes twice ref's, at ref's size. */
static bool error_marked(const struct res_variant *v, const struct res_variant *ref)
{
	return ref && v->ok && isfinite(v->rel_err) && demo_view_same_size(v, ref) &&
	       v->rel_err > 2 * ref->rel_err;
}

void demo_view_sci(double v, char *e, size_t n)
{
	snprintf(e, n, v > 0 ? "%.0e" : "0", v);
	char *x = strchr(e, 'e'); /* "4e-07" -> "4e-7" */
	if (x && (x[1] == '-' || x[1] == '+')) {
		char *d = x + 2;
		while (d[0] == '0' && d[1])
			memmove(d, d + 1, strlen(d));
		if (x[1] == '+')
			memmove(x + 1, x + 2, strlen(x + 1));
	}
}

/* A relative error in one digit ("4e-7", "0"), marked "!" past twice the
 * reference's; "-" when the record has none. */
static void error_text(const struct res_variant *v, const struct res_variant *ref, char *buf,
		       size_t n)
{
	char e[12];
	if (!isfinite(v->rel_err) || v->rel_err < 0) {
		snprintf(buf, n, "-");
		return;
	}
	demo_view_sci(v->rel_err, e, sizeof e);
	snprintf(buf, n, "%s%s", e, error_marked(v, ref) ? "!" : "");
}

/* The line under a section with marked errors: what the mark means. */
static bool mark_text(const struct res_variant *ref, char *buf, size_t n)
{
	char e[16];
	error_text(ref, NULL, e, sizeof e);
	snprintf(buf, n, tr(MSG_DV_ERR_MARK), results_label_text(ref->label), e);
	return true;
}

/* Rows a variant takes: one, or its wrapped reason. */
static int variant_rows(const struct res_variant *v, int lw)
{
	if (v->supported && v->ok)
		return 1;
	struct text_lines tl = { 0 };
	why_lines(v, lw, &tl);
	int n = tl.n ? (int)tl.n : 1;
	text_lines_free(&tl);
	return n;
}

/* The rows a section's variant rows are measured against: the naive one
 * (speed-ups), the FP32 GEMM (the error mark) and the library one (%lib;
 * a row paired side by side with it shows that paired figure). */
struct row_refs {
	const struct res_variant *naive, *ref, *lib;
};

/* Draws a variant, its label cut to `name`, from picture line y (rows
 * y0..y1 visible). */
static void variant_row(int y, int y0, int y1, const struct res_variant *v, const char *name,
			const struct row_refs *rr, double lo, double hi, int lw, int bw)
{
	const struct res_variant *naive = rr->naive, *ref = rr->ref, *libv = rr->lib;
	if (y >= y0 && y < y1)
		ui_text(y, 1, lw, v->ok || !v->supported ? C_NORMAL : C_WRONG, name);
	int x = 1 + lw + 1;
	if (!v->supported || !v->ok) {
		struct text_lines tl = { 0 };
		why_lines(v, lw, &tl);
		for (size_t i = 0; i < tl.n; i++)
			if (y + (int)i >= y0 && y + (int)i < y1)
				ui_text(y + (int)i, x, COLS - x - 1, v->supported ? C_WRONG : C_DIM, tl.line[i]);
		text_lines_free(&tl);
		return;
	}
	if (y < y0 || y >= y1)
		return;
	/* a time at another size gets no bar and no % of library: set beside
	 * the others it would compare what does not compare */
	bool other = naive && !demo_view_same_size(v, naive);
	if (!other)
		bar_cells(y, x, chart_log_cells(v->ms, lo, hi, bw), demo_view_kind_role(v->kind));
	char ms[24], sp[24] = "", lib[16] = "", nums[80];
	demo_view_ms(v->ms, ms, sizeof ms);
	if (other) {
		other_size(v, sp, sizeof sp);
	} else if (naive && v->ms > 0 && v != naive) {
		double k = naive->ms / v->ms;
		if (k >= 0.1)
			snprintf(sp, sizeof sp, "%s%.*f", ui_ascii() ? "x" : "×", k < 10 ? k < 1 ? 2 : 1 : 0, k);
		else
			snprintf(sp, sizeof sp, "1/%.0f", 1 / k); /* that many times slower */
	} else if (v == naive) {
		snprintf(sp, sizeof sp, "%s", tr(MSG_DV_NAIVE));
	}
	double pl = results_pct_of(v, libv);
	if (isfinite(pl) && !other)
		snprintf(lib, sizeof lib, "%.0f%%", pl);
	char spread[16], err[16];
	spread_text(v, spread, sizeof spread);
	error_text(v, ref, err, sizeof err);
	columns(nums, sizeof nums, (const char *const[]){ ms, err, sp, lib, spread });
	ui_text(y, COLS - NUMS_W, NUMS_W - 1, C_NORMAL, nums);
}


/* One section: title, column scale, then a row per variant of its demo. */
static int section_lines(const struct demo_section *s, int y, int y0, int y1, int lw, int bw,
			 double lo, double hi)
{
	int line = 0;
	const struct res_variant *naive = results_naive(s->r, s->demo), *ref = gemm_ref(s);
	const struct row_refs rr = { naive, ref, results_library(s->r, s->demo) };
	bool marked = false;
	struct text_lines tl = { 0 };
	text_wrap(s->title, COLS - 2, &tl); /* a long fallback reason wraps; indented 1 as the rest */
	for (size_t i = 0; i < tl.n; i++, line++)
		if (y + line >= y0 && y + line < y1)
			ui_text(y + line, 1, COLS - 2, s->recorded ? C_HEADING : C_TITLE, tl.line[i]);
	text_lines_free(&tl);
	if (y + line >= y0 && y + line < y1) {
		char l[16], h[16], axis[64];
		chart_decade_label(lo, l, sizeof l);
		chart_decade_label(hi, h, sizeof h);
		chart_axis_label(l, h, bw, axis, sizeof axis);
		ui_text(y + line, 1 + lw + 1, bw, C_DIM, axis);
		char head[64], lib[16];
		text_unpercent(tr(MSG_DV_PCT_LIB), lib, sizeof lib);
		columns(head, sizeof head, (const char *const[]){ tr(MSG_DV_TIME), tr(MSG_DV_ERROR),
							     tr(MSG_DV_SPEEDUP), lib, tr(MSG_DV_SPREAD) });
		ui_text(y + line, COLS - NUMS_W, NUMS_W - 1, C_DIM, head);
	}
	line++;
	/* the section's labels in the learner's language, cut to lw as one
	 * set so that no two different ones read the same; rows past
	 * CHART_LEGEND_MAX are each cut on their own */
	char lab[CHART_LEGEND_MAX][CHART_LABEL_MAX], names[CHART_LEGEND_MAX][CHART_LABEL_MAX];
	const char *labels[CHART_LEGEND_MAX], *ids[CHART_LEGEND_MAX];
	int nl = 0;
	for (size_t i = 0; i < s->r->nvar && nl < CHART_LEGEND_MAX; i++)
		if (!strcmp(s->r->var[i].demo, s->demo)) {
			snprintf(lab[nl], sizeof lab[nl], "%s", results_variant_label(&s->r->var[i]));
			labels[nl] = lab[nl], ids[nl] = s->r->var[i].variant, nl++;
		}
	chart_legend_labels(labels, ids, nl, lw, ui_glyph(G_ELLIPSIS), names);
	const struct res_variant *prev = NULL;
	for (size_t i = 0, k = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (strcmp(v->demo, s->demo))
			continue;
		char more[CHART_LABEL_MAX];
		const char *name = k < (size_t)nl ? names[k] : more;
		if (k++ >= (size_t)nl)
			chart_short_label(results_variant_label(v), v->variant, lw, ui_glyph(G_ELLIPSIS),
					  more, sizeof more);
		/* rows at another size than the naive reference's, after rows at
		 * its size: a line says which size, once per run of them */
		if (naive && prev && !demo_view_same_size(v, naive) && !demo_view_same_size(v, prev)) {
			char sz[96], also[200];
			results_size_text(v, sz, sizeof sz);
			snprintf(also, sizeof also, tr(MSG_DV_ALSO_AT), sz);
			line = demo_note_lines(also, C_DIM, y, line, y0, y1);
		}
		prev = v;
		variant_row(y + line, y0, y1, v, name, &rr, lo, hi, lw, bw);
		marked |= error_marked(v, ref);
		line += variant_rows(v, lw);
	}
	char mark[640];
	line = demo_notes_noise(s, y, line, y0, y1);
	if (marked && mark_text(ref, mark, sizeof mark))
		line = demo_note_lines(mark, C_NOTE, y, line, y0, y1);
	return demo_notes_ladder(s, y, line, y0, y1) + 1;
}

/* The label column: as wide as the longest label, within 12 columns and
 * what leaves the bars 8 (the axis' "<= 1k ms"), and at most 28 or a
 * quarter of the screen; longer labels are shortened (chart_short_label). */
static int label_width(const struct demo_section *s, int n)
{
	int most = 0, max = COLS - 3 - NUMS_W - 8;
	for (int k = 0; k < n; k++)
		for (size_t i = 0; i < s[k].r->nvar; i++) {
			const struct res_variant *v = &s[k].r->var[i];
			int w = text_width(v->label[0] ? results_variant_label(v) : v->variant);
			if (!strcmp(v->demo, s[k].demo) && w > most)
				most = w;
		}
	int cap = COLS / 4 > 28 ? COLS / 4 : 28; /* wide screens: whole names */
	max = max > cap ? cap : max;
	return most > max ? max : most < 12 ? 12 : most;
}

/* Whether a row of the sections was measured at another size than its
 * section's naive row (its speed-up and %lib read "other"). */
static bool any_other(const struct demo_section *s, int n)
{
	for (int i = 0; i < n; i++) {
		const struct res_variant *naive = results_naive(s[i].r, s[i].demo);
		for (size_t k = 0; naive && k < s[i].r->nvar; k++)
			if (!strcmp(s[i].r->var[k].demo, s[i].demo) && !demo_view_same_size(&s[i].r->var[k], naive))
				return true;
	}
	return false;
}

int demo_view_bars(const struct demo_section *s, int n, int y0, int y1, int scroll)
{
	int lw = label_width(s, n);
	int bw = COLS - 2 - lw - 1 - NUMS_W;
	if (bw < 4)
		bw = 4;
	int y = y0 - scroll;
	double lo, hi;
	time_axis(s, n, &lo, &hi);
	for (int i = 0; i < n; i++)
		y += section_lines(&s[i], y, y0, y1, lw, bw, lo, hi);
	if (n) { /* what the columns are, under the last section; `other` where a row has it */
		char cols[600];
		snprintf(cols, sizeof cols, tr(MSG_DV_COLUMNS),
			 tr(any_other(s, n) ? MSG_DV_COL_OTHER : MSG_DV_COL_END));
		y += demo_note_lines(cols, C_DIM, y, 0, y0, y1) + 1;
	}
	return y - (y0 - scroll);
}

/* One row of the device table; a long value (a fallback reason) wraps. */
static int row(int y, int y1, const char *key, const char *val)
{
	if (y >= y1)
		return y;
	ui_text(y, 2, 18, C_DIM, key);
	struct text_lines tl = { 0 };
	text_wrap(val, COLS - 22, &tl);
	size_t n = tl.n;
	for (size_t i = 0; i < n && y < y1; i++)
		ui_text(y++, 21, COLS - 22, C_NORMAL, tl.line[i]);
	text_lines_free(&tl);
	return n ? y : y + 1;
}

int demo_view_device(const struct res_device *d, const char *title, int y, int y1)
{
	char v[320];
	struct text_lines tl = { 0 };
	text_wrap(title, COLS - 2, &tl);
	for (size_t i = 0; i < tl.n && y < y1; i++)
		ui_text(y++, 1, COLS - 2, C_HEADING, tl.line[i]);
	text_lines_free(&tl);
	if (!d->live) {
		char why[256];
		snprintf(v, sizeof v, tr(MSG_DV_NO_GPU), results_reason_text(d->reason, why, sizeof why));
		y = row(y, y1, "GPU", v);
		snprintf(v, sizeof v, tr(MSG_DV_THREADS), d->cpu_name, d->cpu_threads);
		return row(y, y1, "CPU", v);
	}
	snprintf(v, sizeof v, tr(MSG_DV_GPU), d->name, d->cc);
	y = row(y, y1, "GPU", v);
	snprintf(v, sizeof v, tr(MSG_DV_CORES_V), d->sms, d->fp32_lanes_per_sm,
		 d->clock_mhz);
	y = row(y, y1, tr(MSG_DV_CORES), v);
	snprintf(v, sizeof v, tr(MSG_DV_PEAK_V), d->peak_gflops / 1000);
	y = row(y, y1, tr(MSG_DV_PEAK), v);
	snprintf(v, sizeof v, tr(MSG_DV_MEMORY_V), d->mem_bytes / 1073741824.0, d->mem_gbs);
	y = row(y, y1, tr(MSG_DV_MEMORY), v);
	snprintf(v, sizeof v, tr(MSG_DV_CHIP_V),
		 d->l2_bytes / 1048576.0, d->smem_per_sm / 1024, d->regs_per_sm);
	y = row(y, y1, tr(MSG_DV_ON_CHIP), v);
	char said[300];
	snprintf(v, sizeof v, tr(MSG_DV_CUDA_V), d->driver, d->runtime,
		 d->compat[0] ? tr(MSG_DV_CUDA_SEP) : "", results_compat_text(d->compat, said, sizeof said));
	y = row(y, y1, "CUDA", v);
	snprintf(v, sizeof v, "cuBLAS %s, cuDNN %s", d->cublas, d->cudnn);
	y = row(y, y1, tr(MSG_DV_LIBRARIES), v);
	if (d->link[0])
		y = row(y, y1, tr(MSG_XF_LINK), results_link_text(d->link, said, sizeof said));
	snprintf(v, sizeof v, tr(MSG_DV_THREADS), d->cpu_name, d->cpu_threads);
	return row(y, y1, "CPU", v);
}
