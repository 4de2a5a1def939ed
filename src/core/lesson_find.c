/* lesson_find: text search in lessons (see lesson_find.h). */
#include "lesson_find.h"

#include <string.h>

static char fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

const char *find_at(const char *s, const char *q)
{
	if (!s || !q || !*q)
		return NULL;
	size_t n = strlen(q);
	for (; *s; s++) {
		size_t i = 0;
		while (i < n && s[i] && fold(s[i]) == fold(q[i]))
			i++;
		if (i == n)
			return s;
	}
	return NULL;
}

bool find_in(const char *s, const char *q)
{
	return find_at(s, q) != NULL;
}

/* Whether place (page, item) of l holds q. */
static bool spot_has(const struct lesson *l, size_t page, int item, const char *q)
{
	const struct page *p = &l->pages[page];
	if (item < 0)
		return find_in(p->title, q);
	const struct item *it = &p->items[item];
	if (find_in(it->text, q) || find_in(it->caption, q))
		return true;
	size_t cells = it->cells ? (it->kind == ITEM_FACTS ? 2 * it->n : it->n) : 0;
	for (size_t k = 0; k < cells; k++)
		if (find_in(it->cells[k], q))
			return true;
	return false;
}

/* Steps s one place forward or back, wrapping; -1 is each page's title. */
static void step(const struct lesson *l, struct lesson_spot *s, int dir)
{
	if (dir > 0) {
		if (++s->item >= (int)l->pages[s->page].n) {
			s->page = (s->page + 1) % l->npages;
			s->item = -1;
		}
	} else if (--s->item < -1) {
		s->page = (s->page + l->npages - 1) % l->npages;
		s->item = (int)l->pages[s->page].n - 1;
	}
}

bool lesson_find(const struct lesson *l, const char *q, struct lesson_spot from, int dir,
		 struct lesson_spot *out)
{
	if (!l || l->broken || !l->npages || !q || !*q)
		return false;
	size_t total = 0;
	for (size_t p = 0; p < l->npages; p++)
		total += l->pages[p].n + 1;
	if (from.page >= l->npages)
		from = (struct lesson_spot){ 0, -1 };
	if (from.item >= (int)l->pages[from.page].n)
		from.item = (int)l->pages[from.page].n - 1;
	struct lesson_spot s = from;
	for (size_t i = 0; i < total; i++) {
		step(l, &s, dir);
		if (spot_has(l, s.page, s.item, q)) {
			*out = s;
			return true;
		}
	}
	return false;
}

size_t lesson_count(const struct lesson *l, const char *q)
{
	size_t n = 0;
	for (size_t p = 0; l && !l->broken && p < l->npages; p++)
		for (int i = -1; i < (int)l->pages[p].n; i++)
			n += spot_has(l, p, i, q);
	return n;
}

size_t lesson_rank(const struct lesson *l, const char *q, struct lesson_spot at)
{
	size_t n = 0;
	for (size_t p = 0; l && !l->broken && p < l->npages; p++)
		for (int i = -1; i < (int)l->pages[p].n; i++)
			if (spot_has(l, p, i, q)) {
				n++;
				if (p == at.page && i == at.item)
					return n;
			}
	return 0;
}

const char *lesson_spot_text(const struct lesson *l, struct lesson_spot at, const char *q)
{
	if (!l || l->broken || at.page >= l->npages)
		return NULL;
	const struct page *p = &l->pages[at.page];
	if (at.item < 0 || at.item >= (int)p->n)
		return find_in(p->title, q) ? p->title : NULL;
	const struct item *it = &p->items[at.item];
	if (find_in(it->text, q))
		return it->text;
	if (find_in(it->caption, q))
		return it->caption;
	size_t cells = it->cells ? (it->kind == ITEM_FACTS ? 2 * it->n : it->n) : 0;
	for (size_t k = 0; k < cells; k++)
		if (find_in(it->cells[k], q))
			return it->cells[k];
	return NULL;
}

/* Adds hit h to out when there is room; returns the count with it. */
static size_t add_hit(struct find_hit *out, size_t n, size_t max, struct find_hit h)
{
	if (n < max)
		out[n] = h;
	return n + 1;
}

size_t course_find_all(const struct course *c, const char *q, struct find_hit *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; c && q && *q && i < c->n; i++) {
		const struct lesson *l = &c->lessons[i];
		if (l->broken)
			continue;
		size_t before = n;
		for (size_t p = 0; p < l->npages; p++) {
			struct find_hit h = { .lesson = i, .page = p, .item = (int)l->pages[p].n };
			for (int k = -1; k < (int)l->pages[p].n; k++)
				if (spot_has(l, p, k, q) && !h.count++)
					h.item = k;   /* the page's first place */
			if (h.count)
				n = add_hit(out, n, max, h);
		}
		if (n == before && lesson_mentions(l, q))
			n = add_hit(out, n, max, (struct find_hit){ .lesson = i, .item = -1, .about = true });
	}
	return n;
}

bool lesson_mentions(const struct lesson *l, const char *q)
{
	if (!l || !q || !*q)
		return false;
	return find_in(l->title, q) || find_in(l->summary, q) || find_in(l->analogy, q) ||
	       find_in(l->id, q) || lesson_count(l, q) > 0;
}
