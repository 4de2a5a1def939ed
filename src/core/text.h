/* text: the one place that cleans, measures and wraps text.
 *
 * Every string that reaches the terminal or a file goes through
 * text_sanitize first.  Widths are display columns (wcwidth via mbrtowc in
 * the current LC_CTYPE, which main sets to a UTF-8 locale); never strlen.
 * No ncurses here: this module is pure and unit-tested. */
#ifndef CK_TEXT_H
#define CK_TEXT_H
#include <stdbool.h>
#include <stddef.h>

/* Returns a new string (caller frees) where C0 controls other than '\n' and
 * '\t', DEL, C1 controls (U+0080..U+009F), and every bidi control (the
 * marks ALM U+061C, LRM U+200E, RLM U+200F, the embeddings and overrides
 * U+202A..U+202E, the isolates U+2066..U+2069) are removed, and invalid UTF-8 bytes
 * become U+FFFD.  len may be (size_t)-1 for a NUL-terminated s. */
char *text_sanitize(const char *s, size_t len);

/* Returns a new ASCII-only string (caller frees; NULL when out of memory)
 * for --ascii and non-UTF-8 terminals: common symbols become their ASCII
 * spelling (· . × x ≈ ~ − - ‖ || ² ^2 ³ ^3 ᵀ ^T → -> ← <- ≤ <= ≥ >= … ...
 * “” " ‘’ ' — – - µ u), any other non-ASCII character one '?'.  Decodes
 * UTF-8 itself, so it works in any locale; invalid bytes become '?'.
 * Measure the result, not s: the widths differ. */
char *text_asciify(const char *s);

/* True when s is valid UTF-8 without NUL; *bad gets the byte offset of the
 * first problem. */
bool text_valid_utf8(const char *s, size_t len, size_t *bad);

/* Display columns of a (sanitized) UTF-8 string; tabs count as 1 here,
 * non-printable code points as 0. */
int text_width(const char *s);

/* The first character of s: its bytes (0 at the end), and its columns in
 * *w (may be NULL). */
size_t text_char(const char *s, int *w);

/* Bytes of s that fit in cols display columns without splitting a
 * character; a wide character that would straddle the edge is left out
 * whole.  *used (may be NULL) gets the columns taken. */
size_t text_fit(const char *s, int cols, int *used);

/* Bytes of s that fit in cols columns ending where text_wrap may break a
 * line (a space, next to a CJK character), so no word is cut, trailing
 * spaces left out; the whole of s's first line when it fits.  A first
 * word wider than cols is cut between characters (text_fit).  *used (may
 * be NULL) gets the columns taken.  For a text shortened with an
 * ellipsis (text_short.c). */
size_t text_shorten(const char *s, int cols, int *used);

/* Word-wraps s into lines of at most width columns.  Breaks at spaces;
 * between CJK characters; never inside a character; words longer than
 * width are broken at character boundaries.  Line-breaking rules: no line
 * starts with ，。、；：？！）」』》”’ (and their ASCII twins , . ; : ? ! ) ),
 * none ends with （「『《“‘ (.  Explicit '\n' ends a line; a blank line is kept
 * as an empty line.  Lines carry no trailing spaces.  Returns the count;
 * *out is a malloc'd array of malloc'd strings (free with text_lines_free). */
struct text_lines {
	char **line;
	size_t n;
};
size_t text_wrap(const char *s, int width, struct text_lines *out);

/* Prose as the reader gets it (lessons/README.md): a single '\n' becomes
 * a space, or nothing between two wide (CJK) characters and after
 * full-width punctuation (，。、：） etc.); a blank line (a paragraph break)
 * is kept; trailing newlines are dropped.  A new string (caller frees;
 * NULL when out of memory). */
char *text_reflow(const char *s);

/* A YAML folded (`>`) scalar's value in the form text_reflow reads, as a
 * literal (`|`) one would be: libyaml turns each single line break of a
 * folded scalar into a space and each blank line into one '\n', so here
 * each '\n' becomes a blank line again, and a single space that joins two
 * wide characters, or follows full-width punctuation, a '\n' that
 * text_reflow then joins tight.  A new string (caller frees; NULL when out
 * of memory). */
char *text_unfold(const char *s);
void text_lines_free(struct text_lines *l); /* accepts NULL */

/* A message written as a printf format that takes no argument ("%%lib")
 * as the text it prints ("%lib"), into buf. */
void text_unpercent(const char *fmt, char *buf, size_t size);
#endif
