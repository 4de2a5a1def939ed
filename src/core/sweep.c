/* sweep.c: see sweep.h. */
#include "sweep.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart.h"
#include "matmul/mm_ladder.h"

static struct sweep_point *find(struct sweep *s, const struct res_variant *v)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->p[i].variant, v->variant) && s->p[i].m == v->size.m &&
		    s->p[i].n == v->size.n && s->p[i].k == v->size.k)
			return &s->p[i];
	return NULL;
}

bool sweep_add(struct sweep *s, const struct results *r, const char *demo)
{
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (strcmp(v->demo, demo) || !v->ok || !(v->gflops > 0) || !isfinite(v->gflops) ||
		    v->size.m < 1 || v->size.n < 1 || v->size.k < 1)
			continue;
		struct sweep_point *p = find(s, v);
		if (!p) {
			if (s->n == s->cap) {
				size_t cap = s->cap ? s->cap * 2 : 32;
				struct sweep_point *np = realloc(s->p, cap * sizeof *np);
				if (!np)
					return false;
				s->p = np;
				s->cap = cap;
			}
			p = &s->p[s->n++];
		}
		memset(p, 0, sizeof *p);
		snprintf(p->variant, sizeof p->variant, "%s", v->variant);
		snprintf(p->label, sizeof p->label, "%s", v->label);
		p->kind = v->kind;
		p->rung = v->rung;
		p->m = v->size.m, p->n = v->size.n, p->k = v->size.k;
		p->gflops = v->gflops;
	}
	return true;
}

void sweep_free(struct sweep *s)
{
	if (!s)
		return;
	free(s->p);
	s->p = NULL;
	s->n = s->cap = 0;
}

bool sweep_square(const struct sweep_point *p)
{
	return p->m == p->n && p->n == p->k;
}

double sweep_size(const struct sweep_point *p)
{
	return sweep_square(p) ? (double)p->m : cbrt((double)p->m * p->n * p->k);
}

int sweep_sizes(const struct sweep *s)
{
	int n = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (!sweep_square(&s->p[i]))
			continue;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = sweep_square(&s->p[j]) && s->p[j].m == s->p[i].m;
		n += !seen;
	}
	return n;
}

/* A variant's place in today's ladder (mm_ladder.h), 1-based; a record
 * from an older ladder keeps its id, so its mark follows the id, not the
 * rung number it was recorded with.  An id the ladder lacks: after it. */
static int ladder_pos(const char *variant)
{
	for (int i = 0; i < MM_NRUNGS; i++)
		if (!strcmp(mm_rung_id((enum mm_rung)i), variant))
			return i + 1;
	return MM_NRUNGS + 1;
}

static char mark_of(int pos)
{
	return pos >= 1 && pos <= 9 ? (char)('0' + pos)
	       : pos >= 10 && pos < 36 ? (char)('a' + pos - 10) : '+';
}

int sweep_col(const struct sweep_plot *pl, double size)
{
	return chart_log_index(size, pl->xlo, pl->xhi, pl->w);
}

int sweep_row(const struct sweep_plot *pl, double gflops)
{
	int i = chart_log_index(gflops, pl->ylo, pl->yhi, pl->h);
	return i < 0 ? -1 : pl->h - 1 - i;
}

/* The series of s's points, in rung order, appended to pl. */
static void add_series(struct sweep_plot *pl, const struct sweep *s, bool recorded)
{
	for (int pos = 1; s && pos <= MM_NRUNGS + 1; pos++)
		for (size_t i = 0; i < s->n && pl->nseries < SWEEP_MAX_SERIES; i++) {
			const struct sweep_point *p = &s->p[i];
			if (ladder_pos(p->variant) != pos)
				continue;
			bool have = false;
			for (int j = 0; j < pl->nseries && !have; j++)
				have = pl->series[j].recorded == recorded &&
				       !strcmp(pl->series[j].variant, p->variant);
			if (have)
				continue;
			struct sweep_series *q = &pl->series[pl->nseries++];
			snprintf(q->variant, sizeof q->variant, "%s", p->variant);
			snprintf(q->label, sizeof q->label, "%s", p->label);
			q->kind = p->kind;
			q->rung = p->rung;
			q->mark = mark_of(pos);
			q->recorded = recorded;
		}
}

static void ranges(struct sweep_plot *pl, const struct sweep *a, const struct sweep *b)
{
	double x0 = INFINITY, x1 = 0, y0 = INFINITY, y1 = 0;
	const struct sweep *both[2] = { a, b };
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; both[k] && i < both[k]->n; i++) {
			double x = sweep_size(&both[k]->p[i]), y = both[k]->p[i].gflops;
			x0 = fmin(x0, x), x1 = fmax(x1, x);
			y0 = fmin(y0, y), y1 = fmax(y1, y);
		}
	if (!(x1 > 0)) {
		x0 = 100, x1 = 10000;
	}
	pl->xlo = x0 / 1.25, pl->xhi = x1 * 1.25;
	chart_decades(isfinite(y0) ? y0 : 0, y1, &pl->ylo, &pl->yhi);
}

/* The line of series q from point a to point b, one cell per column
 * between them, interpolated on the log scales. */
static void segment(struct sweep_plot *pl, int q, const struct sweep_point *a,
		    const struct sweep_point *b)
{
	int c0 = sweep_col(pl, sweep_size(a)), c1 = sweep_col(pl, sweep_size(b));
	double la = log(a->gflops), lb = log(b->gflops);
	for (int c = c0 + 1; c < c1; c++) {
		double t = (double)(c - c0) / (c1 - c0);
		int r = sweep_row(pl, exp(la + t * (lb - la)));
		if (r >= 0 && pl->kind[r][c] == SW_EMPTY) {
			pl->kind[r][c] = SW_LINE;
			pl->ser[r][c] = (signed char)q;
		}
	}
}

static const struct sweep_point *next_square(const struct sweep *s, const char *variant, double after)
{
	const struct sweep_point *best = NULL;
	for (size_t i = 0; i < s->n; i++) {
		const struct sweep_point *p = &s->p[i];
		if (strcmp(p->variant, variant) || !sweep_square(p) || !(sweep_size(p) > after))
			continue;
		if (!best || sweep_size(p) < sweep_size(best))
			best = p;
	}
	return best;
}

static void put_point(struct sweep_plot *pl, int q, const struct sweep_point *p)
{
	static const int nudge[] = { 0, 1, -1, 2, -2 };
	int r = sweep_row(pl, p->gflops), c = sweep_col(pl, sweep_size(p));
	if (r < 0 || c < 0)
		return;
	for (size_t i = 0; i < sizeof nudge / sizeof *nudge; i++) {
		int k = c + nudge[i];
		if (k >= 0 && k < pl->w && pl->kind[r][k] != SW_POINT && pl->kind[r][k] != SW_CLASH) {
			pl->kind[r][k] = SW_POINT;
			pl->mark[r][k] = pl->series[q].mark;
			pl->ser[r][k] = (signed char)q;
			return;
		}
	}
	pl->kind[r][c] = SW_CLASH;
	pl->mark[r][c] = '*';
	pl->ser[r][c] = -1;
}

void sweep_plot(struct sweep_plot *pl, int w, int h, const struct sweep *mine,
		const struct sweep *rec)
{
	memset(pl, 0, sizeof *pl);
	memset(pl->ser, -1, sizeof pl->ser);
	pl->w = w < 1 ? 1 : w > SWEEP_MAX_W ? SWEEP_MAX_W : w;
	pl->h = h < 1 ? 1 : h > SWEEP_MAX_H ? SWEEP_MAX_H : h;
	add_series(pl, mine, false);
	add_series(pl, rec, true);
	ranges(pl, mine, rec);
	for (int pass = 0; pass < 2; pass++)
		for (int q = 0; q < pl->nseries; q++) {
			const struct sweep *s = pl->series[q].recorded ? rec : mine;
			if (pass == 0) {
				const struct sweep_point *a = next_square(s, pl->series[q].variant, 0), *b;
				for (; a && (b = next_square(s, pl->series[q].variant, sweep_size(a))); a = b)
					segment(pl, q, a, b);
				continue;
			}
			for (size_t i = 0; i < s->n; i++)
				if (!strcmp(s->p[i].variant, pl->series[q].variant))
					put_point(pl, q, &s->p[i]);
		}
}
