/* lesson_free: a lesson's memory (see lesson.h): freeing it whole, and
 * cutting a lesson that failed to load down to what a broken lesson keeps
 * (its file, id, error and `see` targets). */
#include <stdlib.h>
#include "lesson.h"

/* Frees everything but file, id and error: what a broken lesson keeps. */
static void free_content(struct lesson *l)
{
	free(l->title);
	free(l->summary);
	free(l->analogy);
	for (size_t i = 0; i < l->nsee; i++)
		free(l->see[i]);
	free(l->see);
	free(l->see_pos);
	for (size_t p = 0; p < l->npages; p++) {
		struct page *pg = &l->pages[p];
		for (size_t i = 0; i < pg->n; i++) {
			struct item *it = &pg->items[i];
			size_t cells = it->cells ? (it->kind == ITEM_FACTS ? 2 * it->n : it->n) : 0;
			for (size_t k = 0; k < cells; k++)
				free(it->cells[k]);
			free(it->cells);
			free(it->text);
			free(it->caption);
		}
		free(pg->items);
		free(pg->title);
	}
	free(l->pages);
	l->title = l->summary = l->analogy = NULL;
	l->see = NULL;
	l->see_pos = NULL;
	l->pages = NULL;
	l->nsee = l->npages = 0;
}

void lesson_keep_targets(struct lesson *l)
{
	size_t n = l->nsee;
	for (size_t p = 0; p < l->npages; p++)
		for (size_t i = 0; i < l->pages[p].n; i++)
			n += l->pages[p].items[i].kind == ITEM_SEE && l->pages[p].items[i].text;
	char **see = calloc(n + 1, sizeof *see);
	struct lesson_pos *pos = calloc(n + 1, sizeof *pos);
	size_t k = 0;
	for (size_t i = 0; see && pos && i < l->nsee; i++) {
		pos[k] = l->see_pos[i];
		see[k++] = l->see[i];
		l->see[i] = NULL;
	}
	for (size_t p = 0; see && pos && p < l->npages; p++)
		for (size_t i = 0; i < l->pages[p].n; i++) {
			struct item *it = &l->pages[p].items[i];
			if (it->kind != ITEM_SEE || !it->text)
				continue;
			pos[k] = (struct lesson_pos){ it->line, it->col };
			see[k++] = it->text;
			it->text = NULL;
		}
	free_content(l);
	if (!see || !pos) {
		free(see);
		free(pos);
		return;
	}
	l->see = see;
	l->see_pos = pos;
	l->nsee = k;
}

void lesson_free(struct lesson *l)
{
	if (!l)
		return;
	free_content(l);
	free(l->file);
	free(l->id);
	free(l->error);
	*l = (struct lesson){ 0 };
}
