/* progress_certs: the certificates' part of progress.yaml (format 4 on;
 * see progress.h): the newest certificate this learner wrote for each
 * course,
 *
 *   certificates:
 *     - {course: "", path: "/home/ann/certs/cudakitchen-certificate-ann-2026-12-03.txt",
 *        sha256: "<64 hex>", written: "2026-12-03T19:30:00Z"}
 *
 * written before `speedups` (which stays last, so a file cut short is
 * still caught as corrupt).  Not a list of every file in the certificate
 * folder: that folder may be a classroom's, shared by several learners. */
#include <stdlib.h>
#include <string.h>
#include "progress.h"
#include "progress_yaml.h"
#include "text.h"

const struct cert_record *progress_cert_find(const struct progress *p, const char *course)
{
	for (size_t i = 0; i < p->ncerts; i++)
		if (!strcmp(p->certs[i].course, course))
			return &p->certs[i];
	return NULL;
}

void progress_cert_set(struct progress *p, const struct cert_record *r)
{
	size_t at = p->ncerts;
	for (size_t i = 0; i < p->ncerts; i++)
		if (!strcmp(p->certs[i].course, r->course))
			at = i;
	if (at == PROGRESS_MAX_COURSES)
		at = 0;       /* full: the oldest record goes */
	if (at < p->ncerts) { /* the course's record (or the oldest) moves to the end */
		memmove(&p->certs[at], &p->certs[at + 1], (p->ncerts - at - 1) * sizeof *p->certs);
		p->ncerts--;
	}
	p->certs[p->ncerts++] = *r;
}

void progress_certs_write(FILE *f, const struct progress *p)
{
	fputs(p->ncerts ? "certificates:\n" : "certificates: []\n", f);
	for (size_t i = 0; i < p->ncerts && i < PROGRESS_MAX_COURSES; i++) {
		const struct cert_record *r = &p->certs[i];
		fputs("  - {course: ", f);
		progress_put_field(f, r->course, sizeof r->course);
		fputs(", path: ", f);
		progress_put_field(f, r->path, sizeof r->path);
		fputs(", sha256: ", f);
		progress_put_field(f, r->sha256, sizeof r->sha256);
		fputs(", written: ", f);
		progress_put_field(f, r->written, sizeof r->written);
		fputs("}\n", f);
	}
}

/* key's string, sanitized, into out[size]; false when absent, not a
 * string or too long (the writer never writes one that does not fit). */
static bool field(const struct doc_node *m, const char *key, char *out, size_t size)
{
	const struct doc_node *n = doc_get(m, key);
	if (!n || n->type != DOC_SCALAR)
		return false;
	char *clean = text_sanitize(n->str, n->len);
	bool fits = clean && strlen(clean) < size;
	if (fits)
		strcpy(out, clean);
	free(clean);
	return fits;
}

static bool is_hex64(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");
	return n == 64 && !s[n];
}

bool progress_certs_read(const struct doc_node *seq, struct progress *p)
{
	if (!seq || seq->type != DOC_SEQ || seq->n > PROGRESS_MAX_COURSES)
		return false;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct cert_record *r = calloc(1, sizeof *r);
		bool good = r && m->type == DOC_MAP && m->n == 4 && field(m, "course", r->course, sizeof r->course) && field(m, "path", r->path, sizeof r->path) && r->path[0] == '/' && field(m, "sha256", r->sha256, sizeof r->sha256) && is_hex64(r->sha256) && field(m, "written", r->written, sizeof r->written) && !progress_cert_find(p, r->course);
		if (good)
			p->certs[p->ncerts++] = *r;
		free(r);
		if (!good)
			return false;
	}
	return true;
}
