/* diag: errors as values with a position.
 *
 * Loaders never print and never exit: they append to a `struct diags`, and
 * the caller decides (lint prints every entry, the menu shows the first one
 * of a broken lesson).  Lines and columns are 1-based, ready to print as
 * FILE:LINE:COL; 0 means "no position" (e.g. a file that cannot be opened),
 * printed as 1:1 (the file as a whole). */
#ifndef CK_DIAG_H
#define CK_DIAG_H
#include <stddef.h>
#include <stdio.h>

struct diag {
	char *file;  /* owned */
	int line, col;
	char *msg;   /* owned, one line, sanitized */
};

/* Invariant: v[0..n) are valid; cap >= n.  Zero-initialise before use. */
struct diags {
	struct diag *v;
	size_t n, cap;
};

#if defined(__GNUC__)
#define CK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CK_PRINTF(a, b)
#endif

void diags_add(struct diags *d, const char *file, int line, int col,
	       const char *fmt, ...) CK_PRINTF(5, 6);
/* Prints "FILE:LINE:COL: error: MSG\n" per entry (FILE:1:1 without a position). */
void diags_print(const struct diags *d, FILE *out);
/* Formats entry i as above into buf (no newline). */
void diag_format(const struct diag *e, char *buf, size_t size);
void diags_free(struct diags *d); /* accepts NULL; leaves d empty and reusable */
#endif
