/* lint_hints: what `cudakitchen lint` adds to the loaders' messages
 * (lint_hints.c). */
#ifndef CK_LINT_HINTS_H
#define CK_LINT_HINTS_H
#include "diag.h"

/* A class links only to its own lessons (lessons/README.md): an unknown
 * `see` id that is a built-in lesson's gets told so, with the simple fix. */
void lint_explain_builtin_links(struct diags *errors);
/* dir gave lint no file: one error per *.yaml file under it (at most a
 * few levels down, hidden folders skipped), saying why the layout does not
 * read it, or one error saying the directory holds none. */
void lint_report_ignored(const char *dir, struct diags *errors);
#endif
