/* ui: colour roles, glyphs with ASCII twins, and cropped text drawing over
 * ncurses.  Every string drawn passes text_sanitize and is measured with
 * text.h, here and nowhere else, so no screen can put a control sequence
 * or a half wide character on the terminal.  Without colour (NO_COLOR,
 * --no-color, or a terminal without colours) start_color is never called
 * and roles fall back to bold/reverse/dim, so no colour escape is sent. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "ui.h"
#include "term.h"
#include "text.h"
#include "i18n.h"

/* fg/bg for colour terminals (-1: the terminal's default), and the
 * attributes used with colour and without it. */
static const struct { short fg, bg; attr_t with, mono; } roles[C_COUNT] = {
	[C_NORMAL]  = { -1, -1, A_NORMAL, A_NORMAL },
	[C_TITLE]   = { COLOR_WHITE, COLOR_BLUE, A_BOLD, A_REVERSE | A_BOLD },
	[C_HEADING] = { COLOR_CYAN, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[C_DIM]     = { -1, -1, A_DIM, A_DIM },
	[C_CODE]    = { -1, -1, A_NORMAL, A_NORMAL },
	[C_KEYWORD] = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
	[C_COMMENT] = { COLOR_GREEN, -1, A_NORMAL, A_DIM },
	[C_STRING]  = { COLOR_YELLOW, -1, A_NORMAL, A_UNDERLINE },
	[C_ANALOGY] = { COLOR_YELLOW, -1, A_NORMAL, A_NORMAL },
	[C_NOTE]    = { COLOR_CYAN, -1, A_NORMAL, A_NORMAL },
	[C_OK]      = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[C_WRONG]   = { COLOR_RED, -1, A_BOLD, A_BOLD },
	[C_SELECT]  = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[C_STATUS]  = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE },
	[C_ACCENT]  = { COLOR_MAGENTA, -1, A_BOLD, A_BOLD },
	[C_SM0]     = { COLOR_BLACK, COLOR_RED, A_NORMAL, A_REVERSE },
	[C_SM1]     = { COLOR_BLACK, COLOR_GREEN, A_NORMAL, A_BOLD },
	[C_SM2]     = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_UNDERLINE },
	[C_SM3]     = { COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_DIM },
	[C_SM4]     = { COLOR_BLACK, COLOR_MAGENTA, A_NORMAL, A_REVERSE | A_BOLD },
	[C_SM5]     = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_BOLD | A_UNDERLINE },
	[C_SM6]     = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE | A_UNDERLINE },
	[C_SM7]     = { COLOR_WHITE, COLOR_BLACK, A_NORMAL, A_NORMAL },
	[C_MATCH]   = { COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE | A_UNDERLINE | A_BOLD },
};

static const char *const glyphs[G_COUNT][2] = {
	[G_HLINE] = { "─", "-" },      [G_VLINE] = { "│", "|" },
	[G_TL] = { "┌", "+" },         [G_TR] = { "┐", "+" },
	[G_BL] = { "└", "+" },         [G_BR] = { "┘", "+" },
	[G_TEE_L] = { "├", "+" },      [G_TEE_R] = { "┤", "+" },
	[G_BULLET] = { "•", "*" },     [G_CHECK] = { "✓", "+" },
	[G_CROSS] = { "✗", "!" },      [G_ARROW] = { "→", ">" },
	[G_BLOCK_FULL] = { "█", "#" }, [G_BLOCK_LIGHT] = { "░", "." },
	[G_ELLIPSIS] = { "…", ">" },   [G_TICK] = { "┴", "+" },
};

void ui_init(const struct options *opt)
{
	(void)opt; /* term_start already recorded the choices */
	if (!term_color())
		return;
	start_color();
	/* -1 means the terminal's own colours; without that, white on black */
	bool dflt = use_default_colors() == OK;
	for (int r = 1; r < C_COUNT && r < COLOR_PAIRS; r++) {
		short fg = roles[r].fg, bg = roles[r].bg;
		if (!dflt) {
			fg = fg < 0 ? COLOR_WHITE : fg;
			bg = bg < 0 ? COLOR_BLACK : bg;
		}
		init_pair((short)r, fg, bg);
	}
}

bool ui_ascii(void)
{
	return term_ascii();
}

const char *ui_glyph(enum glyph g)
{
	if ((int)g < 0 || g >= G_COUNT)
		return "?";
	return glyphs[g][ui_ascii() ? 1 : 0];
}

static attr_t role_attr(enum role r)
{
	if ((int)r < 0 || r >= C_COUNT)
		r = C_NORMAL;
	if (!term_color())
		return roles[r].mono;
	return roles[r].with | (r == C_NORMAL ? 0 : COLOR_PAIR(r));
}

void ui_attr_on(enum role r)
{
	attron(role_attr(r));
}

void ui_attr_off(enum role r)
{
	attroff(role_attr(r));
}

/* The text as it will be drawn: sanitized, tabs and newlines as spaces,
 * and in ASCII mode (--ascii, or a locale that is not UTF-8 and so cannot
 * show UTF-8) transliterated.  The caller frees; NULL when out of memory. */
static char *as_drawn(const char *s)
{
	char *clean = text_sanitize(s ? s : "", (size_t)-1);
	if (clean && (ui_ascii() || MB_CUR_MAX == 1)) {
		char *a = text_asciify(clean);
		free(clean);
		clean = a;
	}
	for (char *p = clean; p && *p; p++)
		if (*p == '\t' || *p == '\n')
			*p = ' ';
	return clean;
}

int ui_width(const char *s)
{
	char *d = as_drawn(s);
	int w = d ? text_width(d) : 0;
	free(d);
	return w;
}

void ui_text_more(int y, int x, int maxw, enum role r, const char *s)
{
	const char *ell = ui_glyph(G_ELLIPSIS);
	int ew = text_width(ell), used = 0;
	if (maxw <= ew)
		return;
	size_t n = text_fit(s, maxw - ew, &used);
	while (n && s[n - 1] == ' ') {   /* no space before the ellipsis */
		n--;
		used--;
	}
	char *cut = strndup(s, n);
	if (!cut)
		return;
	ui_text(y, x, used, r, cut);
	ui_text(y, x + used, ew, r, ell);
	free(cut);
}

void ui_text_fit(int y, int x, int maxw, enum role r, const char *s)
{
	if (ui_width(s) <= maxw)
		ui_text(y, x, maxw, r, s);
	else
		ui_text_more(y, x, maxw, r, s);
}

int ui_wrap(int y, int y1, int x, int w, enum role r, const char *s)
{
	struct text_lines tl = { 0 };
	text_wrap(s ? s : "", w, &tl);
	for (size_t i = 0; i < tl.n && y < y1; i++, y++) {
		if (y + 1 == y1 && i + 1 < tl.n)   /* cut for room: say so */
			ui_text_more(y, x, w, r, tl.line[i]);
		else
			ui_text(y, x, w, r, tl.line[i]);
	}
	text_lines_free(&tl);
	return y;
}

int ui_wrap_rows(const char *s, int w)
{
	struct text_lines tl = { 0 };
	int n = (int)text_wrap(s ? s : "", w, &tl);
	text_lines_free(&tl);
	return n;
}

int ui_text(int y, int x, int maxw, enum role r, const char *s)
{
	if (!s || y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	if (maxw > COLS - x)
		maxw = COLS - x;
	if (maxw <= 0)
		return 0;
	char *clean = as_drawn(s);
	if (!clean)
		return 0;
	int used = 0;
	size_t n = text_fit(clean, maxw, &used);
	attr_t a = role_attr(r);
	attron(a);
	mvaddnstr(y, x, clean, (int)n);
	attroff(a);
	free(clean);
	return used;
}

/* ui_wrap_groups, drawing or (draw false) only counting its rows. */
static int wrap_groups(int y, int y1, int x, int w, enum role r, const char *s, bool draw)
{
	char row[1024] = "";
	int used = 0;
	for (const char *g = s ? s : ""; *g && y < y1;) {
		const char *end = strstr(g, "  ");
		size_t len = end ? (size_t)(end - g) : strlen(g);
		char group[256];
		snprintf(group, sizeof group, "%.*s", (int)len, g);
		int gw = text_width(group);
		bool last = y + 1 >= y1;   /* the last row: the rest runs on, cut below */
		if (used && used + 2 + gw > w && !last) {   /* the next group starts a row */
			if (draw)
				ui_text(y, x, w, r, row);
			y++;
			row[0] = '\0';
			used = 0;
			last = y + 1 >= y1;
		}
		if (gw > w && !used && !last) {   /* too wide alone: its words wrap */
			struct text_lines tl = { 0 };
			text_wrap(group, w, &tl);
			int rows = (int)tl.n < y1 - y ? (int)tl.n : y1 - y;
			text_lines_free(&tl);
			if (draw)
				ui_wrap(y, y + rows, x, w, r, group);
			y += rows;
		} else {
			size_t l = strlen(row);
			snprintf(row + l, sizeof row - l, "%s%s", used ? "  " : "", group);
			used += (used ? 2 : 0) + gw;
		}
		g += len;
		while (*g == ' ')
			g++;
	}
	if (used && y < y1) {
		if (draw)   /* wider than w only on the last row: cut with an ellipsis */
			ui_text_fit(y, x, w, r, row);
		y++;
	}
	return y;
}

int ui_wrap_groups(int y, int y1, int x, int w, enum role r, const char *s)
{
	return wrap_groups(y, y1, x, w, r, s, true);
}

int ui_groups_rows(const char *s, int w)
{
	return wrap_groups(0, 1 << 20, 0, w, C_NORMAL, s, false);
}

int ui_key_lines(const char *help, int y1, bool draw)
{
	int n = ui_groups_rows(help, COLS - 2);
	n = n > 8 ? 8 : n;
	if (draw)
		wrap_groups(y1 - n, y1, 1, COLS - 2, C_DIM, help, true);
	return n;
}

/* Whether the cell at y,x starts a double-width character. */
static bool wide_at(int y, int x)
{
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1] = { 0 };
	attr_t a;
	short pair;
	if (x < 0 || x >= COLS || mvin_wch(y, x, &cc) == ERR ||
	    getcchar(&cc, wc, &a, &pair, NULL) == ERR)
		return false;
	return wc[0] && wcwidth(wc[0]) == 2;
}

int ui_text_over(int y, int x, int maxw, enum role r, const char *s)
{
	/* a wide character cut in two by either end of s is blanked whole,
	 * so the terminal and curses never disagree about half of one */
	bool left = wide_at(y, x - 1);
	int w = text_width(s) < maxw ? text_width(s) : maxw;
	bool right = wide_at(y, x + w - 1);
	if (left)
		ui_text(y, x - 1, 1, C_NORMAL, " ");
	int used = ui_text(y, x, maxw, r, s);
	if (right && x + used < COLS)
		ui_text(y, x + used, 1, C_NORMAL, " ");
	return used;
}

/* Draws glyph g n times from y,x. */
static void glyph_run(int y, int x, int n, enum glyph g, enum role r)
{
	const char *s = ui_glyph(g);
	size_t gl = strlen(s);
	if (n <= 0)
		return;
	char *buf = malloc(gl * (size_t)n + 1);
	if (!buf)
		return;
	for (int i = 0; i < n; i++)
		memcpy(buf + gl * (size_t)i, s, gl);
	buf[gl * (size_t)n] = '\0';
	ui_text(y, x, n, r, buf);
	free(buf);
}

void ui_hline(int y, int x, int w, enum role r)
{
	glyph_run(y, x, w, G_HLINE, r);
}

void ui_box(int y, int x, int h, int w, enum role r)
{
	if (h < 2 || w < 2)
		return;
	ui_text(y, x, 1, r, ui_glyph(G_TL));
	glyph_run(y, x + 1, w - 2, G_HLINE, r);
	ui_text(y, x + w - 1, 1, r, ui_glyph(G_TR));
	for (int i = 1; i < h - 1; i++) {
		ui_text(y + i, x, 1, r, ui_glyph(G_VLINE));
		ui_text(y + i, x + w - 1, 1, r, ui_glyph(G_VLINE));
	}
	ui_text(y + h - 1, x, 1, r, ui_glyph(G_BL));
	glyph_run(y + h - 1, x + 1, w - 2, G_HLINE, r);
	ui_text(y + h - 1, x + w - 1, 1, r, ui_glyph(G_BR));
}

void ui_fill(int y, int x, int h, int w, enum role r)
{
	if (w <= 0 || h <= 0)
		return;
	attr_t a = role_attr(r);
	attron(a);
	for (int i = 0; i < h; i++)
		mvhline(y + i, x, ' ', w);
	attroff(a);
}

/* A bar across the whole row: left text, right text right-aligned; the
 * right text (key hints) keeps its room, the left text gets what is left. */
static void bar_to(int y, int cols, enum role r, const char *left, const char *right)
{
	ui_fill(y, 0, 1, COLS, r);   /* the bar's colour across, its text within cols */
	int rw = right && *right ? ui_width(right) : 0;
	if (rw > cols - 2)
		rw = cols - 2;
	if (rw)
		ui_text(y, cols - 1 - rw, rw, r, right);
	int room = cols - 2 - rw - (rw ? 2 : 0);
	if (left && *left && room > 0 && ui_width(left) > room)
		ui_text_more(y, 1, room, r, left);   /* a cut title ends in … */
	else if (left && *left && room > 0)
		ui_text(y, 1, room, r, left);
}

static void bar(int y, enum role r, const char *left, const char *right)
{
	bar_to(y, ui_cols(), r, left, right);
}

/* The title row's mark (ui_title_mark), drawn at its right end. */
static const char *title_mark;

void ui_title_mark(const char *mark)
{
	title_mark = mark && *mark ? mark : NULL;
}

void ui_title(const char *title, const char *right)
{
	int mw = title_mark ? ui_width(title_mark) : 0, w = ui_cols();
	if (mw > w / 3)
		mw = 0;
	bar_to(0, w - mw, C_TITLE, title, right);
	if (mw)
		ui_text(0, w - mw, mw, C_WRONG, title_mark);
}

/* Columns left of the hints for a message on the status row. */
static int status_room(const char *hints)
{
	int hw = hints && *hints ? ui_width(hints) : 0;
	return ui_cols() - 2 - hw - (hw ? 2 : 0);
}

/* Whether msg (as drawn) shares the bottom row with the hints. */
static bool status_one_row(const char *msg, int room)
{
	return !msg || text_width(msg) <= room || LINES < 3;
}

int ui_status_rows(const char *left, const char *hints)
{
	char *msg = left && *left ? as_drawn(left) : NULL;
	int rows = status_one_row(msg, status_room(hints)) ? 1 : 2;
	free(msg);
	return rows;
}

/* s (as drawn) in w columns at y, x: whole when it fits, else shortened on
 * a word boundary (a space, or between CJK characters) and ended with an
 * ellipsis, never cut inside a word or a character. */
static void status_text(int y, int x, int w, const char *s)
{
	if (text_width(s) <= w) {
		ui_text(y, x, w, C_STATUS, s);
		return;
	}
	const char *ell = ui_glyph(G_ELLIPSIS);
	int ew = text_width(ell), used = 0;
	if (w <= ew)
		return;
	size_t n = text_shorten(s, w - ew, &used);
	char *cut = strndup(s, n);
	if (!cut)
		return;
	ui_text(y, x, used, C_STATUS, cut);
	ui_text(y, x + used, ew, C_STATUS, ell);
	free(cut);
}

/* The status bar.  The hints are always on the bottom row, the status
 * line; a message shares it when it fits beside them.  A longer one starts
 * on the row above, inside the bar, wrapped on a word boundary: all of it
 * there when it fits one row, else its first line there and the rest
 * beside the hints, shortened with an ellipsis when even that is too
 * little.  Nothing is drawn below the hints, and hints are never dropped. */
void ui_status(const char *left, const char *hints)
{
	int room = status_room(hints), full = ui_cols() - 2;
	char *msg = left && *left ? as_drawn(left) : NULL;
	if (status_one_row(msg, room)) {
		bar(LINES - 1, C_STATUS, NULL, hints);
		if (msg && room > 0)
			status_text(LINES - 1, 1, room, msg);
		free(msg);
		return;
	}
	bar(LINES - 2, C_STATUS, NULL, NULL);
	bar(LINES - 1, C_STATUS, NULL, hints);
	size_t cut = text_width(msg) <= full ? strlen(msg) : text_shorten(msg, full, NULL);
	const char *rest = msg + cut;
	while (*rest == ' ')
		rest++;
	if (*rest && room < 8) { /* no room beside the hints: the top row says there is more */
		status_text(LINES - 2, 1, full, msg);
		free(msg);
		return;
	}
	char *top = strndup(msg, cut);
	if (top)
		ui_text(LINES - 2, 1, full, C_STATUS, top);
	free(top);
	if (*rest)
		status_text(LINES - 1, 1, room, rest);
	free(msg);
}

int ui_cols(void)
{
	return COLS < UI_READABLE ? COLS : UI_READABLE;
}

bool ui_too_small(void)
{
	if (COLS >= 60 && LINES >= 20)
		return false;
	char msg[128];
	const char *x = ui_ascii() ? "x" : "×";
	snprintf(msg, sizeof msg, tr(MSG_TOO_SMALL), x, COLS, x, LINES);
	erase();
	struct text_lines tl = { 0 };
	text_wrap(msg, COLS > 0 ? COLS : 1, &tl);
	int y0 = LINES > (int)tl.n ? (LINES - (int)tl.n) / 2 : 0;
	for (size_t i = 0; i < tl.n; i++) {
		int w = ui_width(tl.line[i]);
		ui_text(y0 + (int)i, w < COLS ? (COLS - w) / 2 : 0, COLS, C_NORMAL, tl.line[i]);
	}
	text_lines_free(&tl);
	return true;
}
