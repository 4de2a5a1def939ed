/* course: every lesson of a directory, in file-name order, and the checks
 * that need them all (duplicate ids, `see` targets); and translations,
 * which fall back to the English lesson per missing id.  The checks
 * themselves are course_check.c; one lesson file is lesson.c's business. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "doc.h"
#include "fsutil.h"
#include "course_check.h"
#include "lesson.h"
#include "paths.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static bool is_yaml_name(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' && n > 5 && !strcmp(name + n - 5, ".yaml");
}

/* The paths "dir/NAME.yaml" of dir's entries, sorted by name.  Whatever
 * their type: the loader refuses a FIFO, a directory or a dangling link
 * with an error of its own (never blocking on it), where skipping it would
 * pass a broken course as empty.  Returns false (with a diag) when dir
 * cannot be read. */
static bool yaml_files(const char *dir, char ***out, size_t *n, struct diags *d)
{
	*out = NULL;
	*n = 0;
	DIR *dp = opendir(dir);
	if (!dp) {
		diags_add(d, dir, 0, 0, "cannot read the directory: %s", strerror(errno));
		return false;
	}
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (!is_yaml_name(e->d_name))
			continue;
		char *path = paths_join(dir, e->d_name);
		if (!path) {
			diags_add(d, dir, 0, 0, "out of memory");
			break;
		}
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			char **v = realloc(*out, cap * sizeof *v);
			if (!v) {
				diags_add(d, dir, 0, 0, "out of memory");
				free(path);
				break;
			}
			*out = v;
		}
		(*out)[(*n)++] = path;
	}
	closedir(dp);
	if (*n)
		qsort(*out, *n, sizeof **out, cmp_str);
	return true;
}


/* Loads each file into out (broken ones too); no cross-checks. */
static bool load_dir(const char *dir, struct course *out, struct diags *d)
{
	*out = (struct course){ 0 };
	char **names;
	size_t n;
	if (!yaml_files(dir, &names, &n, d))
		return false;
	bool ok = true;
	out->lessons = calloc(n ? n : 1, sizeof *out->lessons);
	if (!out->lessons)
		diags_add(d, dir, 0, 0, "out of memory");
	for (size_t i = 0; out->lessons && i < n; i++)
		ok = lesson_load(names[i], &out->lessons[out->n++], d) && ok;
	free_names(names, n);
	course_index_ids(out);
	return ok && out->lessons;
}

/* The index of course_find: lesson indices sorted by (id, index), so a
 * lookup is a binary search and the whole course's checks are n log n
 * (a 10 000-lesson course lints in well under a second). */
static const struct lesson *g_sort_lessons;   /* qsort has no context argument */

static int cmp_by_id(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const char *x = g_sort_lessons[i].id, *y = g_sort_lessons[j].id;
	int c = !x || !y ? (x != NULL) - (y != NULL) : strcmp(x, y);
	return c ? c : (i > j) - (i < j);
}

void course_index_ids(struct course *c)
{
	free(c->by_id);
	c->by_id = malloc((c->n ? c->n : 1) * sizeof *c->by_id);
	if (!c->by_id)
		return;   /* course_find falls back to a scan */
	for (size_t i = 0; i < c->n; i++)
		c->by_id[i] = i;
	g_sort_lessons = c->lessons;
	qsort(c->by_id, c->n, sizeof *c->by_id, cmp_by_id);
	g_sort_lessons = NULL;
}

/* The first position in by_id whose lesson has an id >= id. */
static size_t lower_bound(const struct course *c, const char *id)
{
	size_t lo = 0, hi = c->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *m = c->lessons[c->by_id[mid]].id;
		if (!m || strcmp(m, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct lesson *course_find(const struct course *c, const char *id)
{
	const struct lesson *broken = NULL;
	if (c && id && c->by_id) {
		for (size_t k = lower_bound(c, id); k < c->n; k++) {
			const struct lesson *l = &c->lessons[c->by_id[k]];
			if (!l->id || strcmp(l->id, id))
				break;
			if (!l->broken)
				return l;
			if (!broken)
				broken = l;
		}
		return broken;
	}
	for (size_t i = 0; c && id && i < c->n; i++) {
		if (c->lessons[i].id && !strcmp(c->lessons[i].id, id)) {
			if (!c->lessons[i].broken)
				return &c->lessons[i];
			if (!broken)
				broken = &c->lessons[i];
		}
	}
	return broken;
}

/* The references first: a lesson that course_check_ids marks broken loses
 * them. */
bool course_load(const char *dir, struct course *out, struct diags *d)
{
	bool ok = load_dir(dir, out, d);
	ok = course_check_refs(out, d) && ok;
	return course_check_ids(out, d) && ok;
}

void course_free(struct course *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		lesson_free(&c->lessons[i]);
	free(c->lessons);
	free(c->by_id);
	*c = (struct course){ 0 };
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int cmp_lesson_file(const void *a, const void *b)
{
	return strcmp(base_name(((const struct lesson *)a)->file),
		      base_name(((const struct lesson *)b)->file));
}

/* Moves the lessons of tr (a translation) and en into out: per English id
 * the translated lesson when it loaded, else the English one marked
 * fallback; then translated lessons with ids English lacks. */
static bool merge(struct course *tr, struct course *en, struct course *out)
{
	*out = (struct course){ .lessons = calloc(tr->n + en->n + 1, sizeof *out->lessons) };
	/* every match first: moving lessons out of tr empties entries of its index */
	struct lesson **match = calloc(en->n + 1, sizeof *match);
	if (!out->lessons || !match) {
		free(match);
		return false;
	}
	for (size_t i = 0; i < en->n; i++)
		match[i] = (struct lesson *)course_find(tr, en->lessons[i].id);
	for (size_t i = 0; i < en->n; i++) {
		struct lesson *e = &en->lessons[i];
		struct lesson *t = match[i] && match[i]->file ? match[i] : NULL;  /* NULL file: taken */
		if (t && !t->broken) {
			if (t->npages && t->npages < e->npages) {   /* the pages it lacks: English's */
				size_t have = t->npages, all = e->npages;
				struct page *p = realloc(t->pages, all * sizeof *p);
				if (p) {
					memcpy(p + have, e->pages + have, (all - have) * sizeof *p);
					t->pages = p;
					t->npages = all;
					t->english_from = have;
					e->npages = have;   /* moved: e no longer frees them */
				}
			}
			out->lessons[out->n++] = *t;
			*t = (struct lesson){ 0 };
		} else {
			e->fallback = true;
			out->lessons[out->n++] = *e;
			*e = (struct lesson){ 0 };
			if (t)
				lesson_free(t); /* a broken translation: English instead */
		}
	}
	for (size_t i = 0; i < tr->n; i++) {
		if (tr->lessons[i].file) {
			out->lessons[out->n++] = tr->lessons[i];
			tr->lessons[i] = (struct lesson){ 0 };
		}
	}
	free(match);
	qsort(out->lessons, out->n, sizeof *out->lessons, cmp_lesson_file);
	course_index_ids(out);
	return true;
}

/* The `see` targets of tr's broken lessons, which merge replaces with
 * English: known when tr or en has the id. */
static bool check_broken_refs(const struct course *tr, const struct course *en, struct diags *d)
{
	size_t before = d->n;
	for (size_t i = 0; i < tr->n; i++)
		if (tr->lessons[i].broken)
			course_check_lesson_refs(en, tr, &tr->lessons[i], d);
	return d->n == before;
}

bool course_load_lang(const char *base, const char *lang, struct course *out,
		      struct diags *d)
{
	char *en_dir = paths_join(base, "en"), *tr_dir = paths_join(base, lang);
	struct course en = { 0 }, tr = { 0 };
	struct diags scratch = { 0 };
	bool ok = en_dir && tr_dir;
	*out = (struct course){ 0 };
	if (ok && !strcmp(lang, "en")) {
		ok = course_load(en_dir, out, d);
	} else if (ok) {
		struct stat st;
		if (stat(tr_dir, &st) == 0)
			ok = load_dir(tr_dir, &tr, d);
		ok = course_check_ids(&tr, d) && ok;
		load_dir(en_dir, &en, &scratch);
		course_check_ids(&en, &scratch);
		ok = check_broken_refs(&tr, &en, d) && ok;
		ok = merge(&tr, &en, out) && ok;
		ok = course_check_refs(out, d) && ok;
	}
	course_free(&en);
	course_free(&tr);
	diags_free(&scratch);
	free(en_dir);
	free(tr_dir);
	return ok;
}

/* A translation shorter than its English source: the reader would show
 * only the translated pages, so the rest is as missing as a whole lesson. */
static bool short_translation(const struct lesson *t, const struct lesson *e, const char *lang,
			      struct diags *d)
{
	if (!t || t->broken || e->broken || t->npages >= e->npages)
		return false;
	diags_add(d, t->file, 0, 0, "missing translation for part of '%s': %zu page%s in %s, "
		  "%zu in English", e->id, t->npages, t->npages == 1 ? "" : "s", lang, e->npages);
	return true;
}

size_t course_missing_translations(const char *base, const char *lang, struct diags *d)
{
	char *en_dir = paths_join(base, "en"), *tr_dir = paths_join(base, lang);
	struct course en = { 0 }, tr = { 0 };
	struct diags scratch = { 0 };
	size_t missing = 0;
	if (en_dir && tr_dir) {
		load_dir(en_dir, &en, &scratch);
		load_dir(tr_dir, &tr, &scratch);
		for (size_t i = 0; i < en.n; i++) {
			const struct lesson *t = course_find(&tr, en.lessons[i].id);
			if (!t)
				diags_add(d, tr_dir, 0, 0, "missing translation for '%s'", en.lessons[i].id);
			missing += !t || short_translation(t, &en.lessons[i], lang, d);
		}
	}
	course_free(&en);
	course_free(&tr);
	diags_free(&scratch);
	free(en_dir);
	free(tr_dir);
	return missing;
}

size_t course_orphan_translations(const char *base, const char *lang, struct diags *d)
{
	char *en_dir = paths_join(base, "en"), *tr_dir = paths_join(base, lang);
	struct course en = { 0 }, tr = { 0 };
	struct diags scratch = { 0 };
	size_t orphans = 0;
	if (en_dir && tr_dir && strcmp(lang, "en")) {
		load_dir(en_dir, &en, &scratch);
		load_dir(tr_dir, &tr, &scratch);
		for (size_t i = 0; i < tr.n; i++) {
			const struct lesson *t = &tr.lessons[i];
			if (t->id && course_find(&en, t->id))
				continue;
			diags_add(d, t->file, t->id_pos.line, t->id_pos.col, "translation of no English "
				  "lesson: %s has no lesson with the id '%s'", en_dir, t->id ? t->id : "?");
			orphans++;
		}
	}
	course_free(&en);
	course_free(&tr);
	diags_free(&scratch);
	free(en_dir);
	free(tr_dir);
	return orphans;
}

/* The lessons a single file's `see` may name: its directory's, and for a
 * translation (a sibling en/ exists) English's too. */
bool course_check_see(const struct lesson *l, struct diags *d)
{
	if (!l || !l->file)
		return true;
	const char *slash = strrchr(l->file, '/');
	char *dir = !slash ? strdup(".") : slash == l->file ? strdup("/")
		  : strndup(l->file, (size_t)(slash - l->file));
	char *up = dir ? paths_join(dir, "..") : NULL, *en_dir = up ? paths_join(up, "en") : NULL;
	struct course c = { 0 }, en = { 0 };
	struct diags scratch = { 0 };
	size_t before = d->n;
	if (!dir || !up || !en_dir) {
		diags_add(d, l->file, 0, 0, "out of memory");
	} else {
		load_dir(dir, &c, &scratch);
		struct stat st;
		if (strcmp(base_name(dir), "en") && stat(en_dir, &st) == 0 && S_ISDIR(st.st_mode))
			load_dir(en_dir, &en, &scratch);
		course_check_lesson_refs(&c, &en, l, d);
	}
	course_free(&c);
	course_free(&en);
	diags_free(&scratch);
	free(dir);
	free(up);
	free(en_dir);
	return d->n == before;
}

enum course_layout course_class_layout(const char *dir, char *base, size_t size)
{
	struct stat st;
	char probe[4200];
	snprintf(probe, sizeof probe, "%s/lessons/en", dir);
	if (stat(probe, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(base, size, "%s/lessons", dir);
		return COURSE_TREE;
	}
	snprintf(base, size, "%s", dir);
	snprintf(probe, sizeof probe, "%s/en", dir);
	return stat(probe, &st) == 0 && S_ISDIR(st.st_mode) ? COURSE_LANGS : COURSE_FLAT;
}

static void report_outside(void *d, const char *dir, const char *target)
{
	diags_add(d, dir, 0, 0, "the directory is a symbolic link to '%s', outside the class; "
		  "refused (copy the files into the class instead)", target);
}

bool course_class_contained(const char *dir, struct diags *d)
{
	return fs_tree_outside(dir, 2, report_outside, d) == 0;
}

bool course_load_class(const char *dir, const char *lang, struct course *out, struct diags *d)
{
	char base[4200];
	*out = (struct course){ 0 };
	if (!course_class_contained(dir, d))
		return false;
	if (course_class_layout(dir, base, sizeof base) == COURSE_FLAT)
		return course_load(base, out, d);
	return course_load_lang(base, lang, out, d);
}

const struct lesson *course_next(const struct course *c, const struct lesson *l)
{
	if (!c || !l || l < c->lessons || l >= c->lessons + c->n)
		return NULL;
	for (const struct lesson *n = l + 1; n < c->lessons + c->n; n++)
		if (!n->broken && n->npages > 0 && n->id)
			return n;
	return NULL;
}

const struct lesson *course_prev(const struct course *c, const struct lesson *l)
{
	if (!c || !l || l < c->lessons || l >= c->lessons + c->n)
		return NULL;
	for (const struct lesson *p = l; p-- > c->lessons;)
		if (!p->broken && p->npages > 0 && p->id)
			return p;
	return NULL;
}
