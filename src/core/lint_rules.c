/* lint_rules: the content rules of lint_rules.h. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "doc.h"
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

/* The 1-based column where file line `line` has its first non-blank
 * character (1 when the file cannot be read): where a code line's text
 * starts, for a position that points at the code itself. */
static int text_col(const char *file, int line)
{
	FILE *f = fopen(file, "r");
	char *buf = NULL;
	size_t cap = 0;
	int col = 1;
	for (int n = 1; f && getline(&buf, &cap, f) >= 0; n++)
		if (n == line) {
			col = 1 + (int)strspn(buf, " ");
			break;
		}
	free(buf);
	if (f)
		fclose(f);
	return col;
}

/* The code item's lines: the file line of code line k is it->text_line + k
 * for a block scalar (`code: |`), the usual form, wherever the item starts
 * (a `caption:` may come first). */
static size_t long_code_lines(const struct lesson *l, const struct item *it, struct diags *d)
{
	size_t bad = 0;
	int ln = 0;
	for (const char *p = it->text ? it->text : ""; *p; ln++) {
		size_t len = strcspn(p, "\n");
		int w = lint_code_width(p, len);
		if (w > LINT_CODE_MAX) {
			int at = it->text_line + ln;
			diags_add(d, l->file, at, text_col(l->file, at), "code line %d is %d columns wide; "
									 "at most %d fit the reader at 80 columns",
				  ln + 1, w, LINT_CODE_MAX);
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

/* The layout rules over a document tree, for a lesson the loader refused:
 * every `code` scalar's lines and every `facts` pair's key, wherever they
 * are, so one lint run reports them beside the schema errors. */
static size_t doc_walk(const char *file, const struct doc_node *n, struct diags *d)
{
	size_t bad = 0;
	for (size_t i = 0; n && n->type != DOC_SCALAR && i < n->n; i++) {
		const struct doc_node *k = n->type == DOC_MAP ? n->items[2 * i] : NULL;
		const struct doc_node *v = n->type == DOC_MAP ? n->items[2 * i + 1] : n->items[i];
		if (k && !strcmp(k->str, "code") && v->type == DOC_SCALAR) {
			int ln = 0;
			for (const char *p = v->str; *p; ln++) {
				size_t len = strcspn(p, "\n");
				int w = lint_code_width(p, len);
				int at = v->line + (v->block ? 1 : 0) + ln;
				if (w > LINT_CODE_MAX && ++bad)
					diags_add(d, file, at, text_col(file, at), "code line %d is %d columns wide; "
										   "at most %d fit the reader at 80 columns",
						  ln + 1, w, LINT_CODE_MAX);
				p += len + (p[len] == '\n');
			}
		} else if (k && !strcmp(k->str, "facts") && v->type == DOC_SEQ) {
			for (size_t j = 0; j < v->n; j++) {
				const struct doc_node *pair = v->items[j];
				if (pair->type != DOC_SEQ || !pair->n || pair->items[0]->type != DOC_SCALAR)
					continue;
				int w = text_width(pair->items[0]->str);
				if (w > LINT_KEY_MAX && ++bad)
					diags_add(d, file, pair->line, pair->col, "facts key '%s' is %d columns "
						  "wide; at most %d fit without splitting it",
						  pair->items[0]->str, w, LINT_KEY_MAX);
			}
		} else {
			bad += doc_walk(file, v, d);
		}
	}
	return bad;
}

size_t lint_broken_lesson_rules(const char *path, struct diags *d)
{
	struct doc doc = { 0 };
	struct diags scratch = { 0 };   /* the loader has said what is wrong */
	size_t bad = doc_load_file(path, &doc, &scratch) ? doc_walk(path, doc.root, d) : 0;
	doc_free(&doc);
	diags_free(&scratch);
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

/* True when q's key is wider than every other option. */
static bool key_longest(const struct quiz_question *q)
{
	int kw = text_width(q->options[q->answer]);
	for (size_t k = 0; k < q->noptions; k++)
		if ((int)k != q->answer && text_width(q->options[k]) >= kw)
			return false;
	return true;
}

/* A level where the key of most single-choice questions is the longest
 * option can be passed by picking the longest: one error at the first. */
static size_t longest_keys(const struct quiz *z, struct diags *d)
{
	size_t singles = 0, longest = 0;
	const struct quiz_question *first = NULL;
	char ids[200] = "";
	for (size_t i = 0; i < z->n; i++) {
		const struct quiz_question *q = &z->q[i];
		if (q->type != QT_SINGLE || q->fallback || !q->options)
			continue;
		singles++;
		if (!key_longest(q))
			continue;
		if (!longest++)
			first = q;
		size_t len = strlen(ids);
		snprintf(ids + len, sizeof ids - len, "%s%s", len ? ", " : "", q->id ? q->id : "?");
	}
	if (singles < LINT_LONGEST_MIN || 2 * longest <= singles)
		return 0;
	diags_add(d, z->file, first->line, first->col, "the answer is the longest option in %zu of "
		  "%zu single-choice questions (%s): a learner can pass by picking the longest; "
		  "write distractors as long as the answer", longest, singles, ids);
	return 1;
}

size_t lint_quiz_rules(const struct quiz *z, struct diags *d)
{
	size_t bad = z ? longest_keys(z, d) : 0;
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
