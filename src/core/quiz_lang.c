/* quiz_lang: per-question English fallback for translated quiz levels
 * (quiz_lang.h). */
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
