/* quiz_lang: a quiz level in the learner's language, falling back to
 * English per question id (the same rule as lessons, course_load_lang).
 *
 * The English file is the reference: its questions, in its order, are the
 * level.  Each one the translation has (same id) is taken from the
 * translation; each one it lacks is the English question with fallback
 * set, and the screen marks it.  Questions only the translation has are
 * ignored (lint reports them, quiz_translation_errors).  Pure: no ncurses. */
#ifndef CK_QUIZ_LANG_H
#define CK_QUIZ_LANG_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"
#include "quiz.h"

/* Loads en_path (may be NULL: the translation alone, nothing marked) and
 * tr_path (may be NULL or missing: every question English, marked) into
 * out.  A translation that fails to load counts as missing; its problems
 * go to d only when en_path is NULL.  False when the level cannot be
 * loaded at all, with the problems in d. */
bool quiz_load_lang(const char *tr_path, const char *en_path, struct quiz *out, struct diags *d);

/* Lint: for every quizzes/en/levelN.yaml under base, the question ids
 * quizzes/<lang>/levelN.yaml lacks, and whole level files it lacks, one
 * diag each ("missing translation for question 'ID'"); returns the count. */
size_t quiz_missing_translations(const char *base, const char *lang, struct diags *d);

/* Lint: for every level both quizzes/en/ and quizzes/<lang>/ under base
 * hold (and both load), each translated question that would not be asked
 * or graded as English's is: an id English lacks, another type, or another
 * key (single and multi: the option count and answer; truefalse: the
 * answer; match and order: the count; predict: demo, measure, bands,
 * choices and factor; a fill's accepted words may differ).  One diag each,
 * at the question; returns the count. */
size_t quiz_translation_errors(const char *base, const char *lang, struct diags *d);
#endif
