/* drill_lint: lint's rules for a directory of drills (drill_lint.c). */
#ifndef CK_DRILL_LINT_H
#define CK_DRILL_LINT_H
#include <stdbool.h>
#include "diag.h"

/* Checks every NN-ID folder of drills_dir (and its statements); with run,
 * also checks that each reference passes and each starter fails, against
 * the emulator in data_dir/emu (or on this machine's GPU).  Returns the
 * number of files read; problems go to d. */
int drill_lint_dir(const char *drills_dir, const char *data_dir, bool run, struct diags *d);
#endif
