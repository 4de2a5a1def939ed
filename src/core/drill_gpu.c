/* drill_gpu: the GPU back end of the drill check (drill_check.h): nvcc
 * builds the harness and the learner's file into one program; it runs the
 * cases, then compute-sanitizer's memcheck and racecheck where installed
 * (on the sizes but the largest, to stay quick), then the median time at
 * the drill's timing size, beside the project's own rung for the same
 * problem from demos/results/h200.yaml. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "doc.h"
#include "drill_run.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

enum { NVCC_MS = 240000 };

/* whether this machine shows an NVIDIA GPU: the driver's device nodes */
bool drill_gpu_present(void)
{
	struct stat st;
	return stat("/dev/nvidiactl", &st) == 0 && stat("/dev/nvidia0", &st) == 0;
}

enum drill_backend drill_backend_here(void)
{
	const char *b = getenv("CK_DRILL_BACKEND");
	if (b && !strcmp(b, "cpu"))
		return DRILL_CPU;
	if (b && !strcmp(b, "gpu"))
		return DRILL_GPU;
	return drill_gpu_present() ? DRILL_GPU : DRILL_CPU;
}

/* The project's best recorded run of demo/variant in the results file at
 * path: its GB/s (or GFLOP/s when gflops) and label, the largest value
 * over the records of that rung (a rung is recorded at several sizes; its
 * smallest run is no fair yardstick).  False when there is none. */
bool drill_compare_best(const char *path, const char *demo, const char *variant, bool gflops,
			double *value, char *label, size_t label_size)
{
	struct diags d = { 0 };
	struct doc doc = { 0 };
	bool found = false;
	if (doc_load_file(path, &doc, &d) && doc.root && doc.root->type == DOC_SEQ) {
		for (size_t i = 0; i < doc.root->n; i++) {
			const struct doc_node *m = doc.root->items[i];
			const struct doc_node *dm = doc_get(m, "demo"), *v = doc_get(m, "variant");
			if (!dm || !v || dm->type != DOC_SCALAR || v->type != DOC_SCALAR ||
			    strcmp(dm->str, demo) || strcmp(v->str, variant))
				continue;
			const struct doc_node *val = doc_get(m, gflops ? "gflops" : "gbs");
			const struct doc_node *lab = doc_get(m, "label");
			if (!val || val->type != DOC_SCALAR || !val->plain)
				continue;
			double x = atof(val->str);
			if (found && !(x > *value))
				continue;
			*value = x;
			found = true;
			if (lab && lab->type == DOC_SCALAR)
				drill_copy(label, label_size, lab->str);
		}
	}
	doc_free(&doc);
	diags_free(&d);
	return found;
}

static void compare_with(const struct drill_ctx *x, struct drill_result *r)
{
	if (!x->dr->cmp_demo)
		return;
	char path[4200];
	snprintf(path, sizeof path, "%s/demos/results/h200.yaml", x->data);
	drill_compare_best(path, x->dr->cmp_demo, x->dr->cmp_variant, r->goal_gflops,
			   &r->cmp_value, r->cmp_label, sizeof r->cmp_label);
}

static void device_name(const struct drill_ctx *x, struct drill_result *r)
{
	(void)x;
	struct drill_cmd c;
	drill_cmd_init(&c);
	drill_cmd_add(&c, "/usr/bin/nvidia-smi", "--query-gpu=name", "--format=csv,noheader", NULL);
	if (access(c.argv[0], X_OK) != 0) {
		drill_cmd_free(&c);
		COPY(r->device, "an NVIDIA GPU");
		return;
	}
	struct drill_out o;
	drill_run_all(&c, 1, 10000, &o);
	if (o.ok && o.code == 0 && o.out && o.out[0])
		snprintf(r->device, sizeof r->device, "%.*s", (int)strcspn(o.out, "\n"), o.out);
	else
		COPY(r->device, "an NVIDIA GPU");
	drill_out_free(&o);
}

static bool gpu_build(const struct drill_ctx *x, struct drill_result *r, char *exe, size_t size)
{
	struct drill_cmd c;
	char inc[4200];
	snprintf(inc, sizeof inc, "-I%s", x->emu);
	snprintf(exe, size, "%s/check-gpu", x->tmp);
	drill_cmd_init(&c);
	drill_cmd_add(&c, x->nvcc, "-std=c++17", "-O2", "-lineinfo", inc, x->harness, x->learner,
		      "-o", exe, NULL);
	for (int i = 0; i < x->dr->nneeds; i++)
		drill_cmd_add(&c, !strcmp(x->dr->needs[i], "cublas") ? "-lcublas" : "-lcudnn", NULL);
	struct drill_out o;
	drill_run_all(&c, 1, NVCC_MS, &o);
	bool ok = o.ok && o.code == 0;
	if (!ok) {
		r->verdict = DRILL_COMPILE;
		r->compile_log = o.err && o.err[0] ? o.err : o.out;
		if (r->compile_log == o.err)
			o.err = NULL;
		else
			o.out = NULL;
		drill_parse_compile(r->compile_log, x->learner, r->compile_where,
				    sizeof r->compile_where);
	}
	drill_out_free(&o);
	return ok;
}

/* Whether a run's own protocol (drill_parse_protocol) reports one of r's
 * cases failed. */
static bool any_case_failed(const char *out, const struct drill_result *r)
{
	struct drill_result t = { 0 };
	t.ncases = r->ncases;
	for (int i = 0; i < r->ncases; i++)
		COPY(t.cases[i].name, r->cases[i].name);
	drill_parse_protocol(out, &t);
	for (int i = 0; i < t.ncases; i++)
		if (!strcmp(t.cases[i].state, "fail"))
			return true;
	return false;
}

/* The tool's run of the same program; `passed` says whether it passed
 * alone. A program that passes alone and fails under a tool that only
 * changes the order its threads run in has an answer that depends on
 * that order: a race, even one the tool cannot name (a plain write racing
 * with atomics, which racecheck does not follow). */
static void sanitize(const struct drill_ctx *x, struct drill_result *r, const char *exe,
		     const char *tool, bool passed)
{
	struct drill_cmd c;
	drill_cmd_init(&c);
	/* --no-dirt: shared memory is not dirtied first under a sanitizer
	 * (racecheck would follow each of those stores; the plain run has
	 * already judged the values with it) */
	drill_cmd_add(&c, x->sanitizer, "--tool", tool, "--error-exitcode", "9", exe, "--no-dirt",
		      NULL);
	for (int k = 0; k + 1 < x->dr->nsizes || (k == 0 && x->dr->nsizes == 1); k++)
		drill_cmd_add(&c, x->dr->sizes[k], NULL);
	struct drill_out o;
	drill_run_all(&c, 1, 10 * x->dr->timeout_s * 1000, &o);
	struct drill_finding f;
	bool race = !strcmp(tool, "racecheck"), sync = !strcmp(tool, "synccheck");
	size_t n = (o.out ? strlen(o.out) : 0) + (o.err ? strlen(o.err) : 0) + 2;
	char *all = malloc(n);
	if (all) {
		snprintf(all, n, "%s\n%s", o.out ? o.out : "", o.err ? o.err : "");
		if ((sync ? drill_parse_gpu_synccheck(all, x->learner, &f)
			  : drill_parse_gpu_sanitizer(all, x->learner, race, &f)) &&
		    r->nfindings < DRILL_MAX_FINDINGS)
			r->findings[r->nfindings++] = f;
	}
	free(all);
	bool order = passed && o.ok && !o.timed_out && any_case_failed(o.out, r);
	if (order && r->nfindings < DRILL_MAX_FINDINGS) {
		struct drill_finding g = { 0 };
		COPY(g.kind, "order");
		COPY(g.detail, tool);
		r->findings[r->nfindings++] = g;
	}
	if (race)
		r->race_checked = o.ok && !o.timed_out;
	drill_out_free(&o);
}

void drill_gpu_check(const struct drill_ctx *x, struct drill_result *r)
{
	char exe[4300];
	device_name(x, r);
	if (!gpu_build(x, r, exe, sizeof exe))
		return;
	struct drill_cmd c;
	drill_cmd_init(&c);
	drill_cmd_add(&c, exe, NULL);
	for (int k = 0; k < x->dr->nsizes; k++)
		drill_cmd_add(&c, x->dr->sizes[k], NULL);
	struct drill_out o;
	drill_run_all(&c, 1, x->dr->timeout_s * 1000, &o);
	drill_parse_protocol(o.out, r);
	r->output = drill_program_output(o.out);
	bool clean = o.ok && o.code == 0;
	if (!clean && r->nfindings < DRILL_MAX_FINDINGS) {
		struct drill_finding f = { 0 };
		COPY(f.kind, o.timed_out ? "timeout" : o.overflow ? "output" : "crash");
		if (o.timed_out)
			snprintf(f.detail, sizeof f.detail, "%d", o.limit_s);
		else
			COPY(f.detail, o.how);
		if (o.code != 1 || o.timed_out)
			r->findings[r->nfindings++] = f;
	}
	/* a wrong answer too: the sanitizers often say why (a race, a read past
	 * the end, a barrier not every thread reaches); a crash or a timeout
	 * is already its own finding, and would only run ten times longer */
	bool wrong = o.ok && o.code == 1 && !o.timed_out;
	if (x->sanitizer[0] && (clean || wrong)) {
		sanitize(x, r, exe, "memcheck", clean);
		sanitize(x, r, exe, "racecheck", clean);
		sanitize(x, r, exe, "synccheck", clean);
	} else if (!x->sanitizer[0]) {
		COPY(r->race_note, "no compute-sanitizer");
		r->race_checked = true;
	}
	drill_out_free(&o);
	if (!clean || r->nfindings)
		return;
	drill_cmd_init(&c);
	drill_cmd_add(&c, exe, "--time", x->dr->timing_size, NULL);
	drill_run_all(&c, 1, 4 * x->dr->timeout_s * 1000, &o);
	struct drill_result t = { 0 };
	drill_parse_protocol(o.out, &t);
	r->ms = t.ms, r->gbs = t.gbs, r->gflops = t.gflops;
	drill_out_free(&o);
	compare_with(x, r);
}

void drill_gpu_only_note(const struct drill_ctx *x, struct drill_result *r)
{
	const char *lib = x->dr->nneeds ? x->dr->needs[0] : NULL;
	if (!x->nvcc[0]) {
		snprintf(r->cannot, sizeof r->cannot, "gpu|%s|", lib ? lib : "");
		return;
	}
	/* compiled against the real headers, so a mistake of the language is
	 * still found here; judged only on a GPU */
	char exe[4300], inc[4200];
	snprintf(inc, sizeof inc, "-I%s", x->emu);
	snprintf(exe, sizeof exe, "%s/check-gpu.o", x->tmp);
	struct drill_cmd c;
	drill_cmd_init(&c);
	drill_cmd_add(&c, x->nvcc, "-std=c++17", inc, "-c", x->learner, "-o", exe, NULL);
	struct drill_out o;
	drill_run_all(&c, 1, NVCC_MS, &o);
	if (o.ok && o.code != 0) {
		r->verdict = DRILL_COMPILE;
		r->compile_log = o.err;
		o.err = NULL;
		drill_parse_compile(r->compile_log, x->learner, r->compile_where,
				    sizeof r->compile_where);
	} else {
		snprintf(r->cannot, sizeof r->cannot, "gpu|%s|compiled", lib ? lib : "");
	}
	drill_out_free(&o);
}
