/* drill_lint: what `cudakitchen lint` checks of a drills directory
 * (drills/README.md, "Checking a drill"): each NN-ID folder loads (keys,
 * types, sizes), has its starter, reference and harness, its sizes cover
 * the cases that catch the usual bugs, and every statement it has agrees
 * with English on the id, the signature and the number of hints.  With
 * run (lint --run-drills) the reference must pass its own check and the
 * starter fail it; otherwise nothing of a drill is compiled or run. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "drill.h"
#include "drill_check.h"
#include "drill_lint.h"
#include "paths.h"

static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* the elements a size names (RxC: R*C) */
static double elements(const char *s)
{
	double n = 1;
	while (*s) {
		n *= strtod(s, (char **)&s);
		if (*s == 'x')
			s++;
		else
			break;
	}
	return n;
}

static void sizes_rule(const struct drill *dr, struct diags *d)
{
	bool one = false, odd = false, ragged = false, large = false;
	for (int i = 0; i < dr->nsizes; i++) {
		double n = elements(dr->sizes[i]);
		long k = (long)n;
		one |= n == 1;
		odd |= k % 2 == 1 && k > 1;
		ragged |= k > 32 && k % 32 != 0;
		large |= n >= 1e6;
	}
	const char *miss = dr->nsizes < 4 ? "at least four sizes"
			   : !one ? "the size 1 (or 1x1)"
			   : !odd ? "an odd size above 1"
			   : !ragged ? "a size above 32 that is not a multiple of 32 (of no block size)"
			   : !large ? "a large size (a million elements or more)"
				    : NULL;
	if (miss)
		diags_add(d, dr->neutral_file, 0, 0, "'sizes' must include %s", miss);
}

static void files_rule(const struct drill *dr, struct diags *d)
{
	static const char *const need[] = { "starter.cu", "reference.cu", "harness.cu" };
	for (size_t i = 0; i < sizeof need / sizeof *need; i++) {
		char *p = drill_file(dr, need[i]);
		if (p && !exists(p))
			diags_add(d, p, 0, 0, "missing: every drill has %s", need[i]);
		free(p);
	}
}

/* a translation against English: same signature, as many hints */
static void translation_rule(const char *drills_dir, const char *folder, const struct drill *en,
			     struct diags *d)
{
	char *dir = NULL;
	DIR *dp = opendir(drills_dir);
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "en") || isdigit((unsigned char)e->d_name[0]))
			continue;
		char rel[600];
		snprintf(rel, sizeof rel, "%s/%s.yaml", e->d_name, folder);
		free(dir);
		dir = paths_join(drills_dir, rel);
		if (!dir || !exists(dir))
			continue;
		struct drill tr;
		if (drill_load(drills_dir, folder, e->d_name, &tr, d) && !tr.fallback) {
			if (en->signature && tr.signature && strcmp(en->signature, tr.signature))
				diags_add(d, tr.text_file, 0, 0,
					  "'signature' differs from English's: the code is the same in every language");
			if (en->nhints != tr.nhints)
				diags_add(d, tr.text_file, 0, 0, "%d hints, English has %d", tr.nhints,
					  en->nhints);
		}
		drill_free(&tr);
	}
	free(dir);
	if (dp)
		closedir(dp);
}

static void run_rule(const struct drill *dr, const char *data_dir, struct diags *d)
{
	static const char *const who[] = { "reference.cu", "starter.cu" };
	struct drill_check_opts o = { .backend = DRILL_AUTO, .data_dir = data_dir, .quiet = true };
	for (int i = 0; i < 2; i++) {
		char *p = drill_file(dr, who[i]);
		struct drill_result r;
		if (!p || !drill_check(dr, p, &o, &r)) {
			free(p);
			continue;
		}
		bool pass = r.verdict == DRILL_PASS || r.verdict == DRILL_FAST;
		if (r.verdict == DRILL_CANNOT)
			; /* judged only where it can be: not an error of the drill */
		else if (i == 0 && !pass)
			diags_add(d, p, 0, 0, "the reference does not pass its own check (%s)",
				  r.compile_where[0] ? r.compile_where : "run 'cudakitchen drill check'");
		else if (i == 1 && pass)
			diags_add(d, p, 0, 0, "the starter passes: it should leave the task to do");
		drill_result_free(&r);
		free(p);
	}
}

int drill_lint_dir(const char *drills_dir, const char *data_dir, bool run, struct diags *d)
{
	int files = 0;
	DIR *dp = opendir(drills_dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0;
	while (dp && (e = readdir(dp))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		char **nv = realloc(names, (n + 1) * sizeof *nv);
		if (!nv)
			break;
		names = nv;
		names[n++] = strdup(e->d_name);
	}
	if (dp)
		closedir(dp);
	for (size_t i = 0; i < n; i++) {
		struct drill dr = { 0 };
		size_t before = d->n;
		bool ok = names[i] && drill_load(drills_dir, names[i], "en", &dr, d);
		files += 2;
		if (ok) {
			sizes_rule(&dr, d);
			files_rule(&dr, d);
			translation_rule(drills_dir, names[i], &dr, d);
			if (run && d->n == before)
				run_rule(&dr, data_dir, d);
		}
		drill_free(&dr);
		free(names[i]);
	}
	free(names);
	return files;
}
