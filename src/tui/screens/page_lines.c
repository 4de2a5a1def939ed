/* page_lines: a lesson page's laid-out lines (layout.h) on the screen,
 * for screen_reader.c: prose with the search text marked, code
 * highlighted, scrolled sideways and cropped with a marker, boxes, facts,
 * and the rule that ends a lesson.  ncurses through ui.h; no state. */
#include "page_lines.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "highlight.h"
#include "lesson_find.h"
#include "text.h"
#include "ui.h"

/* The search text's places in a code line drawn by draw_code (scrolled
 * sideways by hs columns, a … at the left when it is), in the match role. */
static void mark_code(int y, int x, int w, const char *s, int hs, const char *q)
{
	size_t ql = q ? strlen(q) : 0;
	int left = hs > 0 ? 1 : 0; /* the … */
	for (const char *p = ql ? find_at(s, q) : NULL; p; p = find_at(p + ql, q)) {
		char *pre = strndup(s, (size_t)(p - s)), *m = strndup(p, ql);
		int col = (pre ? text_width(pre) : 0) - hs + left;
		if (m && col >= left && col < w - 1)
			ui_text(y, x + col, w - 1 - col, C_MATCH, m);
		free(pre);
		free(m);
	}
}

/* A code line, highlighted, scrolled sideways by hs columns (a … at the
 * left says so) and cropped with a … at the right. */
static void draw_code(int y, int x, int w, const struct lline *ln, int hs, const char *q)
{
	const char *s = ln->text ? ln->text : "";
	bool in_comment = ln->in_comment;
	if (hs > 0 && *s) {
		ui_text(y, x, 1, C_DIM, ui_glyph(G_ELLIPSIS));
		x++;
		w--;
	}
	bool crop = text_width(s) - hs > w;
	int lim = crop ? w - 1 : w, col = 0, skip = hs;
	for (const char *p = s; *p && col < lim;) {
		enum role role;
		const char *q = hl_next(s, p, &in_comment, &role);
		char *tok = strndup(p, (size_t)(q - p));
		if (!tok)
			return;
		const char *t = tok;
		if (skip > 0) { /* the part scrolled past */
			int used = 0;
			t += text_fit(tok, skip, &used);
			skip -= used;
			if (skip > 0 && *t) { /* a wide character across the edge */
				t += text_fit(t, 2, &used);
				skip = 0;
			}
		}
		if (skip <= 0 && *t)
			col += ui_text(y, x + col, lim - col, role, t);
		free(tok);
		p = q;
	}
	if (crop)
		ui_text(y, x + w - 1, 1, C_DIM, ui_glyph(G_ELLIPSIS));
	mark_code(y, x, w, s, hs, q);
}

static void draw_box_edge(int y, int x, int w, enum role r, bool top, const char *label)
{
	ui_text(y, x, 1, r, ui_glyph(top ? G_TL : G_BL));
	ui_hline(y, x + 1, w - 2, r);
	ui_text(y, x + w - 1, 1, r, ui_glyph(top ? G_TR : G_BR));
	if (label) {
		char buf[80];
		snprintf(buf, sizeof buf, " %s ", label);
		ui_text(y, x + 2, w - 4, r, buf);
	}
}

void page_line_draw(int y, int x, int w, const struct lline *ln, bool focused, int hs,
		    const char *q)
{
	enum role r = focused ? C_SELECT : ln->role;
	switch (ln->kind) {
	case L_BLANK:
		break;
	case L_TEXT:
		if (ln->bullet)
			ui_text(y, x + ln->indent - 2, 1, C_ACCENT, ui_glyph(G_BULLET));
		ui_text_match(y, x + ln->indent, w - ln->indent, r, ln->text, q);
		break;
	case L_BAR:
		ui_text(y, x, 1, C_NOTE, ui_glyph(G_VLINE));
		ui_text_match(y, x + ln->indent, w - ln->indent, r, ln->text, q);
		break;
	case L_CODE:
		draw_code(y, x + ln->indent, w - ln->indent, ln, hs, q);
		break;
	case L_BOX_TOP:
	case L_BOX_BOT:
		draw_box_edge(y, x, ln->boxw, ln->role, ln->kind == L_BOX_TOP, ln->text);
		break;
	case L_BOX_MID:
		ui_text(y, x, 1, ln->role, ui_glyph(G_VLINE));
		ui_text_match(y, x + ln->indent, ln->boxw - 4, r, ln->text, q);
		ui_text(y, x + ln->boxw - 1, 1, ln->role, ui_glyph(G_VLINE));
		break;
	case L_FACT:
		ui_text_match(y, x + ln->indent, ln->keyw, C_ACCENT, ln->text, q);
		ui_text_match(y, x + ln->indent + ln->keyw + 3, w - ln->indent - ln->keyw - 3, C_NORMAL,
			      ln->text2, q);
		break;
	}
}

void page_end_rule(int y, int x, int w, const char *msg)
{
	int mw = ui_width(msg) + 2;
	if (mw > w)
		mw = w;
	int side = (w - mw) / 2;
	ui_hline(y, x, side, C_DIM);
	char pad[330];
	snprintf(pad, sizeof pad, " %s ", msg);
	ui_text(y, x + side, mw, C_ACCENT, pad);
	ui_hline(y, x + side + mw, w - side - mw, C_DIM);
}
