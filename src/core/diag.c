/* diag: the list of positioned errors that loaders append to and commands
 * print.  Messages are kept on one line and cleaned of anything a terminal
 * would interpret, because they quote text from files (keys, ids, names). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "text.h"

/* A message is one line of clean text: text_sanitize drops controls, C1
 * and bidi overrides and replaces invalid UTF-8; the newlines and tabs it
 * keeps become spaces here. */
static char *clean_line(const char *s)
{
	char *t = text_sanitize(s, (size_t)-1);
	for (char *p = t; p && *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
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
	/* a problem of the file as a whole is at 1:1, so every line parses */
	snprintf(buf, size, "%s:%d:%d: error: %s", e->file, e->line > 0 ? e->line : 1,
		 e->col > 0 ? e->col : 1, e->msg);
}

/* One line per entry, formatted by diag_format into a buffer sized for
 * it, so the two never disagree and a long path is never cut. */
void diags_print(const struct diags *d, FILE *out)
{
	for (size_t i = 0; d && i < d->n; i++) {
		const struct diag *e = &d->v[i];
		size_t size = strlen(e->file) + strlen(e->msg) + 64;
		char *line = malloc(size);
		if (!line)
			return;
		diag_format(e, line, size);
		fprintf(out, "%s\n", line);
		free(line);
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
