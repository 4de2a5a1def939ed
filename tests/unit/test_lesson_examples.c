/* test_lesson_examples: the example programs that demos/scripts/profile.sh
 * builds and runs under compute-sanitizer on a GPU machine
 * (demos/scripts/lesson15/) are the very code lesson 15 shows, so the
 * output recorded there is the output of the lesson's code.  bug.cu and
 * sticky.cu are the lesson's blocks exactly; race.cu is the lesson's kernel
 * followed by a main of its own.  Run from the repository root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lesson.h"
#include "slurp.h"
#include "tap.h"

#define LESSON "lessons/en/15-finding-faults.yaml"

/* The code of the first block whose caption starts with prefix, or NULL. */
static const char *code_captioned(const struct lesson *l, const char *prefix)
{
	for (size_t p = 0; p < l->npages; p++)
		for (size_t i = 0; i < l->pages[p].n; i++) {
			const struct item *it = &l->pages[p].items[i];
			if (it->kind == ITEM_CODE && it->caption &&
			    !strncmp(it->caption, prefix, strlen(prefix)))
				return it->text;
		}
	return NULL;
}

static void check(const struct lesson *l, const char *prefix, const char *file, bool whole)
{
	const char *code = code_captioned(l, prefix);
	size_t len = 0;
	char *src = slurp(file, 1 << 16, &len);
	ok(code != NULL, "%s has a block captioned '%s...'", LESSON, prefix);
	ok(src != NULL, "%s is readable", file);
	if (code && src) {
		size_t n = strlen(code);
		bool same = whole ? len == n && !memcmp(src, code, n) : len >= n && !memcmp(src, code, n);
		ok(same, "%s %s the lesson's block", file, whole ? "is" : "starts with");
	}
	free(src);
}

int main(void)
{
	struct lesson l;
	struct diags d = { 0 };
	ok(lesson_load(LESSON, &l, &d), "%s loads", LESSON);
	check(&l, "bug.cu", "demos/scripts/lesson15/bug.cu", true);
	check(&l, "sticky.cu", "demos/scripts/lesson15/sticky.cu", true);
	check(&l, "A write-after-read race", "demos/scripts/lesson15/race.cu", false);
	lesson_free(&l);
	diags_free(&d);
	return tap_done();
}
