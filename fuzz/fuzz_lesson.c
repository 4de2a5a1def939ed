/* fuzz target "lesson": one lesson file through the whole content loader
 * (doc.c's limits and tree, lesson.c's schema, course_check.c's cross-checks),
 * then the reader's word wrap over what was loaded.
 *
 * The input is written to a private directory as the only lesson of a
 * course.  Its file name follows the input's own `id:` line when there is
 * one, so a valid lesson (the shipped ones are the seeds) loads completely
 * instead of stopping at "id does not match the file name".
 *
 * Invariants checked: every problem has a 1-based position; a lesson that
 * loads has an id, a title and at least one page; every loaded string is
 * sanitized (a YAML escape never reaches the screen); wrapped lines fit. */
#include <locale.h>
#include <unistd.h>
#include "fuzz.h"
#include "doc.h"
#include "lesson.h"

static const char *dir;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "C.UTF-8");
	dir = fuzz_private_dir("lesson");
	return 0;
}

/* The slug after the first "id: " at the start of a line, if it is one. */
static void slug_from(const char *s, char *slug, size_t size)
{
	snprintf(slug, size, "fuzz");
	const char *p = !strncmp(s, "id: ", 4) ? s : strstr(s, "\nid: ");
	if (!p)
		return;
	p += p[0] == '\n' ? 5 : 4;
	size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
	if (n > 0 && n < size)
		snprintf(slug, size, "%.*s", (int)n, p);
}

static void check_wrap(const char *s, int width)
{
	struct text_lines w;
	text_wrap(s, width, &w);
	for (size_t i = 0; i < w.n; i++) {
		FUZZ_CHECK(fuzz_clean(w.line[i]));
		FUZZ_CHECK(text_width(w.line[i]) <= width);
	}
	text_lines_free(&w);
}

static void check_item(const struct item *it, int width)
{
	FUZZ_CHECK(it->line > 0 && it->col > 0);
	FUZZ_CHECK(fuzz_clean(it->text) && fuzz_clean(it->caption));
	size_t cells = it->kind == ITEM_FACTS ? 2 * it->n : it->kind == ITEM_LIST ? it->n : 0;
	for (size_t i = 0; i < cells; i++)
		FUZZ_CHECK(fuzz_clean(it->cells[i]));
	if (it->kind == ITEM_BLOCK)
		FUZZ_CHECK(lesson_block_known(it->text));
	if (it->kind == ITEM_DEMO)
		FUZZ_CHECK(lesson_demo_known(it->text));
	if (it->text && it->kind != ITEM_CODE)
		check_wrap(it->text, width);
}

static void check_lesson(const struct lesson *l, int width)
{
	if (l->broken) {
		FUZZ_CHECK(l->error != NULL);
		return;
	}
	FUZZ_CHECK(l->id && l->title && l->summary && l->analogy && l->npages > 0);
	FUZZ_CHECK(fuzz_clean(l->title) && fuzz_clean(l->summary) && fuzz_clean(l->analogy));
	for (size_t i = 0; i < l->nsee; i++)
		FUZZ_CHECK(fuzz_clean(l->see[i]));
	for (size_t p = 0; p < l->npages; p++) {
		FUZZ_CHECK(fuzz_clean(l->pages[p].title));
		for (size_t k = 0; k < l->pages[p].n; k++)
			check_item(&l->pages[p].items[k], width);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size);
	char slug[64], path[4096 + 80];
	slug_from(s, slug, sizeof slug);
	free(s);
	snprintf(path, sizeof path, "%s/01-%s.yaml", dir, slug);
	FILE *f = fopen(path, "wb");
	FUZZ_CHECK(f != NULL);
	FUZZ_CHECK(fwrite(data, 1, size, f) == size || size == 0);
	FUZZ_CHECK(fclose(f) == 0);

	struct course c;
	struct diags d = { 0 };
	course_load(dir, &c, &d);
	for (size_t i = 0; i < d.n; i++)
		FUZZ_CHECK(d.v[i].line > 0 && d.v[i].col > 0 && fuzz_clean(d.v[i].msg));
	FUZZ_CHECK(c.n == 1);
	check_lesson(&c.lessons[0], 20 + (int)(size % 61));
	course_free(&c);
	diags_free(&d);
	unlink(path);
	return 0;
}
