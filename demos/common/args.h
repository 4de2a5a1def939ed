/* args.h: the arguments every demo takes, its own options, and number
 * parsing.
 *
 * A demo describes its own options in one table, a struct ck_opt per
 * option, and calls ck_args_parse() once: for each argument it tries the
 * common options (ck_args_common(): --format yaml|table, --cpu, --quick,
 * --list, --help, --variants LIST and --reps N), then the table, then the
 * demo's callback for the forms a row cannot say (matmul's --size sets
 * three sizes), and an argument none of them takes is unknown. The same
 * rows write the options' lines of --help (ck_usage(), ck_args_help()), so
 * what --help says and what the parser takes cannot drift apart.
 * Messages go to stderr, and -1 then means the demo exits CK_EARGS. Only
 * the demo's main exits. */
#ifndef CK_ARGS_H
#define CK_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
/* One common option at argv[*i]: 1 when consumed (*i advanced past its
 * value), 0 when it is not a common one, -1 after a message. */
int ck_args_common(struct ck_args *a, int argc, char **argv, int *i);

/* What a row of a demo's option table takes, and where it puts it. */
enum ck_opt_kind {
    CK_OPT_LONG,   /* a whole number in [lo, hi], into a long */
    CK_OPT_LLONG,  /* the same, into a long long */
    CK_OPT_INT,    /* the same, into an int (lo and hi within int) */
    CK_OPT_MIB,    /* a number of MiB in [lo, hi], into a size_t in bytes */
    CK_OPT_FLAG,   /* no value: the bool is set */
    CK_OPT_STRING, /* a value that is not empty, into a const char * (argv's) */
    CK_OPT_CHOICE, /* one word of choices (NULL-terminated), its index into an int */
    CK_OPT_OWN,    /* the demo's callback parses it: the row gives its help */
    CK_OPT_TEXT,   /* no option: help is printed as it stands (a heading, a note) */
};

struct ck_opt {
    const char *name; /* "--n" */
    const char *arg;  /* the value in the help, "N"; NULL for a flag */
    /* the help's lines, '\n' between them (each further line is indented
     * to the text column); "{range}" is written "lo..hi". NULL: the option
     * shares the line of the next row that has one (their names listed
     * together), or, when none follows, is not listed */
    const char *help;
    enum ck_opt_kind kind;
    long lo, hi;
    void *dst;                  /* where the value goes, of the kind's type */
    bool *given;                /* set when the option was given, or NULL */
    const char *const *choices; /* CK_OPT_CHOICE's words */
};
#define CK_NOPTS(t) ((int)(sizeof(t) / sizeof(t)[0]))

/* A demo's own argument forms, tried after the table: the same returns as
 * ck_args_common() (1 consumed, 0 not its, -1 after a message). */
typedef int ck_args_own_fn(void *ctx, int argc, char **argv, int *i);

/* The whole of argv: a initialised, then each argument through the common
 * options, the table opts[0..nopts), then own (may be NULL); an argument
 * none takes gets ck_args_unknown(demo, arg). 0, or -1 after a message. */
int ck_args_parse(struct ck_args *a, const char *demo, int argc, char **argv,
                  const struct ck_opt *opts, int nopts, ck_args_own_fn *own, void *ctx);
/* The rows' lines of --help, as ck_usage() writes them. */
void ck_args_help(FILE *f, const struct ck_opt *opts, int nopts);

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

/* s made safe to print on a terminal, in buf (n bytes, cut to fit):
 * C0 controls (tab included), DEL, C1 controls and every bidi control
 * (U+061C, U+200E, U+200F, U+202A..202E, U+2066..2069) are dropped, and
 * a byte that is not valid UTF-8 becomes '?'. Every argument a demo
 * echoes in a message goes through it. Returns buf. */
char *ck_safe(const char *s, char *buf, size_t n);
/* "NAME: unknown argument 'ARG' (see --help)" on stderr, ARG made safe. */
void ck_args_unknown(const char *name, const char *arg);

/* --help, in one form for every demo: the demo's own options (from its
 * table), then the common options and the exit codes. */
struct ck_usage {
    const char *name;   /* "matmul" */
    const char *what;   /* lines under the usage line, each ending in \n */
    const struct ck_opt *opts; /* the demo's own options, as ck_args_parse */
    int nopts;                 /* takes them */
    const char *per;    /* what --reps counts: "variant", "point", "row" */
    const char *reps;   /* its default: "~100 ms worth" */
    const char *cpu;    /* what --cpu runs: "CPU variants only" */
    const char *quick;  /* what --quick does */
    const char *list;   /* what --list lists: "the ladder", "the rows" */
    const char *exits;  /* the text after "2 bad arguments"; NULL: CK_USAGE_EXITS */
};
#define CK_USAGE_EXITS ", 3 a check failed,\n      4 a CUDA error, " \
    "5 out of host memory"
#define CK_USAGE_OPT "  %-17s %s\n" /* an option line: name, then text */
void ck_usage(FILE *f, const struct ck_usage *u);
/* A number macro as a string, for usage texts: CK_STR(MM_QUICK) */
#define CK_STR_(x) #x
#define CK_STR(x) CK_STR_(x)

/* The seed of a run's random inputs: the time and the process id, so two
 * runs (or two processes of one bench) differ. */
uint64_t ck_demo_seed(void);
/* The test hook: whether CK_DEMO_CORRUPT names variant id (that variant's
 * checked result is then spoiled, so its check must fail: exit 3). */
bool ck_corrupt_wanted(const char *id);

#ifdef __cplusplus
}
#endif

#endif
