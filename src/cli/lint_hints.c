/* lint_hints: the advice lint adds where the loaders' messages alone would
 * leave an instructor stuck: a `see` link to a built-in lesson (remove it,
 * or copy the lesson), and a directory that gave no file ("0 files" is
 * never a pass: the YAML files no layout reads are named, with why). */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "lesson.h"
#include "lint_hints.h"
#include "paths.h"

#define IGNORED_MAX 20     /* files named; the rest are counted */
#define IGNORED_DEPTH 4    /* folders below the one given */

/* Edit distance of a and b, letters compared without case; far (a large
 * number) for names too long to be a slip. */
static int distance(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	int row[33];
	if (na > 32 || nb > 32)
		return 99;
	for (size_t j = 0; j <= nb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= na; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= nb; j++) {
			int up = row[j], best = diag + (tolower((unsigned char)a[i - 1]) !=
						      tolower((unsigned char)b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[nb];
}

/* When rel's first folder is a slip for want ("lesson", "Lessons"): the
 * fix, naming the difference ("lesson/en/ should be lessons/en/"), in buf. */
static bool slip(const char *rel, const char *want, const char *layout, char *buf, size_t size)
{
	char first[64], second[64] = "";
	size_t n = strcspn(rel, "/");
	if (n >= sizeof first || !rel[n])
		return false;
	snprintf(first, sizeof first, "%.*s", (int)n, rel);
	bool prefix = n >= 4 && !strncasecmp(first, want, n);   /* "quiz" */
	if (!strcmp(first, want) || (distance(first, want) > 2 && !prefix))
		return false;
	const char *rest = rel + n + 1;
	size_t m = strcspn(rest, "/");
	if (rest[m] && m < sizeof second)   /* a folder below it: the language */
		snprintf(second, sizeof second, "%.*s/", (int)m, rest);
	snprintf(buf, size, "%s: %s/%s should be %s/%s%s", layout, first, second, want,
		 second[0] ? second : "<lang>/",
		 !strcasecmp(first, want) ? " (the folder name is lower case)" : "");
	return true;
}

/* Why the class layout does not read rel (a path below the class); buf
 * (size bytes) holds the reason when it names rel's folder. */
static const char *why_ignored(const char *rel, char *buf, size_t size)
{
	static const char lessons[] = "lessons go in DIR/lessons/<lang>/",
			  quizzes[] = "quiz levels go in DIR/quizzes/<lang>/levelN.yaml";
	if (slip(rel, "lessons", lessons, buf, size) || slip(rel, "quizzes", quizzes, buf, size))
		return buf;
	return "a class is read as DIR/lessons/<lang>/NN-id.yaml and DIR/quizzes/<lang>/levelN.yaml";
}

struct walk {
	const char *root;
	const char *const *read;
	int nread;
	struct diags *d;
	int n;           /* files reported */
	char **reached;  /* real paths of the read folders' *.yaml entries, sorted;
			    made at the first file outside them (links reach in) */
	size_t nreached;
	bool made;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The real paths of every *.yaml entry of the read folders: a file outside
 * them that one of them links to is read too. */
static void make_reached(struct walk *w)
{
	size_t cap = 0;
	w->made = true;
	for (int i = 0; i < w->nread; i++) {
		DIR *dp = opendir(w->read[i]);
		struct dirent *e;
		while (dp && (e = readdir(dp))) {
			size_t len = strlen(e->d_name);
			if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml"))
				continue;
			char *p = paths_join(w->read[i], e->d_name), *real = p ? realpath(p, NULL) : NULL;
			free(p);
			if (real && w->nreached == cap) {
				char **v = realloc(w->reached, (cap = cap ? 2 * cap : 64) * sizeof *v);
				if (!v) {
					free(real);
					break;
				}
				w->reached = v;
			}
			if (real)
				w->reached[w->nreached++] = real;
		}
		if (dp)
			closedir(dp);
	}
	if (w->nreached)
		qsort(w->reached, w->nreached, sizeof *w->reached, cmp_str);
}

static bool reached(struct walk *w, const char *path)
{
	if (!w->made)
		make_reached(w);
	char *real = realpath(path, NULL);
	bool found = real && w->nreached &&
		bsearch(&real, w->reached, w->nreached, sizeof *w->reached, cmp_str);
	free(real);
	return found;
}

static bool was_read(const struct walk *w, const char *dir)
{
	char *real = realpath(dir, NULL);
	bool found = false;
	for (int i = 0; real && !found && i < w->nread; i++)
		found = !strcmp(real, w->read[i]);
	free(real);
	return found;
}

static void walk(struct walk *w, const char *dir, int depth)
{
	bool read = was_read(w, dir);
	DIR *dp = opendir(dir);
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		char *p = paths_join(dir, e->d_name);
		struct stat st;
		size_t len = strlen(e->d_name);
		if (p && lstat(p, &st) == 0 && S_ISDIR(st.st_mode) && depth < IGNORED_DEPTH) {
			walk(w, p, depth + 1);
		} else if (p && !read && len > 5 && !strcmp(e->d_name + len - 5, ".yaml") && !reached(w, p)) {
			char why[512];
			if (w->n++ < IGNORED_MAX)
				diags_add(w->d, p, 1, 1, "not read: %s",
					  why_ignored(p + strlen(w->root) + 1, why, sizeof why));
		}
		free(p);
	}
	if (dp)
		closedir(dp);
}

void lint_report_ignored(const char *dir, const char *const *read, int nread, bool none,
			 bool no_lesson, struct diags *d)
{
	struct walk w = { .root = dir, .read = read, .nread = nread, .d = d };
	walk(&w, dir, 0);
	for (size_t i = 0; i < w.nreached; i++)
		free(w.reached[i]);
	free(w.reached);
	if (w.n > IGNORED_MAX)
		diags_add(d, dir, 1, 1, "%d more YAML files are not read either", w.n - IGNORED_MAX);
	if (w.n == 0 && none)
		diags_add(d, dir, 1, 1, "no lesson or quiz file here: a class holds "
			  "lessons/<lang>/NN-id.yaml and quizzes/<lang>/levelN.yaml");
	else if (no_lesson && !none)
		diags_add(d, dir, 1, 1, "no lesson read: the tutorial refuses a class without "
			  "lessons in DIR/lessons/<lang>/NN-id.yaml");
}

/* The built-in English course, loaded the first time a link needs it. */
static const struct course *builtin(struct course *c, bool *loaded)
{
	if (!*loaded) {
		struct paths p;
		struct diags scratch = { 0 };
		*loaded = true;
		if (paths_init(NULL, &p)) {
			char *en = paths_join(p.data, "lessons/en");
			if (en)
				course_load(en, c, &scratch);
			free(en);
		}
		paths_free(&p);
		diags_free(&scratch);
	}
	return c;
}

void lint_explain_builtin_links(struct diags *errors)
{
	static const char unknown[] = "'see': no lesson has the id '";
	struct course c = { 0 };
	bool loaded = false;
	for (size_t i = 0; i < errors->n; i++) {
		struct diag *e = &errors->v[i];
		const char *at = strstr(e->msg, unknown);
		if (!at || strstr(e->msg, "built-in"))
			continue;
		const char *id = at + sizeof unknown - 1, *end = strchr(id, '\'');
		char *want = end ? strndup(id, (size_t)(end - id)) : NULL;
		/* or a built-in lesson's file name: its number, '-', its id
		 * (unless the class has that lesson too: its id was suggested) */
		const char *bare = want && !strstr(e->msg, "did you mean") ?
			lesson_id_unnumbered(want) : NULL;
		const struct course *b = want ? builtin(&c, &loaded) : NULL;
		const struct lesson *named = b ? course_find(b, bare) : NULL;
		if (want && (course_find(b, want) || named)) {
			const char *what = named ? "with its number dropped, the id of the built-in lesson '"
						 : "a built-in lesson";
			const char *lid = named ? named->id : "", *q = named ? "'" : "";
			static const char fix[] = "; a class links only to its own lessons: remove the "
				"link, or copy that lesson's file into the class)";
			size_t n = strlen(e->msg) + strlen(what) + strlen(lid) + strlen(q) + sizeof fix + 4;
			char *msg = malloc(n);
			if (msg) {
				snprintf(msg, n, "%s (%s%s%s%s", e->msg, what, lid, q, fix);
				free(e->msg);
				e->msg = msg;
			}
		}
		free(want);
	}
	course_free(&c);
}
