/* quiz: one level file mapped from a doc tree onto struct quiz.
 *
 * The loader keeps going after an error so an instructor sees every problem
 * of a file in one lint run; any error makes the whole level unusable (a
 * half-valid quiz would grade wrongly).  Every text is sanitized here, so
 * the screen can draw what it gets.  The schema is quizzes/README.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "quiz.h"
#include "fsutil.h"
#include "quiz_parse.h"
#include "text.h"

const char *const quiz_type_names[QT_COUNT] = {
	"fill", "single", "multi", "match", "truefalse", "order", "predict",
};


/* Every key a question may have; which ones a type needs is below. */
static const struct doc_field q_fields[] = {
	{ "id", DOC_SCALAR, true }, { "type", DOC_SCALAR, true }, { "prompt", DOC_SCALAR, true },
	{ "skills", DOC_SEQ, true }, { "apis", DOC_SEQ, false }, { "hint", DOC_SCALAR, true },
	{ "hint_cost", DOC_SCALAR, true }, { "explanation", DOC_SCALAR, true },
	{ "points", DOC_SCALAR, true },
	{ "accept", DOC_SEQ, false }, { "options", DOC_SEQ, false }, { "answer", DOC_SCALAR, false },
	{ "answers", DOC_SEQ, false }, { "pairs", DOC_SEQ, false }, { "scenario", DOC_SCALAR, false },
	{ "items", DOC_SEQ, false }, { "demo", DOC_SCALAR, false }, { "measure", DOC_SCALAR, false },
	{ "unit", DOC_SCALAR, false }, { "bands", DOC_SEQ, false }, { "choices", DOC_SEQ, false },
	{ "factor", DOC_SCALAR, false },
};
#define NQ_FIELDS (sizeof q_fields / sizeof *q_fields)
#define FIRST_TYPED 9 /* q_fields[FIRST_TYPED..] belong to some types only */

/* The type-specific keys each type requires ("|" = exactly one of). */
static const char *const type_keys[QT_COUNT][4] = {
	[QT_FILL] = { "accept" },
	[QT_SINGLE] = { "options", "answer" },
	[QT_MULTI] = { "options", "answers" },
	[QT_MATCH] = { "pairs" },
	[QT_TRUEFALSE] = { "scenario", "answer" },
	[QT_ORDER] = { "items" },
	[QT_PREDICT] = { "demo", "measure", "bands|choices|factor" },
};

static bool type_uses(enum quiz_type t, const char *key)
{
	if (t == QT_PREDICT && !strcmp(key, "unit"))
		return true;
	for (int i = 0; i < 4 && type_keys[t][i]; i++) {
		const char *k = type_keys[t][i];
		size_t n = strlen(key);
		for (const char *p = k; (p = strstr(p, key)); p++)
			if ((p == k || p[-1] == '|') && (p[n] == '\0' || p[n] == '|'))
				return true;
	}
	return false;
}

char *quiz_text_of(struct ctx *c, const struct doc_node *n)
{
	const char *s;
	if (!n || !doc_str(c->file, n, &s, c->d))
		return NULL;
	char *t = text_sanitize(s, n->len);
	if (!t)
		diags_add(c->d, c->file, n->line, n->col, "out of memory");
	else if (!t[strspn(t, " \t\n")]) {
		diags_add(c->d, c->file, n->line, n->col, "expected text, got an empty value");
		free(t);
		t = NULL;
	}
	return t;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

/* A sequence of lo..hi texts; NULL (after an error) otherwise. */
char **quiz_texts_of(struct ctx *c, const struct doc_node *seq, const char *key,
		       size_t lo, size_t hi, size_t *count)
{
	*count = 0;
	if (!seq)
		return NULL;
	if (seq->type != DOC_SEQ || seq->n < lo || seq->n > hi) {
		diags_add(c->d, c->file, seq->line, seq->col, "'%s': expected a list of %zu to %zu entries",
			  key, lo, hi);
		return NULL;
	}
	char **v = calloc(seq->n ? seq->n : 1, sizeof *v);
	bool good = v != NULL;
	for (size_t i = 0; v && i < seq->n; i++)
		good &= (v[i] = quiz_text_of(c, seq->items[i])) != NULL;
	if (!good) {
		free_strs(v, seq->n);
		return NULL;
	}
	*count = seq->n;
	return v;
}

/* Two entries of a list may not be the same text (after normalising). */
static bool distinct(struct ctx *c, const struct doc_node *seq, char **v, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++) {
			char a[256], b[256];
			quiz_normalize(v[i], a, sizeof a);
			quiz_normalize(v[j], b, sizeof b);
			if (!strcmp(a, b)) {
				const struct doc_node *e = seq->items[i];
				diags_add(c->d, c->file, e->line, e->col, "'%s': entry %zu repeats entry %zu",
					  key, i + 1, j + 1);
				return false;
			}
		}
	return true;
}

/* The whole number n of key in lo..hi; an error names the key, so that
 * "'answer': 5 is out of range (1 to 3)" says which number is wrong. */
static long int_of(struct ctx *c, const char *key, const struct doc_node *n, long lo, long hi,
		   bool *good)
{
	long v = 0;
	size_t before = c->d->n;
	if (!n || !doc_int(c->file, n, lo, hi, &v, c->d)) {
		*good = false;
		if (n)
			doc_name_key(c->d, before, key);
	}
	return v;
}

static unsigned skills_of(struct ctx *c, const struct doc_node *seq)
{
	unsigned mask = 0;
	if (seq->n == 0)
		diags_add(c->d, c->file, seq->line, seq->col, "'skills': expected at least one skill");
	for (size_t i = 0; i < seq->n; i++) {
		const char *s;
		if (!doc_str(c->file, seq->items[i], &s, c->d))
			return 0;
		int k = 0;
		while (k < PROGRESS_SKILLS && strcmp(skill_names[k], s))
			k++;
		if (k < PROGRESS_SKILLS) {
			mask |= 1u << k;
			continue;
		}
		const char *near = doc_suggest(s, skill_names, PROGRESS_SKILLS);
		const struct doc_node *e = seq->items[i];
		if (near)
			diags_add(c->d, c->file, e->line, e->col, "unknown skill '%.80s'; did you mean '%s'?", s, near);
		else
			diags_add(c->d, c->file, e->line, e->col, "unknown skill '%.80s' (known: concepts, "
				  "architecture, threads, memory, libraries, performance)", s);
		return 0;
	}
	return mask;
}

static bool single_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	bool good = (q->options = quiz_texts_of(c, doc_get(m, "options"), "options", 2, QUIZ_MAX_ITEMS,
					    &q->noptions)) != NULL;
	good = good && distinct(c, doc_get(m, "options"), q->options, q->noptions, "options");
	long a = int_of(c, "answer", doc_get(m, "answer"), 1, good ? (long)q->noptions : QUIZ_MAX_ITEMS, &good);
	q->answer = (int)a - 1;
	return good;
}

static bool multi_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	const struct doc_node *opts = doc_get(m, "options"), *ans = doc_get(m, "answers");
	bool good = (q->options = quiz_texts_of(c, opts, "options", 2, QUIZ_MAX_ITEMS, &q->noptions)) != NULL;
	good = good && distinct(c, opts, q->options, q->noptions, "options");
	if (ans->n == 0)
		diags_add(c->d, c->file, ans->line, ans->col, "'answers': expected at least one option number");
	good &= ans->n > 0;
	/* the range is the options' count for every item, even after an
	 * earlier item was out of it */
	long hi = good ? (long)q->noptions : QUIZ_MAX_ITEMS;
	for (size_t i = 0; i < ans->n; i++) {
		bool item = true;
		long a = int_of(c, "answers", ans->items[i], 1, hi, &item);
		if (item && (q->answers & (1u << (a - 1)))) {
			diags_add(c->d, c->file, ans->items[i]->line, ans->items[i]->col,
				  "'answers': option %ld is listed twice", a);
			item = false;
		}
		if (item)
			q->answers |= 1u << (a - 1);
		good &= item;
	}
	return good;
}

static bool match_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	const struct doc_node *pairs = doc_get(m, "pairs");
	if (pairs->n < 2 || pairs->n > QUIZ_MAX_ITEMS) {
		diags_add(c->d, c->file, pairs->line, pairs->col, "'pairs': expected a list of 2 to %d entries",
			  QUIZ_MAX_ITEMS);
		return false;
	}
	q->left = calloc(pairs->n, sizeof *q->left);
	q->right = calloc(pairs->n, sizeof *q->right);
	if (!q->left || !q->right)
		return false;
	q->npairs = pairs->n;
	bool good = true;
	for (size_t i = 0; i < pairs->n; i++) {
		const struct doc_node *p = pairs->items[i];
		if (p->type != DOC_SEQ || p->n != 2) {
			diags_add(c->d, c->file, p->line, p->col, "'pairs': expected [left, right], two texts");
			good = false;
			continue;
		}
		good &= (q->left[i] = quiz_text_of(c, p->items[0])) != NULL;
		good &= (q->right[i] = quiz_text_of(c, p->items[1])) != NULL;
	}
	for (size_t i = 0; good && i < pairs->n; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(q->left[i], q->left[j]) || !strcmp(q->right[i], q->right[j])) {
				const struct doc_node *p = pairs->items[i];
				diags_add(c->d, c->file, p->line, p->col, "'pairs': pair %zu repeats a text of pair %zu",
					  i + 1, j + 1);
				return false;
			}
	return good;
}

static enum quiz_type type_of(struct ctx *c, const struct doc_node *n, bool *good)
{
	const char *s;
	if (!doc_str(c->file, n, &s, c->d)) {
		*good = false;
		return QT_COUNT;
	}
	for (int t = 0; t < QT_COUNT; t++)
		if (!strcmp(quiz_type_names[t], s))
			return (enum quiz_type)t;
	const char *near = doc_suggest(s, quiz_type_names, QT_COUNT);
	if (near)
		diags_add(c->d, c->file, n->line, n->col, "unknown question type '%.80s'; did you mean '%s'?",
			  s, near);
	else
		diags_add(c->d, c->file, n->line, n->col, "unknown question type '%.80s' (known: fill, single, "
			  "multi, match, truefalse, order, predict)", s);
	*good = false;
	return QT_COUNT;
}

/* Keys of other types are errors; the type's own keys must be there. */
static bool type_keys_ok(struct ctx *c, const struct doc_node *m, enum quiz_type t)
{
	bool good = true;
	for (size_t i = 0; i < m->n; i++) {
		const struct doc_node *k = m->items[2 * i];
		for (size_t f = FIRST_TYPED; f < NQ_FIELDS; f++)
			if (!strcmp(k->str, q_fields[f].key) && !type_uses(t, k->str)) {
				diags_add(c->d, c->file, k->line, k->col, "'%s' is not used by a %s question",
					  k->str, quiz_type_names[t]);
				good = false;
			}
	}
	for (int i = 0; i < 4 && type_keys[t][i]; i++)
		if (!strchr(type_keys[t][i], '|') && !doc_get(m, type_keys[t][i])) {
			diags_add(c->d, c->file, m->line, m->col, "missing required key '%s' for a %s question",
				  type_keys[t][i], quiz_type_names[t]);
			good = false;
		}
	return good;
}

static bool typed_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	bool good = true;
	switch (q->type) {
	case QT_FILL:
		q->accept = quiz_texts_of(c, doc_get(m, "accept"), "accept", 1, 16, &q->naccept);
		return q->accept != NULL;
	case QT_SINGLE:
		return single_of(c, m, q);
	case QT_MULTI:
		return multi_of(c, m, q);
	case QT_MATCH:
		return match_of(c, m, q);
	case QT_TRUEFALSE: {
		bool v = false;
		q->scenario = quiz_text_of(c, doc_get(m, "scenario"));
		good = q->scenario && doc_bool(c->file, doc_get(m, "answer"), &v, c->d);
		q->answer = v ? 1 : 0;
		return good;
	}
	case QT_ORDER:
		q->items = quiz_texts_of(c, doc_get(m, "items"), "items", 2, QUIZ_MAX_ITEMS, &q->nitems);
		return q->items && distinct(c, doc_get(m, "items"), q->items, q->nitems, "items");
	case QT_PREDICT:
		return quiz_predict_of(c, m, q);
	default:
		return false;
	}
}

static bool question_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	q->line = m->line;
	q->col = m->col;
	q->type = QT_COUNT;
	if (!doc_check_map(c->file, m, q_fields, NQ_FIELDS, c->d))
		return false;
	bool good = true;
	q->type = type_of(c, doc_get(m, "type"), &good);
	const struct doc_node *idn = doc_get(m, "id");
	good &= (q->id = quiz_text_of(c, idn)) != NULL;
	if (q->id && (strlen(q->id) > 63 || strpbrk(q->id, " \t\n"))) {
		diags_add(c->d, c->file, idn->line, idn->col, "question id '%.80s': at most 63 characters, no spaces",
			  q->id);
		good = false;
	}
	good &= (q->prompt = quiz_text_of(c, doc_get(m, "prompt"))) != NULL;
	good &= (q->hint = quiz_text_of(c, doc_get(m, "hint"))) != NULL;
	good &= (q->explanation = quiz_text_of(c, doc_get(m, "explanation"))) != NULL;
	good &= (q->skills = skills_of(c, doc_get(m, "skills"))) != 0;
	q->points = (int)int_of(c, "points", doc_get(m, "points"), 1, 100, &good);
	q->hint_cost = (int)int_of(c, "hint_cost", doc_get(m, "hint_cost"), 0, 100, &good);
	if (good && q->hint_cost > q->points) {
		const struct doc_node *h = doc_get(m, "hint_cost");
		diags_add(c->d, c->file, h->line, h->col, "hint_cost %d is more than the question's %d points",
			  q->hint_cost, q->points);
		good = false;
	}
	if (doc_get(m, "apis"))
		good &= (q->apis = quiz_texts_of(c, doc_get(m, "apis"), "apis", 1, 16, &q->napis)) != NULL;
	for (size_t i = 0; i < q->napis; i++)
		if (strpbrk(q->apis[i], " \t\n") || strlen(q->apis[i]) > 63) {
			const struct doc_node *e = doc_get(m, "apis")->items[i];
			diags_add(c->d, c->file, e->line, e->col, "api '%.80s': one function name, no spaces",
				  q->apis[i]);
			good = false;
		}
	if (q->type == QT_COUNT)
		return false;
	if (!type_keys_ok(c, m, q->type))
		return false;
	return typed_of(c, m, q) && good;
}

static void question_free(struct quiz_question *q)
{
	free(q->id);
	free(q->prompt);
	free(q->scenario);
	free(q->hint);
	free(q->explanation);
	free_strs(q->apis, q->napis);
	free_strs(q->accept, q->naccept);
	free_strs(q->options, q->noptions);
	free_strs(q->left, q->npairs);
	free_strs(q->right, q->npairs);
	free_strs(q->items, q->nitems);
	free(q->demo);
	free(q->measure);
	free(q->unit);
	for (size_t i = 0; q->bands && i < q->nbands; i++)
		free(q->bands[i].label);
	free(q->bands);
	for (size_t i = 0; q->choices && i < q->nchoices; i++) {
		free(q->choices[i].label);
		free_strs(q->choices[i].values, q->choices[i].nvalues);
	}
	free(q->choices);
	memset(q, 0, sizeof *q);
}

void quiz_free(struct quiz *z)
{
	if (!z)
		return;
	for (size_t i = 0; z->q && i < z->n; i++)
		question_free(&z->q[i]);
	free(z->q);
	free(z->file);
	free(z->title);
	free(z->summary);
	memset(z, 0, sizeof *z);
}

/* levelN.yaml must say level: N. */
static int level_in_name(const char *path)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	int n = 0;
	if (sscanf(b, "level%d.yaml", &n) != 1)
		return 0;
	char want[32];
	snprintf(want, sizeof want, "level%d.yaml", n);
	return strcmp(b, want) ? 0 : n;
}

static void questions_of(struct ctx *c, const struct doc_node *seq, struct quiz *z)
{
	if (seq->n == 0 || seq->n > QUIZ_MAX_QUESTIONS) {
		diags_add(c->d, c->file, seq->line, seq->col, "'questions': expected 1 to %d questions",
			  QUIZ_MAX_QUESTIONS);
		return;
	}
	if (!(z->q = calloc(seq->n, sizeof *z->q))) {
		diags_add(c->d, c->file, seq->line, seq->col, "out of memory");
		return;
	}
	z->n = seq->n;
	for (size_t i = 0; i < seq->n; i++) {
		struct quiz_question *q = &z->q[i];
		question_of(c, seq->items[i], q);
		for (size_t j = 0; q->id && j < i; j++)
			if (z->q[j].id && !strcmp(z->q[j].id, q->id)) {
				const struct doc_node *idn = doc_get(seq->items[i], "id");
				diags_add(c->d, c->file, idn->line, idn->col,
					  "duplicate question id '%s' (first at line %d)", q->id, z->q[j].line);
				break;
			}
	}
}

bool quiz_load(const char *path, struct quiz *out, struct diags *d)
{
	static const struct doc_field top[] = {
		{ "level", DOC_SCALAR, true }, { "title", DOC_SCALAR, true },
		{ "summary", DOC_SCALAR, true }, { "questions", DOC_SEQ, true },
		{ "last", DOC_SCALAR, false },
	};
	memset(out, 0, sizeof *out);
	size_t before = d->n;
	struct doc doc;
	char *outside = fs_link_outside(path);
	if (outside) {   /* the rule of lesson files: nothing outside is read */
		diags_add(d, path, 1, 1, "the quiz file is a symbolic link to '%s', "
			  "outside its directory; refused", outside);
		free(outside);
		return false;
	}
	if (!doc_load_file(path, &doc, d))
		return false;
	struct ctx c = { path, d };
	if (!doc.root) {
		diags_add(d, path, 1, 1, "empty file: a quiz level needs level, title, summary and questions");
	} else if (doc_check_map(path, doc.root, top, sizeof top / sizeof *top, d)) {
		bool good = true;
		const struct doc_node *ln = doc_get(doc.root, "level");
		out->level = (int)int_of(&c, "level", ln, 1, QUIZ_LEVELS, &good);
		int named = level_in_name(path);
		if (good && named && named != out->level)
			diags_add(d, path, ln->line, ln->col, "level %d in a file named level%d.yaml",
				  out->level, named);
		out->title = quiz_text_of(&c, doc_get(doc.root, "title"));
		out->summary = quiz_text_of(&c, doc_get(doc.root, "summary"));
		questions_of(&c, doc_get(doc.root, "questions"), out);
		const struct doc_node *last = doc_get(doc.root, "last");
		if (last)
			doc_bool(path, last, &out->last, d);
	}
	doc_free(&doc);
	if (d->n > before || !(out->file = strdup(path))) {
		quiz_free(out);
		return false;
	}
	return true;
}

bool quiz_lint_file(const char *path, struct diags *d)
{
	struct quiz z;
	bool ok = quiz_load(path, &z, d);
	quiz_free(&z);
	return ok;
}
