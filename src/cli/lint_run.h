/* lint_run: one run of `cudakitchen lint`, shared by cmd_lint.c (the
 * options, the directories) and lint_files.c (the files): what it found
 * and which directories it read. */
#ifndef CK_LINT_RUN_H
#define CK_LINT_RUN_H
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include "diag.h"
#include "lesson.h"

#define LINT_DIRS_MAX 256

struct lint {
	struct diags errors;
	struct diags notes; /* missing translations, unless required */
	int files;
	bool require_translations;
	bool run_drills;           /* --run-drills: compile and run references and starters */
	char *dirs[LINT_DIRS_MAX]; /* the directories whose *.yaml files were read (real paths) */
	int ndirs;
};

/* Notes that dir's *.yaml files are read (lint_report_ignored names the
 * others). */
void lint_read_dir(struct lint *L, const char *dir);
/* One quiz file: the loader's checks, then the content rules. */
void lint_quiz(struct lint *L, const char *path);
/* The content rules of every lesson of c that loaded. */
void lint_course_rules(const struct course *c, struct diags *d, struct diags *notes);
/* A lesson file alone (not in its directory's listing, or the directory
 * cannot be read): its own checks and its `see` targets. */
void lint_lesson_alone(struct lint *L, const char *path);
/* Files given one by one, paths[0..n): quiz levels by their place, the
 * lessons grouped by directory. */
void lint_files(struct lint *L, char **paths, int n);

/* The last component of path. */
static inline const char *lint_base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static inline bool lint_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
#endif
