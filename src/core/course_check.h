/* course_check: the checks of course.c that need every lesson of a
 * course, shared by its loaders (course_load, course_load_lang,
 * course_check_see).  Internal to the core: lesson.h has the API. */
#ifndef CK_COURSE_CHECK_H
#define CK_COURSE_CHECK_H
#include <stdbool.h>
#include "lesson.h"

/* Sorts c's index of lessons by id (course_find's); in course.c. */
void course_index_ids(struct course *c);
/* A repeated id is an error at the later file, which is marked broken;
 * the first of an id that loaded is the one kept.  False when any. */
bool course_check_ids(struct course *c, struct diags *d);
/* Every `see` of l (the list and the body items; a broken lesson keeps
 * both in its list) must name a lesson of c or of also (NULL: none). */
void course_check_lesson_refs(const struct course *c, const struct course *also,
			      const struct lesson *l, struct diags *d);
/* Every lesson's `see` targets, broken lessons' too (their other errors do
 * not hide this one); fallback lessons were checked with English already.
 * False when any is unknown. */
bool course_check_refs(const struct course *c, struct diags *d);
#endif
