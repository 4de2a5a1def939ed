/* quiz_measure: the fixed table of quantities a prediction question may
 * name, and how each is read from the demos' results (results.h).
 *
 * Content names a measurement; this code decides what it means, as for
 * lesson blocks.  A measure is `name` or `name:ARGS`:
 *   speedup:A/B          how many times faster A is than B (GFLOP/s of A over
 *                        GFLOP/s of B; the time ratio at equal sizes)
 *   pct-of-library:V     V's percent of the FP32 library baseline
 *   rel-err:V            V's relative error against its reference
 *   gflops:V             V's GFLOP/s
 *   tf32-rel-err         matmul: rel-err:cublas-tf32
 *   tf32-speedup         matmul: speedup:cublas-tf32/cublas
 *   fastest-cudnn-algo   conv: the fastest pure-FP32 cuDNN algorithm (a name)
 *   fastest-hand         the fastest hand-written variant among those the
 *                        question's choices name (a name)
 * V, A and B are variant ids from the demo's ladder (`matmul --list`), or
 * hand-best (the fastest hand-written one) and library (the baseline). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "doc.h"
#include "i18n.h"
#include "quiz.h"

static const char *const matmul_variants[] = {
	"naive", "coalesced", "smem-tiled", "regblock", "best", "cublas", "cublas-tf32",
	"cpu-naive", "cpu-blocked", "hand-best", "library", NULL,
};
static const char *const conv_variants[] = {
	"naive", "smem-direct", "im2col-gemm", "implicit-gemm", "winograd", "cudnn-implicit-gemm",
	"cudnn-implicit-precomp-gemm", "cudnn-gemm", "cudnn-direct", "cudnn-fft",
	"cudnn-fft-tiling", "cudnn-winograd", "cudnn-winograd-nonfused", "cudnn-default",
	"cpu-naive", "cpu-blocked", "hand-best", "library", NULL,
};
static const char *const cudnn_algos[] = {
	"implicit-gemm", "implicit-precomp-gemm", "gemm", "direct", "fft", "fft-tiling",
	"winograd", "winograd-nonfused", NULL,
};
static const char *const matmul_hand[] = { "naive", "coalesced", "smem-tiled", "regblock", "best", NULL };
static const char *const conv_hand[] = { "naive", "smem-direct", "im2col-gemm", "implicit-gemm",
					  "winograd", NULL };

enum m_arg { ARG_NONE, ARG_ONE, ARG_TWO };
static const struct measure_def {
	const char *name;
	enum m_arg args;
	bool categorical;
	const char *demo;             /* NULL: any demo */
} measures[] = {
	{ "speedup", ARG_TWO, false, NULL },
	{ "pct-of-library", ARG_ONE, false, NULL },
	{ "rel-err", ARG_ONE, false, NULL },
	{ "gflops", ARG_ONE, false, NULL },
	{ "tf32-rel-err", ARG_NONE, false, "matmul" },
	{ "tf32-speedup", ARG_NONE, false, "matmul" },
	{ "fastest-cudnn-algo", ARG_NONE, true, "conv" },
	{ "fastest-hand", ARG_NONE, true, NULL },
};
#define NMEASURES (sizeof measures / sizeof *measures)

static bool in_list(const char *const *t, const char *s)
{
	for (; *t; t++)
		if (!strcmp(*t, s))
			return true;
	return false;
}

static size_t list_len(const char *const *t)
{
	size_t n = 0;
	while (t[n])
		n++;
	return n;
}

static const char *const *variants_of(const char *demo)
{
	return !strcmp(demo, "matmul") ? matmul_variants : !strcmp(demo, "conv") ? conv_variants : NULL;
}

/* Splits "name:args" into the definition and the args ("" when none). */
static const struct measure_def *lookup(const char *measure, char *name, size_t nsize,
					const char **args)
{
	const char *colon = strchr(measure, ':');
	size_t n = colon ? (size_t)(colon - measure) : strlen(measure);
	snprintf(name, nsize, "%.*s", (int)n, measure);
	*args = colon ? colon + 1 : "";
	for (size_t i = 0; i < NMEASURES; i++)
		if (!strcmp(measures[i].name, name))
			return &measures[i];
	return NULL;
}

static bool variant_ok(const char *demo, const char *v, char *why, size_t size)
{
	const char *const *t = variants_of(demo);
	if (in_list(t, v))
		return true;
	const char *near = doc_suggest(v, t, list_len(t));
	if (near)
		snprintf(why, size, "unknown %s variant '%.60s'; did you mean '%s'?", demo, v, near);
	else
		snprintf(why, size, "unknown %s variant '%.60s' (see '%s --list')", demo, v, demo);
	return false;
}

bool quiz_measure_valid(const char *demo, const char *measure, char *why, size_t size)
{
	static const char *const demos[] = { "matmul", "conv", NULL };
	if (!variants_of(demo)) {
		const char *near = doc_suggest(demo, demos, 2);
		snprintf(why, size, "unknown demo '%.60s'%s%s%s", demo, near ? "; did you mean '" : " (known: matmul, conv)",
			 near ? near : "", near ? "'?" : "");
		return false;
	}
	char name[64];
	const char *args;
	const struct measure_def *m = lookup(measure, name, sizeof name, &args);
	if (!m) {
		const char *names[NMEASURES];
		for (size_t i = 0; i < NMEASURES; i++)
			names[i] = measures[i].name;
		const char *near = doc_suggest(name, names, NMEASURES);
		snprintf(why, size, "unknown measure '%.60s'%s%s%s", measure,
			 near ? "; did you mean '" : " (quizzes/README.md lists them)", near ? near : "",
			 near ? "'?" : "");
		return false;
	}
	if (m->demo && strcmp(m->demo, demo)) {
		snprintf(why, size, "measure '%s' is only for the %s demo", m->name, m->demo);
		return false;
	}
	char a[64] = "", b[64] = "";
	const char *slash = strchr(args, '/');
	if (m->args == ARG_NONE && *args) {
		snprintf(why, size, "measure '%s' takes no ':' part", m->name);
		return false;
	}
	if (m->args == ARG_ONE && (!*args || slash)) {
		snprintf(why, size, "measure '%s' needs one variant: '%s:VARIANT'", m->name, m->name);
		return false;
	}
	if (m->args == ARG_TWO && (!slash || slash == args || !slash[1])) {
		snprintf(why, size, "measure '%s' needs two variants: '%s:FAST/SLOW'", m->name, m->name);
		return false;
	}
	if (m->args == ARG_ONE)
		return variant_ok(demo, args, why, size);
	if (m->args == ARG_TWO) {
		snprintf(a, sizeof a, "%.*s", (int)(slash - args), args);
		snprintf(b, sizeof b, "%s", slash + 1);
		return variant_ok(demo, a, why, size) && variant_ok(demo, b, why, size);
	}
	return true;
}

bool quiz_measure_categorical(const char *measure)
{
	char name[64];
	const char *args;
	const struct measure_def *m = lookup(measure, name, sizeof name, &args);
	return m && m->categorical;
}

bool quiz_measure_value_valid(const char *demo, const char *measure, const char *value)
{
	if (!strcmp(measure, "fastest-cudnn-algo"))
		return in_list(cudnn_algos, value);
	if (!strcmp(measure, "fastest-hand"))
		return in_list(!strcmp(demo, "conv") ? conv_hand : matmul_hand, value);
	return false;
}

static bool timed(const struct res_variant *v)
{
	return v && v->ok && isfinite(v->ms) && v->ms > 0;
}

static const struct res_variant *find(const struct results *r, const char *demo, const char *id)
{
	if (!strcmp(id, "hand-best"))
		return results_fastest(r, demo, RES_HAND);
	if (!strcmp(id, "library"))
		return results_library(r, demo);
	for (size_t i = 0; i < r->nvar; i++)
		if (!strcmp(r->var[i].demo, demo) && !strcmp(r->var[i].variant, id) && timed(&r->var[i]))
			return &r->var[i];
	return NULL;
}

static bool offered(const struct quiz_question *q, const char *variant)
{
	for (size_t i = 0; i < q->nchoices; i++)
		for (size_t j = 0; j < q->choices[i].nvalues; j++)
			if (!strcmp(q->choices[i].values[j], variant))
				return true;
	return false;
}

/* The fastest timed hand-written variant that one of q's choices names: a
 * rung the question does not offer (or a result file without one of the
 * offered rungs) never decides it. */
static const struct res_variant *fastest_offered(const struct results *r,
						 const struct quiz_question *q)
{
	const struct res_variant *best = NULL;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, q->demo) && v->kind == RES_HAND && timed(v) &&
		    offered(q, v->variant) && (!best || v->ms < best->ms))
			best = v;
	}
	return best;
}

static bool fastest_cudnn(const struct results *r, struct quiz_value *out)
{
	const struct res_variant *best = NULL;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, "conv") && v->kind == RES_LIBRARY && timed(v) &&
		    !strncmp(v->variant, "cudnn-", 6) && strcmp(v->variant, "cudnn-default") &&
		    (!best || v->ms < best->ms))
			best = v;
	}
	if (best)
		snprintf(out->name, sizeof out->name, "%s", best->variant + 6);
	return best != NULL;
}

/* How many times faster a is than b.  A demo may time its slow CPU rungs
 * at a smaller size than the GPU rungs, so rates are compared when both
 * are known (the same as the time ratio at equal sizes). */
static double speedup(const struct res_variant *a, const struct res_variant *b)
{
	if (isfinite(a->gflops) && isfinite(b->gflops) && a->gflops > 0 && b->gflops > 0)
		return a->gflops / b->gflops;
	return b->ms / a->ms;
}

static bool numeric(const struct res_variant *v, double x, struct quiz_value *out)
{
	out->numeric = true;
	out->num = x;
	return v && isfinite(x);
}

bool quiz_measure(const struct quiz_question *q, const struct results *r, struct quiz_value *out)
{
	memset(out, 0, sizeof *out);
	char name[64], a[64] = "", b[64] = "";
	const char *args;
	const struct measure_def *m = lookup(q->measure ? q->measure : "", name, sizeof name, &args);
	if (!m || !q->demo)
		return false;
	const char *slash = strchr(args, '/');
	snprintf(a, sizeof a, "%.*s", slash ? (int)(slash - args) : (int)strlen(args), args);
	snprintf(b, sizeof b, "%s", slash ? slash + 1 : "");
	if (!strcmp(name, "tf32-rel-err"))
		snprintf(a, sizeof a, "cublas-tf32");
	if (!strcmp(name, "tf32-speedup")) {
		snprintf(a, sizeof a, "cublas-tf32");
		snprintf(b, sizeof b, "cublas");
	}
	const struct res_variant *va = find(r, q->demo, a), *vb = find(r, q->demo, b);
	if (!strcmp(name, "speedup") || !strcmp(name, "tf32-speedup"))
		return numeric(va && vb ? va : NULL, va && vb ? speedup(va, vb) : NAN, out);
	if (!strcmp(name, "pct-of-library"))
		return numeric(va, va ? va->pct_of_library : NAN, out);
	if (!strcmp(name, "rel-err") || !strcmp(name, "tf32-rel-err"))
		return numeric(va, va ? va->rel_err : NAN, out);
	if (!strcmp(name, "gflops"))
		return numeric(va, va ? va->gflops : NAN, out);
	if (!strcmp(name, "fastest-cudnn-algo"))
		return fastest_cudnn(r, out);
	const struct res_variant *h = fastest_offered(r, q);
	if (h)
		snprintf(out->name, sizeof out->name, "%s", h->variant);
	return h != NULL;
}

/* A measured name as the question's choice names it: "implicit GEMM
 * (implicit-gemm)"; the bare name when no choice lists it or the label is
 * the name itself. */
static void choice_text(const struct quiz_question *q, const char *name, char *buf, size_t size)
{
	for (size_t i = 0; i < q->nchoices; i++)
		for (size_t j = 0; j < q->choices[i].nvalues; j++)
			if (!strcmp(q->choices[i].values[j], name) && strcmp(q->choices[i].label, name)) {
				snprintf(buf, size, "%s (%s)", q->choices[i].label, name);
				return;
			}
	snprintf(buf, size, "%s", name);
}

void quiz_value_text(const struct quiz_question *q, const struct quiz_value *v, char *buf, size_t size)
{
	const char *unit = q->unit ? q->unit : "";
	char num[40];
	if (!v->numeric) {
		choice_text(q, v->name, buf, size);
		return;
	}
	bool small = !(fabs(v->num) >= 0.01 || v->num == 0);
	snprintf(num, sizeof num, small ? "%.2g" : "%.3g", v->num);
	if (!strcmp(unit, "x"))   /* "17.4x", in Chinese "17.4 倍" */
		snprintf(buf, size, tr(MSG_QUIZ_VALUE_TIMES), num);
	else
		snprintf(buf, size, "%s%s%s", num, *unit && (small || strcmp(unit, "%")) ? " " : "", unit);
}
