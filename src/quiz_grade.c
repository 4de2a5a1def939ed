/* quiz_grade: the pure rules of the quiz: grading each question type,
 * points and hints, the seeded shuffles, and the level rules (unlock at
 * 80%, best score kept, skill points and known API names recorded in
 * progress).  Decisions, documented for instructors in quizzes/README.md:
 * a question is right or wrong, never partly right (a multiple choice with
 * one option missing is wrong), and a shown hint costs its hint_cost even
 * when the answer is then right. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "quiz.h"
#include "i18n.h"

void quiz_normalize(const char *in, char *out, size_t size)
{
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)in; *p && n + 1 < size; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			continue;
		out[n++] = (char)(*p < 0x80 ? tolower(*p) : *p);
	}
	if (size)
		out[n] = '\0';
}

bool quiz_parse_number(const char *s, double *out)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *end;
	double v = strtod(s, &end);
	if (end == s || !isfinite(v))
		return false;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end == 'x' || *end == 'X' || *end == '%')
		end++;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end)
		return false;
	*out = v;
	return true;
}

static bool is_perm(const int *seq, size_t n)
{
	unsigned seen = 0;
	for (size_t i = 0; i < n; i++) {
		if (seq[i] < 0 || (size_t)seq[i] >= n || (seen & (1u << seq[i])))
			return false;
		seen |= 1u << seq[i];
	}
	return true;
}

bool quiz_grade(const struct quiz_question *q, const struct quiz_response *r)
{
	char got[QUIZ_TEXT_MAX], want[256];
	switch (q->type) {
	case QT_FILL:
		quiz_normalize(r->text, got, sizeof got);
		for (size_t i = 0; got[0] && i < q->naccept; i++) {
			quiz_normalize(q->accept[i], want, sizeof want);
			if (!strcmp(got, want))
				return true;
		}
		return false;
	case QT_SINGLE:
	case QT_TRUEFALSE:
		return r->choice == q->answer;
	case QT_MULTI:
		return r->mask == q->answers;
	case QT_MATCH:
		if (!is_perm(r->seq, q->npairs))
			return false;
		for (size_t i = 0; i < q->npairs; i++)
			if (r->seq[i] != (int)i)
				return false;
		return true;
	case QT_ORDER:
		for (size_t i = 0; i < q->nitems; i++)
			if (r->seq[i] != (int)i)
				return false;
		return true;
	default:
		return false;
	}
}

bool quiz_grade_predict(const struct quiz_question *q, const struct quiz_response *r,
			const struct quiz_value *m)
{
	if (q->type != QT_PREDICT)
		return false;
	if (q->nchoices) {
		if (m->numeric || r->choice < 0 || (size_t)r->choice >= q->nchoices)
			return false;
		const struct quiz_choice *c = &q->choices[r->choice];
		for (size_t i = 0; i < c->nvalues; i++)
			if (!strcmp(c->values[i], m->name))
				return true;
		return false;
	}
	if (!m->numeric || !isfinite(m->num))
		return false;
	if (q->nbands) {
		if (r->choice < 0 || (size_t)r->choice >= q->nbands)
			return false;
		const struct quiz_band *b = &q->bands[r->choice];
		return m->num >= b->min && m->num < b->max;
	}
	double guess;
	if (!quiz_parse_number(r->text, &guess) || guess <= 0 || m->num <= 0)
		return false;
	double ratio = guess > m->num ? guess / m->num : m->num / guess;
	return ratio <= q->factor * (1 + 1e-12);
}

int quiz_points(const struct quiz_question *q, bool correct, bool hint_used)
{
	if (!correct)
		return 0;
	int p = q->points - (hint_used ? q->hint_cost : 0);
	return p < 0 ? 0 : p;
}

static void join(char *buf, size_t size, size_t *len, const char *sep, const char *s)
{
	if (*len >= size)
		return;
	int w = snprintf(buf + *len, size - *len, "%s%s", *len ? sep : "", s);
	*len += w < 0 ? 0 : (size_t)w;
}

void quiz_answer_text(const struct quiz_question *q, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	char tmp[512];
	switch (q->type) {
	case QT_FILL:
		join(buf, size, &len, tr(MSG_ANS_OR), q->accept[0]);
		break;
	case QT_SINGLE:
		join(buf, size, &len, "", q->options[q->answer]);
		break;
	case QT_MULTI:
		for (size_t i = 0; i < q->noptions; i++)
			if (q->answers & (1u << i))
				join(buf, size, &len, tr(MSG_ANS_SEP), q->options[i]);
		break;
	case QT_TRUEFALSE:
		join(buf, size, &len, "", tr(q->answer ? MSG_ANS_TRUE : MSG_ANS_FALSE));
		break;
	case QT_MATCH:
		for (size_t i = 0; i < q->npairs; i++) {
			snprintf(tmp, sizeof tmp, "%s -> %s", q->left[i], q->right[i]);
			join(buf, size, &len, tr(MSG_ANS_SEP), tmp);
		}
		break;
	case QT_ORDER:
		for (size_t i = 0; i < q->nitems; i++)
			join(buf, size, &len, tr(MSG_ANS_ORDER_SEP), q->items[i]);
		break;
	case QT_PREDICT:
		if (q->factor > 1) {
			snprintf(tmp, sizeof tmp, tr(MSG_ANS_FACTOR), q->factor);
			join(buf, size, &len, "", tmp);
		}
		break;
	default:
		break;
	}
}

/* splitmix32-style generator: fixed arithmetic, so a seed saved on one
 * machine gives the same order on another. */
static unsigned next(unsigned *s)
{
	unsigned z = (*s += 0x9E3779B9u);
	z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
	z = (z ^ (z >> 13)) * 0xC2B2AE35u;
	return z ^ (z >> 16);
}

void quiz_shuffle(unsigned seed, unsigned salt, int *perm, int n)
{
	unsigned s = seed ^ (salt * 0x632BE5ABu);
	for (int i = 0; i < n; i++)
		perm[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(next(&s) % (unsigned)(i + 1));
		int t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
}

unsigned quiz_new_seed(unsigned entropy, int attempt)
{
	unsigned s = entropy ^ ((unsigned)attempt * 0x27D4EB2Du);
	unsigned v = next(&s);
	return v ? v : 1;
}

bool quiz_unlocked(const struct progress *p, int level)
{
	if (level <= 0)
		return true;
	if (level >= QUIZ_LEVELS)
		return false;
	return p->levels[level - 1].best >= QUIZ_PASS_PCT;
}

int quiz_percent(int points, int max_points)
{
	if (max_points <= 0)
		return 100;
	if (points <= 0)
		return 0;
	return (int)((long long)points * 100 / max_points);
}

void quiz_start_attempt(struct level_progress *lp, unsigned seed)
{
	lp->attempt++;
	lp->seed = seed;
	lp->question = 0;
	lp->points = 0;
	lp->max_points = 0;
	lp->in_progress = true;
}

/* Adds name to the space-separated set in apis when absent and it fits. */
static void add_api(char *apis, size_t size, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = apis; (p = strstr(p, name)); p += n)
		if ((p == apis || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return;
	size_t len = strlen(apis);
	if (len + (len ? 1 : 0) + n + 1 > size)
		return;
	snprintf(apis + len, size - len, "%s%s", len ? " " : "", name);
}

void quiz_record(struct progress *p, int level, const struct quiz_question *q,
		 bool judged, int earned)
{
	struct level_progress *lp = &p->levels[level];
	lp->question++;
	if (!judged)
		return;
	lp->points += earned;
	lp->max_points += q->points;
	for (int k = 0; k < PROGRESS_SKILLS; k++)
		if (q->skills & (1u << k)) {
			p->skill_got[k] += earned;
			p->skill_max[k] += q->points;
		}
	for (size_t i = 0; earned > 0 && i < q->napis; i++)
		add_api(p->apis, sizeof p->apis, q->apis[i]);
}

int quiz_finish(struct level_progress *lp)
{
	int pct = quiz_percent(lp->points, lp->max_points);
	if (pct > lp->best)
		lp->best = pct;
	lp->in_progress = false;
	lp->question = 0;
	return pct;
}
