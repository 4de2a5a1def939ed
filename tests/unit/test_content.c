/* test_content: checks over the built-in course (lessons/en and
 * lessons/zh) that keep it readable at 80 columns:
 * lint's content rules (lint_rules.h: code lines, facts keys, repeated
 * links), with no error and no note.  Each offending line is named in a
 * diag so the fix is easy to find.  Run
 * from the repository root (make test does). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lesson.h"
#include "lint_rules.h"
#include "quiz.h"
#include "tap.h"
#include "text.h"

/* The rules themselves are lint's (src/core/lint_rules.c), so an
 * instructor's lessons get them too; here the built-in course must pass
 * them with no error and no note. */
static void check_course(const char *dir)
{
	struct course c;
	struct diags d = { 0 };
	bool loaded = course_load(dir, &c, &d);
	ok(loaded && c.n > 0, "%s loads (%zu lessons)", dir, c.n);
	int ncode = 0;
	struct diags rules = { 0 };
	for (size_t k = 0; k < c.n; k++) {
		const struct lesson *l = &c.lessons[k];
		for (size_t p = 0; p < l->npages; p++)
			for (size_t i = 0; i < l->pages[p].n; i++)
				ncode += l->pages[p].items[i].kind == ITEM_CODE;
		lint_lesson_rules(l, &rules, NULL);
	}
	for (size_t i = 0; i < rules.n; i++)
		diag("%s:%d:%d: %s", rules.v[i].file, rules.v[i].line, rules.v[i].col, rules.v[i].msg);
	ok(ncode > 0, "%s has code blocks to check (%d)", dir, ncode);
	is_int((int)rules.n, 0, "%s: code lines fit %d columns, facts keys %d, no repeated see", dir,
	       LINT_CODE_MAX, LINT_KEY_MAX);
	diags_free(&rules);
	course_free(&c);
	diags_free(&d);
}

/* The checks themselves must catch what they are for. */
static void check_the_checks(void)
{
	ok(lint_code_width("\tab", 3) == 6, "a tab expands to the next stop of %d", LINT_TABSTOP);
	ok(lint_code_width("数据", 6) == 4, "CJK characters count two columns each");
	char item_text[] = "short\n"
		"0123456789012345678901234567890123456789012345678901234567890123456789012345\n";
	char *see[] = { "kitchen" };
	struct item items[] = { { .kind = ITEM_CODE, .text = item_text, .line = 5, .text_line = 6 },
				{ .kind = ITEM_SEE, .text = "kitchen", .line = 9 } };
	struct page pg = { .title = "p", .items = items, .n = 2 };
	struct lesson l = { .file = "(self)", .see = see, .nsee = 1, .pages = &pg, .npages = 1 };
	struct diags d = { 0 }, notes = { 0 };
	lint_lesson_rules(&l, &d, &notes);
	ok(d.n == 1 && d.v[0].line == 7, "a 76-column code line is caught, at its own line");
	ok(notes.n == 1, "an inline see repeating the list is a note");
	diags_free(&d);
	diags_free(&notes);
}

/* The built-in quiz cannot be passed by test-taking: in no level is the
 * answer the longest option in most single-choice questions (lint's rule),
 * and true/false answers are balanced over the whole quiz. */
static void check_quiz(const char *lang)
{
	int singles = 0, longest = 0, tf = 0, tf_true = 0;
	for (int lv = 1; lv <= QUIZ_LEVELS; lv++) {
		char path[64];
		struct quiz z;
		struct diags d = { 0 }, rules = { 0 };
		snprintf(path, sizeof path, "quizzes/%s/level%d.yaml", lang, lv);
		if (!ok(quiz_load(path, &z, &d), "%s loads", path)) {
			diags_free(&d);
			continue;
		}
		lint_quiz_rules(&z, &rules);
		for (size_t i = 0; i < rules.n; i++)
			diag("%s:%d:%d: %s", rules.v[i].file, rules.v[i].line, rules.v[i].col, rules.v[i].msg);
		is_int((int)rules.n, 0, "%s: lint's quiz rules pass", path);
		for (size_t i = 0; i < z.n; i++) {
			const struct quiz_question *q = &z.q[i];
			if (q->type == QT_TRUEFALSE) {
				tf++;
				tf_true += q->answer == 1;
			} else if (q->type == QT_SINGLE) {
				int kw = text_width(q->options[q->answer]), wider = 0;
				for (size_t k = 0; k < q->noptions; k++)
					wider += (int)k != q->answer && text_width(q->options[k]) >= kw;
				singles++;
				longest += wider == 0;
			}
		}
		quiz_free(&z);
		diags_free(&d);
		diags_free(&rules);
	}
	ok(singles > 0 && 3 * longest <= singles, "%s: the answer is the longest option in %d of %d "
	   "single-choice questions (at most a third)", lang, longest, singles);
	ok(tf > 0 && 3 * tf_true >= tf && 3 * tf_true <= 2 * tf, "%s: %d of %d true/false answers are "
	   "true (between a third and two thirds)", lang, tf_true, tf);
}

/* The rule catches a level where the longest option is the answer. */
static void check_longest_rule(void)
{
	static char *opts[4][4] = {
		{ "the long right answer here", "short", "tiny", "brief" },
		{ "another long right answer", "nope", "no", "never" },
		{ "a third long right answer", "x", "y", "z" },
		{ "short", "a much longer wrong option", "b", "c" },
	};
	struct quiz_question q[4] = { 0 };
	for (int i = 0; i < 4; i++) {
		q[i].type = QT_SINGLE;
		q[i].options = opts[i];
		q[i].noptions = 4;
		q[i].id = "q";
		q[i].line = i + 1;
	}
	struct quiz z = { .file = "level1.yaml", .level = 1, .q = q, .n = 4 };
	struct diags d = { 0 };
	is_int((int)lint_quiz_rules(&z, &d), 1, "3 of 4 answers the longest option: flagged");
	ok(d.n == 1 && strstr(d.v[0].msg, "longest option in 3 of 4"), "with the count: %s",
	   d.n ? d.v[0].msg : "(none)");
	diags_free(&d);
	z.n = 2;
	is_int((int)lint_quiz_rules(&z, &d), 0, "two single-choice questions are too few to judge");
	diags_free(&d);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	check_the_checks();
	check_longest_rule();
	check_quiz("en");
	check_quiz("zh");
	check_course("lessons/en");
	check_course("lessons/zh");
	return tap_done();
}
