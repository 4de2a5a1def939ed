/* Unit tests for the quiz module: the loader (fixtures with positions, the
 * built-in levels), grading of every type with near misses, measurements
 * from demo results, shuffles, and the level rules kept in progress. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "quiz.h"
#include "tap.h"
#include "text.h"

/* Paths are relative to the checkout: `make test` runs from there. */
static bool load(const char *rel, struct quiz *z, struct diags *d)
{
	return quiz_load(rel, z, d);
}

static const struct quiz_question *by_id(const struct quiz *z, const char *id)
{
	for (size_t i = 0; i < z->n; i++)
		if (!strcmp(z->q[i].id, id))
			return &z->q[i];
	return NULL;
}

static void test_example(void)
{
	struct quiz z;
	struct diags d = { 0 };
	ok(load("tests/fixtures/quiz/example/level1.yaml", &z, &d), "README example loads");
	is_int(d.n, 0, "no diagnostics");
	is_int(z.n, 7, "seven questions");
	is_int(z.level, 1, "level 1");
	bool seen[QT_COUNT] = { false };
	for (size_t i = 0; i < z.n; i++)
		seen[z.q[i].type] = true;
	int types = 0;
	for (int t = 0; t < QT_COUNT; t++)
		types += seen[t];
	is_int(types, QT_COUNT, "every question type appears");
	const struct quiz_question *q = by_id(&z, "kernel-keyword");
	ok(q && q->answer == 1 && q->noptions == 4, "single: answer 2 in the file is index 1");
	q = by_id(&z, "block-limits");
	ok(q && q->answers == 0x7, "multi: answers [1,2,3] is mask 0x7");
	q = by_id(&z, "where-data-lives");
	ok(q && q->npairs == 3 && !strcmp(q->right[2], "off the chip, seen by every SM"), "match pairs");
	q = by_id(&z, "launch-async");
	ok(q && q->answer == 0 && q->scenario, "truefalse: false with a scenario");
	q = by_id(&z, "cublas-steps");
	ok(q && q->nitems == 4 && q->napis == 4, "order items and apis");
	q = by_id(&z, "tiled-speedup");
	ok(q && q->nbands == 3 && q->bands[0].min == -HUGE_VAL && q->bands[2].max == HUGE_VAL,
	   "predict bands with open ends");
	ok(q && q->skills == ((1u << SK_MEMORY) | (1u << SK_PERFORMANCE)), "skills as a mask");
	quiz_free(&z);
	quiz_free(&z); /* twice is harmless */
	diags_free(&d);
}

/* Every built-in level in a language: loads, at least 8 questions, and fits 80x24. */
static void test_builtin(const char *lang)
{
	setlocale(LC_ALL, "C.UTF-8");
	double per_skill[PROGRESS_SKILLS] = { 0 };
	for (int lv = 1; lv <= QUIZ_LEVELS; lv++) {
		char rel[64];
		snprintf(rel, sizeof rel, "quizzes/%s/level%d.yaml", lang, lv);
		struct quiz z;
		struct diags d = { 0 };
		ok(load(rel, &z, &d), "%s loads", rel);
		for (size_t i = 0; i < d.n; i++)
			diag("%s:%d:%d: %s", d.v[i].file, d.v[i].line, d.v[i].col, d.v[i].msg);
		ok(z.n >= 8, "%s has %zu questions (>= 8)", rel, z.n);
		is_int(z.level, lv, "%s says level %d", rel, lv);
		size_t tall = 0;
		for (size_t i = 0; i < z.n; i++) {
			const struct quiz_question *q = &z.q[i];
			for (int k = 0; k < PROGRESS_SKILLS; k++)
				per_skill[k] += (q->skills >> k) & 1;
			struct text_lines a = { 0 }, b = { 0 };
			size_t n = text_wrap(q->prompt, 76, &a) + (q->scenario ? text_wrap(q->scenario, 76, &b) : 0);
			n += q->noptions + q->npairs + q->nitems + q->nbands + q->nchoices;
			text_lines_free(&a);
			text_lines_free(&b);
			size_t e = text_wrap(q->explanation, 76, &a);
			text_lines_free(&a);
			for (size_t k = 0; k < q->npairs; k++)
				if (text_width(q->left[k]) > 30) {
					diag("%s: %s: match left '%s' is over 30 columns", rel, q->id, q->left[k]);
					tall++;
				}
			if (n > 15 || e > 9) {
				diag("%s: %s needs %zu question lines, %zu explanation lines", rel, q->id, n, e);
				tall++;
			}
		}
		is_int(tall, 0, "%s: every question and explanation fits 80x24", rel);
		quiz_free(&z);
		diags_free(&d);
	}
	for (int k = 0; k < PROGRESS_SKILLS; k++)
		ok(per_skill[k] >= 4, "%s: skill %s is tagged on %g questions", lang, skill_names[k], per_skill[k]);
}

/* Each bad fixture gives exactly the first error recorded in expected.txt. */
static void test_bad_fixtures(void)
{
	FILE *f = fopen("tests/fixtures/quiz/bad/expected.txt", "r");
	ok(f != NULL, "expected.txt opens");
	char line[1024], last[512] = "";
	int files = 0;
	while (f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char file[512];
		int ln, col;
		if (sscanf(line, "%511[^:]:%d:%d:", file, &ln, &col) != 3 || !strcmp(file, last))
			continue;
		snprintf(last, sizeof last, "%s", file);
		struct quiz z;
		struct diags d = { 0 };
		ok(!load(file, &z, &d), "%s is rejected", file);
		char got[1024] = "";
		if (d.n)
			snprintf(got, sizeof got, "%s:%d:%d: error: %s", d.v[0].file,
				 d.v[0].line, d.v[0].col, d.v[0].msg);
		const char *g = got, *w = line;
		is_str(g, w, "first error with its line:col");
		ok(z.q == NULL && z.n == 0, "nothing is kept from a bad level");
		diags_free(&d);
		files++;
	}
	if (f)
		fclose(f);
	ok(files >= 12, "%d bad fixtures checked", files);
}

static void test_level_name(void)
{
	char dir[] = "/tmp/ck-quiz-XXXXXX";
	ok(mkdtemp(dir) != NULL, "temp dir");
	char path[128];
	snprintf(path, sizeof path, "%s/level3.yaml", dir);
	FILE *f = fopen(path, "w");
	fputs("level: 2\ntitle: t\nsummary: s\nquestions:\n  - {id: a, type: fill, prompt: p, "
	      "accept: [x], skills: [concepts], hint: h, hint_cost: 0, points: 1, explanation: e}\n", f);
	fclose(f);
	struct quiz z;
	struct diags d = { 0 };
	ok(!quiz_load(path, &z, &d), "level 2 in level3.yaml is rejected");
	ok(d.n == 1 && d.v[0].line == 1 && d.v[0].col == 8, "at the level value (1:8)");
	diags_free(&d);
	f = fopen(path, "w");
	fputs("", f);
	fclose(f);
	ok(!quiz_load(path, &z, &d) && d.n == 1 && d.v[0].line == 1, "an empty file is an error at 1:1");
	diags_free(&d);
	remove(path);
	rmdir(dir);
}

/* Every out-of-range answer of a multi question is reported against the
 * options' count, not only the first. */
static void test_multi_range(void)
{
	char path[] = "/tmp/ck-quizmulti-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f)
		return;
	fputs("level: 1\ntitle: T\nsummary: S\nquestions:\n  - id: m\n    type: multi\n"
	      "    prompt: P\n    options: [a, b, c, d]\n    answers: [5, 6, 9]\n    skills: [threads]\n"
	      "    hint: H\n    hint_cost: 0\n    points: 1\n    explanation: E\n", f);
	fclose(f);
	struct quiz z;
	struct diags d = { 0 };
	ok(!quiz_load(path, &z, &d), "out-of-range answers: refused");
	int out_of_range = 0;
	for (size_t i = 0; i < d.n; i++)
		out_of_range += strstr(d.v[i].msg, "out of range (1 to 4)") != NULL;
	is_int(out_of_range, 3, "each of 5, 6 and 9 is out of range (1 to 4)");
	diags_free(&d);
	unlink(path);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_example();
	test_builtin("en");
	test_builtin("zh");
	test_bad_fixtures();
	test_level_name();
	test_multi_range();
	return tap_done();
}
