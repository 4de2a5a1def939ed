/* drill_report: a drill check's result as YAML for tools (and for the
 * TUI, which runs the check as a child and reads this back), and as the
 * learner's report in their language: compile, each case with the first
 * wrong element and what that usually means, the sanitizer's findings in
 * CUDA's words, the speed, the verdict (drill_check.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "drill_check.h"
#include "i18n.h"
#include "text.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

static const char *const verdict_names[] = { "pass", "fast", "fail", "compile", "cannot" };

static void yq(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void kv(FILE *f, const char *indent, const char *k, const char *v)
{
	fprintf(f, "%s%s: ", indent, k);
	yq(f, v);
	fputc('\n', f);
}

void drill_result_write(FILE *f, const struct drill *dr, const struct drill_result *r)
{
	fprintf(f, "drill: %s\nbackend: %s\nverdict: %s\npassed: %s\nseconds: %.2f\n", dr->id,
		r->backend == DRILL_GPU ? "gpu" : "cpu", verdict_names[r->verdict],
		r->verdict == DRILL_PASS || r->verdict == DRILL_FAST ? "true" : "false", r->seconds);
	kv(f, "", "device", r->device);
	kv(f, "", "compile_where", r->compile_where);
	kv(f, "", "compile_log", r->compile_log);
	fputs("cases:\n", f);
	for (int i = 0; i < r->ncases; i++) {
		const struct drill_case *c = &r->cases[i];
		kv(f, "  - ", "name", c->name);
		fprintf(f, "    state: %s\n    index: %ld\n", c->state, c->index);
		kv(f, "    ", "expected", c->expected);
		kv(f, "    ", "got", c->got);
		fprintf(f, "    cause: %s\n", c->cause[0] ? c->cause : "~");
	}
	fputs(r->nfindings ? "findings:\n" : "findings: []\n", f);
	for (int i = 0; i < r->nfindings; i++) {
		const struct drill_finding *x = &r->findings[i];
		fprintf(f, "  - kind: %s\n", x->kind);
		kv(f, "    ", "where", x->where), kv(f, "    ", "where2", x->where2);
		kv(f, "    ", "who", x->who), kv(f, "    ", "who2", x->who2);
		kv(f, "    ", "access", x->access), kv(f, "    ", "access2", x->access2);
		kv(f, "    ", "memory", x->memory), kv(f, "    ", "detail", x->detail);
	}
	fprintf(f, "race_checked: %s\n", r->race_checked ? "true" : "false");
	kv(f, "", "race_note", r->race_note);
	fprintf(f, "ms: %.6g\ngbs: %.6g\ngflops: %.6g\ngoal: %.6g\ngoal_metric: %s\n", r->ms, r->gbs,
		r->gflops, r->goal, r->goal_gflops ? "gflops" : "gbs");
	fprintf(f, "compare_value: %.6g\n", r->cmp_value);
	kv(f, "", "compare_label", r->cmp_label);
	fprintf(f, "reference_h200_ms: %.6g\n", r->ref_h200_ms);
	kv(f, "", "cannot", r->cannot);
	kv(f, "", "output", r->output);
}

static void get_s(const struct doc_node *m, const char *k, char *out, size_t size)
{
	const struct doc_node *n = doc_get(m, k);
	snprintf(out, size, "%s", n && n->type == DOC_SCALAR && !doc_is_null(n) ? n->str : "");
}

static double get_d(const struct doc_node *m, const char *k)
{
	const struct doc_node *n = doc_get(m, k);
	return n && n->type == DOC_SCALAR ? atof(n->str) : 0;
}

static char *get_dup(const struct doc_node *m, const char *k)
{
	const struct doc_node *n = doc_get(m, k);
	return n && n->type == DOC_SCALAR && n->str[0] ? strdup(n->str) : NULL;
}

static void parse_lists(const struct doc_node *m, struct drill_result *r)
{
	const struct doc_node *cs = doc_get(m, "cases"), *fs = doc_get(m, "findings");
	for (size_t i = 0; cs && cs->type == DOC_SEQ && i < cs->n && r->ncases < DRILL_MAX_SIZES; i++) {
		struct drill_case *c = &r->cases[r->ncases++];
		get_s(cs->items[i], "name", c->name, sizeof c->name);
		get_s(cs->items[i], "state", c->state, sizeof c->state);
		c->index = (long)get_d(cs->items[i], "index");
		get_s(cs->items[i], "expected", c->expected, sizeof c->expected);
		get_s(cs->items[i], "got", c->got, sizeof c->got);
		get_s(cs->items[i], "cause", c->cause, sizeof c->cause);
	}
	for (size_t i = 0; fs && fs->type == DOC_SEQ && i < fs->n && r->nfindings < DRILL_MAX_FINDINGS;
	     i++) {
		const struct doc_node *x = fs->items[i];
		struct drill_finding *f = &r->findings[r->nfindings++];
		get_s(x, "kind", f->kind, sizeof f->kind);
		get_s(x, "where", f->where, sizeof f->where), get_s(x, "where2", f->where2, sizeof f->where2);
		get_s(x, "who", f->who, sizeof f->who), get_s(x, "who2", f->who2, sizeof f->who2);
		get_s(x, "access", f->access, sizeof f->access);
		get_s(x, "access2", f->access2, sizeof f->access2);
		get_s(x, "memory", f->memory, sizeof f->memory);
		get_s(x, "detail", f->detail, sizeof f->detail);
	}
}

bool drill_result_parse(const char *buf, size_t len, struct drill_result *r)
{
	struct diags d = { 0 };
	struct doc doc = { 0 };
	memset(r, 0, sizeof *r);
	bool ok = doc_load_buffer("check", buf, len, &doc, &d) && doc.root && doc.root->type == DOC_MAP;
	const struct doc_node *m = ok ? doc.root : NULL;
	char v[16] = "";
	if (m)
		get_s(m, "verdict", v, sizeof v);
	ok = false;
	for (int i = 0; m && i < 5; i++)
		if (!strcmp(v, verdict_names[i]))
			r->verdict = (enum drill_verdict)i, ok = true;
	if (ok) {
		char b[8];
		get_s(m, "backend", b, sizeof b);
		r->backend = !strcmp(b, "gpu") ? DRILL_GPU : DRILL_CPU;
		get_s(m, "device", r->device, sizeof r->device);
		r->seconds = get_d(m, "seconds");
		get_s(m, "compile_where", r->compile_where, sizeof r->compile_where);
		r->compile_log = get_dup(m, "compile_log");
		parse_lists(m, r);
		char t[8];
		get_s(m, "race_checked", t, sizeof t);
		r->race_checked = !strcmp(t, "true");
		get_s(m, "race_note", r->race_note, sizeof r->race_note);
		r->ms = get_d(m, "ms"), r->gbs = get_d(m, "gbs"), r->gflops = get_d(m, "gflops");
		r->goal = get_d(m, "goal");
		get_s(m, "goal_metric", t, sizeof t);
		r->goal_gflops = !strcmp(t, "gflops");
		r->cmp_value = get_d(m, "compare_value");
		get_s(m, "compare_label", r->cmp_label, sizeof r->cmp_label);
		r->ref_h200_ms = get_d(m, "reference_h200_ms");
		get_s(m, "cannot", r->cannot, sizeof r->cannot);
		r->output = get_dup(m, "output");
	}
	doc_free(&doc);
	diags_free(&d);
	return ok;
}
