/* drill: the drill catalogue, read from drills/NN-ID/drill.yaml and the
 * statements drills/LANG/NN-ID.yaml (drill.h; the format in
 * drills/README.md).  Every problem is a positioned diag; nothing runs. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "doc.h"
#include "drill.h"
#include "paths.h"
#include "text.h"

static const char *const skill_list[] = { "concepts", "architecture", "threads",
					  "memory", "libraries", "performance" };
static const char *const need_list[] = { "cublas", "cudnn" };

struct rd {
	const char *file;
	struct diags *d;
	size_t before;
};

static bool bad(const struct rd *c) { return c->d->n > c->before; }

static char *str_of(struct rd *c, const struct doc_node *n, bool prose)
{
	const char *s;
	if (!n || !doc_str(c->file, n, &s, c->d))
		return NULL;
	/* prose read as a lesson's is: a folded block as a literal one, then
	 * reflowed (lines joined, tight between Chinese characters) */
	char *u = prose && n->folded ? text_unfold(s) : strdup(s);
	char *r = prose && u ? text_reflow(u) : u;
	if (r != u)
		free(u);
	if (!r)
		diags_add(c->d, c->file, n->line, n->col, "out of memory");
	return r;
}

static int int_of(struct rd *c, const struct doc_node *m, const char *key, long lo, long hi)
{
	long v = 0;
	const struct doc_node *n = doc_get(m, key);
	size_t b = c->d->n;
	if (n && !doc_int(c->file, n, lo, hi, &v, c->d))
		doc_name_key(c->d, b, key);
	return (int)v;
}

static bool in_list(const char *s, const char *const *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, t[i]))
			return true;
	return false;
}

/* a sequence of scalars from a fixed list (or any, list NULL) into out */
static int words_of(struct rd *c, const struct doc_node *seq, const char *key, char **out, int max,
		    const char *const *list, size_t nlist)
{
	if (!seq || seq->type != DOC_SEQ)
		return 0;
	if ((int)seq->n > max) {
		diags_add(c->d, c->file, seq->line, seq->col, "'%s': at most %d entries", key, max);
		return 0;
	}
	int k = 0;
	for (size_t i = 0; i < seq->n; i++) {
		char *w = str_of(c, seq->items[i], false);
		if (!w)
			continue;
		if (list && !in_list(w, list, nlist)) {
			diags_add(c->d, c->file, seq->items[i]->line, seq->items[i]->col,
				  "'%s': unknown entry '%s'", key, w);
			free(w);
			continue;
		}
		out[k++] = w;
	}
	return k;
}

/* N, RxC, RxCxK or NxCxHxW, each a whole number >= 1 */
static bool size_valid(const char *s)
{
	int parts = 0;
	while (*s) {
		if (!isdigit((unsigned char)*s) || *s == '0')
			return false;
		while (isdigit((unsigned char)*s))
			s++;
		parts++;
		if (*s == 'x')
			s++;
		else if (*s)
			return false;
	}
	return parts >= 1 && parts <= 4;
}

static void sizes_of(struct rd *c, const struct doc_node *m, struct drill *dr)
{
	const struct doc_node *seq = doc_get(m, "sizes");
	if (!seq || seq->type != DOC_SEQ)
		return;
	dr->nsizes = words_of(c, seq, "sizes", dr->sizes, DRILL_MAX_SIZES, NULL, 0);
	for (int i = 0; i < dr->nsizes; i++)
		if (!size_valid(dr->sizes[i]))
			diags_add(c->d, c->file, seq->items[i]->line, seq->items[i]->col,
				  "'%s' is not a size (N, RxC, RxCxK or NxCxHxW, each at least 1)", dr->sizes[i]);
	if (dr->nsizes < 1 && !bad(c))
		diags_add(c->d, c->file, seq->line, seq->col, "'sizes': at least one size");
	const struct doc_node *t = doc_get(m, "timing_size");
	if (t && (dr->timing_size = str_of(c, t, false)) && !size_valid(dr->timing_size))
		diags_add(c->d, c->file, t->line, t->col, "'timing_size': '%s' is not a size",
			  dr->timing_size);
}

static void goal_of(struct rd *c, const struct doc_node *m, struct drill *dr)
{
	static const struct doc_field gf[] = { { "metric", DOC_SCALAR, true },
					       { "value", DOC_SCALAR, true } };
	const struct doc_node *g = doc_get(m, "goal");
	if (!g || !doc_check_map(c->file, g, gf, 2, c->d))
		return;
	const struct doc_node *mt = doc_get(g, "metric");
	if (!strcmp(mt->str, "gflops"))
		dr->goal_gflops = true;
	else if (strcmp(mt->str, "gbs"))
		diags_add(c->d, c->file, mt->line, mt->col, "'metric': gbs or gflops, not '%s'", mt->str);
	if (doc_double(c->file, doc_get(g, "value"), &dr->goal_value, c->d) && dr->goal_value <= 0)
		diags_add(c->d, c->file, g->line, g->col, "'value': a speed above 0");
}

static void compare_of(struct rd *c, const struct doc_node *m, struct drill *dr)
{
	static const struct doc_field cf[] = { { "demo", DOC_SCALAR, true },
					       { "variant", DOC_SCALAR, true } };
	const struct doc_node *g = doc_get(m, "compare");
	if (!g || doc_is_null(g) || !doc_check_map(c->file, g, cf, 2, c->d))
		return;
	dr->cmp_demo = str_of(c, doc_get(g, "demo"), false);
	dr->cmp_variant = str_of(c, doc_get(g, "variant"), false);
}

static void neutral_of(struct rd *c, const struct doc_node *m, struct drill *dr)
{
	static const struct doc_field f[] = {
		{ "id", DOC_SCALAR, true },	     { "lesson", DOC_SCALAR, true },
		{ "skills", DOC_SEQ, true },	     { "judge", DOC_SCALAR, true },
		{ "needs", DOC_SEQ, false },	     { "sizes", DOC_SEQ, true },
		{ "timing_size", DOC_SCALAR, true }, { "timeout", DOC_SCALAR, true },
		{ "points", DOC_SCALAR, true },	     { "hint_cost", DOC_SCALAR, true },
		{ "goal", DOC_MAP, true },	     { "compare", DOC_MAP, false },
		{ "reference_h200_ms", DOC_SCALAR, false },
	};
	if (!doc_check_map(c->file, m, f, sizeof f / sizeof *f, c->d))
		return;
	const struct doc_node *id = doc_get(m, "id");
	if (strcmp(id->str, dr->id))
		diags_add(c->d, c->file, id->line, id->col, "id '%s' is not the folder's '%s'", id->str,
			  dr->id);
	dr->lesson = str_of(c, doc_get(m, "lesson"), false);
	dr->nskills = words_of(c, doc_get(m, "skills"), "skills", dr->skills, DRILL_MAX_SKILLS,
			       skill_list, 6);
	dr->nneeds = words_of(c, doc_get(m, "needs"), "needs", dr->needs, DRILL_MAX_NEEDS, need_list, 2);
	const struct doc_node *j = doc_get(m, "judge");
	dr->gpu_only = !strcmp(j->str, "gpu");
	if (!dr->gpu_only && strcmp(j->str, "any"))
		diags_add(c->d, c->file, j->line, j->col, "'judge': any or gpu, not '%s'", j->str);
	sizes_of(c, m, dr);
	dr->timeout_s = int_of(c, m, "timeout", 1, 300);
	dr->points = int_of(c, m, "points", 1, 100);
	dr->hint_cost = int_of(c, m, "hint_cost", 0, 100);
	if (dr->hint_cost > dr->points && !bad(c))
		diags_add(c->d, c->file, m->line, m->col, "hint_cost %d is more than the %d points",
			  dr->hint_cost, dr->points);
	goal_of(c, m, dr);
	compare_of(c, m, dr);
	const struct doc_node *r = doc_get(m, "reference_h200_ms");
	dr->ref_h200_ms = -1;
	if (r && !doc_is_null(r) && doc_double(c->file, r, &dr->ref_h200_ms, c->d) &&
	    dr->ref_h200_ms <= 0)
		diags_add(c->d, c->file, r->line, r->col, "'reference_h200_ms': a time above 0, or ~");
}

static void text_of(struct rd *c, const struct doc_node *m, struct drill *dr)
{
	static const struct doc_field f[] = {
		{ "id", DOC_SCALAR, true },    { "title", DOC_SCALAR, true },
		{ "kitchen", DOC_SCALAR, true }, { "task", DOC_SCALAR, true },
		{ "signature", DOC_SCALAR, true }, { "hints", DOC_SEQ, true },
		{ "causes", DOC_MAP, false },
	};
	if (!doc_check_map(c->file, m, f, sizeof f / sizeof *f, c->d))
		return;
	const struct doc_node *id = doc_get(m, "id");
	if (strcmp(id->str, dr->id))
		diags_add(c->d, c->file, id->line, id->col, "id '%s' is not the drill's '%s'", id->str,
			  dr->id);
	dr->title = str_of(c, doc_get(m, "title"), false);
	dr->kitchen = str_of(c, doc_get(m, "kitchen"), true);
	dr->task = str_of(c, doc_get(m, "task"), true);
	dr->signature = str_of(c, doc_get(m, "signature"), false);
	const struct doc_node *h = doc_get(m, "hints");
	if (h->n < 1 || h->n > DRILL_MAX_HINTS)
		diags_add(c->d, c->file, h->line, h->col, "'hints': one to %d hints", DRILL_MAX_HINTS);
	for (size_t i = 0; i < h->n && i < DRILL_MAX_HINTS; i++)
		if ((dr->hints[dr->nhints] = str_of(c, h->items[i], true)))
			dr->nhints++;
	const struct doc_node *cs = doc_get(m, "causes");
	for (size_t i = 0; cs && i < cs->n; i++) {
		if (dr->ncauses == DRILL_MAX_CAUSES) {
			diags_add(c->d, c->file, cs->line, cs->col, "'causes': at most %d", DRILL_MAX_CAUSES);
			break;
		}
		struct drill_cause *k = &dr->causes[dr->ncauses];
		k->code = str_of(c, cs->items[2 * i], false);
		k->text = str_of(c, cs->items[2 * i + 1], true);
		if (k->code && k->text)
			dr->ncauses++;
		else
			free(k->code), free(k->text);
	}
}

static bool load_yaml(const char *path, struct doc *doc, struct rd *c)
{
	if (!doc_load_file(path, doc, c->d))
		return false;
	if (!doc->root || doc->root->type != DOC_MAP) {
		diags_add(c->d, path, doc->root ? doc->root->line : 0, doc->root ? doc->root->col : 0,
			  "a drill file is a mapping of keys");
		return false;
	}
	return true;
}

/* "NN-ID" into num and id; false when the name has another form */
static bool folder_name(const char *name, int *num, char **id)
{
	if (!isdigit((unsigned char)name[0]) || !isdigit((unsigned char)name[1]) || name[2] != '-' ||
	    !name[3])
		return false;
	for (const char *p = name + 3; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '-')
			return false;
	*num = (name[0] - '0') * 10 + (name[1] - '0');
	*id = strdup(name + 3);
	return *id != NULL;
}

bool drill_load(const char *drills_dir, const char *folder, const char *lang, struct drill *dr,
		struct diags *d)
{
	memset(dr, 0, sizeof *dr);
	dr->ref_h200_ms = -1;
	struct rd c = { NULL, d, d->n };
	char *dir = paths_join(drills_dir, folder);
	if (!dir || !folder_name(folder, &dr->num, &dr->id)) {
		diags_add(d, dir ? dir : folder, 0, 0,
			  "a drill folder is named NN-ID (two digits, '-', lowercase letters, digits, '-')");
		free(dir);
		return false;
	}
	dr->dir = dir;
	dr->neutral_file = paths_join(dir, "drill.yaml");
	struct doc doc = { 0 };
	c.file = dr->neutral_file;
	if (load_yaml(dr->neutral_file, &doc, &c))
		neutral_of(&c, doc.root, dr);
	doc_free(&doc);
	char name[512];
	snprintf(name, sizeof name, "%s/%s.yaml", lang ? lang : "en", folder);
	char *tf = paths_join(drills_dir, name);
	struct stat st;
	if (tf && stat(tf, &st) != 0 && lang && strcmp(lang, "en")) {
		free(tf);
		snprintf(name, sizeof name, "en/%s.yaml", folder);
		tf = paths_join(drills_dir, name);
		dr->fallback = true;
	}
	dr->text_file = tf;
	struct doc td = { 0 };
	c.file = tf;
	if (tf && load_yaml(tf, &td, &c))
		text_of(&c, td.root, dr);
	doc_free(&td);
	return !bad(&c);
}

void drill_free(struct drill *dr)
{
	if (!dr)
		return;
	char **strs[] = { &dr->id, &dr->dir, &dr->neutral_file, &dr->text_file, &dr->lesson,
			  &dr->timing_size, &dr->cmp_demo, &dr->cmp_variant, &dr->title,
			  &dr->kitchen, &dr->task, &dr->signature };
	for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
		free(*strs[i]);
	for (int i = 0; i < dr->nskills; i++)
		free(dr->skills[i]);
	for (int i = 0; i < dr->nneeds; i++)
		free(dr->needs[i]);
	for (int i = 0; i < dr->nsizes; i++)
		free(dr->sizes[i]);
	for (int i = 0; i < dr->nhints; i++)
		free(dr->hints[i]);
	for (int i = 0; i < dr->ncauses; i++)
		free(dr->causes[i].code), free(dr->causes[i].text);
	memset(dr, 0, sizeof *dr);
}

static int by_num(const void *a, const void *b)
{
	const struct drill *x = a, *y = b;
	return x->num != y->num ? x->num - y->num : strcmp(x->id, y->id);
}

static void add_dir(struct drill_set *s, const char *root, const char *lang, struct diags *d)
{
	char *dir = paths_join(root, "drills");
	DIR *dp = dir ? opendir(dir) : NULL;
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		if (!isdigit((unsigned char)e->d_name[0]) || !strchr(e->d_name, '-'))
			continue;
		struct drill dr;
		if (!drill_load(dir, e->d_name, lang, &dr, d)) {
			drill_free(&dr);
			continue;
		}
		size_t k = 0;
		while (k < s->n && strcmp(s->v[k].id, dr.id))
			k++;
		if (k < s->n) {
			drill_free(&s->v[k]); /* a class's drill replaces the built-in one */
		} else {
			struct drill *nv = realloc(s->v, (s->n + 1) * sizeof *nv);
			if (!nv) {
				drill_free(&dr);
				break;
			}
			s->v = nv, s->n++;
		}
		s->v[k] = dr;
	}
	if (dp)
		closedir(dp);
	free(dir);
}

bool drill_set_load(struct drill_set *s, const char *data_dir, const char *class_dir,
		    const char *lang, struct diags *d)
{
	size_t before = d->n;
	memset(s, 0, sizeof *s);
	if (data_dir)
		add_dir(s, data_dir, lang, d);
	if (class_dir)
		add_dir(s, class_dir, lang, d);
	if (s->n)
		qsort(s->v, s->n, sizeof *s->v, by_num);
	return d->n == before;
}

void drill_set_free(struct drill_set *s)
{
	for (size_t i = 0; s && i < s->n; i++)
		drill_free(&s->v[i]);
	if (s)
		free(s->v), memset(s, 0, sizeof *s);
}

const struct drill *drill_find(const struct drill_set *s, const char *id)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].id, id))
			return &s->v[i];
	return NULL;
}

const char *drill_cause_text(const struct drill *dr, const char *code)
{
	for (int i = 0; i < dr->ncauses; i++)
		if (!strcmp(dr->causes[i].code, code))
			return dr->causes[i].text;
	return NULL;
}

char *drill_file(const struct drill *dr, const char *name) { return paths_join(dr->dir, name); }

void drill_copy(char *dst, size_t size, const char *src)
{
	size_t n = 0;
	if (!size)
		return;
	for (; src && src[n] && n + 1 < size; n++)
		dst[n] = src[n];
	while (n > 0 && n + 1 == size && ((unsigned char)dst[n - 1] & 0xc0) == 0x80)
		n--; /* no half of a UTF-8 character at the end */
	if (n > 0 && n + 1 == size && ((unsigned char)dst[n - 1] & 0xc0) == 0xc0)
		n--;
	dst[n] = '\0';
}

bool drill_set_load_course(struct drill_set *s, const char *data_dir, const char *class_dir,
			   const char *lang, struct diags *d)
{
	return drill_set_load(s, class_dir ? NULL : data_dir, class_dir, lang, d);
}

int drill_count(const char *data_dir, const char *class_dir)
{
	struct drill_set s;
	struct diags d = { 0 };
	drill_set_load_course(&s, data_dir, class_dir, "en", &d);
	int n = (int)s.n;
	drill_set_free(&s);
	diags_free(&d);
	return n;
}
