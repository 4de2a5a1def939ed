/* ui: drawing helpers over ncurses shared by all screens.
 *
 * Colours are roles, mapped once in ui_init (none at all with --no-color or
 * NO_COLOR); drawing code never names a raw colour.  Glyphs have ASCII twins
 * chosen once at start (--ascii, or a non-UTF-8 locale).  All text is
 * measured with text.h and cropped to the columns given; a wide character
 * never straddles the right edge. */
#ifndef CK_UI_H
#define CK_UI_H
#include <stdbool.h>
#include "options.h"
#include "role.h"

enum glyph {
	G_HLINE, G_VLINE, G_TL, G_TR, G_BL, G_BR, G_TEE_L, G_TEE_R,
	G_BULLET, G_CHECK, G_CROSS, G_ARROW, G_BLOCK_FULL, G_BLOCK_LIGHT,
	G_ELLIPSIS, G_TICK, G_COUNT
};

void ui_init(const struct options *opt);   /* after initscr */
bool ui_ascii(void);
const char *ui_glyph(enum glyph g);        /* UTF-8 or ASCII twin */
/* Draws s (sanitized UTF-8) at y,x, cropped to maxw columns; returns columns used. */
int ui_text(int y, int x, int maxw, enum role r, const char *s);
/* ui_text, then every place the search text q occurs in s drawn again
 * in the match role (nothing more when q is NULL or ""). */
int ui_text_match(int y, int x, int maxw, enum role r, const char *s, const char *q);
/* ui_text_match where s fits in maxw columns, else cut with an ellipsis
 * (ui_text_more) and the places before the cut marked. */
void ui_text_match_more(int y, int x, int maxw, enum role r, const char *s, const char *q);
/* The last line that fits of a longer text: s cut to leave room for an
 * ellipsis, then the ellipsis, so the reader sees that more was there. */
void ui_text_more(int y, int x, int maxw, enum role r, const char *s);
/* s whole where it fits in maxw columns, else cut with ui_text_more: a
 * one-line label or legend entry never loses its end unseen. */
void ui_text_fit(int y, int x, int maxw, enum role r, const char *s);
/* s word-wrapped to w columns into rows y..y1-1 at x; when it needs more
 * rows, the last one ends in an ellipsis (ui_text_more).  Returns the next
 * row. */
int ui_wrap(int y, int y1, int x, int w, enum role r, const char *s);
/* The rows s takes word-wrapped to w columns (ui_wrap with room for all). */
int ui_wrap_rows(const char *s, int w);
/* s, groups two spaces apart ("A pinned-h2d  B pageable-d2h"), wrapped
 * between groups only (a group wider than w is word-wrapped on its own)
 * into rows y..y1-1 at x; on the last row the rest runs on and is cut with
 * an ellipsis.  Returns the next row. */
int ui_wrap_groups(int y, int y1, int x, int w, enum role r, const char *s);
/* The rows ui_wrap_groups takes for s at width w. */
int ui_groups_rows(const char *s, int w);
/* ui_text over something already drawn (a label carried over the map): a
 * double-width character either end would cut in half is blanked whole. */
int ui_text_over(int y, int x, int maxw, enum role r, const char *s);
/* Key help at the bottom of the screen, above the status bar: help is
 * groups ("s SMs") two spaces apart, wrapped between groups only, so no key
 * is parted from what it does.  Returns the rows it takes (drawn from
 * y1-rows to y1-1 when draw: y1 is the status bar's first row,
 * LINES - ui_status_rows(), so a two-row status never covers it). */
int ui_key_lines(const char *help, int y1, bool draw);
/* Columns s takes as ui_text draws it (after --ascii transliteration). */
int ui_width(const char *s);
void ui_attr_on(enum role r);
void ui_attr_off(enum role r);
void ui_box(int y, int x, int h, int w, enum role r);
void ui_hline(int y, int x, int w, enum role r);
void ui_fill(int y, int x, int h, int w, enum role r); /* spaces in that role */
/* Top title bar and bottom status/key-hint bar, drawn by every screen. */
void ui_title(const char *title, const char *right);
/* A mark every title row ends with until it is cleared (NULL or ""): the
 * app's "not saved" while progress cannot be saved.  Borrowed. */
void ui_title_mark(const char *mark);
/* The status bar: the hints always on the bottom row (the status line),
 * a message beside them when it fits; a longer message starts on the row
 * above (LINES-2), inside the bar, wrapped and shortened on a word
 * boundary with an ellipsis; nothing is ever drawn below the hints. */
void ui_status(const char *left, const char *hints);
/* How many rows ui_status will take for these (1, or 2 with a long message),
 * so a screen can stop its content above them. */
int ui_status_rows(const char *left, const char *hints);
/* The columns a screen's text and its title and status rows use: the
 * terminal's width up to a readable measure (UI_READABLE: the reader's
 * 100-column prose and its margins); on a wider terminal the rest of the
 * row stays empty, or keeps the bar's colour. */
#define UI_READABLE 104
int ui_cols(void);
/* What a position indicator counts. */
enum pos_unit { POS_LINES, POS_LESSONS, POS_ANSWERS, POS_PAGES };
/* The one position indicator of every screen that scrolls: a dim rule on
 * row y with "lines 1-21 of 37" at its right end (within ui_cols).  A
 * screen draws it on the rule that closes what scrolls, the row above the
 * status line (the menu: above its detail pane), never on or below the
 * status line.  first and last are 1-based; nothing but the rule when
 * total is 0. */
void ui_scroll_pos(int y, int first, int last, int total, enum pos_unit unit);
/* True (and draws the guard screen) when the terminal is below 60x20. */
bool ui_too_small(void);
#endif
