/* Unit tests for text_shorten (text_short.c): a text shortened to a width
 * ends on a word boundary (a space, or between CJK characters), never
 * inside a word or a character; one word wider than the width is cut
 * between characters; widths are display columns. */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "text.h"

struct short_case {
	const char *s;
	int cols;
	const char *want; /* the prefix kept */
};

static const struct short_case cases[] = {
	{ "another cudakitchen is running", 60, "another cudakitchen is running" },
	{ "another cudakitchen is running", 21, "another cudakitchen" },
	{ "another cudakitchen is running", 19, "another cudakitchen" },
	{ "another cudakitchen is running", 18, "another" },
	{ "another cudakitchen is running", 7, "another" },
	{ "another cudakitchen is running", 5, "anoth" }, /* one word: between characters */
	{ "(/tmp/a/very/long/path.yaml); then", 12, "(/tmp/a/very" },
	{ "另一个窗口已退出：进度已合并", 9, "另一个窗" },            /* 4 wide characters, never half of one */
	{ "另一个窗口已退出：进度已合并", 18, "另一个窗口已退出：" }, /* ： stays with the text before it */
	{ "“warp”：第 3 处，共 7 处", 12, "“warp”：第" },
	{ "copy 12.5 ms done", 11, "copy" }, /* a number keeps its unit */
	{ "", 10, "" },
	{ "abc", 0, "" },
};

int main(void)
{
	if (!setlocale(LC_ALL, "C.UTF-8"))
		diag("C.UTF-8 locale missing");
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct short_case *c = &cases[i];
		int used = -1;
		size_t n = text_shorten(c->s, c->cols, &used);
		char got[256];
		snprintf(got, sizeof got, "%.*s", (int)n, c->s);
		ok(!strcmp(got, c->want), "shorten %zu to %d columns: \"%s\" (got \"%s\")", i, c->cols,
		   c->want, got);
		ok(used == text_width(got) && used <= (c->cols > 0 ? c->cols : 0),
		   "shorten %zu: used %d is the kept text's width, within the columns", i, used);
	}
	is_int((int)text_shorten("a b", 2, NULL), 1, "used may be NULL");
	return tap_done();
}
