/* text_short: shortening text to a width on a word boundary (text.h), for
 * a status message or a row that must end in an ellipsis rather than
 * mid-word.  The break rules are text_wrap's: a space, next to a CJK
 * character, never inside a character or between a number and its unit. */
#include "text.h"

#include <string.h>

size_t text_shorten(const char *s, int cols, int *used)
{
	if (used)
		*used = 0;
	if (!s || cols <= 0)
		return 0;
	struct text_lines tl = { 0 };
	size_t n = 0;
	int w = 0;
	/* text_wrap's first line is a prefix of s (its start is s's start,
	 * its trailing spaces dropped), ending where a line may break */
	if (text_wrap(s, cols, &tl) > 0 && !strncmp(s, tl.line[0], strlen(tl.line[0]))) {
		n = strlen(tl.line[0]);
		w = text_width(tl.line[0]);
	}
	text_lines_free(&tl);
	if (!n || w > cols) /* nothing to break at: cut between characters */
		return text_fit(s, cols, used);
	if (used)
		*used = w;
	return n;
}
