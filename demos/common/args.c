/* args.c: the common demo arguments and strict number parsing. */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ck_args_init(struct ck_args *a)
{
    *a = (struct ck_args){.format = CK_FMT_AUTO};
}

/* val as a whole number (all of it): true with *out set, else false. */
static bool whole_number(const char *val, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (errno || end == val || *end)
        return false;
    *out = v;
    return true;
}

bool ck_args_long(const char *opt, const char *val, long lo, long hi,
                  long *out)
{
    if (!val) {
        fprintf(stderr, "%s: missing value\n", opt);
        return false;
    }
    long v;
    if (!whole_number(val, &v)) {
        fprintf(stderr, "%s: '%s' is not a whole number\n", opt, val);
        return false;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "%s: %ld is out of range [%ld, %ld]\n", opt, v, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

bool ck_env_int(const char *name, int lo, int hi, int *out, struct ck_err *err)
{
    const char *v = getenv(name);
    long n;
    *out = 0;
    if (!v || !*v)
        return true;
    if (!whole_number(v, &n) || n < lo || n > hi) {
        snprintf(err->msg, sizeof err->msg, "%s=%s: not a tuning setting (a whole number "
                 "from %d to %d)", name, v, lo, hi);
        return false;
    }
    *out = (int)n;
    return true;
}

static int take_value(int argc, char **argv, int *i, const char **val)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: missing value\n", argv[*i]);
        return -1;
    }
    *val = argv[++*i];
    return 1;
}

int ck_args_common(struct ck_args *a, int argc, char **argv, int *i)
{
    const char *o = argv[*i], *v = NULL;
    if (!strcmp(o, "--cpu"))
        return a->cpu = true, 1;
    if (!strcmp(o, "--quick"))
        return a->quick = true, 1;
    if (!strcmp(o, "--list"))
        return a->list = true, 1;
    if (!strcmp(o, "--help") || !strcmp(o, "-h"))
        return a->help = true, 1;
    if (!strcmp(o, "--format")) {
        if (take_value(argc, argv, i, &v) < 0)
            return -1;
        if (!strcmp(v, "yaml"))
            a->format = CK_FMT_YAML;
        else if (!strcmp(v, "table"))
            a->format = CK_FMT_TABLE;
        else {
            fprintf(stderr, "--format: '%s' is not yaml or table\n", v);
            return -1;
        }
        return 1;
    }
    if (!strcmp(o, "--variants")) {
        if (take_value(argc, argv, i, &v) < 0)
            return -1;
        a->variants = v;
        return 1;
    }
    if (!strcmp(o, "--reps")) {
        long n;
        if (take_value(argc, argv, i, &v) < 0 ||
            !ck_args_long("--reps", v, 1, 100000, &n))
            return -1;
        a->reps = (int)n;
        return 1;
    }
    return 0;
}

/* Calls fn on each comma-separated item of list; stops at the first false. */
static bool each_item(const char *list, bool (*fn)(const char *s, size_t n,
                                                   const void *ctx),
                      const void *ctx)
{
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (!fn(p, n, ctx))
            return false;
        p += n;
        if (*p == ',')
            p++;
    }
    return true;
}

static bool differs(const char *s, size_t n, const void *ctx)
{
    const char *id = ctx;
    return !(strlen(id) == n && !strncmp(s, id, n));
}

bool ck_args_selected(const char *list, const char *id)
{
    return !list || !each_item(list, differs, id);
}

struct known_ctx {
    const char *const *ids;
    int n;
};

static bool is_known(const char *s, size_t n, const void *ctx)
{
    const struct known_ctx *k = ctx;
    for (int i = 0; i < k->n; i++)
        if (strlen(k->ids[i]) == n && !strncmp(s, k->ids[i], n))
            return true;
    fprintf(stderr, "--variants: unknown variant '%.*s' (see --list)\n",
            (int)n, s);
    return false;
}

bool ck_args_known(const char *list, const char *const *ids, int n)
{
    struct known_ctx k = {ids, n};
    if (list && !*list) {
        fprintf(stderr, "--variants: empty list\n");
        return false;
    }
    return !list || each_item(list, is_known, &k);
}

bool ck_args_yaml(const struct ck_args *a)
{
    if (a->format != CK_FMT_AUTO)
        return a->format == CK_FMT_YAML;
    return !isatty(STDOUT_FILENO);
}
