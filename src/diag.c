/* diag: the list of positioned errors that loaders append to and commands
 * print.  Messages are kept on one line and cleaned of anything a terminal
 * would interpret, because they quote text from files (keys, ids, names). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"

/* Length of the valid UTF-8 sequence at s (1..4), 0 when invalid. */
static int utf8_len(const unsigned char *s, unsigned long *cp)
{
	int n = s[0] < 0x80 ? 1 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 :
		s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
	unsigned long c = n == 1 ? s[0] : n == 2 ? s[0] & 0x1F : n == 3 ? s[0] & 0x0F : s[0] & 0x07;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if ((n == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
	    (n == 4 && (c < 0x10000 || c > 0x10FFFF)))
		return 0;
	*cp = c;
	return n;
}

/* A message is one line of plain text: newlines and tabs become spaces;
 * C0/DEL/C1 controls and bidi overrides are dropped; a byte that is not
 * UTF-8 becomes '?'.  (The same rules as text_sanitize, kept here so this
 * bottom module depends on nothing.) */
static char *clean_line(const char *s)
{
	size_t len = strlen(s);
	char *t = malloc(len + 1), *o = t;
	if (!t)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		unsigned long c = 0;
		int n = utf8_len(p, &c);
		if (n == 0) {
			*o++ = '?';
			p++;
			continue;
		}
		if (c == '\n' || c == '\t' || c == '\r')
			*o++ = ' ';
		else if (!(c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) ||
			   (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))) {
			memcpy(o, p, (size_t)n);
			o += n;
		}
		p += n;
	}
	*o = '\0';
	return t;
}

static bool grow(struct diags *d)
{
	if (d->n < d->cap)
		return true;
	size_t cap = d->cap ? d->cap * 2 : 8;
	struct diag *v = realloc(d->v, cap * sizeof *v);
	if (!v)
		return false;
	d->v = v;
	d->cap = cap;
	return true;
}

void diags_add(struct diags *d, const char *file, int line, int col,
	       const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (!d || !grow(d))
		return;
	struct diag *e = &d->v[d->n];
	e->file = clean_line(file ? file : "-");
	e->msg = clean_line(buf);
	if (!e->file || !e->msg) {
		free(e->file);
		free(e->msg);
		return;
	}
	e->line = line > 0 ? line : 0;
	e->col = line > 0 && col > 0 ? col : 0;
	d->n++;
}

void diag_format(const struct diag *e, char *buf, size_t size)
{
	if (e->line > 0)
		snprintf(buf, size, "%s:%d:%d: error: %s", e->file, e->line,
			 e->col > 0 ? e->col : 1, e->msg);
	else
		snprintf(buf, size, "%s: error: %s", e->file, e->msg);
}

void diags_print(const struct diags *d, FILE *out)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		const struct diag *e = &d->v[i];
		if (e->line > 0)
			fprintf(out, "%s:%d:%d: error: %s\n", e->file, e->line,
				e->col > 0 ? e->col : 1, e->msg);
		else
			fprintf(out, "%s: error: %s\n", e->file, e->msg);
	}
}

void diags_free(struct diags *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].msg);
	}
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
}
