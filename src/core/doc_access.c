/* doc_access: typed reading of a doc tree and schema checks of mappings,
 * each reporting a positioned error.  Split from doc.c so that the libyaml
 * side (doc.c) and the tree side stay small; no libyaml here. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"

const char *doc_type_name(enum doc_type t)
{
	switch (t) {
	case DOC_SCALAR: return "scalar";
	case DOC_SEQ: return "sequence";
	case DOC_MAP: return "mapping";
	}
	return "?";
}

const struct doc_node *doc_get(const struct doc_node *map, const char *key)
{
	if (!map || map->type != DOC_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++) {
		const struct doc_node *k = map->items[2 * i];
		if (k && strcmp(k->str, key) == 0)
			return map->items[2 * i + 1];
	}
	return NULL;
}

bool doc_is_null(const struct doc_node *n)
{
	if (!n)
		return true;
	if (n->type != DOC_SCALAR || !n->plain)
		return false;
	return n->len == 0 || !strcmp(n->str, "~") || !strcmp(n->str, "null") ||
	       !strcmp(n->str, "Null") || !strcmp(n->str, "NULL");
}

/* "a mapping", "a sequence", "an empty value" or "a scalar": for messages. */
static const char *what(const struct doc_node *n)
{
	if (doc_is_null(n))
		return "an empty value";
	return n->type == DOC_MAP ? "a mapping" : n->type == DOC_SEQ ? "a sequence" : "a scalar";
}

static int line_of(const struct doc_node *n) { return n ? n->line : 0; }
static int col_of(const struct doc_node *n) { return n ? n->col : 0; }

bool doc_str(const char *file, const struct doc_node *n, const char **out, struct diags *d)
{
	if (!n || n->type != DOC_SCALAR || doc_is_null(n)) {
		diags_add(d, file, line_of(n), col_of(n), "expected text, got %s", what(n));
		return false;
	}
	*out = n->str;
	return true;
}

bool doc_int(const char *file, const struct doc_node *n, long min, long max, long *out,
	     struct diags *d)
{
	if (!n || n->type != DOC_SCALAR || doc_is_null(n)) {
		diags_add(d, file, line_of(n), col_of(n), "expected a whole number, got %s", what(n));
		return false;
	}
	char *end;
	errno = 0;
	long v = strtol(n->str, &end, 10);
	if (end == n->str || *end || errno == ERANGE || isspace((unsigned char)n->str[0])) {
		diags_add(d, file, n->line, n->col, "expected a whole number, got '%.80s'", n->str);
		return false;
	}
	if (v < min || v > max) {
		diags_add(d, file, n->line, n->col, "%ld is out of range (%ld to %ld)", v, min, max);
		return false;
	}
	*out = v;
	return true;
}

void doc_name_key(struct diags *d, size_t before, const char *key)
{
	if (d->n != before + 1)
		return;
	struct diag *e = &d->v[before];
	size_t len = strlen(key) + strlen(e->msg) + 8;
	char *msg = malloc(len);
	if (msg) {
		snprintf(msg, len, "'%s': %s", key, e->msg);
		free(e->msg);
		e->msg = msg;
	}
}

bool doc_double(const char *file, const struct doc_node *n, double *out, struct diags *d)
{
	if (!n || n->type != DOC_SCALAR || doc_is_null(n)) {
		diags_add(d, file, line_of(n), col_of(n), "expected a number, got %s", what(n));
		return false;
	}
	char *end;
	errno = 0;
	double v = strtod(n->str, &end);
	if (end == n->str || *end || errno == ERANGE || !isfinite(v) || isspace((unsigned char)n->str[0])) {
		diags_add(d, file, n->line, n->col, "expected a number, got '%.80s'", n->str);
		return false;
	}
	*out = v;
	return true;
}

bool doc_bool(const char *file, const struct doc_node *n, bool *out, struct diags *d)
{
	static const char *const yes[] = { "true", "True", "TRUE" };
	static const char *const no[] = { "false", "False", "FALSE" };
	if (n && n->type == DOC_SCALAR) {
		for (size_t i = 0; i < 3; i++) {
			if (!strcmp(n->str, yes[i]) || !strcmp(n->str, no[i])) {
				*out = !strcmp(n->str, yes[i]);
				return true;
			}
		}
	}
	if (n && n->type == DOC_SCALAR && !doc_is_null(n))
		diags_add(d, file, n->line, n->col, "expected true or false, got '%.80s'", n->str);
	else
		diags_add(d, file, line_of(n), col_of(n), "expected true or false, got %s", what(n));
	return false;
}

/* Optimal-string-alignment distance (Levenshtein plus adjacent
 * transpositions), giving up early once it exceeds 2. */
static int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if ((la > lb ? la - lb : lb - la) > 2 || lb > 62)
		return 3;
	int rows[3][64], *pp = rows[0], *p = rows[1], *c = rows[2];
	for (size_t j = 0; j <= lb; j++)
		p[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		c[0] = (int)i;
		int best = c[0];
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int v = p[j] + 1;
			if (c[j - 1] + 1 < v) v = c[j - 1] + 1;
			if (p[j - 1] + cost < v) v = p[j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			c[j] = v;
			if (v < best) best = v;
		}
		if (best > 2)
			return 3;
		int *t = pp; pp = p; p = c; c = t;
	}
	return p[lb];
}

const char *doc_suggest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	int bestd = 3;
	for (size_t i = 0; i < n; i++) {
		int dist = edit_distance(word, candidates[i]);
		/* A one-letter word is "near" everything short: suggest only a real resemblance. */
		if (dist < bestd && dist < (int)strlen(candidates[i])) {
			best = candidates[i];
			bestd = dist;
		}
	}
	return best;
}

static const struct doc_field *find_field(const struct doc_field *f, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(f[i].key, key))
			return &f[i];
	return NULL;
}

static void unknown_key(const char *file, const struct doc_node *k,
			const struct doc_field *fields, size_t nfields, struct diags *d)
{
	const char *names[64];
	size_t nn = nfields < 64 ? nfields : 64;
	for (size_t i = 0; i < nn; i++)
		names[i] = fields[i].key;
	const char *s = doc_suggest(k->str, names, nn);
	if (s)
		diags_add(d, file, k->line, k->col, "unknown key '%.80s'; did you mean '%s'?", k->str, s);
	else
		diags_add(d, file, k->line, k->col, "unknown key '%.80s'", k->str);
}

bool doc_check_map(const char *file, const struct doc_node *map,
		   const struct doc_field *fields, size_t nfields, struct diags *d)
{
	if (!map || map->type != DOC_MAP) {
		diags_add(d, file, line_of(map), col_of(map), "expected a mapping, got %s", what(map));
		return false;
	}
	size_t before = d->n;
	for (size_t i = 0; i < map->n; i++) {
		const struct doc_node *k = map->items[2 * i], *v = map->items[2 * i + 1];
		const struct doc_field *f = find_field(fields, nfields, k->str);
		if (!f) {
			unknown_key(file, k, fields, nfields, d);
			continue;
		}
		if (v->type != f->type && !(f->type == DOC_SCALAR && doc_is_null(v)))
			diags_add(d, file, v->line, v->col, "'%s': expected a %s, got %s",
				  f->key, doc_type_name(f->type), what(v));
	}
	for (size_t i = 0; i < nfields; i++)
		if (fields[i].required && !doc_get(map, fields[i].key))
			diags_add(d, file, map->line, map->col, "missing required key '%s'",
				  fields[i].key);
	return d->n == before;
}
