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
	struct item items[] = { { .kind = ITEM_CODE, .text = item_text, .line = 5 },
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

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	check_the_checks();
	check_course("lessons/en");
	check_course("lessons/zh");
	return tap_done();
}
