/* drill_view: the drill screen's page below its title (drill_view.h): a
 * statement, hints, the reference, or a check's report, wrapped with a
 * hanging indent (an indented line runs on two columns further in; prose
 * runs on flush), scrolled, a report's lines coloured by what they say,
 * and its verdict kept in sight on the last row while the report is
 * longer than the screen.  Draws from state every time. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drill_view.h"
#include "i18n.h"
#include "text.h"
#include "ui.h"

#define MAXW 100   /* a readable measure on wide terminals, as the reader's */

void drill_page_set(struct drill_page *p, enum drill_body kind, char *body, char *verdict)
{
	free(p->body);
	free(p->verdict);
	p->body = body;
	p->verdict = verdict;
	p->kind = kind;
	p->top = 0;
}

void drill_page_free(struct drill_page *p)
{
	if (!p)
		return;
	free(p->body);
	free(p->verdict);
	memset(p, 0, sizeof *p);
}

/* A report line's colour, from its words in either language: what failed
 * red, what passed green. */
static enum role line_role(const char *s)
{
	static const char *const wrong[] = { "FAIL", "失败", "STOPPED", "中止", "race",
					     "竞争", "error", "出错", "out of bounds", "越界", "结论：未通过",
					     "crashed", "崩溃", "deadlock", "死锁", "stopped",
					     "停止", "undefined", "未定义", "cannot", "无法" };
	static const char *const good[] = { "PASSED", "结论：通过", "  pass ", "  通过 ", ": clean",
					    "没有发现问题", "compile: ok", "编译：通过" };
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		if (strstr(s, good[i]))
			return C_OK;
	for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++)
		if (strstr(s, wrong[i]))
			return C_WRONG;
	return C_NORMAL;
}

struct page_lines {
	struct text_lines tl;
	enum role *role;
};

static bool push(struct page_lines *pl, const char *pad, const char *s, enum role r)
{
	char **l = realloc(pl->tl.line, (pl->tl.n + 1) * sizeof *l);
	enum role *rr = l ? realloc(pl->role, (pl->tl.n + 1) * sizeof *rr) : NULL;
	if (l)
		pl->tl.line = l;
	if (!rr)
		return false;
	pl->role = rr;
	char *line = malloc(strlen(pad) + strlen(s) + 1);
	if (!line)
		return false;
	strcpy(line, pad);
	strcat(line, s);
	pl->tl.line[pl->tl.n] = line;
	pl->role[pl->tl.n++] = r;
	return true;
}

/* body wrapped to width, each source line with its own hanging indent */
static void wrap_page(const char *body, int width, bool report, struct page_lines *pl)
{
	char pad[64];
	memset(pl, 0, sizeof *pl);
	for (const char *p = body ? body : ""; *p;) {
		size_t n = strcspn(p, "\n");
		char *src = strndup(p, n);
		p += n + (p[n] == '\n');
		if (!src)
			return;
		int k = (int)strspn(src, " ");
		if (k > width / 3)
			k = width / 3;
		if (k > (int)sizeof pad - 3)
			k = (int)sizeof pad - 3;
		enum role r = report ? line_role(src) : C_NORMAL;
		struct text_lines w = { 0 };
		int room = k ? width - k - 2 : width;
		text_wrap(src + strspn(src, " "), room > 8 ? room : width, &w);
		if (!w.n)
			push(pl, "", "", r);
		for (size_t i = 0; i < w.n; i++) {
			int indent = i && k ? k + 2 : k;   /* prose runs on flush */
			memset(pad, ' ', (size_t)indent);
			pad[indent] = '\0';
			push(pl, pad, w.line[i], r);
		}
		text_lines_free(&w);
		free(src);
	}
}

void drill_page_draw(struct drill_page *p, int bottom, char *pos, size_t size)
{
	struct page_lines pl;
	wrap_page(p->body, COLS - 4 < MAXW ? COLS - 4 : MAXW, p->kind == DRILL_BODY_REPORT, &pl);
	int n = (int)pl.tl.n, rows = bottom - 2;
	bool pin = p->verdict && n + 1 > rows;   /* the verdict on the last row */
	if (pin)
		rows--;
	if (p->top > n - rows)
		p->top = n - rows;
	if (p->top < 0)
		p->top = 0;
	pos[0] = '\0';
	if (n > rows)
		snprintf(pos, size, tr(MSG_DR_ROWS), p->top + 1, p->top + rows < n ? p->top + rows : n, n);
	int y = 2;
	for (int i = p->top; i < n && y < 2 + rows; i++, y++)
		ui_text(y, 2, COLS - 4, pl.role[i], pl.tl.line[i]);
	if (p->verdict && rows > 0) {
		enum role r = line_role(p->verdict);
		ui_text_fit(pin ? bottom - 1 : y, 2, COLS - 4, r == C_NORMAL ? C_NOTE : r, p->verdict);
	}
	text_lines_free(&pl.tl);
	free(pl.role);
}
