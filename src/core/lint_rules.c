/* lint_rules: the content rules of lint_rules.h. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "lint_rules.h"
#include "text.h"

int lint_code_width(const char *s, size_t len)
{
	char *buf = strndup(s, len);
	if (!buf)
		return 1 << 20;
	int w = 0;
	for (char *p = buf;;) {
		size_t n = strcspn(p, "\t");
		char save = p[n];
		p[n] = '\0';
		w += text_width(p);
		if (!save)
			break;
		w += LINT_TABSTOP - w % LINT_TABSTOP;
		p += n + 1;
	}
	free(buf);
	return w;
}

/* The code item's lines: the file line of code line k is it->line + 1 + k
 * for a block scalar (`code: |`), the usual form. */
static size_t long_code_lines(const struct lesson *l, const struct item *it, struct diags *d)
{
	size_t bad = 0;
	int ln = 0;
	for (const char *p = it->text ? it->text : ""; *p; ln++) {
		size_t len = strcspn(p, "\n");
		int w = lint_code_width(p, len);
		if (w > LINT_CODE_MAX) {
			diags_add(d, l->file, it->line + 1 + ln, 1, "code line %d is %d columns wide; "
				  "at most %d fit the reader at 80 columns", ln + 1, w, LINT_CODE_MAX);
			bad++;
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	return bad;
}

static size_t wide_keys(const struct lesson *l, const struct item *it, struct diags *d)
{
	size_t bad = 0;
	for (size_t i = 0; i < it->n; i++) {
		int w = text_width(it->cells[2 * i]);
		if (w > LINT_KEY_MAX) {
			diags_add(d, l->file, it->line, it->col, "facts key '%s' is %d columns wide; "
				  "at most %d fit without splitting it", it->cells[2 * i], w, LINT_KEY_MAX);
			bad++;
		}
	}
	return bad;
}

static size_t repeated_see(const struct lesson *l, const struct item *it, struct diags *d)
{
	for (size_t i = 0; it->text && i < l->nsee; i++)
		if (!strcmp(it->text, l->see[i])) {
			diags_add(d, l->file, it->line, it->col, "see '%s' is already in the lesson's "
				  "see list (the reader shows it once)", it->text);
			return 1;
		}
	return 0;
}

size_t lint_lesson_rules(const struct lesson *l, struct diags *d, struct diags *notes)
{
	size_t bad = 0;
	if (!l || l->broken || l->fallback)
		return 0;
	for (size_t p = 0; p < l->npages; p++)
		for (size_t i = 0; i < l->pages[p].n; i++) {
			const struct item *it = &l->pages[p].items[i];
			if (it->kind == ITEM_CODE)
				bad += long_code_lines(l, it, d);
			else if (it->kind == ITEM_FACTS)
				bad += wide_keys(l, it, d);
			else if (it->kind == ITEM_SEE)
				bad += repeated_see(l, it, notes ? notes : d);
		}
	return bad;
}

/* Words that point at a neighbouring question, in English (any case) and
 * Chinese. */
static const char *const neighbour_en[] = { "previous", "next", "last", "earlier", "preceding", "following" };
static const char *const neighbour_zh[] = { "上一题", "下一题", "前一题", "上一道题", "下一道题", "前面那道题" };

/* The neighbour phrase s holds ("next question", "上一题"), or NULL;
 * English in any case (A-Z folded). */
static const char *neighbour(const char *s)
{
	static char found[64];
	if (!s)
		return NULL;
	for (size_t i = 0; i < sizeof neighbour_zh / sizeof *neighbour_zh; i++)
		if (strstr(s, neighbour_zh[i]))
			return neighbour_zh[i];
	char *low = strdup(s);
	const char *hit = NULL;
	for (char *p = low; p && *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	for (size_t i = 0; low && !hit && i < sizeof neighbour_en / sizeof *neighbour_en; i++) {
		snprintf(found, sizeof found, "%s question", neighbour_en[i]);
		if (strstr(low, found))
			hit = found;
	}
	free(low);
	return hit;
}

static size_t check_text(const struct quiz *z, const struct quiz_question *q, const char *s,
			 struct diags *d)
{
	const char *w = neighbour(s);
	if (!w)
		return 0;
	diags_add(d, z->file, q->line, q->col, "question '%s' refers to '%s', but questions are "
		  "shuffled on every attempt; name the question's subject instead", q->id ? q->id : "?", w);
	return 1;
}

size_t lint_quiz_rules(const struct quiz *z, struct diags *d)
{
	size_t bad = 0;
	for (size_t i = 0; z && i < z->n; i++) {
		const struct quiz_question *q = &z->q[i];
		if (q->fallback)
			continue;
		const char *texts[] = { q->prompt, q->scenario, q->hint, q->explanation };
		size_t before = bad;
		for (size_t k = 0; k < sizeof texts / sizeof *texts && bad == before; k++)
			bad += check_text(z, q, texts[k], d);
		for (size_t k = 0; k < q->noptions && bad == before; k++)
			bad += check_text(z, q, q->options[k], d);
	}
	return bad;
}
