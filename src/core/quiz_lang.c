/* quiz_lang: per-question English fallback for translated quiz levels,
 * and lint's checks of a translation against English (quiz_lang.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "quiz_lang.h"

static const struct quiz_question *find(const struct quiz *z, const char *id)
{
	for (size_t i = 0; id && i < z->n; i++)
		if (z->q[i].id && !strcmp(z->q[i].id, id))
			return &z->q[i];
	return NULL;
}

static bool exists(const char *p)
{
	struct stat st;
	return p && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Moves en's questions into out, each swapped with tr's question of the
 * same id when there is one (so the English one is freed with tr); the
 * title and summary come from tr when it loaded.  Both inputs are left
 * for quiz_free. */
static void merge(struct quiz *tr, struct quiz *en, struct quiz *out)
{
	*out = *en;
	*en = (struct quiz){ 0 };
	for (size_t i = 0; i < out->n; i++) {
		struct quiz_question *t = (struct quiz_question *)find(tr, out->q[i].id);
		if (!t) {
			out->q[i].fallback = true;
			continue;
		}
		struct quiz_question english = out->q[i];
		out->q[i] = *t;
		*t = english;
	}
	if (tr->title) {
		free(out->title);
		out->title = tr->title;
		tr->title = NULL;
	}
	if (tr->summary) {
		free(out->summary);
		out->summary = tr->summary;
		tr->summary = NULL;
	}
}

bool quiz_load_lang(const char *tr_path, const char *en_path, struct quiz *out, struct diags *d)
{
	memset(out, 0, sizeof *out);
	if (!en_path)
		return quiz_load(tr_path, out, d);
	struct quiz tr = { 0 }, en = { 0 };
	struct diags scratch = { 0 };
	if (exists(tr_path))
		quiz_load(tr_path, &tr, &scratch);   /* broken: every question English */
	diags_free(&scratch);
	bool ok = quiz_load(en_path, &en, d);
	if (ok)
		merge(&tr, &en, out);
	quiz_free(&tr);
	quiz_free(&en);
	return ok;
}

static char *path_of(const char *base, const char *lang, int level)
{
	size_t n = strlen(base) + strlen(lang) + 32;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s/%s/level%d.yaml", base, lang, level);
	return p;
}

size_t quiz_missing_translations(const char *base, const char *lang, struct diags *d)
{
	size_t missing = 0;
	for (int level = 1; level <= QUIZ_LEVELS; level++) {
		char *enp = path_of(base, "en", level), *trp = path_of(base, lang, level);
		struct quiz en = { 0 }, tr = { 0 };
		struct diags scratch = { 0 };
		if (enp && trp && exists(enp) && quiz_load(enp, &en, &scratch)) {
			if (!exists(trp)) {
				diags_add(d, trp, 0, 0, "missing translation for level %d (all %zu questions)",
					  level, en.n);
				missing += en.n;
			} else if (quiz_load(trp, &tr, &scratch)) {
				for (size_t i = 0; i < en.n; i++)
					if (!find(&tr, en.q[i].id)) {
						diags_add(d, trp, 0, 0, "missing translation for question '%s'",
							  en.q[i].id);
						missing++;
					}
			}
		}
		quiz_free(&en);
		quiz_free(&tr);
		diags_free(&scratch);
		free(enp);
		free(trp);
	}
	return missing;
}

/* Whether t grades as e does: same key wherever the key is an index or a
 * count (a fill's accepted words may be translated).  When not, why holds
 * what differs and what a translation keeps. */
static bool same_key(const struct quiz_question *t, const struct quiz_question *e, char *why,
		     size_t size)
{
	static const char *const tf[] = { "false", "true" };
	switch (e->type) {
	case QT_SINGLE:
	case QT_MULTI:
		if (t->noptions != e->noptions) {
			snprintf(why, size, "%zu options here, %zu in English", t->noptions, e->noptions);
			return false;
		}
		if (e->type == QT_SINGLE ? t->answer != e->answer : t->answers != e->answers) {
			snprintf(why, size, "another answer (a translation keeps the options in English's "
					    "order and the same answer)");
			return false;
		}
		return true;
	case QT_TRUEFALSE:
		if (t->answer != e->answer) {
			snprintf(why, size, "answer %s here, %s in English", tf[t->answer != 0],
				 tf[e->answer != 0]);
			return false;
		}
		return true;
	case QT_MATCH:
	case QT_ORDER:
		if ((e->type == QT_MATCH ? t->npairs != e->npairs : t->nitems != e->nitems)) {
			snprintf(why, size, "%zu %s here, %zu in English",
				 e->type == QT_MATCH ? t->npairs : t->nitems,
				 e->type == QT_MATCH ? "pairs" : "items",
				 e->type == QT_MATCH ? e->npairs : e->nitems);
			return false;
		}
		return true;
	case QT_PREDICT: {
		bool same = !strcmp(t->demo, e->demo) && !strcmp(t->measure, e->measure) && t->nbands == e->nbands && t->nchoices == e->nchoices && t->factor == e->factor;
		for (size_t i = 0; same && i < e->nbands; i++)
			same = t->bands[i].min == e->bands[i].min && t->bands[i].max == e->bands[i].max;
		if (!same)
			snprintf(why, size, "another demo, measure, factor or bands (a translation keeps "
					    "them, in English's order)");
		return same;
	}
	default:
		return true;
	}
}

/* One level's translated questions against English's, into d. */
static size_t check_level(const struct quiz *tr, const struct quiz *en, const char *enp,
			  struct diags *d)
{
	size_t bad = 0;
	for (size_t i = 0; i < tr->n; i++) {
		const struct quiz_question *t = &tr->q[i], *e = find(en, t->id);
		char why[160];
		if (!e)
			diags_add(d, tr->file, t->line, t->col, "question '%s' is not in %s: a translation "
								"keeps English's question ids (a question only here is never asked)",
				  t->id, enp);
		else if (t->type != e->type)
			diags_add(d, tr->file, t->line, t->col, "question '%s' is a %s question here but "
								"a %s one in %s: a translation keeps the type",
				  t->id,
				  quiz_type_names[t->type], quiz_type_names[e->type], enp);
		else if (!same_key(t, e, why, sizeof why))
			diags_add(d, tr->file, t->line, t->col, "question '%s' is graded differently from "
								"%s: %s",
				  t->id, enp, why);
		else
			continue;
		bad++;
	}
	return bad;
}

size_t quiz_translation_errors(const char *base, const char *lang, struct diags *d)
{
	size_t bad = 0;
	for (int level = 1; level <= QUIZ_LEVELS; level++) {
		char *enp = path_of(base, "en", level), *trp = path_of(base, lang, level);
		struct quiz en = { 0 }, tr = { 0 };
		struct diags scratch = { 0 };
		if (enp && trp && exists(enp) && exists(trp) && quiz_load(enp, &en, &scratch) && quiz_load(trp, &tr, &scratch))
			bad += check_level(&tr, &en, enp, d);
		quiz_free(&en);
		quiz_free(&tr);
		diags_free(&scratch);
		free(enp);
		free(trp);
	}
	return bad;
}
