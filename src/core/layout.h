/* layout: turns one page of a lesson into display lines for a given width.
 *
 * Pure (no ncurses) so it is unit-tested: the reader draws these lines and
 * nothing else, and a resize is only a new layout.  Widths are display
 * columns from text.h.  Code lines are never wrapped (the reader crops them
 * with a marker); everything else is wrapped to fit. */
#ifndef CK_LAYOUT_H
#define CK_LAYOUT_H
#include <stdbool.h>
#include <stddef.h>
#include "lesson.h"
#include "role.h"

enum lkind {
	L_BLANK,
	L_TEXT,     /* text at indent, in role; bullet: a list bullet at indent-2 */
	L_BAR,      /* a note: a bar at 0, text at indent */
	L_CODE,     /* one source line (tabs expanded), in_comment at its start */
	L_BOX_TOP,  /* a box of width boxw; text is an optional label in the border */
	L_BOX_MID,
	L_BOX_BOT,
	L_FACT,     /* text (key) in a column of keyw, text2 (value) after it */
};

struct lline {
	enum lkind kind;
	enum role role;
	int indent;
	char *text, *text2;  /* owned, may be NULL */
	int keyw, boxw;
	bool bullet, in_comment;
	int item;            /* index of the page item it comes from, -1 for none */
	int link;            /* index into links, -1 for none */
};

/* Something Enter can open from the page: a block, a demo or a lesson. */
struct llink {
	char target[64];
	int first, last;     /* its lines */
	bool block;          /* a block or demo (as opposed to a `see` lesson) */
};

struct layout {
	struct lline *line;
	size_t n, cap;
	struct llink *link;
	size_t nlinks, linkcap;
	int width;
	bool ascii;          /* texts were transliterated (text_asciify) before measuring */
};

/* Lays out page `page` of l at width columns (at least 20).  `see` links
 * (and, on the last page, the lesson's see list) show the target's title
 * from c; ascii picks the ASCII arrow and lays out the texts as --ascii
 * draws them (text_asciify), so widths are those of what is drawn.  Table
 * cells break a long identifier after '.', '_' or '/' before breaking
 * inside a name.  Out of memory gives a shorter page,
 * never a crash.  The caller frees with layout_free. */
bool layout_page(struct layout *out, const struct lesson *l, size_t page,
		 const struct course *c, int width, bool ascii);
void layout_free(struct layout *lay); /* accepts NULL; leaves it empty */
/* The link that Enter/o opens on a page laid out in lay, shown from line
 * top, h lines high, link `focus` focused (-1: none): the focused link if
 * it is in view; else the page's block or demo (the first one in view, or
 * off screen the one nearest the top of the view: help promises "the block
 * on this page"); else the first `see` link in view.  -1 for none. */
int layout_pick_link(const struct layout *lay, int focus, int top, int h);
/* The first line that comes from item (or the closest later one). */
size_t layout_item_line(const struct layout *lay, int item);
#endif
