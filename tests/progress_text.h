/* progress_text.h: the unit tests' one way to see what a progress save
 * would write (progress_format into memory).  Header-only, like tap.h. */
#ifndef CK_TEST_PROGRESS_TEXT_H
#define CK_TEST_PROGRESS_TEXT_H
#include <stdio.h>
#include <stdlib.h>
#include "progress.h"

/* p as progress.yaml holds it, in a malloc'd buffer (the caller frees),
 * its length in *len; NULL when it cannot be written. */
static inline char *progress_text(const struct progress *p, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f)
		return NULL;
	bool good = progress_format(f, p);
	fclose(f);
	if (!good) {
		free(buf);
		return NULL;
	}
	return buf;
}
#endif
