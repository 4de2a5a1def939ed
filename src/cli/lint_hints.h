/* lint_hints: what `cudakitchen lint` adds to the loaders' messages
 * (lint_hints.c). */
#ifndef CK_LINT_HINTS_H
#define CK_LINT_HINTS_H
#include <stdbool.h>
#include "diag.h"

/* A class links only to its own lessons (lessons/README.md): an unknown
 * `see` id that is a built-in lesson's gets told so, with the simple fix. */
void lint_explain_builtin_links(struct diags *errors);
/* One diag in d per *.yaml file under dir (at most a few levels down,
 * hidden folders skipped) whose folder is none of read[0..nread) (real
 * paths), saying why the layout does not read it; none (dir gave lint no
 * file) and no *.yaml file under it at all: one diag saying so;
 * no_lesson (a class that gave files but no lesson, which the tutorial
 * refuses): one diag saying that.  The caller passes errors when dir gave
 * no file ("0 files" is never a pass) or no lesson, notes otherwise. */
void lint_report_ignored(const char *dir, const char *const *read, int nread, bool none,
			 bool no_lesson, struct diags *d);
#endif
