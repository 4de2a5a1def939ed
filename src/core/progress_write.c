/* progress_write: struct progress as YAML (see progress_yaml.c, which
 * reads it back).  Printed by hand: every string double-quoted and
 * escaped, so no value can change the document's structure, and every
 * number clamped to what the reader accepts, in the "C" numeric locale. */
#include "progress.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress_yaml.h"
#include "text.h"

/* The writer only ever writes what the reader accepts, so a caller's slip
 * (a negative page, an over-long id) can never make the learner's own
 * file "corrupt" on the next start: values are clamped, strings cleaned
 * and cut to their field at a character boundary. */

static int clampi(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	return v > hi ? hi : v;
}

static double clampd(double v, double lo, double hi)
{
	if (!(v >= lo)) /* NaN -> lo */
		return lo;
	return v > hi ? hi : v;
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

/* U+FEFF (a byte order mark) and the noncharacters U+FFFE and U+FFFF at
 * c, which put_str writes as \uXXXX escapes. */
static bool u_escaped(const unsigned char *c)
{
	if (c[0] != 0xEF)
		return false;
	return (c[1] == 0xBB && c[2] == 0xBF) || (c[1] == 0xBF && (c[2] == 0xBE || c[2] == 0xBF));
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
		else if (u_escaped(c)) {
			fprintf(f, "\\u%04X", (c[0] & 0x0F) << 12 | (c[1] & 0x3F) << 6 | (c[2] & 0x3F));
			c += 2;
		} else
			fputc(*c, f);
	}
	fputc('"', f);
}

void progress_put_field(FILE *f, const char *s, size_t size)
{
	char *buf = malloc(size);
	if (!buf)
		return;
	clean_into(buf, size, s);
	put_str(f, buf);
	free(buf);
}

#define PUT_FIELD(f, field) \
	do { \
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
	char ids[PROGRESS_MAX_LESSONS][sizeof p->lessons[0].id]; /* 16 KiB */
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
		fprintf(f, ", page: %d", clampi(l->page, 0, PROGRESS_MAX_PAGE));
		if (l->item > 0 || l->line > 0)
			fprintf(f, ", item: %d, line: %d", clampi(l->item, 0, PROGRESS_MAX_PAGE),
				clampi(l->line, 0, PROGRESS_MAX_PAGE));
		fprintf(f, ", done: %s", l->done ? "true" : "false");
		if (l->unread[0] && !l->done) { /* format 4 on, only when some were skipped */
			fputs(", unread: ", f);
			PUT_FIELD(f, l->unread);
		}
		fputc('}', f);
	}
	fputs(n ? "\n" : " []\n", f);
}

static void write_level(FILE *f, const char *indent, const struct level_progress *v)
{
	int points = clampi(v->points, 0, PROGRESS_MAX_POINTS);
	fprintf(f,
		"%s- {best: %d, attempt: %d, question: %d, seed: %u, points: %d, "
		"max_points: %d, in_progress: %s",
		indent, clampi(v->best, -1, 100),
		clampi(v->attempt, 0, PROGRESS_COUNT_MAX), clampi(v->question, 0, PROGRESS_MAX_POINTS), v->seed,
		points, clampi(v->max_points, points, PROGRESS_MAX_POINTS), v->in_progress ? "true" : "false");
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
		double max = clampd(p->skill_max[i], 0, PROGRESS_MAX_POINTS);
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
	progress_certs_write(f, p);
	fputs("speedups: ", f); /* last: a file cut short lacks it */
	PUT_FIELD(f, p->speedups);
	fputc('\n', f);
}

bool progress_format(FILE *f, const struct progress *p)
{
	locale_t old = (locale_t)0, c = progress_c_numeric_begin(&old);
	write_yaml(f, p);
	progress_c_numeric_end(c, old);
	return !ferror(f);
}
