/* test_lesson: the lesson schema, course loading (duplicate ids, `see`
 * targets, broken lessons kept), translations, and the example lesson of
 * lessons/README.md.  Fixtures live in tests/fixtures/; each bad one is a
 * row with its expected line:col and a fragment of the message.  Run from
 * the repository root (make test does). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lesson.h"
#include "text.h"
#include "tap.h"

#define BAD "tests/fixtures/lesson-bad/"

struct bad_case {
	const char *file;
	int line, col;
	const char *msg;
};

static const struct bad_case bad_cases[] = {
	{ BAD "01-syntax.yaml", 3, 8, "did not find expected ',' or ']' (while parsing a flow sequence that started at line 2, column 8)" },
	{ BAD "02-wrong-type.yaml", 7, 3, "'pages': expected a sequence, got a mapping" },
	{ BAD "03-missing-key.yaml", 1, 1, "missing required key 'summary'" },
	{ BAD "04-unknown-key.yaml", 3, 1, "unknown key 'sumary'; did you mean 'summary'?" },
	{ BAD "05-dup-key.yaml", 4, 1, "duplicate key 'title' (first at line 2, column 1)" },
	{ BAD "06-unknown-kind.yaml", 10, 9, "unknown block kind 'txt'; did you mean 'text'?" },
	{ BAD "07-unknown-block.yaml", 10, 16, "unknown block 'gpumap'; did you mean 'gpu-map'?" },
	{ BAD "08-block-quiz.yaml", 10, 16, "unknown block 'quiz' (known: gpu-map, tiling, matmul, conv, devinfo, transfer, streams, reduce, launch" },
	{ BAD "09-unknown-demo.yaml", 10, 15, "unknown demo 'tiling' (known: matmul, conv, devinfo, transfer, streams, reduce, launch" },
	{ BAD "10-two-kinds.yaml", 11, 9, "has 'text' and 'note'" },
	{ BAD "11-caption-alone.yaml", 11, 18, "'caption' goes only with 'code'" },
	{ BAD "12-bad-id.yaml", 1, 5, "bad lesson id 'Bad_Id'" },
	{ BAD "13-id-mismatch.yaml", 1, 5, "id 'other-name' does not match the file name, which gives 'id-mismatch'" },
	{ BAD "14-minutes.yaml", 4, 10, "90 is out of range (1 to 60)" },
	{ BAD "15-minutes-text.yaml", 4, 10, "'minutes': expected a whole number, got 'five'" },
	{ BAD "16-no-pages.yaml", 6, 8, "'pages' needs at least one page" },
	{ BAD "17-empty-body.yaml", 8, 11, "'body' needs at least one block item" },
	{ BAD "18-fact-triple.yaml", 11, 13, "a fact is a pair [key, value]" },
	{ BAD "19-fact-map.yaml", 11, 13, "a fact is a pair [key, value], got a mapping" },
	{ BAD "20-list-empty.yaml", 10, 15, "'list': expected a non-empty sequence" },
	{ BAD "21-anchor.yaml", 2, 8, "anchors (&name) are not allowed" },
	{ BAD "22-alias.yaml", 3, 10, "aliases (*name) are not allowed" },
	{ BAD "23-empty.yaml", 1, 1, "the file is empty" },
	{ BAD "24-text-null.yaml", 10, 14, "expected text, got an empty value" },
	{ BAD "25-item-scalar.yaml", 10, 9, "expected a block item such as 'text: ...'" },
	{ BAD "26-see-bad-id.yaml", 6, 7, "bad lesson id 'Kitchen'" },
	{ BAD "27-see-scalar.yaml", 6, 6, "'see': expected a sequence, got a scalar" },
};

static void check_first(const struct diags *d, const char *what, const char *file, int line,
			int col, const char *msg)
{
	if (!ok(d->n >= 1, "%s: an error", what))
		return;
	char want[512], got[512];
	snprintf(want, sizeof want, "%s:%d:%d", file, line, col);
	snprintf(got, sizeof got, "%s:%d:%d", d->v[0].file, d->v[0].line, d->v[0].col);
	const char *g = got, *w = want;
	is_str(g, w, "%s: position", what);
	if (!ok(strstr(d->v[0].msg, msg) != NULL, "%s: message", what))
		diag("got '%s', want '%s'", d->v[0].msg, msg);
}

static void test_bad_lessons(void)
{
	for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
		const struct bad_case *c = &bad_cases[i];
		struct lesson l;
		struct diags d = { 0 };
		bool r = lesson_load(c->file, &l, &d);
		ok(!r && l.broken && l.error && l.file && l.id && !l.pages && !l.title,
		   "%s: broken, keeps file, id and error only", c->file);
		check_first(&d, c->file, c->file, c->line, c->col, c->msg);
		char first[600];
		if (d.n) {
			diag_format(&d.v[0], first, sizeof first);
			const char *f = first;
			is_str(l.error, f, "%s: error is the first diag, formatted", c->file);
		}
		lesson_free(&l);
		diags_free(&d);
	}
	struct lesson l;
	struct diags d = { 0 };
	lesson_load(BAD "12-bad-id.yaml", &l, &d);
	is_str(l.id, "bad-id", "a broken lesson's id comes from its file name");
	lesson_free(&l);
	diags_free(&d);
	lesson_load(BAD "04-unknown-key.yaml", &l, &d);
	ok(d.n == 2 && strstr(d.v[1].msg, "missing required key 'summary'"),
	   "loading goes on after an error: unknown key, then the missing one");
	lesson_free(&l);
	diags_free(&d);
}

static int count_kind(const struct lesson *l, enum item_kind k)
{
	int n = 0;
	for (size_t p = 0; p < l->npages; p++)
		for (size_t i = 0; i < l->pages[p].n; i++)
			n += l->pages[p].items[i].kind == k;
	return n;
}

static void test_good_course(void)
{
	struct course c;
	struct diags d = { 0 };
	ok(course_load("tests/fixtures/course-good", &c, &d) && d.n == 0, "a good course loads");
	is_int(c.n, 2, "two lessons (README.txt ignored)");
	const struct lesson *b = course_find(&c, "beta");
	ok(b && b == &c.lessons[1] && !b->broken && b->minutes == 5 && b->nsee == 1 &&
	   !strcmp(b->see[0], "alpha"), "beta is second, with its fields");
	const struct page *p = b ? &b->pages[0] : NULL;
	ok(p && p->n == 10 && !strcmp(p->title, "P"), "beta's page has 10 items");
	if (p && p->n == 10) {
		const struct item *t = &p->items[1];
		ok(t->kind == ITEM_TEXT && t->line == 11 && t->col == 9, "text item at 11:9");
		ok(!strchr(t->text, '\x1b') && !strstr(t->text, "\xc2\x9b") &&
		   !strstr(t->text, "\xe2\x80\xae") && !strstr(t->text, "\xc2\x85") &&
		   strstr(t->text, "ALERT"), "escape sequences, C1 and bidi overrides are removed");
		const struct item *f = &p->items[2];
		ok(f->kind == ITEM_FACTS && f->n == 2 && !strcmp(f->cells[2], "b") &&
		   !strcmp(f->cells[3], "2"), "facts: 2 pairs of cells");
		ok(p->items[3].kind == ITEM_LIST && p->items[3].n == 3 && !strcmp(p->items[3].cells[2], "z"),
		   "list: 3 entries");
		ok(p->items[4].kind == ITEM_CODE && !strcmp(p->items[4].caption, "C") &&
		   !strcmp(p->items[4].text, "int main(void) { return 0; }\n"), "code with caption");
		ok(p->items[5].kind == ITEM_BLOCK && !strcmp(p->items[5].text, "tiling"), "block: tiling");
		ok(p->items[6].kind == ITEM_DEMO && !strcmp(p->items[6].text, "conv"), "demo: conv");
		ok(p->items[7].kind == ITEM_HEADING && p->items[8].kind == ITEM_ANALOGY &&
		   p->items[9].kind == ITEM_NOTE, "heading, analogy, note");
	}
	ok(count_kind(&c.lessons[0], ITEM_SEE) == 1, "alpha has a see item");
	ok(course_find(&c, "nope") == NULL, "course_find of an unknown id");
	course_free(&c);
	course_free(NULL);
	diags_free(&d);
	ok(!course_load("tests/fixtures/nonexistent", &c, &d) && d.n == 1 && d.v[0].line == 0,
	   "a missing directory is an error without a position");
	course_free(&c);
	diags_free(&d);
}

static void test_cross_references(void)
{
	struct course c;
	struct diags d = { 0 };
	ok(!course_load("tests/fixtures/course-dup", &c, &d), "duplicate ids fail");
	check_first(&d, "duplicate id", "tests/fixtures/course-dup/02-alpha.yaml", 1, 5,
		    "duplicate lesson id 'alpha' (already used by tests/fixtures/course-dup/01-alpha.yaml)");
	is_int(d.n, 1, "one error, and beta's see: alpha still resolves");
	ok(c.n == 3 && !c.lessons[0].broken && c.lessons[1].broken && c.lessons[1].error &&
	   strstr(c.lessons[1].error, "02-alpha.yaml:1:5: error: duplicate"),
	   "the second is kept, broken, with its error");
	ok(course_find(&c, "alpha") == &c.lessons[0], "course_find gives the first");
	course_free(&c);
	diags_free(&d);

	ok(!course_load("tests/fixtures/course-see", &c, &d), "unknown see targets fail");
	is_int(d.n, 2, "two unknown targets");
	check_first(&d, "see list", "tests/fixtures/course-see/01-alpha.yaml", 6, 13,
		    "'see': no lesson has the id 'gama'; did you mean 'gamma'?");
	if (d.n == 2) {
		ok(d.v[1].line == 11 && d.v[1].col == 9 && strstr(d.v[1].msg, "'delta-x'"),
		   "see item: 11:9, 'delta-x'");
	}
	ok(c.n == 3 && !c.lessons[0].broken, "a dangling see leaves the lesson readable");
	course_free(&c);
	diags_free(&d);
}

static void test_translations(void)
{
	struct course c;
	struct diags d = { 0 };
	ok(!course_load_lang("tests/fixtures/i18n", "zh", &c, &d), "zh with a broken translation fails");
	ok(d.n == 1 && strstr(d.v[0].file, "zh/03-gamma.yaml") && strstr(d.v[0].msg, "'txt'"),
	   "the broken zh lesson is reported");
	ok(c.n == 3, "three lessons");
	if (c.n == 3) {
		ok(!c.lessons[0].fallback && !strcmp(c.lessons[0].title, "厨房"), "alpha from zh");
		ok(c.lessons[1].fallback && strstr(c.lessons[1].file, "en/02-beta"), "beta falls back to en");
		ok(c.lessons[2].fallback && !c.lessons[2].broken, "broken zh gamma falls back to en");
	}
	course_free(&c);
	diags_free(&d);
	ok(course_load_lang("tests/fixtures/i18n", "en", &c, &d) && c.n == 3 && !c.lessons[1].fallback,
	   "en loads plainly");
	course_free(&c);
	ok(course_load_lang("tests/fixtures/i18n", "fr", &c, &d) && c.n == 3 && c.lessons[0].fallback,
	   "a language without a directory is all fallback");
	course_free(&c);
	is_int(course_missing_translations("tests/fixtures/i18n", "zh", &d), 1, "one missing translation");
	ok(d.n == 1 && !strcmp(d.v[0].file, "tests/fixtures/i18n/zh") &&
	   !strcmp(d.v[0].msg, "missing translation for 'beta'"), "names the id");
	diags_free(&d);
}

static void test_tables(void)
{
	ok(lesson_block_known("gpu-map") && lesson_block_known("devinfo") && !lesson_block_known("quiz") &&
	   !lesson_block_known("/bin/sh"), "block table");
	ok(lesson_demo_known("matmul") && !lesson_demo_known("tiling") && !lesson_demo_known("../x"),
	   "demo table");
}

static void test_example(void)
{
	struct lesson l;
	struct diags d = { 0 };
	ok(lesson_load("tests/fixtures/example/14-warps.yaml", &l, &d) && d.n == 0,
	   "the README's example lesson loads clean");
	diags_print(&d, stdout);
	ok(l.npages == 2 && count_kind(&l, ITEM_CODE) == 1 && count_kind(&l, ITEM_FACTS) == 1 &&
	   count_kind(&l, ITEM_BLOCK) == 1 && count_kind(&l, ITEM_DEMO) == 1 &&
	   count_kind(&l, ITEM_SEE) == 1 && count_kind(&l, ITEM_LIST) == 1 &&
	   count_kind(&l, ITEM_HEADING) == 1 && count_kind(&l, ITEM_NOTE) == 1 &&
	   count_kind(&l, ITEM_ANALOGY) == 1 && count_kind(&l, ITEM_TEXT) == 2,
	   "the example shows every kind of block item");
	lesson_free(&l);
	lesson_free(NULL);
	diags_free(&d);
}

/* dir/name in a buffer that the next call reuses. */
static const char *temp_path(const char *dir, const char *name)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return path;
}

/* Writes text to dir/name; returns the path (temp_path's buffer). */
static const char *temp_lesson(const char *dir, const char *name, const char *text)
{
	const char *path = temp_path(dir, name);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return path;
}

/* A broken lesson keeps its `see` targets (the list's, then the body
 * items'), and one pass reports every top-level field's own error. */
static void test_broken_keeps_targets(void)
{
	char dir[] = "/tmp/ck-lesson.XXXXXX";
	if (!mkdtemp(dir)) {
		ok(false, "mkdtemp");
		return;
	}
	const char *p = temp_lesson(dir, "01-alpha.yaml", "id: alpha\ntitle: T\nsummary: S\nminutes: 99\n"
				    "analogy: A\nsee: [beta]\npages:\n  - title: P\n    body:\n"
				    "      - see: gamma\n");
	struct lesson l;
	struct diags d = { 0 };
	ok(!lesson_load(p, &l, &d) && l.broken && d.n == 1, "minutes 99: broken, one error");
	ok(l.nsee == 2 && !strcmp(l.see[0], "beta") && !strcmp(l.see[1], "gamma") &&
	   l.see_pos[0].line == 6 && l.see_pos[0].col == 7 && l.see_pos[1].line == 10 &&
	   l.see_pos[1].col == 9 && !l.pages && !l.title,
	   "a broken lesson keeps its see targets with positions, nothing else");
	lesson_free(&l);
	diags_free(&d);
	p = temp_lesson(dir, "02-multi.yaml", "id: multi\ntitle: [a, b]\nsummary: S\n"
			"minutes: \"seven\"\nanalogy: A\npages: 3\n");
	ok(!lesson_load(p, &l, &d) && d.n == 3, "title, minutes and pages: three errors in one pass");
	ok(d.n == 3 && d.v[0].line == 2 && d.v[1].line == 6 && d.v[2].line == 4 &&
	   strstr(d.v[2].msg, "whole number"), "minutes' own error is among them");
	lesson_free(&l);
	diags_free(&d);
	bool gone = unlink(temp_path(dir, "01-alpha.yaml")) == 0;
	gone = unlink(temp_path(dir, "02-multi.yaml")) == 0 && gone;
	ok(gone && rmdir(dir) == 0, "temporary lessons removed");
}

/* Chinese prose in a folded (`>`) block reads as in a literal (`|`) one:
 * lines joined with nothing after full-width punctuation and between CJK
 * characters, paragraphs kept (lessons/README.md). */
static void test_folded_prose(void)
{
	char dir[] = "/tmp/ck-lesson.XXXXXX";
	if (!mkdtemp(dir)) {
		ok(false, "mkdtemp");
		return;
	}
	static const char *const style[] = { "|", ">" };
	char *summary[2] = { 0 }, *text[2] = { 0 };
	for (int k = 0; k < 2; k++) {
		char src[1024];
		snprintf(src, sizeof src,
			 "id: fold\ntitle: T\nsummary: %s\n  \xe4\xbc\xa0\xe8\xbe\x93\xe6\x85\xa2\xef\xbc\x8c\n"
			 "  \xe4\xbb\xa5\xe5\x8f\x8a\xe5\x8e\x9f\xe5\x9b\xa0\nminutes: 5\nanalogy: A\n"
			 "pages:\n  - title: P\n    body:\n      - text: %s\n          \xe7\xac\xac\xe4\xb8\x80\xe6\xae\xb5\n"
			 "          \xe7\xbb\xa7\xe7\xbb\xad\n\n          \xe7\xac\xac\xe4\xba\x8c\xe6\xae\xb5\n",
			 style[k], style[k]);
		const char *p = temp_lesson(dir, "01-fold.yaml", src);
		struct lesson l;
		struct diags d = { 0 };
		bool loaded = lesson_load(p, &l, &d);
		ok(loaded && d.n == 0, "a zh lesson with %s blocks loads", style[k]);
		if (loaded && l.npages == 1 && l.pages[0].n == 1) {
			summary[k] = text_reflow(l.summary);
			text[k] = text_reflow(l.pages[0].items[0].text);
		}
		lesson_free(&l);
		diags_free(&d);
		unlink(p);
	}
	/* 传输慢，以及原因 / 第一段继续 (blank line) 第二段 */
	ok(summary[1] && !strcmp(summary[1], "\xe4\xbc\xa0\xe8\xbe\x93\xe6\x85\xa2\xef\xbc\x8c"
				 "\xe4\xbb\xa5\xe5\x8f\x8a\xe5\x8e\x9f\xe5\x9b\xa0"),
	   "folded summary: no space after the full-width comma");
	ok(text[1] && !strcmp(text[1], "\xe7\xac\xac\xe4\xb8\x80\xe6\xae\xb5\xe7\xbb\xa7\xe7\xbb\xad\n\n"
			      "\xe7\xac\xac\xe4\xba\x8c\xe6\xae\xb5"),
	   "folded text: lines joined, the paragraph break kept");
	ok(summary[0] && summary[1] && text[0] && text[1] && !strcmp(summary[0], summary[1]) &&
	   !strcmp(text[0], text[1]), "the literal and folded forms read the same");
	for (int k = 0; k < 2; k++)
		free(summary[k]), free(text[k]);
	/* code is not prose: a folded code block keeps YAML's own value */
	const char *p = temp_lesson(dir, "01-fold.yaml", "id: fold\ntitle: T\nsummary: S\nminutes: 5\n"
				    "analogy: A\npages:\n  - title: P\n    body:\n      - code: >\n"
				    "          int main() {\n            return 0;\n          }\n");
	struct lesson l;
	struct diags d = { 0 };
	ok(lesson_load(p, &l, &d) && l.npages == 1 && l.pages[0].n == 1 &&
	   !strcmp(l.pages[0].items[0].text, "int main() {\n  return 0;\n}\n"),
	   "a folded code block: no lines doubled");
	lesson_free(&l);
	diags_free(&d);
	unlink(p);
	ok(rmdir(dir) == 0, "temporary lesson removed");
}

/* A misspelt caption beside a code block is a key to suggest, not an
 * unknown kind of block. */
static void test_caption_typo(void)
{
	char dir[] = "/tmp/ck-lesson.XXXXXX";
	if (!mkdtemp(dir)) {
		ok(false, "mkdtemp");
		return;
	}
	const char *p = temp_lesson(dir, "01-cap.yaml", "id: cap\ntitle: T\nsummary: S\nminutes: 5\n"
				    "analogy: A\npages:\n  - title: P\n    body:\n      - code: |\n"
				    "          int x;\n        captoin: hi\n");
	struct lesson l;
	struct diags d = { 0 };
	if (!ok(!lesson_load(p, &l, &d) && d.n == 1 && d.v[0].line == 11 && d.v[0].col == 9 &&
		!strcmp(d.v[0].msg, "unknown key 'captoin'; did you mean 'caption'?"),
		"captoin: suggests caption, at its place") && d.n)
		diag("got %d:%d %s", d.v[0].line, d.v[0].col, d.v[0].msg);
	lesson_free(&l);
	diags_free(&d);
	unlink(p);
	ok(rmdir(dir) == 0, "temporary lesson removed");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_folded_prose();
	test_caption_typo();
	test_tables();
	test_bad_lessons();
	test_good_course();
	test_cross_references();
	test_translations();
	test_example();
	test_broken_keeps_targets();
	return tap_done();
}
