/* search: the search prompt and the finding in a list of rows, as in less
 * and man, shared by the reader, the help page, the quiz's level review
 * and the menu's search across lessons.  `/` opens the prompt on the
 * status line, the learner types (any script: the prompt holds UTF-8),
 * Enter searches and Esc cancels; while a search is on, n and N go to the
 * next and previous place, wrapping around with a word that says so, and
 * Esc ends it.  Matches are drawn in the match role (ui_text_match).
 *
 * This holds the text being typed and the text searched for, and finds
 * the next row of a list that holds it; what a row is, and moving to it,
 * are the screen's.  Matching is lesson_find.h's (a substring, ASCII
 * letters without case). */
#ifndef CK_SEARCH_H
#define CK_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include "keys.h"

struct search {
	bool typing;        /* the prompt is open */
	char typed[64];     /* what is typed so far, UTF-8 */
	char query[64];     /* the text searched for; "" when no search is on */
};

/* Opens the prompt, empty. */
void search_open(struct search *s);
/* One key while the prompt is open: 1 when Enter submitted a text (then
 * query holds it), -1 when Esc (or Enter on nothing) closed the prompt, 0
 * while typing goes on.  Every key is taken: q, n, ? are letters here. */
int search_type(struct search *s, const struct input *in);
/* While the prompt is open, draws it on the status line ("/text_" and the
 * keys that work) and returns true; false (nothing drawn) otherwise. */
bool search_status(const struct search *s);

/* The text of row i of a screen's list (NULL or "" for none). */
typedef const char *(*search_row_fn)(void *ctx, int i);
/* The next row after `from` (dir > 0) or before it (dir < 0) of n rows
 * whose text holds the query, wrapping around (*wrapped then true);
 * `from` itself is found last.  -1 when no row holds it.  from may be -1
 * (before the first row) to start a search from the top. */
int search_rows(const struct search *s, int n, int from, int dir, search_row_fn text, void *ctx,
		bool *wrapped);
/* How many of the n rows hold the query, and the rank (1-based) of row i
 * among them (0 when i holds none). */
int search_count(const struct search *s, int n, int i, search_row_fn text, void *ctx, int *rank);
/* The status line after a search: where the match is among the rows that
 * hold it ("\"text\": 2 of 5"), with the wrap said, or "not found". */
void search_say(const struct search *s, int found, int rank, int count, bool wrapped, int dir,
		char *buf, size_t size);
/* The wrap's words, " (past the end: from the top)", to add to a screen's
 * own message; "" when the search did not wrap. */
const char *search_wrap_note(bool wrapped, int dir);
#endif
