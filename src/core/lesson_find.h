/* lesson_find: text search in lessons, for the reader's `/`, `n` and `N`
 * (the next or previous place in one lesson) and the menu's search across
 * the course.  A match is a substring of an item's text, caption or cells,
 * or of a page title, ASCII letters compared without case; no regular
 * expressions.  Pure C, no curses. */
#ifndef CK_LESSON_FIND_H
#define CK_LESSON_FIND_H
#include <stdbool.h>
#include <stddef.h>
#include "lesson.h"

/* A place in a lesson: a page and an item of it (-1: the page's title). */
struct lesson_spot {
	size_t page;
	int item;
};

/* True when q (not empty) occurs in s, ASCII letters without case. */
bool find_in(const char *s, const char *q);
/* Where q first occurs in s (as find_in compares), NULL when nowhere. */
const char *find_at(const char *s, const char *q);
/* The next place after `from` (dir > 0) or before it (dir < 0) where q
 * occurs, wrapping around the lesson's end; `from` itself is found last.
 * False when q occurs nowhere in the lesson's pages. */
bool lesson_find(const struct lesson *l, const char *q, struct lesson_spot from, int dir,
		 struct lesson_spot *out);
/* How many places of the lesson hold q (its pages only). */
size_t lesson_count(const struct lesson *l, const char *q);
/* Which of them `at` is, 1-based in the lesson's order ("match 3 of 7");
 * 0 when `at` holds no q. */
size_t lesson_rank(const struct lesson *l, const char *q, struct lesson_spot at);
/* Whether q occurs anywhere in the lesson: title, summary, analogy or pages. */
bool lesson_mentions(const struct lesson *l, const char *q);
/* The text of place `at` that holds q (an item's text, caption or cell,
 * or the page's title), NULL when it holds none.  Borrowed from l. */
const char *lesson_spot_text(const struct lesson *l, struct lesson_spot at, const char *q);

/* The course search's result: a page of a lesson where q occurs, or a
 * lesson whose title, summary or analogy alone holds it (about: then page
 * 0, item -1, count 0). */
struct find_hit {
	size_t lesson;     /* index in the course */
	size_t page;
	int item;          /* the page's first place holding q (-1: its title) */
	size_t count;      /* places on the page that hold q */
	bool about;
};
/* Every page of every lesson of c (broken ones skipped) where q occurs,
 * in course order, at most max into out; returns how many there are in
 * all (which may be more than max). */
size_t course_find_all(const struct course *c, const char *q, struct find_hit *out, size_t max);
#endif
