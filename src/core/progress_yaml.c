/* progress_yaml: the YAML form of struct progress, without files.
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
#include "text.h"

#define MAX_POINTS 1000000     /* quiz points and per-skill totals are far below this */
#define MAX_PAGE 100000

static locale_t c_numeric_begin(locale_t *old)
{
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	if (c)
		*old = uselocale(c);
	return c;
}

static void c_numeric_end(locale_t c, locale_t old)
{
	if (c) {
		uselocale(old);
		freelocale(c);
	}
}

/* ---- writing --------------------------------------------------------- */

/* The writer only ever writes what the reader accepts, so a caller's slip
 * (a negative page, an over-long id) can never make the learner's own
 * file "corrupt" on the next start: values are clamped, strings cleaned
 * and cut to their field at a character boundary. */

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static double clampd(double v, double lo, double hi)
{
	return !(v >= lo) ? lo : v > hi ? hi : v;  /* NaN -> lo */
}

/* s (at most size bytes are looked at) sanitized into out[size], cut at a
 * character boundary so that it fits; what the reader will get back. */
static void clean_into(char *out, size_t size, const char *s)
{
	char *clean = text_sanitize(s, strnlen(s, size));
	size_t n = clean ? strlen(clean) : 0;
	if (n >= size) {
		n = size - 1;
		while (n > 0 && (clean[n] & 0xC0) == 0x80)
			n--;
	}
	if (n)
		memcpy(out, clean, n);
	out[n] = '\0';
	free(clean);
}

/* A YAML double-quoted scalar of clean text: '"', '\\', newline and tab
 * are escaped, and so are the few code points libyaml refuses to read even
 * inside quotes (U+FEFF, U+FFFE, U+FFFF). */
static void put_str(FILE *f, const char *clean)
{
	const unsigned char *c = (const unsigned char *)clean;
	fputc('"', f);
	for (; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if (*c == '\n')
			fputs("\\n", f);
		else if (*c == '\t')
			fputs("\\t", f);
		else if (c[0] == 0xEF && ((c[1] == 0xBB && c[2] == 0xBF) ||
					  (c[1] == 0xBF && (c[2] == 0xBE || c[2] == 0xBF)))) {
			fprintf(f, "\\u%04X", (c[0] & 0x0F) << 12 | (c[1] & 0x3F) << 6 | (c[2] & 0x3F));
			c += 2;
		} else
			fputc(*c, f);
	}
	fputc('"', f);
}

#define PUT_FIELD(f, field) do { \
		char buf_[sizeof(field)]; \
		clean_into(buf_, sizeof buf_, (field)); \
		put_str((f), buf_); \
	} while (0)

/* The shortest "%g" form that reads back as the same double. */
static void put_double(FILE *f, double v)
{
	char buf[40];
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	fputs(buf, f);
}

/* Lessons with a usable id; an id that cleans to "" or to one already
 * written is skipped, as the reader would refuse it. */
static void write_lessons(FILE *f, const struct progress *p)
{
	char ids[PROGRESS_MAX_LESSONS][sizeof p->lessons[0].id];   /* 16 KiB */
	size_t n = 0;
	fputs("lessons:", f);
	for (size_t i = 0; i < p->nlessons && i < PROGRESS_MAX_LESSONS; i++) {
		const struct lesson_progress *l = &p->lessons[i];
		clean_into(ids[n], sizeof ids[n], l->id);
		bool skip = !ids[n][0];
		for (size_t k = 0; k < n && !skip; k++)
			skip = !strcmp(ids[k], ids[n]);
		if (skip)
			continue;
		fputs("\n  - {id: ", f);
		put_str(f, ids[n++]);
		fprintf(f, ", page: %d", clampi(l->page, 0, MAX_PAGE));
		if (l->item > 0 || l->line > 0)
			fprintf(f, ", item: %d, line: %d", clampi(l->item, 0, MAX_PAGE),
				clampi(l->line, 0, MAX_PAGE));
		fprintf(f, ", done: %s}", l->done ? "true" : "false");
	}
	fputs(n ? "\n" : " []\n", f);
}

static void write_level(FILE *f, const char *indent, const struct level_progress *v)
{
	int points = clampi(v->points, 0, MAX_POINTS);
	fprintf(f, "%s- {best: %d, attempt: %d, question: %d, seed: %u, points: %d, "
		"max_points: %d, in_progress: %s", indent, clampi(v->best, -1, 100),
		clampi(v->attempt, 0, PROGRESS_COUNT_MAX), clampi(v->question, 0, MAX_POINTS), v->seed,
		points, clampi(v->max_points, points, MAX_POINTS), v->in_progress ? "true" : "false");
	/* only when set: files without it (older ones) mean no hint shown */
	fputs(v->hint ? ", hint: true}\n" : "}\n", f);
}

/* Level i of course key: the running one when it belongs to key, else
 * what is kept for key, else a level never taken. */
static struct level_progress level_of(const struct progress *p, const char *key, int i)
{
	if (!strcmp(p->level_course[i], key))
		return p->levels[i];
	for (size_t k = 0; k < p->ncourses; k++)
		if (!strcmp(p->courses[k].course, key))
			return p->courses[k].levels[i];
	return (struct level_progress){ .best = -1 };
}

/* `levels`: the built-in course's; `courses`: every class's, by key. */
static void write_levels(FILE *f, const struct progress *p)
{
	fputs("levels:\n", f);
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		struct level_progress v = level_of(p, "", i);
		write_level(f, "  ", &v);
	}
	const char *keys[PROGRESS_MAX_COURSES + PROGRESS_LEVELS];
	size_t n = 0;
	for (size_t k = 0; k < p->ncourses && k < PROGRESS_MAX_COURSES; k++)
		keys[n++] = p->courses[k].course;
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		keys[n++] = p->level_course[i];
	size_t written = 0;
	for (size_t k = 0; k < n; k++) {
		char key[PROGRESS_COURSE_MAX];
		clean_into(key, sizeof key, keys[k]);
		bool seen = !key[0];
		for (size_t j = 0; j < k && !seen; j++)
			seen = !strncmp(keys[j], keys[k], sizeof key);
		if (seen)
			continue;
		fputs(written++ ? "  - course: " : "courses:\n  - course: ", f);
		put_str(f, key);
		fputs("\n    levels:\n", f);
		for (int i = 0; i < PROGRESS_LEVELS; i++) {
			struct level_progress v = level_of(p, keys[k], i);
			write_level(f, "      ", &v);
		}
	}
	if (!written)
		fputs("courses: []\n", f);
}

static void write_yaml(FILE *f, const struct progress *p)
{
	fputs("# cudakitchen progress: written by cudakitchen, safe to delete to start over\n", f);
	fprintf(f, "format_version: %d\nlast: ", PROGRESS_FORMAT);
	PUT_FIELD(f, p->last);
	fputc('\n', f);
	write_lessons(f, p);
	write_levels(f, p);
	fputs("skills:\n", f);
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		double max = clampd(p->skill_max[i], 0, MAX_POINTS);
		fprintf(f, "  %s: {got: ", skill_names[i]);
		put_double(f, clampd(p->skill_got[i], 0, max));
		fputs(", max: ", f);
		put_double(f, max);
		fputs("}\n", f);
	}
	int attempts = clampi(p->gpumap_attempts, 0, PROGRESS_COUNT_MAX);
	fprintf(f, "gpumap: {attempts: %d, correct: %d}\napis: ", attempts,
		clampi(p->gpumap_correct, 0, attempts));
	PUT_FIELD(f, p->apis);
	fputc('\n', f);
	progress_drills_write(f, p);
	fputs("speedups: ", f);      /* last: a file cut short lacks it */
	PUT_FIELD(f, p->speedups);
	fputc('\n', f);
}

bool progress_format(FILE *f, const struct progress *p)
{
	locale_t old = (locale_t)0, c = c_numeric_begin(&old);
	write_yaml(f, p);
	c_numeric_end(c, old);
	return !ferror(f);
}

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
	if (!doc_double(r->file, n, &v, &r->tmp) || !(v >= 0 && v <= MAX_POINTS))
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
		{ "id", DOC_SCALAR, true }, { "page", DOC_SCALAR, false }, { "done", DOC_SCALAR, false },
		{ "item", DOC_SCALAR, false }, { "line", DOC_SCALAR, false },
	};
	if (!rd_seq(r, seq, PROGRESS_MAX_LESSONS))
		return;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *m = seq->items[i];
		struct lesson_progress l = { .page = 0 };
		if (!rd_map(r, m, f, 5) || !rd_str(r, m, "id", l.id, sizeof l.id))
			continue;
		bool dup = false;
		for (size_t k = 0; k < p->nlessons; k++)
			dup |= !strcmp(p->lessons[k].id, l.id);
		if (!l.id[0] || dup) {
			rd_fail(r);
			continue;
		}
		rd_int(r, m, "page", 0, MAX_PAGE, &l.page);
		rd_int(r, m, "item", 0, MAX_PAGE, &l.item);
		rd_int(r, m, "line", 0, MAX_PAGE, &l.line);
		rd_bool(r, m, "done", &l.done);
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
		rd_int(r, m, "question", 0, MAX_POINTS, &v->question);
		/* the seed is unsigned: read as a long, stored as unsigned */
		const struct doc_node *sn = doc_get(m, "seed");
		long sv;
		if (sn && doc_int(r->file, sn, 0, (long)UINT_MAX, &sv, &r->tmp))
			v->seed = (unsigned)sv;
		else if (sn)
			rd_fail(r);
		rd_int(r, m, "points", 0, MAX_POINTS, &v->points);
		rd_int(r, m, "max_points", 0, MAX_POINTS, &v->max_points);
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
		{ "format_version", DOC_SCALAR, true }, { "last", DOC_SCALAR, true },
		{ "lessons", DOC_SEQ, true }, { "levels", DOC_SEQ, true },
		{ "skills", DOC_MAP, true }, { "gpumap", DOC_MAP, true },
		{ "apis", DOC_SCALAR, true }, { "speedups", DOC_SCALAR, true },
		{ "courses", DOC_SEQ, false },   /* format 2 on: required below */
		{ "drills", DOC_SEQ, false },    /* format 3 on: required below */
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
	locale_t old = (locale_t)0, c = c_numeric_begin(&old);
	progress_init(p);
	bool good = doc_load_buffer(name, buf, len, &doc, &r.tmp) && read_doc(&r, doc.root, p);
	c_numeric_end(c, old);
	doc_free(&doc);
	diags_free(&r.tmp);
	if (!good)
		progress_init(p);
	return good;
}
