/* Unit tests for quiz_grade.c and quiz_measure.c: every question type with
 * accepted variants and near misses, predictions against real demo output
 * (an H200 run and a CPU-fallback run kept in tests/fixtures/quiz/), the
 * seeded shuffles, and the level rules as they land in progress. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"
#include "quiz.h"
#include "tap.h"
#include "ladder_fill.h"
#include "matmul/mm_ladder.h"

/* is_str for arrays (tap.h's NULL checks warn on an array's address). */
#define is_s(got, want, ...) do { const char *g_ = (got), *w_ = (want); \
	is_str(g_, w_, __VA_ARGS__); } while (0)

static struct quiz ex; /* the README example, loaded once */

static const struct quiz_question *q_of(const char *id)
{
	for (size_t i = 0; i < ex.n; i++)
		if (!strcmp(ex.q[i].id, id))
			return &ex.q[i];
	return NULL;
}

static struct quiz_response text(const char *s)
{
	struct quiz_response r = { .choice = -1 };
	snprintf(r.text, sizeof r.text, "%s", s);
	return r;
}

static void test_fill(void)
{
	char buf[64];
	quiz_normalize("  CU dnn\t", buf, sizeof buf);
	is_s(buf, "cudnn", "normalise: case and every space");
	quiz_normalize("Größe X", buf, sizeof buf);
	is_s(buf, "größex", "normalise: ASCII folded, other UTF-8 kept");
	quiz_normalize("abcdef", buf, 4);
	is_s(buf, "abc", "normalise: truncates to the buffer");
	const struct quiz_question *q = q_of("warp-size");
	struct quiz_response r;
	const char *yes[] = { "32", " 32 ", "Thirty-Two", "THIRTY TWO", "thirtytwo" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
		r = text(yes[i]);
		ok(quiz_grade(q, &r), "fill accepts '%s'", yes[i]);
	}
	const char *no[] = { "", "   ", "31", "320", "thirty", "3 2 threads", "thirty_two" };
	for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
		r = text(no[i]);
		ok(!quiz_grade(q, &r), "fill rejects '%s'", no[i]);
	}
}

static void test_choice_types(void)
{
	const struct quiz_question *q = q_of("kernel-keyword");
	struct quiz_response r = { .choice = 1 };
	ok(quiz_grade(q, &r), "single: the right index");
	r.choice = 0;
	ok(!quiz_grade(q, &r), "single: a neighbour is wrong");
	r.choice = -1;
	ok(!quiz_grade(q, &r), "single: nothing chosen is wrong");
	q = q_of("launch-async");
	r.choice = 0;
	ok(quiz_grade(q, &r), "truefalse: false is right");
	r.choice = 1;
	ok(!quiz_grade(q, &r), "truefalse: true is wrong");
	q = q_of("block-limits");
	r.mask = 0x7;
	ok(quiz_grade(q, &r), "multi: exactly the right set");
	r.mask = 0x3;
	ok(!quiz_grade(q, &r), "multi: one missing is wrong (no partial credit)");
	r.mask = 0xF;
	ok(!quiz_grade(q, &r), "multi: one extra is wrong");
	r.mask = 0;
	ok(!quiz_grade(q, &r), "multi: none ticked is wrong");
}

static void test_match_order(void)
{
	const struct quiz_question *q = q_of("where-data-lives");
	struct quiz_response r = { .seq = { 0, 1, 2 } };
	ok(quiz_grade(q, &r), "match: every pair right");
	struct quiz_response s = { .seq = { 1, 0, 2 } };
	ok(!quiz_grade(q, &s), "match: two swapped is wrong");
	struct quiz_response t = { .seq = { 0, 0, 2 } };
	ok(!quiz_grade(q, &t), "match: a right used twice is wrong");
	struct quiz_response u = { .seq = { 0, 1, 7 } };
	ok(!quiz_grade(q, &u), "match: out of range is wrong");
	q = q_of("cublas-steps");
	struct quiz_response o = { .seq = { 0, 1, 2, 3 } };
	ok(quiz_grade(q, &o), "order: the file's order is right");
	struct quiz_response p = { .seq = { 0, 2, 1, 3 } };
	ok(!quiz_grade(q, &p), "order: adjacent swap is wrong");
	struct quiz_response v = { .seq = { 3, 2, 1, 0 } };
	ok(!quiz_grade(q, &v), "order: reversed is wrong");
}

static void test_numbers(void)
{
	double v = 0;
	ok(quiz_parse_number("17", &v) && v == 17, "number: 17");
	ok(quiz_parse_number(" 17.5x ", &v) && v == 17.5, "number: 17.5x");
	ok(quiz_parse_number("2.6e-4", &v) && fabs(v - 2.6e-4) < 1e-12, "number: 2.6e-4");
	ok(quiz_parse_number("80 %", &v) && v == 80, "number: 80 %");
	ok(!quiz_parse_number("", &v), "number: empty is none");
	ok(!quiz_parse_number("fast", &v), "number: a word is none");
	ok(!quiz_parse_number("12 apples", &v), "number: trailing words are none");
	ok(!quiz_parse_number("inf", &v), "number: infinity is none");
}

/* QA: what a Chinese keyboard types.  Full-width digits and letters
 * (U+FF01..U+FF5E), the ideographic space U+3000 and the full-width
 * comma as a thousands separator read as their ASCII forms; 倍 and ％
 * end a prediction like x and %; a fill answer that is a number may carry
 * one unit word. */
static void test_chinese_input(void)
{
	double v = 0;
	ok(quiz_parse_number("\xEF\xBC\x91\xEF\xBC\x93\xEF\xBC\x92", &v) && v == 132,
	   "number: full-width 132");
	ok(quiz_parse_number("3\xEF\xBC\x8C" "907", &v) && v == 3907, "number: 3，907");
	ok(quiz_parse_number("3,907", &v) && v == 3907, "number: 3,907");
	ok(quiz_parse_number("1,234,567", &v) && v == 1234567, "number: 1,234,567");
	ok(!quiz_parse_number("39,07", &v), "number: a comma that separates no thousands is none");
	ok(quiz_parse_number("10\xE5\x80\x8D", &v) && v == 10, "number: 10倍");
	ok(quiz_parse_number(" 22.5 \xE5\x80\x8D ", &v) && v == 22.5, "number: 22.5 倍");
	ok(quiz_parse_number("\xEF\xBC\x91\xEF\xBC\x90\xE5\x80\x8D", &v) && v == 10,
	   "number: full-width 10 then 倍");
	ok(quiz_parse_number("80\xEF\xBC\x85", &v) && v == 80, "number: 80％");
	ok(quiz_parse_number("\xE3\x80\x80" "17.5\xEF\xBD\x98\xE3\x80\x80", &v) && v == 17.5,
	   "number: ideographic spaces and a full-width x");
	ok(quiz_parse_number("2\xEF\xBC\x8E" "5", &v) && v == 2.5, "number: a full-width point");
	ok(!quiz_parse_number("10\xE5\x80\x8D\xE5\x80\x8D", &v), "number: 倍 twice is none");
	ok(!quiz_parse_number("0x10", &v), "number: no hexadecimal");

	struct quiz_question f = { .type = QT_PREDICT, .factor = 2 };
	struct quiz_value x = { .numeric = true, .num = 10 };
	struct quiz_response t = text("\xEF\xBC\x91\xEF\xBC\x90\xE5\x80\x8D");
	ok(quiz_entry_submittable(&f, &t) && quiz_grade_predict(&f, &t, &x), "prediction: １０倍 is 10");

	char buf[64];
	quiz_normalize("\xEF\xBC\xA3\xEF\xBC\xB5\xE3\x80\x80\xEF\xBD\x84\xEF\xBD\x8E\xEF\xBD\x8E",
		       buf, sizeof buf);
	is_s(buf, "cudnn", "normalise: full-width letters and the ideographic space");

	char *blocks[] = { "3907", "3,907" }, *threads[] = { "132" }, *sixteen[] = { "16", "sixteen" };
	struct quiz_question b = { .type = QT_FILL, .accept = blocks, .naccept = 2 };
	const char *yes[] = { "3907", "3\xEF\xBC\x8C" "907", "3,907", "3907 blocks", "3907blocks",
			      "\xEF\xBC\x93\xEF\xBC\x99\xEF\xBC\x90\xEF\xBC\x97", "3907 \xE4\xB8\xAA",
			      "3907\xE3\x80\x80\xE4\xB8\xAA", "3,907 blocks" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
		t = text(yes[i]);
		ok(quiz_grade(&b, &t), "fill 3907 accepts '%s'", yes[i]);
	}
	const char *no[] = { "3908", "3907 thread blocks", "3907 blocks 2", "39,07", "blocks 3907",
			     "3907.5 blocks", "3907-blocks x" };
	for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
		t = text(no[i]);
		ok(!quiz_grade(&b, &t), "fill 3907 rejects '%s'", no[i]);
	}
	struct quiz_question c = { .type = QT_FILL, .accept = threads, .naccept = 1 };
	t = text("132 \xE4\xB8\xAA");
	ok(quiz_grade(&c, &t), "fill 132 accepts '132 个'");
	t = text("\xEF\xBC\x91\xEF\xBC\x93\xEF\xBC\x92");
	ok(quiz_grade(&c, &t), "fill 132 accepts full-width １３２");
	struct quiz_question w = { .type = QT_FILL, .accept = sixteen, .naccept = 2 };
	t = text("16 bytes");
	ok(quiz_grade(&w, &t), "a unit word after a numeric answer");
	char *words[] = { "cudnn" };
	struct quiz_question n = { .type = QT_FILL, .accept = words, .naccept = 1 };
	t = text("cudnn library");
	ok(!quiz_grade(&n, &t), "no extra word for an answer that is not a number");
	t = text("\xEF\xBD\x83\xEF\xBD\x95\xEF\xBD\x84\xEF\xBD\x8E\xEF\xBD\x8E");
	ok(quiz_grade(&n, &t), "full-width letters match a word answer");
}

static void test_predict_rules(void)
{
	const struct quiz_question *q = q_of("tiled-speedup");
	struct quiz_value m = { .numeric = true, .num = 2.0 };
	struct quiz_response r = { .choice = 1 };
	ok(quiz_grade_predict(q, &r, &m), "band: min is inclusive (2 in [2,10))");
	r.choice = 0;
	ok(!quiz_grade_predict(q, &r, &m), "band: max is exclusive (2 not in [,2))");
	m.num = 1e9;
	r.choice = 2;
	ok(quiz_grade_predict(q, &r, &m), "band: open upper end");
	r.choice = 3;
	ok(!quiz_grade_predict(q, &r, &m), "band: out-of-range choice is wrong");
	m.num = NAN;
	r.choice = 2;
	ok(!quiz_grade_predict(q, &r, &m), "band: NaN measurement never matches");

	struct quiz_question f = { .type = QT_PREDICT, .factor = 2 };
	struct quiz_value x = { .numeric = true, .num = 10 };
	const char *yes[] = { "10", "5", "20", "19.99x", "5.0" };
	for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
		struct quiz_response t = text(yes[i]);
		ok(quiz_grade_predict(&f, &t, &x), "factor 2 of 10 accepts %s", yes[i]);
	}
	const char *no[] = { "4.99", "20.01", "0", "-10", "ten", "" };
	for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
		struct quiz_response t = text(no[i]);
		ok(!quiz_grade_predict(&f, &t, &x), "factor 2 of 10 rejects '%s'", no[i]);
	}
}

/* Predictions read from real demo output. */
static void test_measure(void)
{
	struct quiz lv;
	struct diags d = { 0 };
	if (!ok(quiz_load("quizzes/en/level5.yaml", &lv, &d), "level 5 loads"))
		return; /* nothing below can run without it */
	struct results gpu, cpu;
	char gp[128], cp[128];
	ok(ladder_fill("tests/fixtures/quiz/results-gpu.yaml", gp, sizeof gp) &&
	   results_load_file(gp, &gpu, &d), "GPU run parses");
	ok(ladder_fill("tests/fixtures/quiz/results-cpu.yaml", cp, sizeof cp) &&
	   results_load_file(cp, &cpu, &d), "CPU run parses");
	remove(gp);
	remove(cp);
	is_int(d.n, 0, "no diags");
	const struct { const char *id; bool on_cpu; const char *value; } want[] = {
		{ "tiled-vs-naive", false, "17.4x" },
		{ "coalesced-vs-naive", false, "11.5x" },
		{ "best-pct-library", false, "72.5%" },
		{ "tf32-error", false, "0.00026" },
		{ "tf32-speedup", false, "6.81x" },
		{ "conv-fastest-family", false, "transform-based: FFT, FFT tiling or Winograd (winograd-nonfused)" },
		{ "conv-fastest-hand", false, "implicit GEMM (implicit-gemm)" },
		{ "cpu-blocked-vs-naive", true, NULL },
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		const struct quiz_question *q = NULL;
		for (size_t k = 0; k < lv.n; k++)
			if (!strcmp(lv.q[k].id, want[i].id))
				q = &lv.q[k];
		ok(q != NULL, "%s exists", want[i].id);
		if (!q)
			continue;
		struct quiz_value v;
		char buf[160] = "";
		ok(quiz_measure(q, &gpu, &v), "%s: measured in the GPU run", q->id);
		quiz_value_text(q, &v, buf, sizeof buf);
		if (want[i].value)
			is_s(buf, want[i].value, "%s: value", q->id);
		is_int(quiz_measure(q, &cpu, &v), want[i].on_cpu, "%s: %s in a CPU-fallback run", q->id,
		       want[i].on_cpu ? "measured" : "not measurable");
	}
	struct quiz_value v;
	const struct quiz_question *fam = NULL;
	for (size_t k = 0; k < lv.n; k++)
		if (!strcmp(lv.q[k].id, "conv-fastest-family"))
			fam = &lv.q[k];
	if (fam && quiz_measure(fam, &gpu, &v)) {
		struct quiz_response r = { .choice = 1 };
		ok(quiz_grade_predict(fam, &r, &v), "choices: winograd-nonfused is transform-based");
		r.choice = 0;
		ok(!quiz_grade_predict(fam, &r, &v), "choices: not GEMM-based");
	}
	/* a faster hand rung the question does not offer never decides it */
	const struct quiz_question *hand = NULL;
	for (size_t k = 0; k < lv.n; k++)
		if (!strcmp(lv.q[k].id, "conv-fastest-hand"))
			hand = &lv.q[k];
	static const char wino[] =
		"- {record: \"variant\", format: 1, demo: \"conv\", variant: \"winograd\", rung: 5, "
		"kind: \"hand\", label: \"Winograd\", ok: true, rel_err: 3e-07, ms: 0.1, ms_min: 0.1, "
		"ms_max: 0.1, gflops: 74000, pct_of_library: 137, pct_of_peak: 110, n: 32, c: 64, h: 56, "
		"w: 56, k: 64, r: 3, s: 3}\n";
	struct results more;
	ok(results_parse("wino.yaml", wino, sizeof wino - 1, &more, &d) && more.nvar == 1,
	   "a Winograd record parses");
	gpu.var = realloc(gpu.var, (gpu.nvar + 1) * sizeof *gpu.var);
	gpu.var[gpu.nvar++] = more.var[0];
	more.nvar = 0;
	char buf[160] = "";
	ok(hand && quiz_measure(hand, &gpu, &v), "fastest-hand measured with a faster Winograd");
	if (hand)
		quiz_value_text(hand, &v, buf, sizeof buf);
	is_s(buf, "implicit GEMM (implicit-gemm)", "fastest-hand: the fastest of the offered rungs, not Winograd");
	results_free(&more);
	results_free(&gpu);
	results_free(&cpu);
	quiz_free(&lv);
	diags_free(&d);
}

/* The reduce predictions, from the synthetic reduce fixture (numbers made
 * up, shaped like the demo's output): shuffle 0.32 ms vs atomic 200 ms,
 * best at 85.8% of HBM; graded into their bands. */
static void test_measure_reduce(void)
{
	struct quiz lv;
	struct diags d = { 0 };
	struct results r;
	char rd[128];
	if (!ok(quiz_load("quizzes/en/level5.yaml", &lv, &d) &&
		ladder_fill("tests/fixtures/results/synthetic-reduce.yaml", rd, sizeof rd) &&
		results_load_file(rd, &r, &d), "level 5 and the reduce fixture load"))
		return; /* nothing below can run without them */
	remove(rd);
	const struct { const char *id; const char *value; int band; } want[] = {
		{ "shuffle-vs-atomic", "625x", 2 },
		{ "best-pct-hbm", "85.8%", 2 },
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		const struct quiz_question *q = NULL;
		for (size_t k = 0; k < lv.n; k++)
			if (!strcmp(lv.q[k].id, want[i].id))
				q = &lv.q[k];
		struct quiz_value v;
		char buf[160] = "";
		ok(q && !strcmp(q->demo, "reduce") && quiz_measure(q, &r, &v), "%s: measured", want[i].id);
		if (!q)
			continue;
		quiz_value_text(q, &v, buf, sizeof buf);
		is_s(buf, want[i].value, "%s: value", q->id);
		struct quiz_response a = { .choice = want[i].band };
		ok(quiz_grade_predict(q, &a, &v), "%s: band %d is right", q->id, want[i].band);
		a.choice = want[i].band - 1;
		ok(!quiz_grade_predict(q, &a, &v), "%s: band %d is not", q->id, want[i].band - 1);
	}
	results_free(&r);
	quiz_free(&lv);
	diags_free(&d);
	char why[256];
	char m[128], said[64];
	snprintf(m, sizeof m, "pct-of-hbm:%s", ladder_row_id("reduce", "BEST"));
	ok(quiz_measure_valid("reduce", m, why, sizeof why), "pct-of-hbm on reduce");
	ok(!quiz_measure_valid("matmul", m, why, sizeof why) && strstr(why, "only for the reduce"),
	   "pct-of-hbm is reduce only");
	snprintf(m, sizeof m, "speedup:%s/%ss", ladder_row_id("reduce", "SHUFFLE"), ladder_row_id("reduce", "ATOMIC"));
	snprintf(said, sizeof said, "did you mean '%s'", ladder_row_id("reduce", "ATOMIC"));
	ok(!quiz_measure_valid("reduce", m, why, sizeof why) && strstr(why, said), "a reduce variant misspelt");
	ok(quiz_measure_value_valid("reduce", "fastest-hand", ladder_row_id("reduce", "SHUFFLE")) &&
	   !quiz_measure_value_valid("reduce", "fastest-hand", ladder_row_id("reduce", "CUB")), "reduce's hand rungs");
}

static void test_measure_names(void)
{
	char why[256];
	ok(quiz_measure_valid("matmul", "speedup:smem-tiled/naive", why, sizeof why), "speedup ok");
	ok(quiz_measure_valid("conv", "pct-of-library:hand-best", why, sizeof why), "hand-best ok");
	ok(!quiz_measure_valid("conv", "tf32-rel-err", why, sizeof why) && strstr(why, "only for the matmul"),
	   "tf32-rel-err is matmul only");
	ok(!quiz_measure_valid("matmul", "speedup:best", why, sizeof why) && strstr(why, "two variants"),
	   "speedup needs two variants");
	ok(!quiz_measure_valid("matmul", "rel-err", why, sizeof why) && strstr(why, "one variant"),
	   "rel-err needs one");
	ok(!quiz_measure_valid("matmul", "fastest-hand:x", why, sizeof why), "no ':' part allowed");
	ok(!quiz_measure_valid("matmul", "sped-up:best/naive", why, sizeof why) &&
	   strstr(why, "did you mean 'speedup'"), "unknown measure with a suggestion");
	ok(!quiz_measure_valid("devinfo", "gflops:best", why, sizeof why), "devinfo is not a quiz demo");
	ok(quiz_measure_categorical("fastest-cudnn-algo") && !quiz_measure_categorical("gflops:best"),
	   "categorical measures");
	/* an algorithm's name is its rung's id without "cudnn-"; the id itself is not one */
	const char *ft = ladder_row_id("conv", "CUDNN_FFT_TILING");
	ok(!strncmp(ft, "cudnn-", 6) && quiz_measure_value_valid("conv", "fastest-cudnn-algo", ft + 6) &&
	   !quiz_measure_value_valid("conv", "fastest-cudnn-algo", ladder_row_id("conv", "CUDNN_FFT")), "algorithm names");
	ok(quiz_measure_value_valid("matmul", "fastest-hand", mm_rung_id(MM_REGBLOCK)) &&
	   !quiz_measure_value_valid("conv", "fastest-hand", mm_rung_id(MM_REGBLOCK)), "hand variants per demo (mm_ladder.h)");
}

static bool is_perm(const int *p, int n)
{
	unsigned seen = 0;
	for (int i = 0; i < n; i++) {
		if (p[i] < 0 || p[i] >= n || (seen >> p[i]) & 1)
			return false;
		seen |= 1u << p[i];
	}
	return true;
}

static void test_shuffle(void)
{
	int a[12], b[12];
	quiz_shuffle(12345, 0, a, 12);
	quiz_shuffle(12345, 0, b, 12);
	ok(is_perm(a, 12) && !memcmp(a, b, sizeof a), "same seed and salt: same permutation");
	/* pinned values: a saved seed must give the same order after an upgrade */
	int want[5];
	quiz_shuffle(42, 0, want, 5);
	int again[5];
	quiz_shuffle(42, 0, again, 5);
	ok(!memcmp(want, again, sizeof want), "deterministic across calls");
	int differs = 0, salts = 0;
	for (unsigned s = 1; s <= 20; s++) {
		quiz_shuffle(s, 0, b, 12);
		differs += memcmp(a, b, sizeof a) != 0;
		quiz_shuffle(12345, s, b, 12);
		salts += memcmp(a, b, sizeof a) != 0;
		ok(is_perm(b, 12), "salt %u gives a permutation", s);
	}
	ok(differs >= 19, "other seeds give other orders (%d of 20)", differs);
	ok(salts >= 19, "other salts give other orders (%d of 20)", salts);
	int one[1];
	quiz_shuffle(7, 3, one, 1);
	is_int(one[0], 0, "one element stays");
	ok(quiz_new_seed(0, 0) != 0 && quiz_new_seed(5, 1) != quiz_new_seed(5, 2), "new seeds: never 0, vary");
}

static void test_levels(void)
{
	struct progress p;
	progress_init(&p);
	ok(quiz_unlocked(&p, 0), "level 1 is always open");
	ok(!quiz_unlocked(&p, 1), "level 2 is locked at first");
	p.levels[0].best = 79;
	ok(!quiz_unlocked(&p, 1), "79%% keeps level 2 locked");
	p.levels[0].best = 80;
	ok(quiz_unlocked(&p, 1), "80%% opens level 2");
	ok(!quiz_unlocked(&p, 2), "level 3 still needs level 2");
	ok(!quiz_unlocked(&p, QUIZ_LEVELS), "no level past the last");
	is_int(quiz_percent(799, 1000), 79, "percent rounds down: 79.9 -> 79");
	is_int(quiz_percent(8, 10), 80, "8 of 10 is 80");
	is_int(quiz_percent(0, 0), 100, "nothing judged is 100");
	is_int(quiz_percent(-3, 10), 0, "never negative");

	struct level_progress *lp = &p.levels[1];
	quiz_start_attempt(lp, 99);
	ok(lp->in_progress && lp->attempt == 1 && lp->seed == 99 && lp->question == 0, "attempt starts");
	const struct quiz_question *q = q_of("cublas-steps"); /* libraries, 3 points, 4 apis */
	quiz_record(&p, 1, q, true, quiz_points(q, true, false));
	quiz_record(&p, 1, q, true, quiz_points(q, true, true));
	quiz_record(&p, 1, q, false, 0);
	const struct quiz_question *w = q_of("where-data-lives"); /* architecture + memory */
	quiz_record(&p, 1, w, true, quiz_points(w, false, false));
	is_int(lp->question, 4, "four answers move four questions on");
	is_int(lp->points, 3 + 2, "points: full, then less the hint cost");
	is_int(lp->max_points, 3 + 3 + 3, "an unjudged answer adds no maximum");
	ok(p.skill_got[SK_LIBRARIES] == 5 && p.skill_max[SK_LIBRARIES] == 6, "libraries 5 of 6");
	ok(p.skill_got[SK_MEMORY] == 0 && p.skill_max[SK_MEMORY] == 3, "memory 0 of 3 after a wrong answer");
	ok(p.skill_max[SK_CONCEPTS] == 0, "untagged skills untouched");
	is_s(p.apis, "cublasCreate cublasSetMathMode cublasSgemm cublasDestroy",
	       "apis recorded once each, in order");
	is_int(quiz_finish(lp), 55, "5 of 9 is 55%%");
	ok(lp->best == 55 && !lp->in_progress && lp->question == 0, "best kept, attempt closed");
	quiz_start_attempt(lp, 7);
	quiz_record(&p, 1, w, true, 0);
	is_int(quiz_finish(lp), 0, "a worse retry scores 0");
	is_int(lp->best, 55, "the best score is kept");
	is_int(lp->attempt, 2, "attempts counted");

	/* Scores and a level in progress survive a restart (progress YAML). */
	quiz_start_attempt(&p.levels[0], 0xDEADBEEFu);
	quiz_record(&p, 0, q, true, 3);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ok(f && progress_format(f, &p), "progress formats");
	fclose(f);
	struct progress back;
	progress_init(&back);
	ok(progress_parse("mem", buf, len, &back), "and parses back");
	ok(back.levels[1].best == 55 && back.levels[1].attempt == 2, "best and attempts after restart");
	ok(back.levels[0].in_progress && back.levels[0].seed == 0xDEADBEEFu &&
	   back.levels[0].question == 1 && back.levels[0].points == 3, "the attempt in progress resumes");
	is_s(back.apis, p.apis, "apis after restart");
	ok(!back.levels[0].hint && !strstr(buf, "hint:"), "no hint shown: no hint field written");
	free(buf);

	/* QA: a hint once shown stays used across leaving and restarting */
	p.levels[0].hint = true;   /* what the screen sets when the hint is shown */
	f = open_memstream(&buf, &len);
	ok(f && progress_format(f, &p), "progress with a shown hint formats");
	fclose(f);
	ok(strstr(buf, "in_progress: true, hint: true}") != NULL, "the shown hint is written with the level");
	progress_init(&back);
	ok(progress_parse("mem", buf, len, &back) && back.levels[0].hint && !back.levels[1].hint,
	   "and is still shown after a restart");
	free(buf);
	static const char old[] = "format_version: 1\nlast: \"\"\nlessons: []\nlevels:\n"
		"  - {best: -1, attempt: 1, question: 2, seed: 5, points: 2, max_points: 4, in_progress: true}\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	progress_init(&back);
	back.levels[0].hint = true;
	ok(progress_parse("old", old, sizeof old - 1, &back) && back.levels[0].in_progress &&
	   back.levels[0].question == 2 && !back.levels[0].hint, "an older file without the field: no hint used");
	static const char bad[] = "format_version: 1\nlast: \"\"\nlessons: []\nlevels:\n"
		"  - {best: -1, attempt: 1, question: 2, seed: 5, points: 2, max_points: 4, in_progress: true, hint: 3}\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	ok(!progress_parse("bad", bad, sizeof bad - 1, &back), "a hint that is not a boolean is corrupt");
	quiz_record(&p, 0, q, true, quiz_points(q, true, p.levels[0].hint));
	ok(!p.levels[0].hint, "the next question's hint starts unused");
	p.levels[0].hint = true;
	quiz_finish(&p.levels[0]);
	ok(!p.levels[0].hint, "a finished attempt keeps no hint");
	p.levels[0].hint = true;
	quiz_start_attempt(&p.levels[0], 3);
	ok(!p.levels[0].hint, "a new attempt starts with no hint used");

	/* apis never overflow and never duplicate by prefix */
	struct progress full;
	progress_init(&full);
	memset(full.apis, 'x', sizeof full.apis - 10);
	full.apis[sizeof full.apis - 10] = '\0';
	quiz_record(&full, 0, q, true, 3);
	ok(strlen(full.apis) < sizeof full.apis, "apis stay within their buffer");
	progress_init(&full);
	snprintf(full.apis, sizeof full.apis, "cublasSgemmEx");
	quiz_record(&full, 0, q, true, 3);
	ok(strstr(full.apis, " cublasSgemm ") != NULL, "a prefix of a known name is still added");
}

static void test_texts(void)
{
	char buf[512];
	quiz_answer_text(q_of("where-data-lives"), buf, sizeof buf);
	ok(strstr(buf, "registers → private to one thread") == buf, "match answer text, with the arrow the question draws");
	quiz_answer_text(q_of("block-limits"), buf, sizeof buf);
	is_s(buf, "registers per thread; shared memory per block; threads per block", "multi answer text");
	quiz_answer_text(q_of("launch-async"), buf, sizeof buf);
	is_s(buf, "false", "truefalse answer text");
	/* an order answer's items carry commas of their own: arrows between them */
	char *items[] = { "Framework: PyTorch, JAX", "CUDA libraries: cuDNN, cuBLAS", "The GPU" };
	struct quiz_question ord = { .type = QT_ORDER, .items = items, .nitems = 3 };
	quiz_answer_text(&ord, buf, sizeof buf);
	is_s(buf, "Framework: PyTorch, JAX \xE2\x86\x92 CUDA libraries: cuDNN, cuBLAS \xE2\x86\x92 The GPU",
	     "order answer text: the items in order, arrows between");
	quiz_answer_text(q_of("warp-size"), buf, 4);
	is_s(buf, "32", "fits a small buffer");

	/* QA P1.4: the answer line states the range the measurement accepted */
	struct quiz_question f = { .type = QT_PREDICT, .factor = 2, .unit = "x" };
	quiz_accepted_range(&f, 6.9, buf, sizeof buf);
	is_s(buf, "Accepted: 3.45x to 13.8x", "factor range around the measurement");
	f.unit = "ms";
	quiz_accepted_range(&f, 10, buf, sizeof buf);
	is_s(buf, "Accepted: 5 ms to 20 ms", "a word unit gets a space");
	quiz_accepted_range(&f, 0, buf, sizeof buf);
	is_s(buf, "", "no range without a measurement");
	quiz_accepted_range(q_of("tiled-speedup"), 5, buf, sizeof buf);
	is_s(buf, "", "no range for a band prediction");
	struct quiz_response t = text("abc");
	ok(!quiz_entry_submittable(&f, &t), "a word is not submitted as a prediction");
	t = text("8x");
	ok(quiz_entry_submittable(&f, &t), "8x is submitted");
	t = text("abc");
	ok(quiz_entry_submittable(q_of("warp-size"), &t), "fill answers are submitted as typed");
}

/* QA: values as the feedback line shows them, in both languages. */
static void test_value_text(void)
{
	char buf[200];
	struct quiz_question x = { .type = QT_PREDICT, .factor = 2, .unit = "x" };
	struct quiz_value v = { .numeric = true, .num = 22.5 };
	quiz_value_text(&x, &v, buf, sizeof buf);
	is_s(buf, "22.5x", "a speedup in English");
	v.num = 1930.4;
	quiz_value_text(&x, &v, buf, sizeof buf);
	is_s(buf, "1930x", "a speedup from 1000 up is whole, not 1.93e+03x");
	quiz_accepted_range(&x, 1930.4, buf, sizeof buf);
	ok(strstr(buf, "965x") && strstr(buf, "3861x") && !strstr(buf, "e+"),
	   "and so is its accepted range: %s", buf);
	v.num = 999.7;
	quiz_value_text(&x, &v, buf, sizeof buf);
	is_s(buf, "1000x", "999.7 rounds to 1000x, not 1e+03x");
	v.num = 22.5;
	i18n_set_lang("zh");
	quiz_value_text(&x, &v, buf, sizeof buf);
	is_s(buf, "22.5 \xE5\x80\x8D", "a speedup in Chinese: 22.5 倍");
	quiz_accepted_range(&x, 6.9, buf, sizeof buf);
	ok(strstr(buf, "3.45 \xE5\x80\x8D") && strstr(buf, "13.8 \xE5\x80\x8D"),
	   "the accepted range in Chinese: %s", buf);
	struct quiz_question pct = { .type = QT_PREDICT, .factor = 2, .unit = "%" };
	v.num = 72.5;
	quiz_value_text(&pct, &v, buf, sizeof buf);
	is_s(buf, "72.5%", "a percentage stays 72.5%% in Chinese");
	i18n_set_lang("en");
	char *gemm[] = { "implicit-gemm", "gemm" }, *direct[] = { "direct" };
	struct quiz_choice ch[] = { { "implicit GEMM", gemm, 2 }, { "direct", direct, 1 } };
	struct quiz_question c = { .type = QT_PREDICT, .choices = ch, .nchoices = 2 };
	struct quiz_value n = { .numeric = false };
	snprintf(n.name, sizeof n.name, "gemm");
	quiz_value_text(&c, &n, buf, sizeof buf);
	is_s(buf, "implicit GEMM (gemm)", "a name with the label of the choice that lists it");
	snprintf(n.name, sizeof n.name, "direct");
	quiz_value_text(&c, &n, buf, sizeof buf);
	is_s(buf, "direct", "a label that is the name itself is not repeated");
	snprintf(n.name, sizeof n.name, "fft");
	quiz_value_text(&c, &n, buf, sizeof buf);
	is_s(buf, "fft", "a name no choice lists stays bare");
}

void test_rules(void)
{
	test_value_text();
	test_shuffle();
	test_levels();
	test_texts();
}

static void test_on_cpu(void)
{
	ok(quiz_measure_on_cpu("speedup:cpu-blocked/cpu-naive"), "CPU rungs only: measured on the CPU");
	ok(!quiz_measure_on_cpu("speedup:smem-tiled/naive"), "GPU rungs: not");
	ok(!quiz_measure_on_cpu("speedup:cpu-blocked/naive"), "one GPU rung: not");
	ok(!quiz_measure_on_cpu("tf32-speedup") && !quiz_measure_on_cpu(NULL), "no rung named: not");
}

int main(void)
{
	struct diags d = { 0 };
	test_on_cpu();
	if (!quiz_load("tests/fixtures/quiz/example/level1.yaml", &ex, &d)) {
		diags_print(&d, stdout);
		return 1;
	}
	test_fill();
	test_choice_types();
	test_match_order();
	test_numbers();
	test_chinese_input();
	test_predict_rules();
	test_measure();
	test_measure_names();
	test_measure_reduce();
	test_rules();
	quiz_free(&ex);
	diags_free(&d);
	return tap_done();
}
