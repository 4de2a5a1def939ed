/* fuzz.h: what the fuzz targets share.
 *
 * Each fuzz/fuzz_<target>.c defines LLVMFuzzerInitialize and
 * LLVMFuzzerTestOneInput.  clang's libFuzzer drives them in `make fuzz`;
 * fuzz/replay.c drives the same code over the committed regression corpus
 * in `make test`, built with the normal compiler (and ASan/UBSan when
 * SANITIZE=1), so the suite needs neither clang nor libFuzzer.
 *
 * A target aborts when a documented invariant breaks (FUZZ_CHECK), so a
 * broken promise is a finding just like a crash or a leak. */
#ifndef CK_FUZZ_H
#define CK_FUZZ_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "text.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                              \
	do {                                                                          \
		if (!(cond)) {                                                        \
			fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,    \
				__LINE__, #cond);                                     \
			abort();                                                      \
		}                                                                     \
	} while (0)

/* True when s holds nothing text_sanitize removes (text.h): valid UTF-8,
 * no C0 control but newline and tab, no DEL, no C1 control, no bidi
 * override or isolate.  NULL counts as clean. */
static inline bool fuzz_clean(const char *s)
{
	size_t bad;
	if (!s)
		return true;
	if (!text_valid_utf8(s, strlen(s), &bad))
		return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
			return false;
		if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			return false;
		if (p[0] == 0xe2 && p[1] == 0x80 && p[2] >= 0xaa && p[2] <= 0xae)
			return false;
		if (p[0] == 0xe2 && p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
			return false;
	}
	return true;
}

/* The path of the target's private directory (fuzz_private_dir). */
static inline char *fuzz_dir_buf(void)
{
	static char path[4096];
	return path;
}

static inline void fuzz_dir_remove(void)
{
	rmdir(fuzz_dir_buf());
}

/* Makes a private directory under $TMPDIR (or /tmp) named after the target,
 * removed at exit (the target leaves it empty), and returns its path. */
static inline const char *fuzz_private_dir(const char *target)
{
	char *dir = fuzz_dir_buf();
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, 4096, "%s/ck-fuzz-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", target);
	FUZZ_CHECK(mkdtemp(dir) != NULL);
	atexit(fuzz_dir_remove);
	return dir;
}

/* A NUL-terminated copy of the input (caller frees); aborts when out of memory. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	FUZZ_CHECK(s != NULL);
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}
#endif
