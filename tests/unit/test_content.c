/* test_content: checks over the built-in course (lessons/en and
 * lessons/zh) that keep it readable at 80 columns:
 *   - every code line fits CODE_MAX display columns (the reader draws code
 *     at 80 columns with a margin and a box, and cuts longer lines);
 *   - no facts key cell is wider than KEY_MAX columns (wider keys get
 *     wrapped, which splits identifiers);
 *   - no page repeats, as an inline `see` item, a lesson the lesson-level
 *     `see` list already names (the last page would say it twice).
 * Each offending line is named in a diag so the fix is easy to find.  Run
 * from the repository root (make test does). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lesson.h"
#include "tap.h"
#include "text.h"

#define CODE_MAX 74
#define KEY_MAX 36
#define TABSTOP 4   /* as the reader expands tabs (src/layout.c) */

/* Display width of one code line of len bytes, tabs expanded. */
static int line_width(const char *s, size_t len)
{
	char *buf = malloc(len + 1);
	if (!buf)
		return 1 << 20;
	memcpy(buf, s, len);
	buf[len] = '\0';
	int w = 0;
	char *p = buf;
	for (;;) {
		size_t n = strcspn(p, "\t");
		char save = p[n];
		p[n] = '\0';
		w += text_width(p);
		if (!save)
			break;
		w += TABSTOP - w % TABSTOP;
		p += n + 1;
	}
	free(buf);
	return w;
}

/* Counts code lines over CODE_MAX in one item, naming each. */
static int long_code_lines(const struct lesson *l, const struct item *it)
{
	int bad = 0, ln = 0;
	const char *p = it->text ? it->text : "";
	while (*p) {
		size_t len = strcspn(p, "\n");
		int w = line_width(p, len);
		if (w > CODE_MAX) {
			bad++;
			diag("%s:%d: code line %d is %d columns: %.*s", l->file, it->line, ln + 1,
			     w, (int)len, p);
		}
		ln++;
		p += len;
		if (*p == '\n')
			p++;
	}
	return bad;
}

static int wide_keys(const struct lesson *l, const struct item *it)
{
	int bad = 0;
	for (size_t i = 0; i < it->n; i++) {
		int w = text_width(it->cells[2 * i]);
		if (w > KEY_MAX) {
			bad++;
			diag("%s:%d: facts key is %d columns: %s", l->file, it->line, w,
			     it->cells[2 * i]);
		}
	}
	return bad;
}

static int repeated_see(const struct lesson *l, const struct item *it)
{
	for (size_t i = 0; i < l->nsee; i++)
		if (it->text && !strcmp(it->text, l->see[i])) {
			diag("%s:%d: see '%s' repeats the lesson's see list", l->file, it->line,
			     it->text);
			return 1;
		}
	return 0;
}

static void check_course(const char *dir)
{
	struct course c;
	struct diags d = { 0 };
	bool loaded = course_load(dir, &c, &d);
	ok(loaded && c.n > 0, "%s loads (%zu lessons)", dir, c.n);
	int code = 0, keys = 0, see = 0, ncode = 0;
	for (size_t k = 0; k < c.n; k++) {
		const struct lesson *l = &c.lessons[k];
		for (size_t p = 0; p < l->npages; p++)
			for (size_t i = 0; i < l->pages[p].n; i++) {
				const struct item *it = &l->pages[p].items[i];
				if (it->kind == ITEM_CODE) {
					ncode++;
					code += long_code_lines(l, it);
				} else if (it->kind == ITEM_FACTS) {
					keys += wide_keys(l, it);
				} else if (it->kind == ITEM_SEE) {
					see += repeated_see(l, it);
				}
			}
	}
	ok(ncode > 0, "%s has code blocks to check (%d)", dir, ncode);
	is_int(code, 0, "%s: every code line fits %d columns", dir, CODE_MAX);
	is_int(keys, 0, "%s: every facts key fits %d columns", dir, KEY_MAX);
	is_int(see, 0, "%s: no page repeats the lesson's see list", dir);
	course_free(&c);
	diags_free(&d);
}

/* The checks themselves must catch what they are for. */
static void check_the_checks(void)
{
	ok(line_width("\tab", 3) == 6, "a tab expands to the next stop of %d", TABSTOP);
	ok(line_width("数据", 6) == 4, "CJK characters count two columns each");
	char item_text[] = "short\n"
		"0123456789012345678901234567890123456789012345678901234567890123456789012345\n";
	struct item it = { .kind = ITEM_CODE, .text = item_text };
	struct lesson l = { .file = "(self)" };
	diag("(the next line names a deliberately long line)");
	is_int(long_code_lines(&l, &it), 1, "a 76-column code line is caught");
	char *see[] = { "kitchen" };
	l.see = see;
	l.nsee = 1;
	struct item s = { .kind = ITEM_SEE, .text = "kitchen" };
	diag("(the next line names a deliberately repeated see)");
	is_int(repeated_see(&l, &s), 1, "an inline see repeating the list is caught");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	check_the_checks();
	check_course("lessons/en");
	check_course("lessons/zh");
	return tap_done();
}
