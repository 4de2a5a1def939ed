/* slurp.h: the unit tests' one way to read a whole small file (fixtures,
 * goldens, what a save wrote).  Header-only, like tap.h. */
#ifndef CK_TEST_SLURP_H
#define CK_TEST_SLURP_H
#include <stdio.h>
#include <stdlib.h>

/* The file's first max bytes in a malloc'd buffer (the caller frees), NUL
 * after them; *len gets their count.  NULL when the file cannot be opened. */
static inline char *slurp(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(max + 1);
	*len = buf ? fread(buf, 1, max, f) : 0;
	if (buf)
		buf[*len] = '\0';
	fclose(f);
	return buf;
}
#endif
