/* drill_edit: the learner's copy in their editor, the TUI suspended
 * meanwhile (drill_edit.c says which editor and how). */
#ifndef CK_DRILL_EDIT_H
#define CK_DRILL_EDIT_H
#include <stddef.h>

/* Edits path, then writes what happened into status (size bytes) in the
 * learner's language: the copy changed or not, no editor, or the editor
 * that would not run.  Needs curses started. */
void drill_edit(const char *path, char *status, size_t size);
#endif
