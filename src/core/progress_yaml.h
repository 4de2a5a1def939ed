/* progress_yaml.h: what the writer (progress_write.c) and the reader
 * (progress_yaml.c) of progress.yaml share: the ranges the reader accepts
 * (so the writer never writes what it refuses), and the "C" numeric
 * locale both use, so a learner with a comma decimal separator still gets
 * a file that loads.  Internal to the core. */
#ifndef CK_PROGRESS_YAML_H
#define CK_PROGRESS_YAML_H
#include <locale.h>
#include <stdio.h>

#define PROGRESS_MAX_POINTS 1000000 /* quiz points and per-skill totals are far below this */
#define PROGRESS_MAX_PAGE 100000

/* Writes s (at most size bytes of it, cleaned and cut at a character
 * boundary to fit a field of size bytes) as a double-quoted YAML scalar
 * that the reader takes back unchanged (progress_write.c). */
void progress_put_field(FILE *f, const char *s, size_t size);

/* Switches this thread to the "C" numeric locale; the old one in *old.
 * Returns the locale to hand to progress_c_numeric_end (NULL: unchanged). */
static inline locale_t progress_c_numeric_begin(locale_t *old)
{
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	if (c)
		*old = uselocale(c);
	return c;
}

static inline void progress_c_numeric_end(locale_t c, locale_t old)
{
	if (c) {
		uselocale(old);
		freelocale(c);
	}
}
#endif
