/* results_mg: the multigpu demo's records (see results_mg.h). */
#include "results_mg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "results.h"
#include "text.h"

static const char *const kinds[] = { "gpu", "link", "peer", "coll", "split", "model", "needs" };

static bool str(const char *file, const struct doc_node *map, const char *key, char *dst,
		size_t size, struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);
	const char *s;
	dst[0] = '\0';
	if (!v || doc_is_null(v))
		return true;
	if (!doc_str(file, v, &s, d))
		return false;
	results_put_str(dst, size, s);
	return true;
}

static bool lng(const char *file, const struct doc_node *map, const char *key, long *out,
		struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);
	*out = -1;
	return !v || doc_is_null(v) || doc_int(file, v, -1, 1L << 62, out, d);
}

static bool num(const char *file, const struct doc_node *map, const char *key, double *out,
		struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);
	*out = NAN;
	return !v || doc_is_null(v) || doc_double(file, v, out, d);
}

static bool flag(const char *file, const struct doc_node *map, const char *key, bool *out,
		 struct diags *d)
{
	const struct doc_node *v = doc_get(map, key);
	*out = false;
	return !v || doc_is_null(v) || doc_bool(file, v, out, d);
}

static bool read_row(const char *file, const struct doc_node *map, struct res_mg *x,
		     struct diags *d)
{
	char dir[8] = "";
	long format = -1;
	bool good = lng(file, map, "format", &format, d) && str(file, map, "variant", x->variant, sizeof x->variant, d);
	if (good && format < 1) {
		diags_add(d, file, map->line, map->col, "format must be 1 or more");
		return false;
	}
	good = good && str(file, map, x->kind == MG_R_LINK ? "kind" : "name", x->name, sizeof x->name, d) && str(file, map, x->kind == MG_R_NEEDS ? "reason" : "access", x->text, sizeof x->text, d) && str(file, map, "direction", dir, sizeof dir, d) && str(file, map, "why", x->why, sizeof x->why, d) && lng(file, map, "index", &x->index, d) && lng(file, map, "src", &x->src, d) && lng(file, map, "dst", &x->dst, d) && lng(file, map, "links", &x->links, d) && lng(file, map, "ranks", &x->ranks, d) && lng(file, map, "gpus", &x->gpus, d) && lng(file, map, "bytes", &x->bytes, d) && lng(file, map, "needs", &x->needs, d) && lng(file, map, "m", &x->m, d) && lng(file, map, "n", &x->n, d) && lng(file, map, "k", &x->k, d) && flag(file, map, "ok", &x->ok, d) && flag(file, map, "peer", &x->peer, d) && num(file, map, "ms", &x->ms, d) && num(file, map, "gbs", &x->gbs, d) && num(file, map, "peak_gbs", &x->peak_gbs, d) && num(file, map, "algbw", &x->algbw, d) && num(file, map, "busbw", &x->busbw, d) && num(file, map, "factor", &x->factor, d) && num(file, map, "efficiency", &x->efficiency, d) && num(file, map, "efficiency_comm", &x->efficiency_comm, d) && num(file, map, "gflops", &x->gflops, d) && num(file, map, "comm_ms", &x->comm_ms, d);
	x->both = !strcmp(dir, "both");
	return good;
}

bool results_mg_add(const char *file, const char *rec, const struct doc_node *map,
		    struct results *out, bool *mine, struct diags *d)
{
	int k = -1;
	for (int i = 0; i < (int)(sizeof kinds / sizeof *kinds); i++)
		if (!strcmp(rec, kinds[i]))
			k = i;
	*mine = k >= 0;
	if (k < 0)
		return true;
	struct res_mg *n = realloc(out->mg, (out->nmg + 1) * sizeof *n);
	if (!n) {
		diags_add(d, file, map->line, map->col, "out of memory");
		return false;
	}
	out->mg = n;
	struct res_mg *x = &out->mg[out->nmg];
	memset(x, 0, sizeof *x);
	x->line = map->line;
	x->kind = (enum res_mg_kind)k;
	if (!read_row(file, map, x, d))
		return false;
	out->nmg++;
	return true;
}
