/* drill_view: what the drill screen shows below its title, and how: a
 * text (the statement, the hints, the reference, a check's report) that
 * scrolls, wrapped with a hanging indent; a report coloured line by line
 * and its verdict kept on the last row while the report does not fit.
 * No state of its own beyond struct drill_page. */
#ifndef CK_DRILL_VIEW_H
#define CK_DRILL_VIEW_H
#include <stddef.h>

enum drill_body { DRILL_BODY_TEXT, DRILL_BODY_REPORT };

/* Invariant: body and verdict are malloc'd (or NULL) and owned here;
 * verdict only with a report. */
struct drill_page {
	enum drill_body kind;
	char *body;
	char *verdict;
	int top;          /* the first row shown; clamped when drawn */
};

/* Takes body and verdict (either may be NULL) and scrolls to the top. */
void drill_page_set(struct drill_page *p, enum drill_body kind, char *body, char *verdict);
void drill_page_free(struct drill_page *p);   /* accepts NULL */
/* Draws rows 2 .. bottom-1; pos gets "FIRST-LAST/ALL" (the rows shown)
 * when the page does not fit, else "". */
void drill_page_draw(struct drill_page *p, int bottom, char *pos, size_t size);
#endif
