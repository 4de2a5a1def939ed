/* results_pick: finding records in parsed results (see results.h): a
 * demo's device, its naive, fastest and library variants at one size, a
 * launch series, a record's sizes in its registry row's words, and the
 * one-line summary of a run's speed-ups that progress keeps. */
#include "results.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "demo.h"

/* The size fields, by name, for a registry row's size_text (demo.h). */
static const struct size_field {
	const char *key;
	size_t off;
} size_fields[] = {
	{ "m", offsetof(struct res_sizes, m) },
	{ "n", offsetof(struct res_sizes, n) },
	{ "k", offsetof(struct res_sizes, k) },
	{ "c", offsetof(struct res_sizes, c) },
	{ "h", offsetof(struct res_sizes, h) },
	{ "w", offsetof(struct res_sizes, w) },
	{ "r", offsetof(struct res_sizes, r) },
	{ "s", offsetof(struct res_sizes, s) },
	{ "pad", offsetof(struct res_sizes, pad) },
	{ "stride", offsetof(struct res_sizes, stride) },
	{ "dil", offsetof(struct res_sizes, dil) },
	{ "p", offsetof(struct res_sizes, p) },
	{ "q", offsetof(struct res_sizes, q) },
	{ "b", offsetof(struct res_sizes, b) },
	{ "d", offsetof(struct res_sizes, d) },
	{ "causal", offsetof(struct res_sizes, causal) },
};

const struct res_device *results_device(const struct results *r, const char *demo)
{
	for (size_t i = 0; i < r->ndev; i++)
		if (!demo || !strcmp(r->dev[i].demo, demo))
			return &r->dev[i];
	return NULL;
}

static bool timed(const struct res_variant *v, const char *demo)
{
	return (!demo || !strcmp(v->demo, demo)) && v->ok && isfinite(v->ms) && v->ms > 0;
}

bool res_fp32(const struct res_variant *v)
{
	return !v->precision[0] || !strcmp(v->precision, "fp32");
}

/* The size a demo's picks compare at: its first timed baseline's, else its
 * first timed record's (a recorded run may hold a ladder at two sizes, as
 * reduce's does: a time at one size is no rival of a time at another). */
static const struct res_sizes *ref_size(const struct results *r, const char *demo)
{
	const struct res_sizes *first = NULL;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!timed(v, demo))
			continue;
		if (v->baseline)
			return &v->size;
		if (!first)
			first = &v->size;
	}
	return first;
}

/* The timed variant of demo and kind, at the demo's reference size, that
 * comes first in the ladder (by_rung) or runs fastest; ties: the first in
 * input order. FP32 rows only, unless the demo has none of that kind
 * (attention's ladder is FP16 throughout). */
static const struct res_variant *pick(const struct results *r, const char *demo,
				      enum res_kind kind, bool by_rung)
{
	const struct res_sizes *at = ref_size(r, demo);
	for (int any = 0; any < 2; any++) {
		const struct res_variant *best = NULL;
		for (size_t i = 0; i < r->nvar; i++) {
			const struct res_variant *v = &r->var[i];
			if (!timed(v, demo) || v->kind != kind || (!any && !res_fp32(v)) || memcmp(&v->size, at, sizeof *at))
				continue;
			if (!best || (by_rung ? v->rung < best->rung : v->ms < best->ms))
				best = v;
		}
		if (best)
			return best;
	}
	return NULL;
}

const struct res_variant *results_naive(const struct results *r, const char *demo)
{
	const struct res_variant *v = pick(r, demo, RES_HAND, true);
	return v ? v : pick(r, demo, RES_CPU, true);
}

const struct res_variant *results_fastest(const struct results *r, const char *demo,
					  enum res_kind kind)
{
	return pick(r, demo, kind, false);
}

const struct res_variant *results_library(const struct results *r, const char *demo)
{
	for (size_t i = 0; i < r->nvar; i++)
		if (r->var[i].baseline && timed(&r->var[i], demo))
			return &r->var[i];
	return results_fastest(r, demo, RES_LIBRARY);
}

/* The size field called key (n bytes), or -1. */
static long size_field(const struct res_sizes *s, const char *key, size_t n)
{
	for (size_t i = 0; i < sizeof size_fields / sizeof *size_fields; i++)
		if (strlen(size_fields[i].key) == n && !strncmp(size_fields[i].key, key, n))
			return *(const long *)(const void *)((const char *)s + size_fields[i].off);
	return -1;
}

/* The record's own words for its size where it has them (shape), else
 * the row's size_text with each {field} replaced by the record's value;
 * "" when the demo has none or a field it names is unknown. */
void results_size_text(const struct res_variant *v, char *buf, size_t size)
{
	if (v->shape[0]) {
		snprintf(buf, size, "%s", v->shape);
		return;
	}
	const struct demo_row *row = demo_find(v->demo);
	size_t len = 0;
	buf[0] = '\0';
	for (const char *t = row ? row->size_text : ""; *t && len + 1 < size;) {
		const char *end = *t == '{' ? strchr(t, '}') : NULL;
		if (!end) {
			buf[len++] = *t++;
			continue;
		}
		long x = size_field(&v->size, t + 1, (size_t)(end - t - 1));
		int k = snprintf(buf + len, size - len, "%ld", x);
		if (x <= 0 || k < 0) {
			buf[0] = '\0';
			return;
		}
		len = (size_t)k >= size - len ? size - 1 : len + (size_t)k;
		t = end + 1;
	}
	buf[len] = '\0';
}

double results_pct_of(const struct res_variant *v, const struct res_variant *lib)
{
	if (lib && v->paired_with[0] && !strcmp(v->paired_with, lib->variant) && isfinite(v->paired_pct_of_library))
		return v->paired_pct_of_library;
	return v->pct_of_library;
}

const struct res_series *results_series(const struct results *r, const char *demo,
					const char *series)
{
	for (size_t i = 0; i < r->nser; i++)
		if (!strcmp(r->ser[i].demo, demo) && !strcmp(r->ser[i].series, series))
			return &r->ser[i];
	return NULL;
}

/* Three significant digits, and whole numbers from 1000 up ("1360", not
 * "1.36e+03": a naive CPU run on a busy machine takes seconds). */
static const char *sig3(char *b, size_t n, double v)
{
	snprintf(b, n, fabs(v) >= 1000 ? "%.0f" : "%.3g", v);
	return b;
}

static size_t step(char *buf, size_t size, size_t len, const char *what,
		   const struct res_variant *v, const struct res_variant *ref)
{
	if (!v || len >= size)
		return len;
	char t[32], x[32];
	int w = ref ? snprintf(buf + len, size - len, " -> %s %s ms (%sx)", what,
			       sig3(t, sizeof t, v->ms), sig3(x, sizeof x, ref->ms / v->ms))
		    : snprintf(buf + len, size - len, ": %s %s ms", what, sig3(t, sizeof t, v->ms));
	return w < 0 ? len : len + (size_t)w;
}

bool results_speedups_line(const struct results *r, const char *demo,
			   char *buf, size_t size)
{
	buf[0] = '\0';
	const struct res_variant *naive = results_naive(r, demo);
	if (!naive || size < 2 || !demo_is_ladder(demo))
		return false;
	const struct res_device *dev = results_device(r, demo);
	char sz[96];
	results_size_text(naive, sz, sizeof sz);
	const char *where = "?";
	if (dev)
		where = dev->live ? dev->name : "CPU fallback";
	int w = snprintf(buf, size, "%s %s, %s", demo, sz, where);
	size_t len = w < 0 ? 0 : (size_t)w;
	len = step(buf, size, len, naive->kind == RES_HAND ? "naive" : "naive CPU", naive, NULL);
	enum res_kind k = naive->kind;
	const struct res_variant *best = results_fastest(r, demo, k), *lib = results_library(r, demo);
	size_t ntimed = 0;
	for (size_t i = 0; i < r->nvar; i++)
		ntimed += timed(&r->var[i], demo);
	if (ntimed < 2) { /* one rung alone: nothing to compare it with */
		buf[0] = '\0';
		return false;
	}
	if (best && best != naive)
		len = step(buf, size, len, k == RES_HAND ? "best hand-written" : "best CPU",
			   best, naive);
	step(buf, size, len, "library", lib, naive);
	return true;
}
