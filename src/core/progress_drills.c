/* progress_drills: the drills' part of progress.yaml (format 3 on; see
 * progress.h): one flow mapping per drill the learner has touched,
 *
 *   drills:
 *     - {id: vector-add, attempts: 3, hints: 1, passed: true, fast: false,
 *        gave_up: false, on_gpu: false, best_ms: 0, device: ""}
 *
 * written before `speedups` (which stays last, so a file cut short is
 * still caught as corrupt). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "progress.h"

struct drill_record *progress_drill(struct progress *p, const char *id)
{
	for (size_t i = 0; i < p->ndrills; i++)
		if (!strcmp(p->drills[i].id, id))
			return &p->drills[i];
	if (p->ndrills == PROGRESS_MAX_DRILLS || strlen(id) >= sizeof p->drills[0].id)
		return NULL;
	struct drill_record *r = &p->drills[p->ndrills++];
	memset(r, 0, sizeof *r);
	snprintf(r->id, sizeof r->id, "%s", id);
	return r;
}

const struct drill_record *progress_drill_find(const struct progress *p, const char *id)
{
	for (size_t i = 0; i < p->ndrills; i++)
		if (!strcmp(p->drills[i].id, id))
			return &p->drills[i];
	return NULL;
}

/* an id or device name: printable ASCII but quotes and backslashes */
static void put_word(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++)
		if (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\')
			fputc(*s, f);
	fputc('"', f);
}

void progress_drills_write(FILE *f, const struct progress *p)
{
	fputs(p->ndrills ? "drills:\n" : "drills: []\n", f);
	for (size_t i = 0; i < p->ndrills; i++) {
		const struct drill_record *r = &p->drills[i];
		fputs("  - {id: ", f);
		put_word(f, r->id);
		fprintf(f, ", attempts: %d, hints: %d, passed: %s, fast: %s, gave_up: %s, on_gpu: %s, "
			   "best_ms: %.6g, device: ",
			r->attempts < 0 ? 0 : r->attempts, r->hints < 0 ? 0 : r->hints,
			r->passed ? "true" : "false", r->fast ? "true" : "false",
			r->gave_up ? "true" : "false", r->on_gpu ? "true" : "false",
			isfinite(r->best_ms) && r->best_ms > 0 ? r->best_ms : 0.0);
		put_word(f, r->device);
		fputs("}\n", f);
	}
}

static bool word(const struct doc_node *m, const char *k, char *out, size_t size)
{
	const struct doc_node *n = doc_get(m, k);
	if (!n || n->type != DOC_SCALAR || strlen(n->str) >= size)
		return false;
	snprintf(out, size, "%s", n->str);
	return true;
}

static bool flag(const struct doc_node *m, const char *k, bool *out)
{
	const struct doc_node *n = doc_get(m, k);
	if (!n || n->type != DOC_SCALAR || (strcmp(n->str, "true") && strcmp(n->str, "false")))
		return false;
	*out = !strcmp(n->str, "true");
	return true;
}

static bool count(const struct doc_node *m, const char *k, int *out)
{
	const struct doc_node *n = doc_get(m, k);
	char *end;
	if (!n || n->type != DOC_SCALAR)
		return false;
	long v = strtol(n->str, &end, 10);
	if (*end || end == n->str || v < 0 || v > 1000000)
		return false;
	*out = (int)v;
	return true;
}

bool progress_drills_read(const char *file, const struct doc_node *seq, struct progress *p)
{
	(void)file;
	if (!seq || seq->type != DOC_SEQ || seq->n > PROGRESS_MAX_DRILLS)
		return false;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct drill_record r = { 0 };
		const struct doc_node *ms = m->type == DOC_MAP ? doc_get(m, "best_ms") : NULL;
		char *end = NULL;
		if (m->type != DOC_MAP || !word(m, "id", r.id, sizeof r.id) || !r.id[0] ||
		    !count(m, "attempts", &r.attempts) || !count(m, "hints", &r.hints) ||
		    !flag(m, "passed", &r.passed) || !flag(m, "fast", &r.fast) ||
		    !flag(m, "gave_up", &r.gave_up) || !flag(m, "on_gpu", &r.on_gpu) || !ms ||
		    ms->type != DOC_SCALAR || !word(m, "device", r.device, sizeof r.device))
			return false;
		r.best_ms = strtod(ms->str, &end);
		if (*end || !(r.best_ms >= 0) || progress_drill_find(p, r.id))
			return false;
		p->drills[p->ndrills++] = r;
	}
	return true;
}
