/* Unit tests for quiz_lang.c: a translated level merged over English per
 * question id (the fixture class's zh level 1 lacks f-match), the
 * translation's own title, English order kept, fallback marked only where
 * the translation lacks the id, a missing or broken translation giving all
 * English, the ids lint reports, and the translated questions lint
 * refuses because they would be asked or graded unlike English's. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "quiz_lang.h"

#define BASE "tests/fixtures/i18n-class/quizzes"

static void test_merge(void)
{
	struct quiz z;
	struct diags d = { 0 };
	if (!ok(quiz_load_lang(BASE "/zh/level1.yaml", BASE "/en/level1.yaml", &z, &d), "zh over en loads"))
		return;
	is_int(z.n, 6, "all six English questions are there");
	is_str(z.title, "测试关卡一", "the title comes from the translation");
	int fallback = 0;
	for (size_t i = 0; i < z.n; i++) {
		fallback += z.q[i].fallback;
		if (!strcmp(z.q[i].id, "f-match"))
			ok(z.q[i].fallback && !strcmp(z.q[i].prompt, "Match left to right."),
			   "f-match is the English question, marked");
		if (!strcmp(z.q[i].id, "f-single"))
			ok(!z.q[i].fallback && !strcmp(z.q[i].prompt, "选出正确的一项。"),
			   "f-single is the translated question");
	}
	is_int(fallback, 1, "exactly one question falls back");
	is_str(z.q[0].id, "f-fill", "English order is kept");
	is_int(d.n, 0, "no problems reported");
	quiz_free(&z);

	ok(quiz_load_lang(BASE "/fr/level1.yaml", BASE "/en/level1.yaml", &z, &d), "a missing translation loads");
	int all = 0;
	for (size_t i = 0; i < z.n; i++)
		all += z.q[i].fallback;
	is_int(all, 6, "...with every question in English, marked");
	is_str(z.title, "Fixture level one", "...and the English title");
	quiz_free(&z);

	ok(quiz_load_lang(BASE "/zh/level1.yaml", NULL, &z, &d) && z.n == 5 && !z.q[0].fallback,
	   "a translation alone (no English) loads as it is");
	quiz_free(&z);
	ok(!quiz_load_lang(NULL, BASE "/en/nope.yaml", &z, &d) && d.n > 0, "no English file: an error");
	diags_free(&d);
}

static void test_missing(void)
{
	struct diags d = { 0 };
	is_int(quiz_missing_translations(BASE, "zh", &d), 1, "one question id missing from zh");
	ok(d.n == 1 && strstr(d.v[0].msg, "'f-match'") && strstr(d.v[0].file, "zh/level1.yaml"),
	   "it is f-match, reported against zh/level1.yaml");
	diags_free(&d);
	is_int(quiz_missing_translations(BASE, "fr", &d), 6, "a language with no files lacks all six");
	ok(d.n == 1 && strstr(d.v[0].msg, "level 1"), "...reported once for the level");
	diags_free(&d);
	is_int(quiz_missing_translations("quizzes", "zh", &d), 0, "the built-in zh quiz lacks no id");
	diags_free(&d);
}

/* tests/fixtures/quiz-tr: s, t, k and o disagree with English, x is only
 * in the translation; m and f (another accepted word) agree. */
static void test_keys(void)
{
	struct diags d = { 0 };
	is_int(quiz_translation_errors("tests/fixtures/quiz-tr/quizzes", "zh", &d), 5,
	       "five translated questions are refused");
	static const char *const want[] = {
		"'s' is graded differently",
		"'t' is graded differently from",
		"'k' is a single question here but a truefalse one",
		"'o' is graded differently",
		"'x' is not in",
	};
	static const char *const why[] = {
		"another answer",
		"answer false here, true in English",
		"keeps the type",
		"2 items here, 3 in English",
		"never asked",
	};
	for (size_t i = 0; i < 5 && i < d.n; i++)
		ok(strstr(d.v[i].msg, want[i]) && strstr(d.v[i].msg, why[i]) && strstr(d.v[i].file, "zh/level1.yaml") && d.v[i].line > 1 && d.v[i].col == 5,
		   "%s: %s, at its question", want[i], why[i]);
	diags_free(&d);
	is_int(quiz_translation_errors(BASE, "zh", &d), 0, "the fixture class's zh level agrees");
	is_int(quiz_translation_errors("quizzes", "zh", &d), 0, "the built-in zh quiz agrees");
	is_int(quiz_translation_errors(BASE, "fr", &d), 0, "no translation: nothing to refuse");
	diags_free(&d);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_merge();
	test_keys();
	test_missing();
	return tap_done();
}
