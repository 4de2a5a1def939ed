/* ladder_fill.h: a fixture whose rungs are named by their ladder rows,
 * filled in for a unit test.  @matmul:REGBLOCK@ is the id of the row
 * X(REGBLOCK, ...) of MM_LADDER (likewise @conv:ENUM@, @reduce:ENUM@), read
 * here through the X-macros, so renaming a rung in its header renames it in
 * every fixture.  The e2e scripts' twin is ladder_fill in
 * tests/e2e/ladder_lib.bash.  Header-only, like tap.h; not a template
 * language: anything else, '@' included, is copied as it is. */
#ifndef CK_TEST_LADDER_FILL_H
#define CK_TEST_LADDER_FILL_H
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "slurp.h"
#include "matmul/mm_ladder.h"
#include "conv/conv_ladder.h"
#include "reduce/reduce_ladder.h"

static const struct { const char *demo, *row, *id; } ladder_fill_rows[] = {
#define LF_MM_(e, id, ...) { "matmul", #e, id },
	MM_LADDER(LF_MM_)
#undef LF_MM_
#define LF_CONV_(e, id, ...) { "conv", #e, id },
	CONV_LADDER(LF_CONV_)
#undef LF_CONV_
#define LF_RD_(e, id, ...) { "reduce", #e, id },
	RD_LADDER(LF_RD_)
#undef LF_RD_
};

/* The id of a row ("reduce", "ATOMIC"), "" when the ladder has none: the
 * C side of ladder_id in ladder_lib.bash. */
static inline const char *ladder_row_id(const char *demo, const char *row)
{
	for (size_t i = 0; i < sizeof ladder_fill_rows / sizeof *ladder_fill_rows; i++)
		if (!strcmp(ladder_fill_rows[i].demo, demo) && !strcmp(ladder_fill_rows[i].row, row))
			return ladder_fill_rows[i].id;
	return "";
}

/* The id for the placeholder at p ("@demo:ENUM@..."), its length in *len;
 * NULL (with *len) when it has a placeholder's shape but names no row, NULL
 * with *len 0 when it is no placeholder at all. */
static inline const char *ladder_fill_id(const char *p, size_t *len)
{
	size_t d = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz");
	size_t e = p[1 + d] == ':' ? strspn(p + 2 + d, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") : 0;
	*len = 0;
	if (!d || !e || p[2 + d + e] != '@')
		return NULL;
	*len = d + e + 3;
	char demo[16], row[64];
	if (d >= sizeof demo || e >= sizeof row)
		return NULL; /* longer than any ladder's names */
	snprintf(demo, sizeof demo, "%.*s", (int)d, p + 1);
	snprintf(row, sizeof row, "%.*s", (int)e, p + 2 + d);
	const char *id = ladder_row_id(demo, row);
	return *id ? id : NULL;
}

/* Writes src (a path from the checkout's root) filled into a new file under
 * $TMPDIR (/tmp), its name in out (at least 64 bytes); the caller removes
 * it.  False, with a TAP comment naming the cause, when src cannot be read,
 * a placeholder names no ladder row, or the copy cannot be written. */
static inline bool ladder_fill(const char *src, char *out, size_t size)
{
	size_t n;
	char *text = slurp(src, 1 << 20, &n);
	const char *tmp = getenv("TMPDIR");
	int fd = -1;
	FILE *f = NULL;
	bool good = false;
	if (size)
		out[0] = '\0';
	if (!text) {
		printf("# ladder_fill: cannot read %s\n", src);
		return false;
	}
	snprintf(out, size, "%s/ck-fill.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if ((fd = mkstemp(out)) < 0 || !(f = fdopen(fd, "w"))) {
		printf("# ladder_fill: cannot write %s\n", out);
		goto done;
	}
	fd = -1;
	good = true;
	for (const char *p = text; *p;) {
		size_t len;
		const char *id = *p == '@' ? ladder_fill_id(p, &len) : (len = 0, NULL);
		if (id) {
			fputs(id, f);
			p += len;
			continue;
		}
		if (len) {
			printf("# ladder_fill: %s: no ladder row for %.*s\n", src, (int)len, p);
			good = false;
		}
		fputc(*p++, f);
	}
	good = !ferror(f) && good;
done:
	if (f && fclose(f))
		good = false;
	if (fd >= 0)
		close(fd);
	if (!good && out[0])
		remove(out);
	free(text);
	return good;
}
#endif
