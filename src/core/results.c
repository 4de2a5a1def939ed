/* results: demo result lines -> typed records (see results.h).
 *
 * Each record kind has one field table (key, type, required, nullable,
 * where it goes); the same loop reads every field, so a documented field
 * is one line here.  Required means the key must be present; nullable that
 * `~` is accepted (a time not measured, a reason that does not apply).
 * Finding records in what was read is results_pick.c; their words in the
 * learner's language, results_text.c. */
#include "results.h"
#include "traffic.h"
#include "results_mg.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo.h"
#include "doc.h"
#include "text.h"
#include "i18n.h"

enum ftype { F_STR, F_LONG, F_NUM, F_BOOL, F_KIND };

struct field {
	const char *key;
	enum ftype type;
	bool required, nullable;
	size_t off, size;
};

#define DEV(key, t, req, nul) { #key, t, req, nul, offsetof(struct res_device, key), \
				sizeof(((struct res_device *)0)->key) }
#define VAR(key, t, req, nul) { #key, t, req, nul, offsetof(struct res_variant, key), \
				sizeof(((struct res_variant *)0)->key) }
#define SIZE(key) { #key, F_LONG, false, true, offsetof(struct res_variant, size.key), \
		    sizeof(long) }

static const struct field dev_fields[] = {
	DEV(format, F_LONG, true, false),   DEV(demo, F_STR, true, false),
	DEV(live, F_BOOL, true, false),     DEV(reason, F_STR, false, true),
	DEV(date, F_STR, false, true),      DEV(command, F_STR, false, true),
	DEV(cpu_name, F_STR, false, true),  DEV(cpu_threads, F_LONG, false, true),
	DEV(name, F_STR, false, true),      DEV(cc, F_STR, false, true),
	DEV(sms, F_LONG, false, true),      DEV(fp32_lanes_per_sm, F_LONG, false, true),
	DEV(clock_mhz, F_LONG, false, true), DEV(mem_bytes, F_LONG, false, true),
	DEV(l2_bytes, F_LONG, false, true), DEV(smem_per_sm, F_LONG, false, true),
	DEV(smem_per_block, F_LONG, false, true), DEV(regs_per_sm, F_LONG, false, true),
	DEV(max_threads_per_sm, F_LONG, false, true),
	DEV(max_threads_per_block, F_LONG, false, true),
	DEV(warp_size, F_LONG, false, true), DEV(mem_gbs, F_NUM, false, true),
	DEV(peak_gflops, F_NUM, false, true), DEV(driver, F_STR, false, true),
	DEV(runtime, F_STR, false, true),   DEV(compat, F_STR, false, true),
	DEV(cublas, F_STR, false, true),    DEV(cudnn, F_STR, false, true),
	DEV(link, F_STR, false, true),      DEV(link_gbs, F_NUM, false, true),
	DEV(pcie_gen_max, F_LONG, false, true), DEV(pcie_width_max, F_LONG, false, true),
	DEV(nvlinks, F_LONG, false, true),  DEV(async_engines, F_LONG, false, true),
};

static const struct field var_fields[] = {
	VAR(format, F_LONG, true, false),
	VAR(demo, F_STR, true, false),
	VAR(variant, F_STR, true, false),
	VAR(rung, F_LONG, false, true),
	VAR(kind, F_KIND, true, false),
	VAR(label, F_STR, true, false),
	VAR(ok, F_BOOL, true, false),
	VAR(checked, F_STR, false, true),
	VAR(rel_err, F_NUM, true, true),
	VAR(tol, F_NUM, false, true),
	VAR(ms, F_NUM, true, true),
	VAR(ms_min, F_NUM, true, true),
	VAR(ms_max, F_NUM, true, true),
	VAR(reps, F_LONG, false, true),
	VAR(gflops, F_NUM, true, true),
	VAR(pct_of_library, F_NUM, true, true),
	VAR(pct_of_peak, F_NUM, true, true),
	VAR(intensity, F_NUM, false, true),
	VAR(gbs, F_NUM, false, true),
	VAR(baseline, F_BOOL, false, true),
	VAR(error, F_STR, false, true),
	VAR(workspace, F_LONG, false, true),
	VAR(math, F_STR, false, true),
	VAR(algo, F_STR, false, true),
	VAR(supported, F_BOOL, false, true),
	VAR(precision, F_STR, false, true),
	VAR(layout, F_STR, false, true),
	VAR(pct_of_hbm, F_NUM, false, true),
	VAR(cache, F_STR, false, true),
	VAR(queued, F_BOOL, false, true),
	VAR(latency_bound, F_BOOL, false, true),
	VAR(noise, F_NUM, false, true),
	VAR(sm_mhz, F_NUM, false, true),
	VAR(sm_mhz_min, F_NUM, false, true),
	VAR(power_w, F_NUM, false, true),
	VAR(throttle, F_LONG, false, true),
	VAR(throttled, F_LONG, false, true),
	VAR(samples, F_LONG, false, true),
	VAR(paired_pct_of_library, F_NUM, false, true),
	VAR(pairs, F_LONG, false, true),
	VAR(paired_with, F_STR, false, true),
	VAR(shape, F_STR, false, true),
	SIZE(m),
	SIZE(n),
	SIZE(k),
	SIZE(c),
	SIZE(h),
	SIZE(w),
	SIZE(r),
	SIZE(s),
	SIZE(pad),
	SIZE(stride),
	SIZE(dil),
	SIZE(p),
	SIZE(q),
	SIZE(b),
	SIZE(d),
	SIZE(causal),
	VAR(memory, F_STR, false, true),
	VAR(direction, F_STR, false, true),
	VAR(peak, F_STR, false, true),
	VAR(bytes, F_LONG, false, true),
	VAR(moved, F_LONG, false, true),
	VAR(peak_gbs, F_NUM, false, true),
	VAR(mode, F_STR, false, true),
	VAR(streams, F_LONG, false, true),
	VAR(chunks, F_LONG, false, true),
	VAR(chunk_bytes, F_LONG, false, true),
	VAR(total_bytes, F_LONG, false, true),
	VAR(flops_per_byte, F_LONG, false, true),
	VAR(modelled, F_BOOL, false, true),
	VAR(h2d_ms, F_NUM, false, true),
	VAR(kernel_ms, F_NUM, false, true),
	VAR(d2h_ms, F_NUM, false, true),
	VAR(serial_ms, F_NUM, false, true),
	VAR(ideal_ms, F_NUM, false, true),
	VAR(speedup, F_NUM, false, true),
	VAR(pct_of_ideal, F_NUM, false, true),
	VAR(link_ideal_ms, F_NUM, false, true),
	VAR(pct_of_link_ideal, F_NUM, false, true),
	VAR(model_bytes, F_NUM, false, true),
	VAR(model_intensity, F_NUM, false, true),
	VAR(model, F_STR, false, true),
	VAR(config, F_STR, false, true),
	VAR(split, F_LONG, false, true),
	VAR(parts, F_BOOL, false, true),
	VAR(streamk, F_BOOL, false, true),
	VAR(fused_of, F_STR, false, true),
	VAR(paired_speedup, F_NUM, false, true),
	VAR(paired_speedup_lo, F_NUM, false, true),
	VAR(paired_speedup_hi, F_NUM, false, true),
	VAR(speedup_pairs, F_LONG, false, true),
	VAR(processes_speedup_min, F_NUM, false, true),
	VAR(processes_speedup_max, F_NUM, false, true),
	VAR(processes, F_LONG, false, true),
	VAR(exact, F_BOOL, false, true),
	VAR(max_err, F_NUM, false, true),
	VAR(max_err_bound, F_NUM, false, true),
};

#define SER(key, t, req, nul) { #key, t, req, nul, offsetof(struct res_series, key), \
				sizeof(((struct res_series *)0)->key) }
#define PT(key, t, req, nul) { #key, t, req, nul, offsetof(struct res_point, key), \
			       sizeof(((struct res_point *)0)->key) }

static const struct field ser_fields[] = {
	SER(format, F_LONG, true, false),
	SER(demo, F_STR, true, false),      SER(series, F_STR, true, false),
	SER(rung, F_LONG, false, true),     SER(label, F_STR, true, false),
	SER(regs, F_LONG, true, true),      SER(smem, F_LONG, true, true),
	SER(suggest_block, F_LONG, false, true), SER(suggest_grid, F_LONG, false, true),
	SER(per_sm, F_LONG, false, true),   SER(wave, F_LONG, false, true),
};

static const struct field pt_fields[] = {
	PT(format, F_LONG, true, false),
	PT(demo, F_STR, true, false),       PT(series, F_STR, true, false),
	PT(block, F_LONG, true, false),     PT(grid, F_LONG, true, false),
	PT(per_sm, F_LONG, false, true),    PT(occupancy, F_NUM, true, true),
	PT(fits, F_BOOL, false, true),      PT(ok, F_BOOL, true, false),
	PT(ms, F_NUM, true, true),          PT(ms_min, F_NUM, false, true),
	PT(ms_max, F_NUM, false, true),     PT(reps, F_LONG, false, true),
	PT(gbs, F_NUM, false, true),        PT(pct_of_hbm, F_NUM, false, true),
	PT(waves, F_NUM, false, true),      PT(error, F_STR, false, true),
	PT(mode, F_STR, false, true),       PT(kernels, F_LONG, false, true),
	PT(us_per_kernel, F_NUM, false, true), PT(host_us_per_kernel, F_NUM, false, true),
	PT(setup_ms, F_NUM, false, true),
};

static const char *const kind_names[] = { "cpu", "hand", "library" };

const char *res_kind_name(enum res_kind k)
{
	return (unsigned)k < 3 ? kind_names[k] : "?";
}

/* See results.h. */
void results_put_str(char *dst, size_t size, const char *s)
{
	char *clean = text_sanitize(s, (size_t)-1);
	const char *src = clean ? clean : "";
	size_t n = strlen(src);
	if (n >= size) {
		n = size - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
	free(clean);
}

/* A null value: the field's "not known". */
static void put_null(const struct field *f, char *base)
{
	char *p = base + f->off;
	switch (f->type) {
	case F_STR: p[0] = '\0'; break;
	case F_LONG: *(long *)(void *)p = -1; break;
	case F_NUM: *(double *)(void *)p = NAN; break;
	case F_BOOL: *(bool *)(void *)p = false; break;
	case F_KIND: *(enum res_kind *)(void *)p = RES_CPU; break;
	}
}

static bool read_kind(const char *file, const struct doc_node *v, enum res_kind *out,
		      struct diags *d)
{
	const char *s;
	if (!doc_str(file, v, &s, d))
		return false;
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, kind_names[i])) {
			*out = (enum res_kind)i;
			return true;
		}
	diags_add(d, file, v->line, v->col, "kind must be cpu, hand or library, not '%.40s'", s);
	return false;
}

static bool read_field(const char *file, const struct field *f, const struct doc_node *v,
		       char *base, struct diags *d)
{
	char *p = base + f->off;
	const char *s;
	switch (f->type) {
	case F_STR:
		if (!doc_str(file, v, &s, d))
			return false;
		results_put_str(p, f->size, s);
		return true;
	case F_LONG: return doc_int(file, v, -1, 1L << 62, (long *)(void *)p, d);
	case F_NUM: return doc_double(file, v, (double *)(void *)p, d);
	case F_BOOL: return doc_bool(file, v, (bool *)(void *)p, d);
	case F_KIND: return read_kind(file, v, (enum res_kind *)(void *)p, d);
	}
	return false;
}

/* Fills base from map by the table; returns false if any error was added. */
static bool read_fields(const char *file, const struct doc_node *map, const char *what,
			const struct field *fs, size_t n, char *base, struct diags *d)
{
	size_t before = d->n;
	for (size_t i = 0; i < n; i++) {
		const struct field *f = &fs[i];
		const struct doc_node *v = doc_get(map, f->key);
		put_null(f, base);
		if (!v) {
			if (f->required)
				diags_add(d, file, map->line, map->col,
					  "missing required key '%s' in a %s record", f->key, what);
		} else if (doc_is_null(v)) {
			if (!f->nullable)
				diags_add(d, file, v->line, v->col,
					  "'%s' must have a value, not ~", f->key);
		} else {
			read_field(file, f, v, base, d);
		}
	}
	return d->n == before;
}

static bool check_format(const char *file, const struct doc_node *map, long format,
			 struct diags *d)
{
	if (format >= 1)
		return true;
	const struct doc_node *v = doc_get(map, "format");
	diags_add(d, file, v ? v->line : map->line, v ? v->col : map->col,
		  "format must be 1 or more, not %ld", format);
	return false;
}

static bool check_sizes(const char *file, const struct doc_node *map,
			const struct res_variant *v, struct diags *d)
{
	bool good = true;
	const struct demo_row *row = demo_find(v->demo);   /* the sizes its row names */
	for (const char *k = row ? row->sizes : ""; *k; k += strspn(k, " ")) {
		char key[32];
		size_t len = strcspn(k, " ");
		snprintf(key, sizeof key, "%.*s", (int)len, k);
		k += len;
		const struct doc_node *n = doc_get(map, key);
		if (!n || doc_is_null(n)) {
			diags_add(d, file, map->line, map->col,
				  "missing size '%s' in a %s variant record", key, v->demo);
			good = false;
		}
	}
	return good;
}

/* Room for one more element (records are few: a realloc per record); an
 * error at the record when out of memory. */
static void *grow(void *p, size_t n, size_t elem, const char *file,
		  const struct doc_node *at, struct diags *d)
{
	void *q = realloc(p, (n + 1) * elem);
	if (!q)
		diags_add(d, file, at->line, at->col, "out of memory");
	return q;
}

static bool add_device(const char *file, const struct doc_node *map, struct results *out,
		       struct diags *d)
{
	struct res_device *nd = grow(out->dev, out->ndev, sizeof *nd, file, map, d);
	if (!nd)
		return false;
	out->dev = nd;
	struct res_device *x = &out->dev[out->ndev];
	memset(x, 0, sizeof *x);
	x->line = map->line;
	if (!read_fields(file, map, "device", dev_fields, sizeof dev_fields / sizeof *dev_fields,
			 (char *)x, d) || !check_format(file, map, x->format, d))
		return false;
	out->ndev++;
	return true;
}

static bool add_variant(const char *file, const struct doc_node *map, struct results *out,
			struct diags *d)
{
	struct res_variant *nv = grow(out->var, out->nvar, sizeof *nv, file, map, d);
	if (!nv)
		return false;
	out->var = nv;
	struct res_variant *x = &out->var[out->nvar];
	memset(x, 0, sizeof *x);
	x->line = map->line;
	if (!read_fields(file, map, "variant", var_fields, sizeof var_fields / sizeof *var_fields,
			 (char *)x, d) || !check_format(file, map, x->format, d) ||
	    !check_sizes(file, map, x, d))
		return false;
	if (!doc_get(map, "supported"))
		x->supported = true;
	if (!results_read_timeline(file, map, out, x, d))
		return false;
	traffic_fill(x);   /* a record from before the models: the same formulas */
	out->nvar++;
	return true;
}

/* A launch record: a series (what the runtime says of its kernel) or a
 * point (one measured launch shape). */
static bool add_series(const char *file, const struct doc_node *map, struct results *out,
		       struct diags *d)
{
	struct res_series *ns = grow(out->ser, out->nser, sizeof *ns, file, map, d);
	if (!ns)
		return false;
	out->ser = ns;
	struct res_series *x = &out->ser[out->nser];
	memset(x, 0, sizeof *x);
	x->line = map->line;
	if (!read_fields(file, map, "series", ser_fields, sizeof ser_fields / sizeof *ser_fields,
			 (char *)x, d) || !check_format(file, map, x->format, d))
		return false;
	out->nser++;
	return true;
}

static bool add_point(const char *file, const struct doc_node *map, struct results *out,
		      struct diags *d)
{
	struct res_point *np = grow(out->pt, out->npt, sizeof *np, file, map, d);
	if (!np)
		return false;
	out->pt = np;
	struct res_point *x = &out->pt[out->npt];
	memset(x, 0, sizeof *x);
	x->line = map->line;
	if (!read_fields(file, map, "point", pt_fields, sizeof pt_fields / sizeof *pt_fields,
			 (char *)x, d) || !check_format(file, map, x->format, d))
		return false;
	if (!doc_get(map, "fits"))
		x->fits = true;
	out->npt++;
	return true;
}

/* One record by its `record:` kind; any other kind comes from a newer
 * demo and is skipped. */
static bool add_record(const char *file, const struct doc_node *map, struct results *out,
		       struct diags *d)
{
	const struct doc_node *rk = doc_get(map, "record");
	const char *rec;
	if (!rk) {
		diags_add(d, file, map->line, map->col, "missing required key 'record'");
		return false;
	}
	if (!doc_str(file, rk, &rec, d))
		return false;
	if (!strcmp(rec, "device"))
		return add_device(file, map, out, d);
	if (!strcmp(rec, "variant"))
		return add_variant(file, map, out, d);
	if (!strcmp(rec, "series"))
		return add_series(file, map, out, d);
	if (!strcmp(rec, "point"))
		return add_point(file, map, out, d);
	bool mine;
	return results_mg_add(file, rec, map, out, &mine, d);
}

/* Maps a loaded document onto out; false if any error was added. */
static bool from_doc(const struct doc *doc, const char *name, struct results *out,
		     struct diags *d)
{
	const char *file = doc->file ? doc->file : name;
	size_t before = d->n;
	const struct doc_node *root = doc->root;
	if (root && doc_is_null(root))
		root = NULL;
	if (root && root->type != DOC_SEQ)
		diags_add(d, file, root->line, root->col,
			  "expected result lines ('- {record: ...}'), got a %s",
			  doc_type_name(root->type));
	for (size_t i = 0; root && root->type == DOC_SEQ && i < root->n; i++) {
		const struct doc_node *it = root->items[i];
		if (it->type != DOC_MAP)
			diags_add(d, file, it->line, it->col,
				  "expected a record ({key: value, ...}), got a %s",
				  doc_type_name(it->type));
		else
			add_record(file, it, out, d);
	}
	if (d->n != before) {
		results_free(out);
		return false;
	}
	return true;
}

/* The common end of both entry points: maps a loaded doc (loaded false:
 * doc_load_* failed and left doc empty), then frees the doc. */
static bool finish(bool loaded, struct doc *doc, const char *name, struct results *out,
		   struct diags *d)
{
	bool good = loaded && from_doc(doc, name, out, d);
	doc_free(doc);
	return good;
}

bool results_parse(const char *name, const char *buf, size_t len,
		   struct results *out, struct diags *d)
{
	struct doc doc;
	memset(out, 0, sizeof *out);
	return finish(doc_load_buffer(name, buf, len, &doc, d), &doc, name, out, d);
}

bool results_load_file(const char *path, struct results *out, struct diags *d)
{
	struct doc doc;
	memset(out, 0, sizeof *out);
	return finish(doc_load_file(path, &doc, d), &doc, path, out, d);
}

void results_free(struct results *r)
{
	if (!r)
		return;
	free(r->dev);
	free(r->var);
	free(r->span);
	free(r->ser);
	free(r->pt);
	free(r->mg);
	memset(r, 0, sizeof *r);
}

void results_merge_speedups(char *dst, size_t size, const char *demo, const char *line)
{
	char keep[512] = "", prefix[40];
	snprintf(prefix, sizeof prefix, "%s ", demo);
	size_t len = 0;
	/* keep the other demos' segments, newest last */
	for (const char *p = dst; *p;) {
		const char *end = strstr(p, " | ");
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (strncmp(p, prefix, strlen(prefix)) && n && len + n + 4 < sizeof keep) {
			memcpy(keep + len, p, n);
			len += n;
			memcpy(keep + len, " | ", 4);
			len += 3;
		}
		p += n + (end ? 3 : 0);
	}
	snprintf(keep + len, sizeof keep - len, "%s", line);
	/* too long: drop the oldest segments first */
	const char *k = keep;
	while (strlen(k) >= size && strstr(k, " | "))
		k = strstr(k, " | ") + 3;
	results_put_str(dst, size, k); /* a newest line that still does not fit is cut between characters */
}
