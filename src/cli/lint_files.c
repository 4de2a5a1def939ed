/* lint_files: the checks of `cudakitchen lint` on files (see
 * lint_run.h): a quiz file, a lesson file alone, and lesson files given
 * one by one, loaded once per directory with the lessons beside them so
 * that duplicate ids and `see` targets are found, only their own problems
 * kept.  cmd_lint.c walks directories and reads the options. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lesson.h"
#include "lint_rules.h"
#include "lint_run.h"
#include "paths.h"
#include "place.h"
#include "quiz.h"

/* Notes that dir's *.yaml files are read (lint_report_ignored names the others). */
void lint_read_dir(struct lint *L, const char *dir)
{
	char *real = realpath(dir, NULL);
	if (real && L->ndirs < LINT_DIRS_MAX)
		L->dirs[L->ndirs++] = real;
	else
		free(real);
}

/* One quiz file: the loader's checks, then the content rules. */
void lint_quiz(struct lint *L, const char *path)
{
	struct quiz z;
	L->files++;
	char *slash = strrchr(path, '/');
	if (slash) {
		char *dir = strndup(path, (size_t)(slash - path));
		if (dir)
			lint_read_dir(L, dir);
		free(dir);
	}
	if (quiz_load(path, &z, &L->errors))
		lint_quiz_rules(&z, &L->errors);
	quiz_free(&z);
}

/* The content rules of every lesson of c that loaded. */
void lint_course_rules(const struct course *c, struct diags *d, struct diags *notes)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct lesson *l = &c->lessons[i];
		if (l->broken && !l->fallback && l->file)
			lint_broken_lesson_rules(l->file, d);
		else
			lint_lesson_rules(l, d, notes);
	}
}

/* A lesson file alone (not in its directory's listing, or the directory
 * cannot be read): its own checks and its `see` targets. */
void lint_lesson_alone(struct lint *L, const char *path)
{
	struct lesson l;
	if (lesson_load(path, &l, &L->errors))
		lint_lesson_rules(&l, &L->errors, &L->notes);
	else
		lint_broken_lesson_rules(path, &L->errors);
	course_check_see(&l, &L->errors);
	lesson_free(&l);
}

/* Lesson files given one by one, grouped by directory: each directory is
 * loaded once as a course (a translation merged over its English), and
 * only the problems of the files given are kept.  v[0..n) are the paths,
 * dir the directory part of path, key its file name. */
struct arg {
	const char *path;
	char *dir;
	char *key;
};

static int cmp_arg_dir(const void *a, const void *b)
{
	const struct arg *x = a, *y = b;
	int c = strcmp(x->dir, y->dir);
	return c ? c : strcmp(x->key, y->key);
}

static int cmp_arg_key(const void *key, const void *elem)
{
	return strcmp((const char *)key, ((const struct arg *)elem)->key);
}

/* The course's lessons are in file-name order (course.c): a search by name. */
static int cmp_lesson_name(const void *key, const void *elem)
{
	return strcmp((const char *)key, lint_base_name(((const struct lesson *)elem)->file));
}

/* Moves the diags of from that belong to the files of g[0..n) into to,
 * under the names the user gave.  The loader's paths are dir/name
 * (course.c), or up/lang/name for a translation: matched by name.  A
 * problem of the directory itself is kept too. */
static void keep_own(const struct diags *from, struct arg *g, size_t n, const char *dir,
		     struct diags *to)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct diag *e = &from->v[i];
		const char *slash = strrchr(e->file, '/');
		struct arg *a = bsearch(slash ? slash + 1 : e->file, g, n, sizeof *g, cmp_arg_key);
		if (a && slash)
			diags_add(to, a->path, e->line, e->col, "%s", e->msg);
		else if (!slash || !strcmp(e->file, dir))
			diags_add(to, e->file, e->line, e->col, "%s", e->msg);
	}
}

/* The group g[0..n) shares one directory. */
static void lint_lesson_group(struct lint *L, struct arg *g, size_t n)
{
	const char *dir = g[0].dir;
	char lang[256], up_en[4200];
	struct course c = { 0 };
	struct diags found = { 0 }, notes = { 0 };
	place_component(dir, 0, lang, sizeof lang);
	snprintf(up_en, sizeof up_en, "%s/../en", dir);
	bool loaded = access(dir, R_OK | X_OK) == 0;
	if (loaded && place_lang_name(lang) && strcmp(lang, "en") && lint_is_dir(up_en)) {
		char *up = paths_join(dir, "..");
		if (up)
			course_load_lang(up, lang, &c, &found);
		free(up);
	} else if (loaded) {
		course_load(dir, &c, &found);
	}
	lint_course_rules(&c, &found, &notes);
	keep_own(&found, g, n, dir, &L->errors);
	keep_own(&notes, g, n, dir, &L->notes);
	/* files the directory listing does not hold (no .yaml name, hidden) */
	for (size_t i = 0; i < n; i++)
		if (!loaded || !bsearch(g[i].key, c.lessons, c.n, sizeof *c.lessons, cmp_lesson_name))
			lint_lesson_alone(L, g[i].path);
	course_free(&c);
	diags_free(&found);
	diags_free(&notes);
}

/* The directory part of path, whose last '/' is slash: "." for none, "/"
 * for the root; malloc'd, NULL when out of memory. */
static char *dir_of(const char *path, const char *slash)
{
	if (!slash)
		return strdup(".");
	return slash == path ? strdup("/") : strndup(path, (size_t)(slash - path));
}

void lint_files(struct lint *L, char **paths, int n)
{
	struct arg *v = calloc(n ? (size_t)n : 1, sizeof *v);
	size_t nv = 0;
	if (!v) {
		diags_add(&L->errors, paths[0], 0, 0, "out of memory");
		return;
	}
	for (int i = 0; i < n; i++) {
		if (place_quiz_file(paths[i])) {
			lint_quiz(L, paths[i]);
			continue;
		}
		const char *slash = strrchr(paths[i], '/');
		L->files++;
		v[nv].path = paths[i];
		v[nv].dir = dir_of(paths[i], slash);
		v[nv].key = strdup(slash ? slash + 1 : paths[i]);
		if (!v[nv].dir || !v[nv].key) {
			diags_add(&L->errors, paths[i], 0, 0, "out of memory");
			free(v[nv].dir);
			free(v[nv].key);
			continue;
		}
		nv++;
	}
	qsort(v, nv, sizeof *v, cmp_arg_dir);
	for (size_t i = 0; i < nv;) {
		size_t j = i + 1;
		while (j < nv && !strcmp(v[j].dir, v[i].dir))
			j++;
		lint_lesson_group(L, v + i, j - i);
		i = j;
	}
	for (size_t i = 0; i < nv; i++) {
		free(v[i].dir);
		free(v[i].key);
	}
	free(v);
}
