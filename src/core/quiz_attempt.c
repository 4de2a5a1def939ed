/* quiz_attempt: what one question on screen holds between keys: the
 * shuffled rows, the cursor's effect on the answer, and text editing.  Pure
 * (no ncurses), so the screen only maps keys to these calls and draws. */
#include <stdio.h>
#include <string.h>
#include "quiz.h"
#include "i18n.h"

void quiz_attempt_order(unsigned seed, size_t n, int *order)
{
	quiz_shuffle(seed, 0, order, (int)n);
}

bool quiz_text_entry(const struct quiz_question *q)
{
	return q->type == QT_FILL || (q->type == QT_PREDICT && q->factor > 1);
}

/* A shuffle that is not the identity, so nothing starts solved. */
static void unsolved(unsigned seed, unsigned salt, int *perm, int n)
{
	quiz_shuffle(seed, salt, perm, n);
	bool same = true;
	for (int i = 0; i < n; i++)
		same &= perm[i] == i;
	if (same && n > 1) {
		int first = perm[0];
		memmove(perm, perm + 1, (size_t)(n - 1) * sizeof *perm);
		perm[n - 1] = first;
	}
}

int quiz_rows_init(const struct quiz_question *q, unsigned seed, int qi, int *rowmap,
		   struct quiz_response *r)
{
	memset(r, 0, sizeof *r);
	r->choice = -1;
	unsigned salt = (unsigned)qi + 1;
	int n = 0;
	switch (q->type) {
	case QT_SINGLE:
	case QT_MULTI:
		n = (int)q->noptions;
		quiz_shuffle(seed, salt, rowmap, n);
		return n;
	case QT_TRUEFALSE:
		rowmap[0] = 1;
		rowmap[1] = 0;
		return 2;
	case QT_PREDICT:
		/* bands and choices keep the author's order: bands are a scale */
		n = (int)(q->nbands ? q->nbands : q->nchoices);
		for (int i = 0; i < n; i++)
			rowmap[i] = i;
		return n;
	case QT_MATCH:
	case QT_ORDER:
		n = (int)(q->type == QT_MATCH ? q->npairs : q->nitems);
		unsolved(seed, salt, r->seq, n);
		for (int i = 0; i < n; i++)
			rowmap[i] = i;
		return n;
	default:
		return 0;
	}
}

void quiz_row_choose(const struct quiz_question *q, const int *rowmap, int row,
		     struct quiz_response *r)
{
	if (row < 0 || row >= QUIZ_MAX_ITEMS)
		return;
	if (q->type == QT_MULTI)
		r->mask ^= 1u << rowmap[row];
	else if (q->type == QT_SINGLE || q->type == QT_TRUEFALSE || q->type == QT_PREDICT)
		r->choice = rowmap[row];
}

bool quiz_row_chosen(const struct quiz_question *q, const int *rowmap, int row,
		     const struct quiz_response *r)
{
	if (row < 0 || row >= QUIZ_MAX_ITEMS)
		return false;
	if (q->type == QT_MULTI)
		return (r->mask >> rowmap[row]) & 1;
	return r->choice >= 0 && r->choice == rowmap[row];
}

void quiz_row_swap(struct quiz_response *r, int a, int b)
{
	if (a < 0 || b < 0 || a >= QUIZ_MAX_ITEMS || b >= QUIZ_MAX_ITEMS)
		return;
	int t = r->seq[a];
	r->seq[a] = r->seq[b];
	r->seq[b] = t;
}

bool quiz_text_put(struct quiz_response *r, const char *utf8, size_t len)
{
	size_t have = strlen(r->text);
	if (len == 0 || have + len + 1 > sizeof r->text)
		return false;
	if (len == 1 && ((unsigned char)utf8[0] < 0x20 || utf8[0] == 0x7f))
		return false;
	memcpy(r->text + have, utf8, len);
	r->text[have + len] = '\0';
	return true;
}

void quiz_text_backspace(struct quiz_response *r)
{
	size_t n = strlen(r->text);
	while (n > 0 && ((unsigned char)r->text[n - 1] & 0xC0) == 0x80)
		n--;                 /* continuation bytes of the last character */
	if (n > 0)
		n--;
	r->text[n] = '\0';
}

const char *quiz_instruction(const struct quiz_question *q)
{
	switch (q->type) {
	case QT_FILL: return tr(MSG_QUIZ_DO_FILL);
	case QT_SINGLE: return tr(MSG_QUIZ_DO_SINGLE);
	case QT_MULTI: return tr(MSG_QUIZ_DO_MULTI);
	case QT_TRUEFALSE: return tr(MSG_QUIZ_DO_TRUEFALSE);
	case QT_MATCH: return tr(MSG_QUIZ_DO_MATCH);
	case QT_ORDER: return tr(MSG_QUIZ_DO_ORDER);
	case QT_PREDICT:
		return tr(q->factor > 1 ? MSG_QUIZ_DO_PREDICT_NUM : MSG_QUIZ_DO_PREDICT_CHOICE);
	default: return "";
	}
}

void quiz_level_state(const struct progress *p, int level, size_t nquestions, char *buf, size_t size)
{
	const struct level_progress *lp = &p->levels[level];
	if (nquestions == 0)
		snprintf(buf, size, "%s", tr(MSG_QUIZ_ST_CANNOT_LOAD));
	else if (!quiz_unlocked(p, level))
		snprintf(buf, size, "%s", tr(MSG_QUIZ_ST_LOCKED));
	else if (lp->in_progress && (size_t)lp->question >= nquestions)
		snprintf(buf, size, "%s", tr(MSG_QUIZ_ST_ALL_ANSWERED));
	else if (lp->in_progress)
		snprintf(buf, size, tr(MSG_QUIZ_ST_QUESTION), lp->question + 1, nquestions);
	else if (lp->best >= QUIZ_PASS_PCT)
		snprintf(buf, size, tr(MSG_QUIZ_ST_PASSED), lp->best);
	else if (lp->best >= 0)
		snprintf(buf, size, tr(MSG_QUIZ_ST_RETRY), lp->best);
	else
		snprintf(buf, size, "%s", tr(MSG_QUIZ_ST_OPEN));
}

void quiz_summary(const struct progress *p, char *buf, size_t size)
{
	quiz_summary_n(p, QUIZ_LEVELS, buf, size);
}

void quiz_summary_n(const struct progress *p, int nlevels, char *buf, size_t size)
{
	size_t len = 0;
	int n = nlevels > 0 && nlevels <= QUIZ_LEVELS ? nlevels : QUIZ_LEVELS;
	buf[0] = '\0';
	const char *sep = i18n_lang() == LANG_ZH ? "" : " ";   /* 。 ends a Chinese sentence */
	for (int i = 0; i < n && len < size; i++) {
		const struct level_progress *lp = &p->levels[i];
		int w;
		if (!quiz_unlocked(p, i)) {   /* the rest are locked too */
			w = i + 1 < n
				? snprintf(buf + len, size - len, tr(MSG_QUIZ_SUM_LOCKED_RANGE), len ? sep : "", i + 1, n)
				: snprintf(buf + len, size - len, tr(MSG_QUIZ_SUM_LOCKED), len ? sep : "", i + 1);
			break;
		}
		const char *state = tr(lp->in_progress ? MSG_QUIZ_SUM_IN_PROGRESS : lp->best >= QUIZ_PASS_PCT ? MSG_QUIZ_SUM_PASSED
				    : lp->best >= 0 ? MSG_QUIZ_SUM_TRIED : MSG_QUIZ_SUM_OPEN);
		if (lp->best >= 0)
			w = snprintf(buf + len, size - len, tr(MSG_QUIZ_SUM_BEST), len ? sep : "", i + 1, state,
				     lp->best);
		else
			w = snprintf(buf + len, size - len, tr(MSG_QUIZ_SUM_STATE), len ? sep : "", i + 1, state);
		len += w < 0 ? 0 : (size_t)w;
	}
}
