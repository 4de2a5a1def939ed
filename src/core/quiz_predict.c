/* quiz_predict: the `predict` part of a question (demo, measure, unit and
 * one of bands, choices or factor), split from quiz.c to keep each file
 * one idea.  The measure names are checked against quiz_measure.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "quiz.h"
#include "quiz_parse.h"
#include "text.h"

static bool band_of(struct ctx *c, const struct doc_node *b, struct quiz_band *out)
{
	static const struct doc_field f[] = {
		{ "label", DOC_SCALAR, true }, { "min", DOC_SCALAR, false }, { "max", DOC_SCALAR, false },
	};
	if (!doc_check_map(c->file, b, f, 3, c->d))
		return false;
	out->min = -HUGE_VAL;
	out->max = HUGE_VAL;
	const struct doc_node *lo = doc_get(b, "min"), *hi = doc_get(b, "max");
	bool good = (out->label = quiz_text_of(c, doc_get(b, "label"))) != NULL;
	if (lo)
		good &= doc_double(c->file, lo, &out->min, c->d);
	if (hi)
		good &= doc_double(c->file, hi, &out->max, c->d);
	if (good && (!lo && !hi)) {
		diags_add(c->d, c->file, b->line, b->col, "a band needs 'min', 'max' or both");
		return false;
	}
	if (good && out->min >= out->max) {
		diags_add(c->d, c->file, b->line, b->col, "band '%.60s': min must be below max", out->label);
		return false;
	}
	return good;
}

/* Bands must not overlap, so exactly one band holds any measured value. */
static bool bands_of(struct ctx *c, const struct doc_node *seq, struct quiz_question *q)
{
	if (seq->n < 2 || seq->n > QUIZ_MAX_ITEMS) {
		diags_add(c->d, c->file, seq->line, seq->col, "'bands': expected a list of 2 to %d bands",
			  QUIZ_MAX_ITEMS);
		return false;
	}
	if (!(q->bands = calloc(seq->n, sizeof *q->bands)))
		return false;
	q->nbands = seq->n;
	bool good = true;
	for (size_t i = 0; i < seq->n; i++)
		good &= band_of(c, seq->items[i], &q->bands[i]);
	for (size_t i = 0; good && i < seq->n; i++)
		for (size_t j = 0; j < i; j++)
			if (q->bands[i].min < q->bands[j].max && q->bands[j].min < q->bands[i].max) {
				const struct doc_node *b = seq->items[i];
				diags_add(c->d, c->file, b->line, b->col, "band %zu overlaps band %zu", i + 1, j + 1);
				return false;
			}
	return good;
}

static bool choices_of(struct ctx *c, const struct doc_node *seq, struct quiz_question *q)
{
	static const struct doc_field f[] = { { "label", DOC_SCALAR, true }, { "values", DOC_SEQ, true } };
	if (seq->n < 2 || seq->n > QUIZ_MAX_ITEMS) {
		diags_add(c->d, c->file, seq->line, seq->col, "'choices': expected a list of 2 to %d choices",
			  QUIZ_MAX_ITEMS);
		return false;
	}
	if (!(q->choices = calloc(seq->n, sizeof *q->choices)))
		return false;
	q->nchoices = seq->n;
	bool good = true;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *ch = seq->items[i];
		struct quiz_choice *o = &q->choices[i];
		if (!doc_check_map(c->file, ch, f, 2, c->d)) {
			good = false;
			continue;
		}
		const struct doc_node *vals = doc_get(ch, "values");
		good &= (o->label = quiz_text_of(c, doc_get(ch, "label"))) != NULL;
		o->values = quiz_texts_of(c, vals, "values", 1, 16, &o->nvalues);
		good &= o->values != NULL;
		for (size_t k = 0; k < o->nvalues && q->measure; k++)
			if (!quiz_measure_value_valid(q->demo, q->measure, o->values[k])) {
				diags_add(c->d, c->file, vals->items[k]->line, vals->items[k]->col,
					  "'%.60s' is not a possible result of %s", o->values[k], q->measure);
				good = false;
			}
	}
	return good;
}

bool quiz_predict_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q)
{
	const struct doc_node *mn = doc_get(m, "measure");
	q->demo = quiz_text_of(c, doc_get(m, "demo"));
	q->measure = quiz_text_of(c, mn);
	if (!q->demo || !q->measure)
		return false;
	char why[256];
	if (!quiz_measure_valid(q->demo, q->measure, why, sizeof why)) {
		const struct doc_node *at = strncmp(why, "unknown demo", 12) ? mn : doc_get(m, "demo");
		diags_add(c->d, c->file, at->line, at->col, "%s", why);
		free(q->measure);
		q->measure = NULL;
		return false;
	}
	const struct doc_node *u = doc_get(m, "unit");
	const char *us = "";
	if (u && !doc_str(c->file, u, &us, c->d))
		return false;
	q->unit = text_sanitize(us, (size_t)-1);
	const struct doc_node *b = doc_get(m, "bands"), *ch = doc_get(m, "choices"),
			      *f = doc_get(m, "factor");
	bool cat = quiz_measure_categorical(q->measure);
	const struct doc_node *want = cat ? ch : (b ? b : f);
	if ((b != NULL) + (ch != NULL) + (f != NULL) != 1 || !want) {
		diags_add(c->d, c->file, m->line, m->col, cat
			  ? "measure '%s' names a result: give 'choices' (and neither 'bands' nor 'factor')"
			  : "measure '%s' is a number: give exactly one of 'bands' or 'factor'", q->measure);
		return false;
	}
	if (ch)
		return choices_of(c, ch, q);
	if (b)
		return bands_of(c, b, q);
	if (!doc_double(c->file, f, &q->factor, c->d))
		return false;
	if (!(q->factor > 1.0 && q->factor <= 1000.0)) {
		diags_add(c->d, c->file, f->line, f->col, "'factor': expected a number above 1 (2 means "
			  "'within a factor of 2'), at most 1000");
		return false;
	}
	return true;
}

