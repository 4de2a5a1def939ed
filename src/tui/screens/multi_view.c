/* multi_view: the multigpu demo's picture (see multi_view.h).  Every
 * glyph has its ASCII twin through ui_glyph; colours are roles: a link of
 * 100 GB/s or more C_OK, slower C_ACCENT, unknown C_DIM. */
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"
#include "multi_view.h"
#include "results.h"
#include "results_mg.h"
#include "text.h"
#include "ui.h"

/* The picture is drawn line by line into a virtual page; only the lines
 * from `scroll` that fall in rows [y0, y1) reach the screen. */
struct pen {
	int v;                  /* the page's line being drawn */
	int y0, y1, scroll;
};

static int row_of(const struct pen *p)
{
	int y = p->y0 + p->v - p->scroll;
	return y >= p->y0 && y < p->y1 ? y : -1;
}

static void put(const struct pen *p, int x, int w, enum role r, const char *s)
{
	int y = row_of(p);
	if (y >= 0 && w > 0)
		ui_text(y, x, w, r, s);
}

static void wrap(struct pen *p, enum role r, const char *s)
{
	struct text_lines tl = { 0 };
	text_wrap(s, COLS - 2, &tl);
	for (size_t k = 0; k < tl.n; k++, p->v++)
		put(p, 1, COLS - 2, r, tl.line[k]);
	text_lines_free(&tl);
}

static const struct res_mg *find(const struct results *r, enum res_mg_kind k, long src, long dst)
{
	for (size_t i = 0; i < r->nmg; i++)
		if (r->mg[i].kind == k && r->mg[i].src == src && r->mg[i].dst == dst)
			return &r->mg[i];
	return NULL;
}

/* the measured one-way, peer-access GB/s of a pair at its largest size */
static double measured(const struct results *r, long i, long j)
{
	double g = NAN;
	long most = -1;
	for (size_t k = 0; k < r->nmg; k++) {
		const struct res_mg *m = &r->mg[k];
		if (m->kind == MG_R_PEER && m->src == i && m->dst == j && !m->both &&
		    !strcmp(m->text, "on") && m->ok && m->bytes > most)
			most = m->bytes, g = m->gbs;
	}
	return g;
}

static void size_label(long b, char *out, size_t n)
{
	if (b >= (1L << 30))
		snprintf(out, n, "%ldG", b >> 30);
	else if (b >= (1L << 20))
		snprintf(out, n, "%ldM", b >> 20);
	else
		snprintf(out, n, "%ldK", b >> 10);
}

static void draw_links(const struct results *r, struct pen *p)
{
	long n = 0;
	for (size_t i = 0; i < r->nmg; i++)
		if (r->mg[i].kind == MG_R_GPU)
			n++;
	if (!n)
		return;
	wrap(p, C_HEADING, tr(MSG_MG_LINKS));
	int cw = 11, x0 = 6;
	for (long j = 0; j < n && x0 + (j + 1) * cw < COLS; j++) {
		char h[24];
		snprintf(h, sizeof h, "GPU%ld", j);
		put(p, x0 + (int)j * cw, cw - 1, C_DIM, h);
	}
	p->v++;
	for (long i = 0; i < n; i++, p->v++) {
		char h[24];
		snprintf(h, sizeof h, "GPU%ld", i);
		put(p, 1, 5, C_DIM, h);
		for (long j = 0; j < n && x0 + (j + 1) * cw < COLS; j++) {
			const struct res_mg *l = find(r, MG_R_LINK, i, j);
			char cell[32], kind[16];
			double g = measured(r, i, j), peak = l ? l->peak_gbs : NAN;
			if (!l)
				snprintf(kind, sizeof kind, "?");
			else if (!strcmp(l->name, "nvlink") || !strcmp(l->name, "nvswitch"))
				snprintf(kind, sizeof kind, "%s%ld", l->name[2] == 's' ? "SW" : "NV", l->links);
			else
				snprintf(kind, sizeof kind, "%s", !strcmp(l->name, "pcie") ? "PCIe" :
					 !strcmp(l->name, "self") ? "self" : "?");
			if (isfinite(g))
				snprintf(cell, sizeof cell, "%s %.0f", kind, g);
			else
				snprintf(cell, sizeof cell, "%s", kind);
			double v = isfinite(peak) ? peak : g;
			enum role ro = i == j || !isfinite(v) ? C_DIM : v >= 100 ? C_OK : C_ACCENT;
			put(p, x0 + (int)j * cw, cw - 1, ro, cell);
		}
	}
	p->v++;
}

static void bar(const struct pen *p, int x, int w, double frac, enum role r)
{
	int full = isfinite(frac) ? (int)lround(frac * w) : 0;
	full = full < 0 ? 0 : full > w ? w : full;
	for (int k = 0; k < w; k++)
		put(p, x + k, 1, k < full ? r : C_DIM, ui_glyph(k < full ? G_BLOCK_FULL : G_BLOCK_LIGHT));
}

static void draw_coll(const struct results *r, struct pen *p)
{
	const struct res_mg *first = NULL;
	double top = 0;
	for (size_t i = 0; i < r->nmg; i++)
		if (r->mg[i].kind == MG_R_COLL) {
			first = first ? first : &r->mg[i];
			if (isfinite(r->mg[i].busbw) && r->mg[i].busbw > top)
				top = r->mg[i].busbw;
		}
	if (!first)
		return;
	char head[256];
	snprintf(head, sizeof head, tr(MSG_MG_BUSBW), first->ranks);
	wrap(p, C_HEADING, head);
	int lw = 15, cw = 7, cols = (COLS - 2 - lw) / cw;
	/* the sizes of the first op, the largest ones that fit */
	long sizes[16];
	int ns = 0;
	for (size_t i = 0; i < r->nmg && ns < 16; i++)
		if (r->mg[i].kind == MG_R_COLL && !strcmp(r->mg[i].variant, first->variant))
			sizes[ns++] = r->mg[i].bytes;
	int from = ns > cols ? ns - cols : 0;
	for (int k = from; k < ns; k++) {
		char lab[24];
		size_label(sizes[k], lab, sizeof lab);
		put(p, 1 + lw + (k - from) * cw, cw - 1, C_DIM, lab);
	}
	p->v++;
	for (size_t i = 0; i < r->nmg; i++) {
		const struct res_mg *m = &r->mg[i];
		if (m->kind != MG_R_COLL || (i > 0 && r->mg[i - 1].kind == MG_R_COLL &&
					      !strcmp(r->mg[i - 1].variant, m->variant)))
			continue;
		put(p, 1, lw - 1, C_NORMAL, m->variant);
		for (int k = from; k < ns; k++)
			for (size_t q = i; q < r->nmg && r->mg[q].kind == MG_R_COLL &&
					   !strcmp(r->mg[q].variant, m->variant); q++)
				if (r->mg[q].bytes == sizes[k]) {
					char v[16];
					snprintf(v, sizeof v, r->mg[q].ok ? "%.1f" : "FAIL", r->mg[q].busbw);
					double f = top > 0 ? r->mg[q].busbw / top : 0;
					put(p, 1 + lw + (k - from) * cw, cw - 1,
					    !r->mg[q].ok ? C_WRONG : f > 0.5 ? C_OK : C_NORMAL, v);
				}
		p->v++;
	}
	p->v++;
}

static void draw_split(const struct results *r, struct pen *p)
{
	const struct res_mg *first = NULL;
	for (size_t i = 0; i < r->nmg && !first; i++)
		if (r->mg[i].kind == MG_R_SPLIT)
			first = &r->mg[i];
	if (!first)
		return;
	int bw = COLS - 30 < 40 ? COLS - 30 : 40;
	const struct res_mg *last = NULL;
	for (size_t i = 0; i < r->nmg; i++) {
		const struct res_mg *m = &r->mg[i];
		if (m->kind != MG_R_SPLIT)
			continue;
		if (!last || strcmp(last->variant, m->variant)) {   /* each kind its heading */
			char head[256];
			if (!strcmp(m->variant, "split-reduce"))
				snprintf(head, sizeof head, tr(MSG_MG_SCALING_REDUCE), m->n);
			else
				snprintf(head, sizeof head, tr(MSG_MG_SCALING), m->m, m->n, m->k);
			if (last)
				p->v++;
			wrap(p, C_HEADING, head);
		}
		last = m;
		char lab[48], pct[48];
		snprintf(lab, sizeof lab, tr(m->gpus == 1 ? MSG_MG_GPU_ONE : MSG_MG_GPUS), m->gpus);
		put(p, 1, 10, C_NORMAL, lab);
		if (bw > 4)
			bar(p, 12, bw, m->efficiency, C_OK);
		snprintf(pct, sizeof pct, m->ok ? "%3.0f%% (%.0f%%)" : "FAIL", 100 * m->efficiency,
			 100 * m->efficiency_comm);
		put(p, 13 + (bw > 4 ? bw : 0), COLS - 14 - (bw > 4 ? bw : 0), m->ok ? C_NORMAL : C_WRONG,
		    pct);
		p->v++;
	}
	p->v++;
}

static void draw_model(const struct results *r, struct pen *p)
{
	bool any = false;
	for (size_t i = 0; i < r->nmg && !any; i++)
		any = r->mg[i].kind == MG_R_MODEL;
	if (!any)
		return;
	wrap(p, C_HEADING, tr(MSG_MG_MODEL));
	for (size_t i = 0; i < r->nmg; i++) {
		const struct res_mg *m = &r->mg[i];
		if (m->kind != MG_R_MODEL || (i > 0 && r->mg[i - 1].kind == MG_R_MODEL &&
					       !strcmp(r->mg[i - 1].variant, m->variant)))
			continue;
		char line[160];
		int w = snprintf(line, sizeof line, "%-15s", m->variant);
		for (size_t q = i; q < r->nmg && r->mg[q].kind == MG_R_MODEL &&
				   !strcmp(r->mg[q].variant, m->variant) && w < (int)sizeof line - 24; q++)
			w += snprintf(line + w, sizeof line - (size_t)w, "  n=%ld: %.3f", r->mg[q].ranks,
				      r->mg[q].factor);
		put(p, 1, COLS - 2, C_NORMAL, line);
		p->v++;
	}
	p->v++;
}

/* what was not run and why, in the learner's language by its code */
static void draw_needs(const struct results *r, struct pen *p)
{
	static const struct { const char *why; enum msg m; } t[] = {
		{ "no-gpu", MSG_MG_WHY_NO_GPU }, { "one-gpu-peer", MSG_MG_WHY_PEER },
		{ "one-rank", MSG_MG_WHY_RANK }, { "one-gpu-split", MSG_MG_WHY_SPLIT },
	};
	for (size_t i = 0; i < r->nmg; i++) {
		const struct res_mg *m = &r->mg[i];
		char line[512];
		if (m->kind != MG_R_NEEDS)
			continue;
		snprintf(line, sizeof line, tr(MSG_MG_WHY_NCCL), m->text);
		for (size_t k = 0; k < sizeof t / sizeof *t; k++)
			if (!strcmp(m->why, t[k].why))
				snprintf(line, sizeof line, "%s", tr(t[k].m));
		wrap(p, C_DIM, line);
	}
}

int multi_view_draw(const struct demo_section *s, int n, int y0, int y1, int scroll,
		    const char *none)
{
	struct pen p = { 0, y0, y1, scroll };
	bool recorded = false;
	for (int k = 0; k < n; k++) {
		const struct results *r = s[k].r;
		if (!r || !r->nmg)
			continue;
		recorded |= s[k].recorded;
		if (p.v > 0)
			p.v++;
		wrap(&p, C_TITLE, s[k].title);
		draw_links(r, &p);
		draw_coll(r, &p);
		draw_split(r, &p);
		draw_model(r, &p);
		draw_needs(r, &p);
	}
	if (!recorded && none) {
		p.v++;
		wrap(&p, C_DIM, none);
	}
	return p.v;
}

void multi_view_size_text(const struct results *r, char *buf, size_t size)
{
	long lo = -1, hi = -1;
	bool model = false;
	for (size_t i = 0; i < r->nmg; i++) {
		const struct res_mg *m = &r->mg[i];
		model |= m->kind == MG_R_MODEL;
		if ((m->kind == MG_R_COLL || m->kind == MG_R_PEER) && m->bytes > 0) {
			lo = lo < 0 || m->bytes < lo ? m->bytes : lo;
			hi = m->bytes > hi ? m->bytes : hi;
		}
	}
	char a[24], b[24];
	buf[0] = '\0';
	if (hi > 0) {
		size_label(lo, a, sizeof a), size_label(hi, b, sizeof b);
		snprintf(buf, size, "%s .. %s", a, b);
	} else if (model) {
		for (size_t i = 0; i < r->nmg; i++)
			if (r->mg[i].kind == MG_R_MODEL && r->mg[i].bytes > 0)
				hi = r->mg[i].bytes;
		size_label(hi, a, sizeof a);
		snprintf(buf, size, tr(MSG_MG_SIZE_MODEL), a);
	}
}


