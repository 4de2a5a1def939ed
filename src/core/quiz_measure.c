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
 *   pct-of-hbm:V         reduce: V's GB/s as a percent of the device's HBM
 *                        bandwidth
 *   tf32-rel-err         matmul: rel-err:cublas-tf32
 *   tf32-speedup         matmul: speedup:cublas-tf32/cublas
 *   fastest-cudnn-algo   conv: the fastest pure-FP32 cuDNN algorithm (a name)
 *   fastest-hand         the fastest hand-written variant among those the
 *                        question's choices name (a name)
 *   gbs-ratio:A/B@SIZE   transfer: A's GB/s over B's at SIZE bytes (4K..1G)
 *   half-plateau:V       transfer: the smallest size (KiB) at which V reaches
 *                        half the GB/s of its largest size
 *   pct-of-ideal:V       streams: V's percent of its ideal bound
 * V, A and B are variant ids from the demo's ladder (`matmul --list`), or
 * hand-best (the fastest hand-written one) and library (the baseline). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo.h"
#include "doc.h"
#include "i18n.h"
#include "quiz.h"
#include "attention/attn_ladder.h"
#include "conv/conv_ladder.h"
#include "matmul/mm_ladder.h"
#include "reduce/reduce_ladder.h"
#include "streams/st_ladder.h"
#include "transfer/xfer_ladder.h"

/* The variant ids come from the demos' own ladders (one X-macro each, in
 * demos/<demo>/<demo>_ladder.h), plus the two names this module adds. */
#define ID_(e, id, ...) id,
#define HAND_hand(id) id,
#define HAND_library(id)
#define HAND_cpu(id)
#define HAND_(e, id, step, kind, ...) HAND_##kind(id)
static const char *const matmul_variants[] = { MM_LADDER(ID_) "hand-best", "library", NULL };
static const char *const conv_variants[] = { CONV_LADDER(ID_) "hand-best", "library", NULL };
static const char *const matmul_hand[] = { MM_LADDER(HAND_) NULL };
static const char *const conv_hand[] = { CONV_LADDER(HAND_) NULL };
static const char *const reduce_variants[] = { RD_LADDER(ID_) "hand-best", "library", NULL };
static const char *const reduce_hand[] = { RD_LADDER(HAND_) NULL };
static const char *const attention_variants[] = { AT_LADDER(ID_) "hand-best", "library", NULL };
static const char *const attention_hand[] = { AT_LADDER(HAND_) NULL };

/* A cuDNN algorithm's name: a conv rung that runs one, without "cudnn-". */
static bool is_cudnn_algo(const char *s)
{
	for (int r = 0; r < CONV_NRUNGS; r++)
		if (conv_rung_algo((enum conv_rung_id)r) >= 0 &&
		    !strncmp(conv_variants[r], "cudnn-", 6) && !strcmp(conv_variants[r] + 6, s))
			return true;
	return false;
}
static const char *const transfer_variants[] = { XF_LADDER(ID_) NULL };
static const char *const streams_variants[] = { ST_LADDER(ID_) NULL };

/* The demos a question may measure, by their registry rows (demo.h): the
 * ids of their ladders and the hand-written ones (fastest-hand). */
static const struct ladder_ids {
	const char *const *ids, *const *hand;
} ladders[CK_NDEMOS] = {
	[CK_DEMO_matmul] = { matmul_variants, matmul_hand },
	[CK_DEMO_conv] = { conv_variants, conv_hand },
	[CK_DEMO_transfer] = { transfer_variants, NULL },
	[CK_DEMO_streams] = { streams_variants, NULL },
	[CK_DEMO_reduce] = { reduce_variants, reduce_hand },
	[CK_DEMO_attention] = { attention_variants, attention_hand },
};

enum m_arg { ARG_NONE, ARG_ONE, ARG_TWO };
#define ANY (-1)
static const struct measure_def {
	const char *name;
	enum m_arg args;
	bool categorical;
	int demo;                     /* the one demo's registry row (demo.h); ANY: any demo */
} measures[] = {
	{ "speedup", ARG_TWO, false, ANY },
	{ "pct-of-library", ARG_ONE, false, ANY },
	{ "rel-err", ARG_ONE, false, ANY },
	{ "gflops", ARG_ONE, false, ANY },
	{ "pct-of-hbm", ARG_ONE, false, CK_DEMO_reduce },
	{ "tf32-rel-err", ARG_NONE, false, CK_DEMO_matmul },
	{ "tf32-speedup", ARG_NONE, false, CK_DEMO_matmul },
	{ "fastest-cudnn-algo", ARG_NONE, true, CK_DEMO_conv },
	{ "fastest-hand", ARG_NONE, true, ANY },
	{ "gbs-ratio", ARG_TWO, false, CK_DEMO_transfer },
	{ "half-plateau", ARG_ONE, false, CK_DEMO_transfer },
	{ "pct-of-ideal", ARG_ONE, false, CK_DEMO_streams },
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

/* The ladder of the demo called demo, or NULL when no question may
 * measure it. */
static const struct ladder_ids *ladder_of(const char *demo)
{
	int i = demo_index(demo);
	return i < 0 || !ladders[i].ids ? NULL : &ladders[i];
}

static const char *const *variants_of(const char *demo)
{
	const struct ladder_ids *l = ladder_of(demo);
	return l ? l->ids : NULL;
}

/* "256M" / "4K" / "1G" / "4096" -> bytes; 0 when not a size of the
 * transfer sweep (4 KiB times a power of 4, up to 1 GiB). */
static long long sweep_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (end == s || v <= 0 || v > 1LL << 30)
		return 0;   /* no sweep size is larger: bounded before any shift */
	if (*end == 'K')
		v <<= 10, end++;
	else if (*end == 'M')
		v <<= 20, end++;
	else if (*end == 'G')
		v <<= 30, end++;
	if (*end)
		return 0;
	for (long long b = 4096; b <= 1LL << 30; b *= 4)
		if (b == v)
			return v;
	return 0;
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

/* Why demo is not one a question may measure: the nearest that is, or
 * all of them.  Returns false. */
static bool unknown_demo(const char *demo, char *why, size_t size)
{
	const char *demos[CK_NDEMOS];
	char known[200] = "";
	size_t n = 0, len = 0;
	for (int i = 0; i < CK_NDEMOS; i++) {
		if (!ladders[i].ids)
			continue;
		demos[n++] = demo_name((enum demo_id)i);
		int k = snprintf(known + len, sizeof known - len, "%s%s", len ? ", " : "",
				 demo_name((enum demo_id)i));
		len = k > 0 && (size_t)k < sizeof known - len ? len + (size_t)k : len;
	}
	const char *near = doc_suggest(demo, demos, n);
	if (near)
		snprintf(why, size, "unknown demo '%.60s'; did you mean '%s'?", demo, near);
	else
		snprintf(why, size, "unknown demo '%.60s' (known: %s)", demo, known);
	return false;
}

bool quiz_measure_valid(const char *demo, const char *measure, char *why, size_t size)
{
	if (!variants_of(demo))
		return unknown_demo(demo, why, size);
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
	if (m->demo != ANY && demo_index(demo) != m->demo) {
		snprintf(why, size, "measure '%s' is only for the %s demo", m->name,
			 demo_name((enum demo_id)m->demo));
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
	char plain[128];
	const char *at = strchr(args, '@');
	if (!strcmp(m->name, "gbs-ratio")) {
		if (!at || !sweep_size(at + 1)) {
			snprintf(why, size, "measure 'gbs-ratio' needs a size of the sweep: "
				 "'gbs-ratio:A/B@256M' (4K, 16K, ... 1G)");
			return false;
		}
		snprintf(plain, sizeof plain, "%.*s", (int)(at - args), args);
		args = plain;
		slash = strchr(args, '/');
	} else if (at) {
		snprintf(why, size, "measure '%s' takes no '@SIZE'", m->name);
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

bool quiz_measure_on_cpu(const char *measure)
{
	const char *args = measure ? strchr(measure, ':') : NULL;
	if (!args || !args[1])
		return false;
	for (const char *p = args + 1; *p;) { /* every variant named is a CPU rung */
		if (strncmp(p, "cpu-", 4))
			return false;
		p += strcspn(p, "/@");
		if (*p == '@')
			break;
		if (*p)
			p++;
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
		return is_cudnn_algo(value);
	const struct ladder_ids *l = ladder_of(demo);
	if (!strcmp(measure, "fastest-hand"))
		return l && l->hand && in_list(l->hand, value);
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
		    res_fp32(v) && offered(q, v->variant) && (!best || v->ms < best->ms))
			best = v;
	}
	return best;
}

/* Whether a conv variant runs one named cuDNN algorithm in the ladder's own
 * NCHW FP32 (not cuDNN's own pick, TF32 or NHWC: conv_ladder.h's fn -1) */
static bool is_fp32_algo_row(const char *variant)
{
	for (int r = 0; r < CONV_NRUNGS; r++)
		if (!strcmp(conv_variants[r], variant))
			return conv_rung_algo((enum conv_rung_id)r) >= 0;
	return false;
}

static bool fastest_cudnn(const struct results *r, const char *demo, struct quiz_value *out)
{
	const struct res_variant *best = NULL;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, demo) && v->kind == RES_LIBRARY && timed(v) && is_fp32_algo_row(v->variant) && (!best || v->ms < best->ms))
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

/* The record of demo's row id at bytes, timed with a bandwidth. */
static const struct res_variant *at_size(const struct results *r, const char *demo, const char *id,
					 long long bytes)
{
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, demo) && !strcmp(v->variant, id) && v->bytes == bytes &&
		    timed(v) && v->gbs > 0)
			return v;
	}
	return NULL;
}

/* The smallest size (in KiB) at which row id reaches half the GB/s it has
 * at its largest size. */
static bool half_plateau(const struct results *r, const char *demo, const char *id,
			 struct quiz_value *out)
{
	const struct res_variant *top = NULL, *first = NULL;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, demo) && !strcmp(v->variant, id) && timed(v) &&
		    v->gbs > 0 && (!top || v->bytes > top->bytes))
			top = v;
	}
	for (size_t i = 0; top && i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (!strcmp(v->demo, demo) && !strcmp(v->variant, id) && timed(v) &&
		    v->gbs >= top->gbs / 2 && (!first || v->bytes < first->bytes))
			first = v;
	}
	/* a sweep that stops before the plateau says nothing about it */
	return numeric(first && top->bytes >= (1L << 24) ? first : NULL,
		       first ? first->bytes / 1024.0 : NAN, out);
}

bool quiz_measure(const struct quiz_question *q, const struct results *r, struct quiz_value *out)
{
	memset(out, 0, sizeof *out);
	char name[64], a[64] = "", b[64] = "";
	const char *args;
	const struct measure_def *m = lookup(q->measure ? q->measure : "", name, sizeof name, &args);
	if (!m || !q->demo)
		return false;
	const char *slash = strchr(args, '/'), *at = strchr(args, '@');
	snprintf(a, sizeof a, "%.*s", slash ? (int)(slash - args) : (int)strlen(args), args);
	snprintf(b, sizeof b, "%.*s", slash ? (at ? (int)(at - slash - 1) : (int)strlen(slash + 1)) : 0,
		 slash ? slash + 1 : "");
	if (!strcmp(name, "gbs-ratio")) {
		long long bytes = at ? sweep_size(at + 1) : 0;
		const struct res_variant *x = at_size(r, q->demo, a, bytes);
		const struct res_variant *y = at_size(r, q->demo, b, bytes);
		return numeric(x && y ? x : NULL, x && y ? x->gbs / y->gbs : NAN, out);
	}
	if (!strcmp(name, "half-plateau"))
		return half_plateau(r, q->demo, a, out);
	if (!strcmp(name, "tf32-rel-err"))
		snprintf(a, sizeof a, "%s", mm_rung_id(MM_CUBLAS_TF32));
	if (!strcmp(name, "tf32-speedup")) {
		snprintf(a, sizeof a, "%s", mm_rung_id(MM_CUBLAS_TF32));
		snprintf(b, sizeof b, "%s", mm_rung_id(MM_CUBLAS));
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
	if (!strcmp(name, "pct-of-ideal"))
		return numeric(va, va ? va->pct_of_ideal : NAN, out);
	if (!strcmp(name, "pct-of-hbm"))
		return numeric(va, va ? va->pct_of_hbm : NAN, out);
	if (!strcmp(name, "fastest-cudnn-algo"))
		return fastest_cudnn(r, q->demo, out);
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

void quiz_number_text(double v, char *buf, size_t size)
{
	bool small = !(fabs(v) >= 0.01 || v == 0);
	snprintf(buf, size, small ? "%.2g" : "%.3g", v);
	if (!small && strchr(buf, 'e'))   /* from 999.5 up %.3g writes 1e+03 */
		snprintf(buf, size, "%.0f", v);
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
	quiz_number_text(v->num, num, sizeof num);
	if (!strcmp(unit, "KiB")) /* a size: whole KiB */
		snprintf(num, sizeof num, "%.0f", v->num);
	if (!strcmp(unit, "x"))   /* "17.4x", in Chinese "17.4 倍" */
		snprintf(buf, size, tr(MSG_QUIZ_VALUE_TIMES), num);
	else
		snprintf(buf, size, "%s%s%s", num, *unit && (small || strcmp(unit, "%")) ? " " : "", unit);
}
