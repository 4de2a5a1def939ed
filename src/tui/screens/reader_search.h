/* reader_search: the reader's search prompt, as in less and man: `/`
 * opens it on the status line, the learner types, Enter searches and
 * Esc cancels.  This holds the text being typed and the text searched
 * for; the finding is lesson_find.c's and the jumping the reader's. */
#ifndef CK_READER_SEARCH_H
#define CK_READER_SEARCH_H
#include <stdbool.h>
#include <stddef.h>
#include "keys.h"

struct rsearch {
	bool typing;        /* the prompt is open */
	char typed[64];     /* what is typed so far, UTF-8 */
	char query[64];     /* the text searched for; "" when no search is on */
};

/* Opens the prompt, empty. */
void rsearch_open(struct rsearch *s);
/* One key while the prompt is open: 1 when Enter submitted a text (then
 * query holds it), -1 when Esc (or Enter on nothing) closed the prompt, 0
 * while typing goes on.  Every key is taken: q, n, ? are letters here. */
int rsearch_type(struct rsearch *s, const struct input *in);
/* The status line while typing: "/text" and the keys that work. */
void rsearch_prompt(const struct rsearch *s, char *left, size_t lsize, char *hints, size_t hsize);
#endif
