/* args.h: the arguments every demo takes, and number parsing.
 *
 * A demo's main loops over argv; for each argument it first calls
 * ck_args_common(), which consumes --format yaml|table, --cpu, --quick,
 * --list, --help, --variants LIST and --reps N (and their values). It returns
 * 1 when it consumed argv[*i] (advancing *i past a value), 0 when the argument
 * is not a common one (the demo handles it), -1 after printing a message to
 * stderr (the demo exits CK_EARGS). Only the demo's main exits. */
#ifndef CK_ARGS_H
#define CK_ARGS_H

#include <stdbool.h>

#include "ck.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ck_format { CK_FMT_AUTO, CK_FMT_YAML, CK_FMT_TABLE };

struct ck_args {
    enum ck_format format;
    bool cpu, quick, list, help;
    const char *variants; /* comma-separated ids, NULL = all */
    int reps;             /* 0 = automatic (about CK_TIME_TARGET_MS) */
};

void ck_args_init(struct ck_args *a);
int ck_args_common(struct ck_args *a, int argc, char **argv, int *i);

/* Parse an integer option value in [lo, hi]; prints "OPT: ..." and returns
 * false when val is missing, not a number or out of range. */
bool ck_args_long(const char *opt, const char *val, long lo, long hi,
                  long *out);

/* A tuning switch from the environment (CK_MM_BEST_CFG and the like):
 * unset or empty gives 0; otherwise it must be a whole number in [lo, hi],
 * else err says which variable and what it may be, and false is returned. */
bool ck_env_int(const char *name, int lo, int hi, int *out, struct ck_err *err);

/* Whether id is in the comma-separated list (NULL list selects all). */
bool ck_args_selected(const char *list, const char *id);
/* Every id in list must be one of ids[0..n); prints the bad one and returns
 * false otherwise. */
bool ck_args_known(const char *list, const char *const *ids, int n);

/* YAML unless --format table, or output is a terminal and no --format. */
bool ck_args_yaml(const struct ck_args *a);

#ifdef __cplusplus
}
#endif

#endif
