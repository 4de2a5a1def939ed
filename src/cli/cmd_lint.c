/* cmd_lint: `cudakitchen lint [--require-translations] [PATH...]`.
 *
 * Checks lesson and quiz files with the same loaders the tutorial uses and
 * prints every problem as FILE:LINE:COL: error: MSG on stdout (so
 * `lint > report` captures them), then "N files, N errors" on stderr.
 * Exit 0 when everything is valid, 1 when anything is not, 2 on usage
 * errors (an unknown option, a PATH that does not exist).
 *
 * A PATH may be a file or a directory: a content root (with lessons/ and
 * quizzes/), a lessons base (with en/, zh/...), a quizzes directory, or a
 * plain directory of lessons, which is checked as one course (duplicate ids,
 * `see` targets).  Every *.yaml entry of a directory is loaded, so one that
 * is not a regular file is an error, not skipped.  A single lesson file is
 * checked on its own, its `see` targets against the lessons of its
 * directory.  Missing translations (a lesson id, or pages of a shorter
 * translated lesson) are notes unless --require-translations makes them
 * errors; a translated lesson with no English source is an error.  A
 * problem without a position is printed at 1:1.  Without PATH: the
 * built-in content (every language) and the --lessons directory, if given. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "lesson.h"
#include "paths.h"
#include "quiz.h"
#include "quiz_lang.h"
#include "text.h"

struct lint {
	struct diags errors;
	struct diags notes;       /* missing translations, unless required */
	int files;
	bool require_translations;
};

/* The one place a quiz file is checked: the quiz loader (quiz.h). */
static bool lint_quiz_file(const char *path, struct diags *d)
{
	return quiz_lint_file(path, d);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* levelN.yaml names a quiz level. */
static bool is_level_name(const char *path)
{
	const char *b = base_name(path);
	if (strncmp(b, "level", 5))
		return false;
	size_t i = 5;
	while (b[i] >= '0' && b[i] <= '9')
		i++;
	return i > 5 && !strcmp(b + i, ".yaml");
}

/* True when some directory component of path is `quizzes`. */
static bool under_quizzes(const char *path)
{
	for (const char *p = path; (p = strstr(p, "quizzes")); p += 7)
		if ((p == path || p[-1] == '/') && (p[7] == '/' || p[7] == '\0'))
			return true;
	return false;
}

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

static void lint_file(struct lint *L, const char *path)
{
	L->files++;
	if (under_quizzes(path) || is_level_name(path)) {
		lint_quiz_file(path, &L->errors);
		return;
	}
	struct lesson l;
	lesson_load(path, &l, &L->errors);
	course_check_see(&l, &L->errors);
	lesson_free(&l);
}

/* A quizzes directory: its files, and its language subdirectories. */
static void lint_quiz_dir(struct lint *L, const char *dir)
{
	char **v;
	size_t n = list_dir(dir, false, &v, &L->errors);
	for (size_t i = 0; i < n; i++) {
		L->files++;
		lint_quiz_file(v[i], &L->errors);
	}
	free_list(v, n);
	n = list_dir(dir, true, &v, NULL);
	for (size_t i = 0; i < n; i++) {
		lint_quiz_dir(L, v[i]);
		/* a language next to en/: the question ids it lacks */
		const char *lang = base_name(v[i]);
		char *en = paths_join(dir, "en");
		if (strcmp(lang, "en") && en && is_dir(en))
			quiz_missing_translations(dir, lang, L->require_translations ? &L->errors : &L->notes);
		free(en);
	}
	free_list(v, n);
}

/* A plain directory of lessons, checked as one course. */
static void lint_course(struct lint *L, const char *dir)
{
	char **v;
	size_t n = list_dir(dir, false, &v, NULL);
	free_list(v, n);
	L->files += (int)n;
	struct course c;
	course_load(dir, &c, &L->errors);
	course_free(&c);
}

/* A lessons base: en/ as a course, each other language merged over
 * English (its own files checked, its `see` targets resolved against the
 * merged course), and the ids it lacks. */
static void lint_lessons_base(struct lint *L, const char *base)
{
	char *en = paths_join(base, "en");
	if (en && is_dir(en))
		lint_course(L, en);
	free(en);
	char **v;
	size_t n = list_dir(base, true, &v, &L->errors);
	for (size_t i = 0; i < n; i++) {
		const char *lang = base_name(v[i]);
		if (!strcmp(lang, "en"))
			continue;
		char **files;
		size_t nf = list_dir(v[i], false, &files, NULL);
		free_list(files, nf);
		L->files += (int)nf;
		struct course c;
		course_load_lang(base, lang, &c, &L->errors);
		course_free(&c);
		course_missing_translations(base, lang,
					    L->require_translations ? &L->errors : &L->notes);
		course_orphan_translations(base, lang, &L->errors);
	}
	free_list(v, n);
}

static void lint_dir(struct lint *L, const char *dir)
{
	char *lessons = paths_join(dir, "lessons"), *quizzes = paths_join(dir, "quizzes"), *en = paths_join(dir, "en");
	if (!lessons || !quizzes || !en) {
		diags_add(&L->errors, dir, 0, 0, "out of memory");
	} else if (under_quizzes(dir)) {
		lint_quiz_dir(L, dir);
	} else if (is_dir(lessons) || is_dir(quizzes)) {
		if (is_dir(lessons))
			lint_lessons_base(L, lessons);
		if (is_dir(quizzes))
			lint_quiz_dir(L, quizzes);
	} else if (is_dir(en)) {
		lint_lessons_base(L, dir);
	} else {
		lint_course(L, dir);
	}
	free(lessons);
	free(quizzes);
	free(en);
}

static void lint_path(struct lint *L, const char *path)
{
	if (is_dir(path))
		lint_dir(L, path);
	else
		lint_file(L, path);
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
	if (lessons && is_dir(lessons))
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
	if (first == argc && opt->lessons_dir && !is_dir(opt->lessons_dir))
		return usage_error("--lessons '%s' is not a directory", opt->lessons_dir);

	if (first == argc && !lint_builtin(&L))
		return 1;
	if (first == argc && opt->lessons_dir)
		lint_dir(&L, opt->lessons_dir);
	for (int i = first; i < argc; i++)
		lint_path(&L, argv[i]);

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
	return rc;
}
