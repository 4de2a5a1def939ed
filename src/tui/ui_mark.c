/* ui_mark: drawing what tells the learner where they are: text a search
 * found, drawn again in the match role over the row just drawn, and the
 * one position indicator of every screen that scrolls.  Declared in ui.h;
 * measured with ui_width, drawn with ui_text, like the rest of ui. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ui.h"
#include "i18n.h"
#include "lesson_find.h"
#include "text.h"

/* The places q occurs in s drawn again in the match role, within maxw. */
static void mark_matches(int y, int x, int maxw, const char *s, const char *q)
{
	size_t ql = q ? strlen(q) : 0;
	for (const char *p = ql ? find_at(s, q) : NULL; p; p = find_at(p + ql, q)) {
		char *pre = strndup(s, (size_t)(p - s)), *m = strndup(p, ql);
		int col = pre ? ui_width(pre) : maxw;
		if (m && col < maxw)
			ui_text(y, x + col, maxw - col, C_MATCH, m);
		free(pre);
		free(m);
	}
}

int ui_text_match(int y, int x, int maxw, enum role r, const char *s, const char *q)
{
	int used = ui_text(y, x, maxw, r, s);
	mark_matches(y, x, maxw, s, q);
	return used;
}

void ui_text_match_more(int y, int x, int maxw, enum role r, const char *s, const char *q)
{
	if (ui_width(s) <= maxw) {
		ui_text_match(y, x, maxw, r, s, q);
		return;
	}
	ui_text_more(y, x, maxw, r, s);
	mark_matches(y, x, maxw - text_width(ui_glyph(G_ELLIPSIS)), s, q);
}

void ui_scroll_pos(int y, int first, int last, int total, enum pos_unit unit)
{
	static const enum msg fmt[] = {
		[POS_LINES] = MSG_POS_LINES, [POS_LESSONS] = MSG_POS_LESSONS,
		[POS_ANSWERS] = MSG_POS_ANSWERS, [POS_PAGES] = MSG_POS_PAGES,
	};
	ui_hline(y, 0, ui_cols(), C_DIM);
	if (total <= 0)
		return;
	char label[96];
	snprintf(label, sizeof label, tr(fmt[unit]), first, last, total);
	int w = ui_width(label);
	ui_text(y, ui_cols() - 2 - w, w, C_DIM, label);
}

