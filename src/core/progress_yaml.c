/* progress_yaml: the YAML form of struct progress, without files: the
 * reader here, the writer in progress_write.c.
 *
 * The writer prints YAML by hand (every string double-quoted and escaped,
 * so no value can change the document's structure); the reader goes
 * through doc.c and its limits.  A document we cannot fully trust is never
 * half-used: in our own format any problem (syntax, unknown key, wrong
 * type, value out of range) makes the whole document corrupt.  Only a
 * document from a newer format is read leniently (what can be read is
 * kept, the rest skipped), and it is marked readonly.
 *
 * Numbers are read and written in the "C" numeric locale, so a learner
 * with a comma decimal separator still gets a file that loads. */
#include "progress.h"

#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "progress_yaml.h"
#include "text.h"

/* ---- reading --------------------------------------------------------- */

struct rd {
	const char *file;
	struct diags tmp;  /* scratch: problems make the file corrupt; they are not the caller's errors */
	bool lenient;      /* a newer format: skip what we cannot read */
	bool bad;          /* a problem in our own format: the whole file is corrupt */
};

static bool rd_fail(struct rd *r)
{
	if (!r->lenient)
		r->bad = true;
	return false;
}

/* Each rd_* leaves *out unchanged when key is absent (true) or wrong (false). */
static bool rd_int(struct rd *r, const struct doc_node *m, const char *key, long min, long max, int *out)
{
	const struct doc_node *n = doc_get(m, key);
	long v;
	if (!n)
		return true;
	if (!doc_int(r->file, n, min, max, &v, &r->tmp))
		return rd_fail(r);
	*out = (int)v;
	return true;
}

/* A counter: any value 0..INT_MAX is valid, one above PROGRESS_COUNT_MAX
 * is taken as the bound (counting on from there cannot overflow). */
static bool rd_count(struct rd *r, const struct doc_node *m, const char *key, int *out)
{
	bool good = rd_int(r, m, key, 0, INT_MAX, out);
	if (*out > PROGRESS_COUNT_MAX)
		*out = PROGRESS_COUNT_MAX;
	return good;
}

static bool rd_bool(struct rd *r, const struct doc_node *m, const char *key, bool *out)
{
	const struct doc_node *n = doc_get(m, key);
	if (n && !doc_bool(r->file, n, out, &r->tmp))
		return rd_fail(r);
	return true;
}

static bool rd_double(struct rd *r, const struct doc_node *m, const char *key, double *out)
{
	const struct doc_node *n = doc_get(m, key);
	double v;
	if (!n)
		return true;
	if (!doc_double(r->file, n, &v, &r->tmp) || !(v >= 0 && v <= PROGRESS_MAX_POINTS))
		return rd_fail(r);
	*out = v;
	return true;
}

/* A string, sanitized; one that does not fit is wrong, not truncated. */
static bool rd_str(struct rd *r, const struct doc_node *m, const char *key, char *out, size_t size)
{
	const struct doc_node *n = doc_get(m, key);
	const char *s;
	if (!n)
		return true;
	if (!doc_str(r->file, n, &s, &r->tmp))
		return rd_fail(r);
	char *clean = text_sanitize(s, n->len);
	bool fits = clean && strlen(clean) < size;
	if (fits)
		strcpy(out, clean);
	free(clean);
	return fits || rd_fail(r);
}

/* In our own format every mapping must match its schema exactly. */
static bool rd_map(struct rd *r, const struct doc_node *m, const struct doc_field *f, size_t n)
{
	if (!m || m->type != DOC_MAP)
		return rd_fail(r);
	if (!r->lenient && !doc_check_map(r->file, m, f, n, &r->tmp))
		return rd_fail(r);
	return true;
}

/* True when seq is a sequence of at most max items to read; an absent one
 * is nothing to read, anything else a problem. */
static bool rd_seq(struct rd *r, const struct doc_node *seq, size_t max)
{
	if (!seq)
		return false;
	if (seq->type != DOC_SEQ || seq->n > max)
		return rd_fail(r);
	return true;
}

static void read_lessons(struct rd *r, const struct doc_node *seq, struct progress *p)
{
	static const struct doc_field f[] = {
		{ "id", DOC_SCALAR, true }, { "page", DOC_SCALAR, false }, { "done", DOC_SCALAR, false }, { "item", DOC_SCALAR, false }, { "line", DOC_SCALAR, false }, { "unread", DOC_SCALAR, false }, /* format 4 on */
	};
	if (!rd_seq(r, seq, PROGRESS_MAX_LESSONS))
		return;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct lesson_progress l = { .page = 0 };
		if (!rd_map(r, m, f, sizeof f / sizeof *f) || !rd_str(r, m, "id", l.id, sizeof l.id))
			continue;
		bool dup = false;
		for (size_t k = 0; k < p->nlessons; k++)
			dup |= !strcmp(p->lessons[k].id, l.id);
		if (!l.id[0] || dup) {
			rd_fail(r);
			continue;
		}
		rd_int(r, m, "page", 0, PROGRESS_MAX_PAGE, &l.page);
		rd_int(r, m, "item", 0, PROGRESS_MAX_PAGE, &l.item);
		rd_int(r, m, "line", 0, PROGRESS_MAX_PAGE, &l.line);
		rd_bool(r, m, "done", &l.done);
		rd_str(r, m, "unread", l.unread, sizeof l.unread);
		p->lessons[p->nlessons++] = l;
	}
}

static void read_levels_into(struct rd *r, const struct doc_node *seq, struct level_progress *lv)
{
	static const struct doc_field f[] = {
		{ "best", DOC_SCALAR, false }, { "attempt", DOC_SCALAR, false },
		{ "question", DOC_SCALAR, false }, { "seed", DOC_SCALAR, false },
		{ "points", DOC_SCALAR, false }, { "max_points", DOC_SCALAR, false },
		{ "in_progress", DOC_SCALAR, false }, { "hint", DOC_SCALAR, false },
	};
	if (!rd_seq(r, seq, PROGRESS_LEVELS))
		return;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct level_progress *v = &lv[i];
		if (!rd_map(r, m, f, sizeof f / sizeof *f))
			continue;
		rd_int(r, m, "best", -1, 100, &v->best);
		rd_count(r, m, "attempt", &v->attempt);
		rd_int(r, m, "question", 0, PROGRESS_MAX_POINTS, &v->question);
		/* the seed is unsigned: read as a long, stored as unsigned */
		const struct doc_node *sn = doc_get(m, "seed");
		long sv;
		if (sn && doc_int(r->file, sn, 0, (long)UINT_MAX, &sv, &r->tmp))
			v->seed = (unsigned)sv;
		else if (sn)
			rd_fail(r);
		rd_int(r, m, "points", 0, PROGRESS_MAX_POINTS, &v->points);
		rd_int(r, m, "max_points", 0, PROGRESS_MAX_POINTS, &v->max_points);
		rd_bool(r, m, "in_progress", &v->in_progress);
		rd_bool(r, m, "hint", &v->hint);
		if (v->points > v->max_points)
			rd_fail(r);
	}
}

static void read_levels(struct rd *r, const struct doc_node *seq, struct progress *p)
{
	read_levels_into(r, seq, p->levels);
}

/* Format 2: each class's levels, by course key (a class directory's real
 * path; "" is the built-in course, which is `levels`). */
static void read_courses(struct rd *r, const struct doc_node *seq, struct progress *p)
{
	static const struct doc_field f[] = {
		{ "course", DOC_SCALAR, true }, { "levels", DOC_SEQ, true },
	};
	if (!rd_seq(r, seq, PROGRESS_MAX_COURSES - 1))
		return;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct course_levels c = { .course = "" };
		for (int k = 0; k < PROGRESS_LEVELS; k++)
			c.levels[k].best = -1;
		if (!rd_map(r, m, f, 2) || !rd_str(r, m, "course", c.course, sizeof c.course))
			continue;
		bool dup = !c.course[0];
		for (size_t k = 0; k < p->ncourses && !dup; k++)
			dup = !strcmp(p->courses[k].course, c.course);
		if (dup) {
			rd_fail(r);
			continue;
		}
		read_levels_into(r, doc_get(m, "levels"), c.levels);
		p->courses[p->ncourses++] = c;
	}
}

static void read_skills(struct rd *r, const struct doc_node *m, struct progress *p)
{
	static const struct doc_field each[] = { { "got", DOC_SCALAR, true }, { "max", DOC_SCALAR, true } };
	struct doc_field f[PROGRESS_SKILLS];
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		f[i] = (struct doc_field){ skill_names[i], DOC_MAP, false };
	if (!m || !rd_map(r, m, f, PROGRESS_SKILLS))
		return;
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		const struct doc_node *s = doc_get(m, skill_names[i]);
		double got = 0, max = 0;
		if (!s || !rd_map(r, s, each, 2))
			continue;
		if (rd_double(r, s, "got", &got) && rd_double(r, s, "max", &max) && got <= max) {
			p->skill_got[i] = got;
			p->skill_max[i] = max;
		} else {
			rd_fail(r);
		}
	}
}

static void read_gpumap(struct rd *r, const struct doc_node *m, struct progress *p)
{
	static const struct doc_field f[] = {
		{ "attempts", DOC_SCALAR, false }, { "correct", DOC_SCALAR, false },
	};
	if (!m || !rd_map(r, m, f, 2))
		return;
	rd_count(r, m, "attempts", &p->gpumap_attempts);
	rd_count(r, m, "correct", &p->gpumap_correct);
	if (p->gpumap_correct > p->gpumap_attempts)
		rd_fail(r);
}

/* Maps the document onto p.  False when the file cannot be used at all:
 * not a mapping, no usable format_version, or (our format) any problem.
 * In our format every top-level key is required and the writer puts
 * `speedups` last, so a file cut short at a line boundary, which would
 * still be valid YAML, is caught as corrupt too. */
static bool read_doc(struct rd *r, const struct doc_node *root, struct progress *p)
{
	static const struct doc_field f[] = {
		{ "format_version", DOC_SCALAR, true }, { "last", DOC_SCALAR, true }, { "lessons", DOC_SEQ, true }, { "levels", DOC_SEQ, true }, { "skills", DOC_MAP, true }, { "gpumap", DOC_MAP, true }, { "apis", DOC_SCALAR, true }, { "speedups", DOC_SCALAR, true }, { "courses", DOC_SEQ, false }, /* format 2 on: required below */
		{ "drills", DOC_SEQ, false },                                                                                                                                                                                                                                                             /* format 3 on: required below */
		{ "certificates", DOC_SEQ, false },                                                                                                                                                                                                                                                       /* format 4 on: required below */
	};
	long version;
	if (!root || root->type != DOC_MAP ||
	    !doc_int(r->file, doc_get(root, "format_version"), 1, INT_MAX, &version, &r->tmp))
		return false;
	r->lenient = version > PROGRESS_FORMAT;
	if (!rd_map(r, root, f, sizeof f / sizeof *f))
		return false;
	if (version >= 2 && !doc_get(root, "courses"))
		rd_fail(r);
	if (version < 2 && doc_get(root, "courses"))
		rd_fail(r);   /* format 1 had no courses: not a file we wrote */
	if ((version >= 3) != (doc_get(root, "drills") != NULL) ||
	    (doc_get(root, "drills") && !progress_drills_read(r->file, doc_get(root, "drills"), p) &&
	     !r->lenient))
		rd_fail(r);
	const struct doc_node *certs = doc_get(root, "certificates");
	if ((version >= 4) != (certs != NULL) || (certs && !progress_certs_read(certs, p) && !r->lenient))
		rd_fail(r);
	rd_str(r, root, "last", p->last, sizeof p->last);
	read_lessons(r, doc_get(root, "lessons"), p);
	read_levels(r, doc_get(root, "levels"), p);
	read_courses(r, doc_get(root, "courses"), p);
	read_skills(r, doc_get(root, "skills"), p);
	read_gpumap(r, doc_get(root, "gpumap"), p);
	rd_str(r, root, "apis", p->apis, sizeof p->apis);
	rd_str(r, root, "speedups", p->speedups, sizeof p->speedups);
	p->format_version = (int)version;
	p->readonly = r->lenient;
	return !r->bad;
}

bool progress_parse(const char *name, const char *buf, size_t len, struct progress *p)
{
	struct rd r = { .file = name };
	struct doc doc;
	locale_t old = (locale_t)0, c = progress_c_numeric_begin(&old);
	progress_init(p);
	bool good = doc_load_buffer(name, buf, len, &doc, &r.tmp) && read_doc(&r, doc.root, p);
	progress_c_numeric_end(c, old);
	doc_free(&doc);
	diags_free(&r.tmp);
	if (!good)
		progress_init(p);
	return good;
}
