/* course_check: the checks of a course that need all its lessons (see
 * course_check.h): a repeated id, which breaks the later file, and `see`
 * targets no lesson has, with the id it nearly spells. */
#include "course_check.h"

#include <stdlib.h>
#include <string.h>
#include "doc.h"

/* Turns a loaded lesson into a broken one with the given first error. */
static void make_broken(struct lesson *l, const struct diag *e)
{
	char buf[1024];
	diag_format(e, buf, sizeof buf);
	char *file = l->file, *id = l->id;
	l->file = l->id = NULL;
	lesson_free(l);
	l->file = file;
	l->id = id;
	l->error = strdup(buf);
	l->broken = true;
}

/* A repeated id is an error at the later file, which is marked broken;
 * the first of an id that loaded is the one kept.  Walks the index's runs
 * of equal ids, then reports in file order. */
bool course_check_ids(struct course *c, struct diags *d)
{
	if (!c->by_id)
		course_index_ids(c);
	size_t *first = c->by_id ? malloc((c->n ? c->n : 1) * sizeof *first) : NULL;
	if (!first) {
		if (c->n)
			diags_add(d, c->lessons[0].file, 0, 0, "out of memory");
		return c->n == 0;
	}
	for (size_t i = 0; i < c->n; i++)
		first[i] = (size_t)-1;
	for (size_t k = 0; k < c->n;) {
		const char *id = c->lessons[c->by_id[k]].id;
		size_t end = k + 1;
		while (id && end < c->n && c->lessons[c->by_id[end]].id
		       && !strcmp(c->lessons[c->by_id[end]].id, id))
			end++;
		/* The first file of the id keeps it even when it has other
		 * errors: otherwise fixing those would turn up a new error in
		 * a later file. */
		size_t keep = (size_t)-1;
		for (size_t m = k; id && m < end; m++) {
			size_t i = c->by_id[m];
			if (keep == (size_t)-1 || i < keep)
				keep = i;
		}
		for (size_t m = k; id && m < end; m++)
			if (c->by_id[m] != keep)
				first[c->by_id[m]] = keep;
		k = end;
	}
	bool ok = true;
	for (size_t i = 0; i < c->n; i++) {
		if (first[i] == (size_t)-1)
			continue;
		struct lesson *l = &c->lessons[i];
		size_t before = d->n;
		diags_add(d, l->file, l->id_pos.line, l->id_pos.col,
			  "duplicate lesson id '%s' (already used by %s)", l->id, c->lessons[first[i]].file);
		/* the diag exists unless memory ran out; a lesson broken
		 * already keeps its own first error */
		if (d->n > before && !l->broken)
			make_broken(l, &d->v[d->n - 1]);
		ok = false;
	}
	free(first);
	return ok;
}

const char *lesson_id_unnumbered(const char *ref)
{
	const char *s = ref;
	while (*s >= '0' && *s <= '9')
		s++;
	return s == ref || *s != '-' || !s[1] ? NULL : s + 1;
}

static void unknown_ref(const struct course *c, const char *file, const char *id,
			int line, int col, struct diags *d)
{
	const char **ids = calloc(c->n + 1, sizeof *ids);
	const char *near = NULL, *bare = lesson_id_unnumbered(id);
	const struct lesson *l = course_find(c, bare); /* NULL for a NULL id */
	const char *named = l ? l->id : NULL;
	if (ids && !named) {
		for (size_t i = 0; i < c->n; i++)
			ids[i] = c->lessons[i].id;
		near = doc_suggest(id, ids, c->n);
		/* a file name's form with a slip in the id ("02-bet") */
		if (!near && bare)
			named = doc_suggest(bare, ids, c->n);
	}
	if (named)
		diags_add(d, file, line, col,
			  "'see': no lesson has the id '%s'; did you mean '%s'? "
			  "(see: takes a lesson's id, not its file name)",
			  id, named);
	else if (near)
		diags_add(d, file, line, col, "'see': no lesson has the id '%s'; did you mean '%s'?",
			  id, near);
	else
		diags_add(d, file, line, col, "'see': no lesson has the id '%s'", id);
	free(ids);
}

/* Every `see` of l (the list and the body items; a broken lesson keeps
 * both in its list) must name a lesson of c or of also (NULL: none). */
void course_check_lesson_refs(const struct course *c, const struct course *also,
			      const struct lesson *l, struct diags *d)
{
	for (size_t k = 0; k < l->nsee; k++)
		if (!course_find(c, l->see[k]) && !course_find(also, l->see[k]))
			unknown_ref(c, l->file, l->see[k], l->see_pos[k].line, l->see_pos[k].col, d);
	for (size_t p = 0; p < l->npages; p++)
		for (size_t k = 0; k < l->pages[p].n; k++) {
			const struct item *it = &l->pages[p].items[k];
			if (it->kind == ITEM_SEE && it->text && !course_find(c, it->text)
			    && !course_find(also, it->text))
				unknown_ref(c, l->file, it->text, it->line, it->col, d);
		}
}

/* Every lesson's `see` targets, broken lessons' too (their other errors do
 * not hide this one).  Fallback lessons were checked with English already. */
bool course_check_refs(const struct course *c, struct diags *d)
{
	size_t before = d->n;
	for (size_t i = 0; i < c->n; i++)
		if (!c->lessons[i].fallback)
			course_check_lesson_refs(c, NULL, &c->lessons[i], d);
	return d->n == before;
}
