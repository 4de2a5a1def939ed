/* page_lines: a lesson page's laid-out lines on the screen, for
 * screen_reader.c, which keeps the page, the place and the keys.
 * ncurses through ui.h; no state. */
#ifndef CK_PAGE_LINES_H
#define CK_PAGE_LINES_H
#include <stdbool.h>
#include "layout.h"

/* Line ln on row y, in the measure from column x, w wide; focused: a link
 * the learner moved to; hs: columns of a code line scrolled past (a … at
 * the left says so); q: the search text to mark, or NULL. */
void page_line_draw(int y, int x, int w, const struct lline *ln, bool focused, int hs,
		    const char *q);
/* The end-of-lesson marker on row y: a rule across the measure with msg
 * in its middle. */
void page_end_rule(int y, int x, int w, const char *msg);
#endif
