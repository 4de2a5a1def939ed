/* lint_rules: the content rules `cudakitchen lint` checks beyond what the
 * loaders require, so an instructor's lessons and quiz levels get the same
 * care as the built-in ones (lessons/README.md and quizzes/README.md list
 * them).  A file that breaks them still loads and is shown; lint reports
 * each at its position:
 *   - a code line wider than LINT_CODE_MAX display columns (tabs to
 *     LINT_TABSTOP): the reader draws code at 80 columns inside a margin
 *     and a box, and cuts what is wider;
 *   - a `facts` key wider than LINT_KEY_MAX columns (it would be wrapped,
 *     splitting identifiers);
 *   - an inline `see` repeating the lesson's own `see` list (a note, not an
 *     error: the reader shows each link once);
 *   - quiz text that points at "the previous/next question": questions are
 *     shuffled per attempt, so it would name a different one for everyone;
 *   - a level (with at least LINT_LONGEST_MIN single-choice questions)
 *     where the answer is the longest option in most of them: picking the
 *     longest would pass it. */
#ifndef CK_LINT_RULES_H
#define CK_LINT_RULES_H
#include "diag.h"
#include "lesson.h"
#include "quiz.h"

#define LINT_CODE_MAX 74
#define LINT_KEY_MAX 36
#define LINT_LONGEST_MIN 3   /* single-choice questions before the longest-key rule */
#define LINT_TABSTOP 4   /* as the reader expands tabs (layout.c) */

/* Display width of len bytes of one code line, tabs expanded. */
int lint_code_width(const char *s, size_t len);
/* Appends one diag per broken rule to d (notes to notes; NULL: to d);
 * returns how many.  A broken lesson (nothing loaded but its id) and an
 * English fallback in a translated course have none. */
size_t lint_lesson_rules(const struct lesson *l, struct diags *d, struct diags *notes);
size_t lint_quiz_rules(const struct quiz *z, struct diags *d);
/* The code-width and facts-key rules for a lesson file the loader refused
 * (a schema error): read as a plain YAML tree, so lint reports everything
 * in one pass.  Nothing when the file is not YAML at all. */
size_t lint_broken_lesson_rules(const char *path, struct diags *d);
#endif
