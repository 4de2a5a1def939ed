/* highlight: splits one line of CUDA C into tokens with a colour role, for
 * the reader's code blocks.  Pure (no ncurses), so it is unit-tested.  It
 * is a highlighter, not a parser: keywords, CUDA built-ins and API names,
 * comments (line and block, carried across lines), strings and character
 * literals, numbers and preprocessor lines. */
#ifndef CK_HIGHLIGHT_H
#define CK_HIGHLIGHT_H
#include <stdbool.h>
#include "role.h"

/* Returns the end of the token starting at p (p must not be at '\0') and
 * its role.  *in_comment carries an open block comment from token to token
 * and line to line; line_start is the start of the line p is in. */
const char *hl_next(const char *line_start, const char *p, bool *in_comment, enum role *role);
/* Whether a block comment is still open at the end of line. */
bool hl_line_end_in_comment(const char *line, bool in_comment);
#endif
