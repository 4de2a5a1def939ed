/* fuzz target "progress": the progress file reader (progress_parse), and
 * the round trip through its writer.
 *
 * Invariants checked: whatever parses writes out as text that parses again
 * and writes out byte for byte the same (so a saved file never drifts or
 * turns corrupt on the next start); every string kept is sanitized; the
 * lesson count stays within its array. */
#include <locale.h>
#include "fuzz.h"
#include "progress.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "C.UTF-8");
	return 0;
}

/* p written as YAML into a new buffer (caller frees). */
static char *format(const struct progress *p, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	FUZZ_CHECK(f != NULL);
	FUZZ_CHECK(progress_format(f, p));
	FUZZ_CHECK(fclose(f) == 0);
	return buf;
}

static void check_strings(const struct progress *p)
{
	FUZZ_CHECK(p->nlessons <= PROGRESS_MAX_LESSONS);
	FUZZ_CHECK(fuzz_clean(p->last) && fuzz_clean(p->apis) && fuzz_clean(p->speedups));
	FUZZ_CHECK(fuzz_clean(p->notice));
	for (size_t i = 0; i < p->nlessons; i++)
		FUZZ_CHECK(fuzz_clean(p->lessons[i].id));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct progress *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	FUZZ_CHECK(a && b);
	if (progress_parse("fuzz", (const char *)data, size, a)) {
		check_strings(a);
		size_t n1, n2;
		char *t1 = format(a, &n1);
		FUZZ_CHECK(progress_parse("round-trip", t1, n1, b));
		check_strings(b);
		char *t2 = format(b, &n2);
		if (n1 != n2 || memcmp(t1, t2, n1)) {
			fprintf(stderr, "first write:\n%s\nsecond write:\n%s\n", t1, t2);
			FUZZ_CHECK(!"the round trip changed the file");
		}
		free(t1);
		free(t2);
	}
	free(a);
	free(b);
	return 0;
}
