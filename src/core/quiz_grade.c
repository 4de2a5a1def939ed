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

/* Chinese keyboards type full-width forms: U+FF01..U+FF5E become their
 * ASCII twins (U+0021..U+007E) and the ideographic space U+3000 a space;
 * everything else is copied as it is.  out gets at most size - 1 bytes. */
static void fold_width(const char *in, char *out, size_t size)
{
	size_t n = 0;
	const unsigned char *p = (const unsigned char *)in;
	while (*p && n + 1 < size) {
		unsigned cp = p[0] == 0xE3 || p[0] == 0xEF
			? (p[1] && p[2] ? (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu) : 0) : 0;
		if (cp >= 0xFF01 && cp <= 0xFF5E) {
			out[n++] = (char)(cp - 0xFEE0);
			p += 3;
		} else if (cp == 0x3000) {
			out[n++] = ' ';
			p += 3;
		} else {
			out[n++] = (char)*p++;
		}
	}
	if (size)
		out[n] = '\0';
}

void quiz_normalize(const char *in, char *out, size_t size)
{
	char wide[QUIZ_TEXT_MAX * 2];
	fold_width(in, wide, sizeof wide);
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)wide; *p && n + 1 < size; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			continue;
		out[n++] = (char)(*p < 0x80 ? tolower(*p) : *p);
	}
	if (size)
		out[n] = '\0';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* s folded to ASCII forms with thousands separators dropped: a comma
 * after a digit and before exactly three digits ("3,907", "1,234,567"). */
static void number_form(const char *s, char *out, size_t size)
{
	char wide[QUIZ_TEXT_MAX * 2];
	fold_width(s, wide, sizeof wide);
	size_t n = 0;
	for (size_t i = 0; wide[i] && n + 1 < size; i++) {
		if (wide[i] == ',' && i > 0 && digit(wide[i - 1]) && digit(wide[i + 1]) &&
		    digit(wide[i + 2]) && digit(wide[i + 3]) && !digit(wide[i + 4]))
			continue;
		out[n++] = wide[i];
	}
	if (size)
		out[n] = '\0';
}

static const char *skip_spaces(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The number at the start of s (after spaces); NULL when none, else where
 * it ends.  Only decimal forms: no "inf", "nan" or hexadecimal. */
static const char *leading_number(const char *s, double *out)
{
	s = skip_spaces(s);
	const char *d = s + (*s == '+' || *s == '-');
	if (!digit(*d) && !(*d == '.' && digit(d[1])))
		return NULL;
	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X') && isxdigit((unsigned char)d[2]))
		return NULL;   /* strtod would read "0x10" as hexadecimal */
	char *end;
	double v = strtod(s, &end);
	if (end == s || !isfinite(v))
		return NULL;
	*out = v;
	return end;
}

bool quiz_parse_number(const char *s, double *out)
{
	char buf[QUIZ_TEXT_MAX * 2];
	number_form(s, buf, sizeof buf);
	double v;
	const char *end = leading_number(buf, &v);
	if (!end)
		return false;
	end = skip_spaces(end);
	if (*end == 'x' || *end == 'X' || *end == '%')
		end++;
	else if (!strncmp(end, "\xE5\x80\x8D", 3))   /* 倍, "times" */
		end += 3;
	if (*skip_spaces(end))
		return false;
	*out = v;
	return true;
}

/* A fill answer's number followed by at most one unit word ("3907 blocks",
 * "132 个"): the word has no digits and no spaces. */
static bool number_with_word(const char *s, double *out)
{
	char buf[QUIZ_TEXT_MAX * 2];
	number_form(s, buf, sizeof buf);
	const char *end = leading_number(buf, out);
	if (!end)
		return false;
	end = skip_spaces(end);
	while (*end && *end != ' ' && *end != '\t' && !digit(*end))
		end++;
	return !*skip_spaces(end);
}

/* An accepted answer that is purely a number ("3907", "3,907"). */
static bool numeric_answer(const char *s, double *out)
{
	char buf[256];
	number_form(s, buf, sizeof buf);
	const char *end = leading_number(buf, out);
	if (!end || *skip_spaces(end))
		return false;
	for (const char *c = skip_spaces(buf); c < end; c++)
		if (!digit(*c) && *c != '.')
			return false;
	return true;
}

/* Fill: the normalized texts match, or the accepted answer is a number
 * and the learner typed that number, perhaps with a unit word. */
static bool fill_right(const struct quiz_question *q, const char *text)
{
	char got[QUIZ_TEXT_MAX], want[256];
	quiz_normalize(text, got, sizeof got);
	double typed, accepted;
	bool number = got[0] && number_with_word(text, &typed);
	for (size_t i = 0; got[0] && i < q->naccept; i++) {
		quiz_normalize(q->accept[i], want, sizeof want);
		if (!strcmp(got, want) || (number && numeric_answer(q->accept[i], &accepted) && typed == accepted))
			return true;
	}
	return false;
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
	switch (q->type) {
	case QT_FILL:
		return fill_right(q, r->text);
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
			snprintf(tmp, sizeof tmp, tr(MSG_ANS_PAIR), q->left[i], q->right[i]);
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

void quiz_response_text(const struct quiz_question *q, const struct quiz_response *r,
			char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	char tmp[512];
	int c = r->choice;
	switch (q->type) {
	case QT_FILL:
		join(buf, size, &len, "", r->text);
		break;
	case QT_SINGLE:
		if (c >= 0 && (size_t)c < q->noptions)
			join(buf, size, &len, "", q->options[c]);
		break;
	case QT_MULTI:
		for (size_t i = 0; i < q->noptions; i++)
			if (r->mask & (1u << i))
				join(buf, size, &len, tr(MSG_ANS_SEP), q->options[i]);
		break;
	case QT_TRUEFALSE:
		if (c == 0 || c == 1)
			join(buf, size, &len, "", tr(c ? MSG_ANS_TRUE : MSG_ANS_FALSE));
		break;
	case QT_MATCH:
		for (size_t i = 0; i < q->npairs; i++) {
			int k = r->seq[i];
			if (k < 0 || (size_t)k >= q->npairs)
				continue;
			snprintf(tmp, sizeof tmp, tr(MSG_ANS_PAIR), q->left[i], q->right[k]);
			join(buf, size, &len, tr(MSG_ANS_SEP), tmp);
		}
		break;
	case QT_ORDER:
		for (size_t i = 0; i < q->nitems; i++)
			if (r->seq[i] >= 0 && (size_t)r->seq[i] < q->nitems)
				join(buf, size, &len, tr(MSG_ANS_ORDER_SEP), q->items[r->seq[i]]);
		break;
	case QT_PREDICT:
		if (q->nbands && c >= 0 && (size_t)c < q->nbands)
			join(buf, size, &len, "", q->bands[c].label);
		else if (!q->nbands && q->nchoices && c >= 0 && (size_t)c < q->nchoices)
			join(buf, size, &len, "", q->choices[c].label);
		else
			join(buf, size, &len, "", r->text);
		break;
	default:
		break;
	}
	if (!buf[0])
		snprintf(buf, size, "%s", tr(MSG_ANS_NOTHING));
}

/* "3.45x" (in Chinese "3.45 倍"), "80%", "12.5 ms": units other than x
 * and % get a space. */
static void with_unit(char *buf, size_t size, double v, const char *unit)
{
	const char *u = unit ? unit : "";
	char num[40];
	quiz_number_text(v, num, sizeof num);
	if (!strcmp(u, "x"))
		snprintf(buf, size, tr(MSG_QUIZ_VALUE_TIMES), num);
	else
		snprintf(buf, size, "%s%s%s", num, *u && strcmp(u, "%") ? " " : "", u);
}

void quiz_accepted_range(const struct quiz_question *q, double m, char *buf, size_t size)
{
	if (!size)
		return;
	buf[0] = '\0';
	if (q->type != QT_PREDICT || !(q->factor > 1) || !(m > 0) || !isfinite(m))
		return;
	char lo[48], hi[48];
	with_unit(lo, sizeof lo, m / q->factor, q->unit);
	with_unit(hi, sizeof hi, m * q->factor, q->unit);
	snprintf(buf, size, tr(MSG_ANS_ACCEPTED), lo, hi);
}

bool quiz_entry_submittable(const struct quiz_question *q, const struct quiz_response *r)
{
	double v;
	if (q->type == QT_PREDICT && q->factor > 1)
		return quiz_parse_number(r->text, &v);
	return true;
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
	progress_count(&lp->attempt);
	lp->seed = seed;
	lp->question = 0;
	lp->points = 0;
	lp->max_points = 0;
	lp->in_progress = true;
	lp->hint = false;
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
	progress_count(&lp->question);
	lp->hint = false;   /* the next question's hint is unseen */
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
	lp->hint = false;
	return pct;
}
