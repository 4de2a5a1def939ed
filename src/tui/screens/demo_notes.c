/* demo_notes: the lines of text under a demo section's bars (see
 * demo_notes.h): how far its times can be trusted, and what its records
 * say beyond the bars.  Every figure comes from a result record, as in
 * demo_view.c. */
#include "demo_notes.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "text.h"
#include "ui.h"
#include "i18n.h"
#include "matmul/mm_ladder.h"

/* A demo whose records measure their GB/s against HBM (reduce): the HBM
 * bandwidth is the roof; one line says how close the best hand-written
 * rung and the library come.  False when there is no GPU figure to
 * compare (the CPU fallback), or the records have no % of HBM. */
static bool roof_text(const struct demo_section *s, char *buf, size_t n)
{
	const struct res_device *d = results_device(s->r, s->demo);
	const struct res_variant *h = results_fastest(s->r, s->demo, RES_HAND);
	const struct res_variant *l = results_library(s->r, s->demo);
	if (!d || !d->live || !(d->mem_gbs > 0) || !h || !l || !isfinite(h->pct_of_hbm))
		return false;
	snprintf(buf, n, tr(MSG_DV_HBM_ROOF), d->mem_gbs, h->gbs, h->pct_of_hbm, l->gbs,
		 l->pct_of_hbm);
	return true;
}

/* A timed record of demo's rung id at the size of ref, or NULL. */
static const struct res_variant *rung_at(const struct demo_section *s, const char *id,
					 const struct res_variant *ref)
{
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (!strcmp(v->demo, s->demo) && !strcmp(v->variant, id) && v->ok && v->ms > 0
		    && demo_view_same_size(v, ref))
			return v;
	}
	return NULL;
}

/* The matmul ladder's rungs: the %lib column is of cuBLAS FP32, so the
 * TF32 rungs by hand read 400% there; one line gives them against cuBLAS
 * TF32, the library of their own precision (the figure lesson 8 quotes).
 * False when the records have no cuBLAS TF32 or no TF32 hand rung. */
static bool tf32_text(const struct demo_section *s, char *buf, size_t n)
{
	const struct res_variant *lib = results_library(s->r, s->demo);
	const struct res_variant *t = lib ? rung_at(s, mm_rung_id(MM_CUBLAS_TF32), lib) : NULL;
	if (!t)
		return false;
	char items[200] = "";
	size_t len = 0;
	for (int r = 0; r < MM_NRUNGS; r++) { /* the hand-written Tensor Core rungs (tc column) */
		const struct res_variant *v = mm_rung_tc((enum mm_rung)r)
			? rung_at(s, mm_rung_id((enum mm_rung)r), lib)
			: NULL;
		if (v && len < sizeof items)
			len += (size_t)snprintf(items + len, sizeof items - len, "%s%s %.0f%%",
						len ? tr(MSG_LIST_SEP) : "", results_variant_label(v),
						100 * t->ms / v->ms);
	}
	if (!len)
		return false;
	snprintf(buf, n, tr(MSG_DV_TF32_LIB), items);
	return true;
}

/* The matmul ladder's best rung: the tiles and the split of K that its
 * rule chose at this size (its record's config, split, parts, streamk), in
 * the learner's words. False without such a record (older ones, a tuning
 * run's). */
static bool best_text(const struct demo_section *s, char *buf, size_t n)
{
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (strcmp(v->demo, s->demo) || strcmp(v->variant, mm_rung_id(MM_BEST)) || !v->ok
		    || !v->config[0] || !strcmp(v->config, "forced") || v->split < 1)
			continue;
		char how[128] = "", sz[96];
		if (v->streamk)
			snprintf(how, sizeof how, "%s", tr(MSG_DV_BEST_SK));
		else if (v->split > 1)
			snprintf(how, sizeof how, tr(v->parts ? MSG_DV_BEST_PARTS : MSG_DV_BEST_SPLIT), v->split);
		results_size_text(v, sz, sizeof sz);
		snprintf(buf, n, tr(MSG_DV_BEST_PICK), results_variant_label(v), v->config, how, sz);
		return true;
	}
	return false;
}

/* The conv demo's integer inputs (demos/conv/conv_exact.h): how many rungs
 * came out exact to the bit, and each bounded rung's (Winograd's) largest
 * element-wise error against its bound, at the naive rung's size. False
 * when the records have none (older ones, other demos). */
static bool exact_text(const struct demo_section *s, char *buf, size_t n)
{
	const struct res_variant *naive = results_naive(s->r, s->demo);
	char wg[400] = "";
	size_t len = 0;
	int exact = 0;
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		if (strcmp(v->demo, s->demo) || !v->ok || (naive && !demo_view_same_size(v, naive)))
			continue;
		exact += v->exact;
		if (isfinite(v->max_err) && isfinite(v->max_err_bound) && len < sizeof wg) {
			char e[12], b[12];
			demo_view_sci(v->max_err, e, sizeof e);
			demo_view_sci(v->max_err_bound, b, sizeof b);
			len += (size_t)snprintf(wg + len, sizeof wg - len, tr(MSG_DV_EXACT_WG),
						results_variant_label(v), e, b);
		}
	}
	if (!exact && !len)
		return false;
	snprintf(buf, n, tr(MSG_DV_EXACT), exact, wg);
	return true;
}

/* The conv demo's rows in another layout (cuDNN's NHWC rows, TF32 and
 * FP16: conv_ladder.h): the %lib column and the hand rungs are NCHW FP32;
 * one line says so. False when the records have no NHWC row. */
static bool layout_text(const struct demo_section *s, char *buf, size_t n)
{
	const struct res_variant *naive = results_naive(s->r, s->demo);
	int rows = 0;
	for (size_t i = 0; i < s->r->nvar; i++) {
		const struct res_variant *v = &s->r->var[i];
		rows += !strcmp(v->demo, s->demo) && !strcmp(v->layout, "NHWC") && v->ok
			&& (!naive || demo_view_same_size(v, naive));
	}
	if (!rows)
		return false;
	snprintf(buf, n, tr(MSG_DV_LAYOUT), rows);
	return true;
}

/* bytes in a short form: "820 kB", "25.7 MB", "1.23 GB" */
static void bytes_text(double b, char *buf, size_t n)
{
	if (b >= 1e9)
		snprintf(buf, n, "%.2f GB", b / 1e9);
	else if (b >= 1e6)
		snprintf(buf, n, "%.1f MB", b / 1e6);
	else
		snprintf(buf, n, "%.0f kB", b / 1e3);
}

/* A fused rung (its record names its unfused twin, fused_of: the fusion
 * demo): the bytes its traffic model moves and the time it takes against
 * the twin's at the same size, and the speed-up measured side by side
 * (the median of interleaved pairs, their spread, and over processes
 * where a benchmark merged several); older records without pairs: the
 * ratio of the two medians. False for any other record, or when either
 * has no time or no model. */
static bool fused_text(const struct demo_section *s, const struct res_variant *v, char *buf,
		       size_t n)
{
	if (!v->fused_of[0] || !v->ok || !(v->ms > 0) || !(v->model_bytes > 0))
		return false;
	const struct res_variant *t = rung_at(s, v->fused_of, v);
	if (!t || !(t->model_bytes > 0))
		return false;
	char mine[24], theirs[24], ms[24], tms[24];
	bytes_text(v->model_bytes, mine, sizeof mine);
	bytes_text(t->model_bytes, theirs, sizeof theirs);
	demo_view_ms(v->ms, ms, sizeof ms);
	demo_view_ms(t->ms, tms, sizeof tms);
	const char *x = ui_ascii() ? "x" : "×";
	double less = 100 * (1 - v->model_bytes / t->model_bytes);
	if (!(v->paired_speedup > 0) || v->speedup_pairs < 1) { /* two medians: older records */
		snprintf(buf, n, tr(MSG_DV_FUSED), results_variant_label(v), mine, theirs, less, ms,
			 tms, x, t->ms / v->ms);
		return true;
	}
	int len = snprintf(buf, n, tr(MSG_DV_FUSED_PAIRED), results_variant_label(v), mine, theirs,
			   less, ms, tms, x, v->paired_speedup, v->paired_speedup_lo,
			   v->paired_speedup_hi, v->speedup_pairs);
	if (v->processes > 1 && v->processes_speedup_min > 0 && len > 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, tr(MSG_DV_FUSED_PROCS), v->processes,
			 v->processes_speedup_min, v->processes_speedup_max);
	return true;
}

/* text wrapped at column 1 from section line `line` (screen row y + line),
 * drawn where it falls inside y0..y1-1; returns the line after it. */
int demo_note_lines(const char *text, enum role r, int y, int line, int y0, int y1)
{
	struct text_lines tl = { 0 };
	text_wrap(text, COLS - 2, &tl);
	for (size_t i = 0; i < tl.n; i++, line++)
		if (y + line >= y0 && y + line < y1)
			ui_text(y + line, 1, COLS - 2, r, tl.line[i]);
	text_lines_free(&tl);
	return line;
}

/* Whether a variant's slowest repeat is more than its median apart from
 * its fastest (a spread over 100%). */
static bool noisy(const struct res_variant *v)
{
	return v->ok && isfinite(v->ms_min) && isfinite(v->ms_max) && v->ms > 0
		&& v->ms_max - v->ms_min > v->ms;
}

/* The notes on how far a section's times can be trusted: a CPU fallback's
 * times swing between runs (its threads are shared); a spread over 100%
 * says that run was noisy.  Returns the line after them. */
int demo_notes_noise(const struct demo_section *s, int y, int line, int y0, int y1)
{
	char text[400];
	const struct res_device *d = results_device(s->r, s->demo);
	int n = 0;
	for (size_t i = 0; i < s->r->nvar; i++)
		n += !strcmp(s->r->var[i].demo, s->demo) && noisy(&s->r->var[i]);
	if (d && !d->live) {
		snprintf(text, sizeof text, tr(MSG_DV_CPU_SWING), d->cpu_threads);
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	}
	if (n) {
		enum msg m = n == 1 ? MSG_DV_NOISY_1 : MSG_DV_NOISY;
		if (s->recorded)
			m = MSG_DV_NOISY_REC;
		snprintf(text, sizeof text, tr(m), n);
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	}
	return line;
}

int demo_notes_ladder(const struct demo_section *s, int y, int line, int y0, int y1)
{
	char text[640];
	if (roof_text(s, text, sizeof text) || tf32_text(s, text, sizeof text))
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	if (best_text(s, text, sizeof text))
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	if (exact_text(s, text, sizeof text))
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	if (layout_text(s, text, sizeof text))
		line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	for (size_t i = 0; i < s->r->nvar; i++)
		if (!strcmp(s->r->var[i].demo, s->demo) && fused_text(s, &s->r->var[i], text, sizeof text))
			line = demo_note_lines(text, C_NOTE, y, line, y0, y1);
	return line;
}
