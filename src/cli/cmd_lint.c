/* cmd_lint: `cudakitchen lint [--require-translations] [PATH...]`.
 *
 * Checks lesson and quiz files with the same loaders the tutorial uses and
 * prints every problem as FILE:LINE:COL: error: MSG on stdout (so
 * `lint > report` captures them), then "N files, N errors" on stderr.
 * Exit 0 when everything is valid, 1 when anything is not, 2 on usage
 * errors (an unknown option, a PATH that does not exist).
 *
 * A PATH may be a file or a directory.  A directory is read as the
 * tutorial reads `--lessons DIR` (course_class_layout): its lessons
 * (DIR/lessons/<lang>/, DIR/<lang>/ or DIR/ itself) as one course each
 * (duplicate ids, `see` targets) and DIR/quizzes/; a quizzes directory (or
 * quizzes/<lang>/) as quiz levels.  Every *.yaml entry of a directory is
 * loaded, so one that is not a regular file is an error, not skipped.
 * Whether a file is a lesson or a quiz level is decided by its place in
 * the course, never by other words in its path: a file in quizzes/ or
 * quizzes/<lang>/ is a level, and so is a levelN.yaml given alone anywhere
 * else but in lessons/<lang>/; everything else is a lesson (a levelN.yaml
 * in a folder of lessons read as a course is one, as the tutorial reads
 * it, with an error saying where levels go).  Lesson files given one by
 * one are checked with the lessons of their directory, loaded once per
 * directory (so 10 000 arguments cost one load, and duplicate ids and
 * `see` targets are found); only their own problems are printed.  Beyond
 * what the loaders require, lint checks the content rules of lint_rules.h
 * (code width, facts keys, repeated links, quiz text naming a neighbouring
 * question).  Missing translations (a lesson id, or pages of a shorter
 * translated lesson) are notes unless --require-translations makes them
 * errors; a translated lesson with no English source is an error.  A
 * problem without a position is printed at 1:1.  Without PATH: the
 * built-in content (every language) and the --lessons directory, if given.
 * This file reads the options and walks the directories; the checks of
 * files, and of files given one by one, are lint_files.c. */
#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "drill_lint.h"
#include "lesson.h"
#include "lint_hints.h"
#include "lint_rules.h"
#include "lint_run.h"
#include "paths.h"
#include "place.h"
#include "quiz.h"
#include "quiz_lang.h"
#include "text.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted full paths of dir's *.yaml entries (dirs false: whatever their
 * type, so the loader refuses a FIFO, a directory or a dangling link by
 * name instead of skipping it) or subdirectories not named *.yaml (dirs
 * true); hidden entries skipped.  Caller frees with free_list.  A
 * directory that cannot be read, or running out of memory, is an error in
 * d (when not NULL: callers whose loader reports it already pass NULL),
 * never a silent "0 files, 0 errors". */
static size_t list_dir(const char *dir, bool dirs, char ***out, struct diags *d)
{
	size_t n = 0, cap = 0;
	*out = NULL;
	DIR *dp = opendir(dir);
	struct dirent *e;
	if (!dp)
		diags_add(d, dir, 0, 0, "cannot read the directory: %s", strerror(errno));
	while (dp && (e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || (!dirs && (len <= 5 || strcmp(e->d_name + len - 5, ".yaml"))))
			continue;
		if (dirs && len > 5 && !strcmp(e->d_name + len - 5, ".yaml"))
			continue;   /* a file name, listed (and refused) as a file */
		char *p = paths_join(dir, e->d_name);
		struct stat st;
		if (!p) {
			diags_add(d, dir, 0, 0, "out of memory");
			break;
		}
		if (dirs && (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))) {
			free(p);
			continue;
		}
		if (n == cap) {
			char **v = realloc(*out, (cap = cap ? 2 * cap : 16) * sizeof *v);
			if (!v) {
				diags_add(d, dir, 0, 0, "out of memory");
				free(p);
				break;
			}
			*out = v;
		}
		(*out)[n++] = p;
	}
	if (dp)
		closedir(dp);
	if (n)
		qsort(*out, n, sizeof **out, cmp_str);
	return n;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* A quizzes directory: its files, and its language subdirectories. */
static void lint_quiz_dir(struct lint *L, const char *dir)
{
	char **v;
	size_t n = list_dir(dir, false, &v, &L->errors);
	for (size_t i = 0; i < n; i++)
		lint_quiz(L, v[i]);
	free_list(v, n);
	n = list_dir(dir, true, &v, NULL);
	for (size_t i = 0; i < n; i++) {
		lint_quiz_dir(L, v[i]);
		/* a language next to en/: the question ids it lacks */
		const char *lang = lint_base_name(v[i]);
		char *en = paths_join(dir, "en");
		if (strcmp(lang, "en") && en && lint_is_dir(en)) {
			quiz_missing_translations(dir, lang, L->require_translations ? &L->errors : &L->notes);
			quiz_translation_errors(dir, lang, &L->errors);
		}
		free(en);
	}
	free_list(v, n);
}

/* A levelN.yaml among lessons is read as a lesson, as the tutorial reads
 * it: say so before the lesson loader's errors (unknown key 'level'...). */
static void levels_among_lessons(struct lint *L, char **files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *b = lint_base_name(files[i]);
		size_t digits = strspn(b + (strncmp(b, "level", 5) ? 0 : 5), "0123456789");
		if (!strncmp(b, "level", 5) && digits && !strcmp(b + 5 + digits, ".yaml"))
			diags_add(&L->errors, files[i], 0, 0, "a quiz level in a folder of lessons is "
				  "read as a lesson: quiz levels go in DIR/quizzes/<lang>/levelN.yaml");
	}
}

/* A plain directory of lessons, checked as one course. */
static void lint_course(struct lint *L, const char *dir)
{
	char **v;
	size_t n = list_dir(dir, false, &v, NULL);
	levels_among_lessons(L, v, n);
	free_list(v, n);
	L->files += (int)n;
	lint_read_dir(L, dir);
	struct course c;
	course_load(dir, &c, &L->errors);
	lint_course_rules(&c, &L->errors, &L->notes);
	course_free(&c);
}

/* A lessons base: en/ as a course, each other language merged over
 * English (its own files checked, its `see` targets resolved against the
 * merged course), and the ids it lacks. */
static void lint_lessons_base(struct lint *L, const char *base)
{
	char *en = paths_join(base, "en");
	if (en && lint_is_dir(en))
		lint_course(L, en);
	free(en);
	char **v;
	size_t n = list_dir(base, true, &v, &L->errors);
	for (size_t i = 0; i < n; i++) {
		const char *lang = lint_base_name(v[i]);
		if (!strcmp(lang, "en"))
			continue;
		char **files;
		size_t nf = list_dir(v[i], false, &files, NULL);
		levels_among_lessons(L, files, nf);
		free_list(files, nf);
		L->files += (int)nf;
		lint_read_dir(L, v[i]);
		struct course c;
		course_load_lang(base, lang, &c, &L->errors);
		lint_course_rules(&c, &L->errors, &L->notes);
		course_free(&c);
		course_missing_translations(base, lang,
					    L->require_translations ? &L->errors : &L->notes);
		course_orphan_translations(base, lang, &L->errors);
	}
	free_list(v, n);
}

/* A directory, by its place: a quizzes directory, or a class read as the
 * tutorial reads --lessons DIR (its lessons in the layout
 * course_class_layout finds, and DIR/quizzes/). */
static void lint_drills(struct lint *L, const char *dir);
static void lint_drills_in(struct lint *L, const char *drills);

/* Returns how many lesson files the class gave, or -1 when dir is no class
 * (a quizzes directory, or one refused). */
static int lint_dir(struct lint *L, const char *dir)
{
	char *quizzes = paths_join(dir, "quizzes");
	char base[4200];
	int lessons = -1;
	if (!quizzes) {
		diags_add(&L->errors, dir, 0, 0, "out of memory");
	} else if (!course_class_contained(dir, &L->errors)) {
		;   /* nothing outside the class is read */
	} else if (place_quiz_dir(dir)) {
		lint_quiz_dir(L, dir);
	} else {
		int before = L->files;
		if (course_class_layout(dir, base, sizeof base) == COURSE_FLAT)
			lint_course(L, base);
		else
			lint_lessons_base(L, base);
		lessons = L->files - before;
		if (lint_is_dir(quizzes))
			lint_quiz_dir(L, quizzes);
		lint_drills(L, dir);
	}
	free(quizzes);
	return lessons;
}

/* DIR/drills, when there is one (drill_lint.h): its statements' folders
 * count as read */
static void lint_drills(struct lint *L, const char *dir)
{
	char *drills = paths_join(dir, "drills");
	if (drills && lint_is_dir(drills))
		lint_drills_in(L, drills);
	free(drills);
}

static void lint_drills_in(struct lint *L, const char *drills)
{
	struct paths p;
	if (paths_init(NULL, &p)) {
		L->files += drill_lint_dir(drills, p.data, L->run_drills, &L->errors);
		paths_free(&p);
		DIR *dp = opendir(drills);
		struct dirent *e;
		while (dp && (e = readdir(dp))) {
			char *sub = e->d_name[0] != '.' ? paths_join(drills, e->d_name) : NULL;
			if (sub && lint_is_dir(sub))
				lint_read_dir(L, sub);
			free(sub);
		}
		if (dp)
			closedir(dp);
	}
}

/* A directory the user named: lint_dir, and when it gave no file at all,
 * the YAML files it holds that no layout reads, each with the reason
 * ("0 files" is never a pass). */
static void lint_dir_found(struct lint *L, const char *dir)
{
	int before = L->files;
	if (!strcmp(lint_base_name(dir), "drills")) {
		lint_drills_in(L, dir);
		return;
	}
	/* a class without a lesson: the tutorial refuses it, so lint does too,
	 * whatever else (a quiz, drills) it holds */
	int lessons = lint_dir(L, dir);
	bool none = L->files == before, no_lesson = lessons == 0;
	lint_report_ignored(dir, (const char *const *)L->dirs, L->ndirs, none, no_lesson,
			    none || no_lesson ? &L->errors : &L->notes);
}

/* The built-in content, found next to the executable (paths.h). */
static bool lint_builtin(struct lint *L)
{
	struct paths p;
	if (!paths_init(NULL, &p)) {
		fputs("cudakitchen lint: cannot find the built-in lessons\n", stderr);
		return false;
	}
	char *lessons = paths_join(p.data, "lessons");
	if (lessons && lint_is_dir(lessons))
		lint_dir(L, p.data);
	else
		diags_add(&L->errors, lessons ? lessons : p.data, 0, 0,
			  "the built-in lessons are not there; give a PATH or --lessons DIR");
	free(lessons);
	paths_free(&p);
	return true;
}

/* arg is the user's text: sanitized like everything that reaches a terminal. */
static int usage_error(const char *fmt, const char *arg)
{
	char *clean = text_sanitize(arg, (size_t)-1);
	fputs("cudakitchen lint: ", stderr);
	fprintf(stderr, fmt, clean ? clean : "?");
	fputs("\nTry 'cudakitchen --help'\n", stderr);
	free(clean);
	return 2;
}

int cmd_lint(const struct options *opt, int argc, char **argv)
{
	struct lint L = { 0 };
	int first = 0;
	for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
		if (!strcmp(argv[first], "--")) {
			first++;
			break;
		} else if (!strcmp(argv[first], "--require-translations")) {
			L.require_translations = true;
		} else if (!strcmp(argv[first], "--run-drills")) {
			L.run_drills = true;
		} else {
			return usage_error("unknown option '%s'", argv[first]);
		}
	}
	for (int i = first; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			int e = errno;
			char *clean = text_sanitize(argv[i], (size_t)-1);
			fprintf(stderr, "cudakitchen lint: cannot access '%s': %s\n", clean ? clean : "?",
				strerror(e));
			free(clean);
			return 2;
		}
	}
	if (first == argc && opt->lessons_dir && !lint_is_dir(opt->lessons_dir))
		return usage_error("--lessons '%s' is not a directory", opt->lessons_dir);

	if (first == argc && !lint_builtin(&L))
		return 1;
	if (first == argc && opt->lessons_dir)
		lint_dir_found(&L, opt->lessons_dir);
	/* directories in order; then every file argument, grouped (lint_files) */
	char **files = calloc((size_t)(argc - first) + 1, sizeof *files);
	int nfiles = 0;
	for (int i = first; i < argc; i++) {
		if (lint_is_dir(argv[i]))
			lint_dir_found(&L, argv[i]);
		else if (files)
			files[nfiles++] = argv[i];
	}
	if (nfiles)
		lint_files(&L, files, nfiles);
	free(files);

	lint_explain_builtin_links(&L.errors);
	diags_print(&L.errors, stdout);
	for (size_t i = 0; i < L.notes.n; i++) {
		const struct diag *e = &L.notes.v[i];
		printf("%s:%d:%d: note: %s\n", e->file, e->line > 0 ? e->line : 1,
		       e->col > 0 ? e->col : 1, e->msg);
	}
	fflush(stdout);
	fprintf(stderr, "%d file%s, %zu error%s\n", L.files, L.files == 1 ? "" : "s",
		L.errors.n, L.errors.n == 1 ? "" : "s");
	int rc = L.errors.n ? 1 : 0;
	diags_free(&L.errors);
	diags_free(&L.notes);
	for (int i = 0; i < L.ndirs; i++)
		free(L.dirs[i]);
	return rc;
}
