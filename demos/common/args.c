/* args.c: the common demo arguments, a demo's table of its own options,
 * and strict number parsing. */
#define _POSIX_C_SOURCE 200809L
#include "args.h"

#include <errno.h>
#include <time.h>
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
        char safe[128];
        fprintf(stderr, "%s: '%s' is not a whole number\n", opt,
                ck_safe(val, safe, sizeof safe));
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
            char safe[128];
            fprintf(stderr, "--format: '%s' is not yaml or table\n",
                    ck_safe(v, safe, sizeof safe));
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

/* "NAME: 'V' is not a, b or c" for a choice that is not one of its words. */
static void not_a_choice(const struct ck_opt *o, const char *v)
{
    char safe[128];
    fprintf(stderr, "%s: '%s' is not ", o->name, ck_safe(v, safe, sizeof safe));
    for (int w = 0; o->choices[w]; w++)
        fprintf(stderr, "%s%s", w == 0 ? "" : (o->choices[w + 1] ? ", " : " or "),
                o->choices[w]);
    fputc('\n', stderr);
}

/* Row o's value v (NULL when argv ends) into its place: 1 consumed (*i
 * advanced past a value), -1 after a message. */
static int take_opt(const struct ck_opt *o, const char *v, int *i)
{
    long x = 0;
    switch (o->kind) {
    case CK_OPT_FLAG:
        *(bool *)o->dst = true;
        break;
    case CK_OPT_STRING:
        /* "--id-file: needs a path": the placeholder says what is missing */
        if (!v || !*v) {
            fprintf(stderr, "%s: needs a ", o->name);
            for (const char *c = o->arg ? o->arg : "value"; *c; c++)
                fputc(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c, stderr);
            fputc('\n', stderr);
            return -1;
        }
        *(const char **)o->dst = v;
        ++*i;
        break;
    case CK_OPT_CHOICE:
        if (!v) {
            fprintf(stderr, "%s: missing value\n", o->name);
            return -1;
        }
        while (o->choices[x] && strcmp(o->choices[x], v))
            x++;
        if (!o->choices[x]) {
            not_a_choice(o, v);
            return -1;
        }
        *(int *)o->dst = (int)x;
        ++*i;
        break;
    case CK_OPT_LONG:
    case CK_OPT_LLONG:
    case CK_OPT_INT:
    case CK_OPT_MIB:
        if (!ck_args_long(o->name, v, o->lo, o->hi, &x))
            return -1;
        if (o->kind == CK_OPT_LONG)
            *(long *)o->dst = x;
        else if (o->kind == CK_OPT_LLONG)
            *(long long *)o->dst = x;
        else if (o->kind == CK_OPT_INT)
            *(int *)o->dst = (int)x;
        else
            *(size_t *)o->dst = (size_t)x << 20;
        ++*i;
        break;
    case CK_OPT_OWN:
    case CK_OPT_TEXT:
        return 0; /* not the table's to parse (never reached: see find_opt) */
    }
    if (o->given)
        *o->given = true;
    return 1;
}

/* The row that parses argument s, or NULL. */
static const struct ck_opt *find_opt(const struct ck_opt *opts, int nopts, const char *s)
{
    for (int k = 0; k < nopts; k++)
        if (opts[k].kind != CK_OPT_OWN && opts[k].kind != CK_OPT_TEXT &&
            !strcmp(opts[k].name, s))
            return &opts[k];
    return NULL;
}

int ck_args_parse(struct ck_args *a, const char *demo, int argc, char **argv,
                  const struct ck_opt *opts, int nopts, ck_args_own_fn *own, void *ctx)
{
    ck_args_init(a);
    for (int i = 1; i < argc; i++) {
        int r = ck_args_common(a, argc, argv, &i);
        const struct ck_opt *o = r == 0 ? find_opt(opts, nopts, argv[i]) : NULL;
        if (o)
            r = take_opt(o, i + 1 < argc ? argv[i + 1] : NULL, &i);
        else if (r == 0 && own)
            r = own(ctx, argc, argv, &i);
        if (r < 0)
            return -1;
        if (r == 0) {
            ck_args_unknown(demo, argv[i]);
            return -1;
        }
    }
    return 0;
}

/* Row o's help text: "{range}" as lo..hi, each line after the first
 * indented to the text column of CK_USAGE_OPT. */
static void help_text(FILE *f, const struct ck_opt *o)
{
    static const char range[] = "{range}";
    for (const char *c = o->help; *c; c++) {
        if (!strncmp(c, range, sizeof range - 1)) {
            fprintf(f, "%ld..%ld", o->lo, o->hi);
            c += sizeof range - 2;
        } else if (*c == '\n') {
            fprintf(f, "\n%20s", "");
        } else {
            fputc(*c, f);
        }
    }
    fputc('\n', f);
}

void ck_args_help(FILE *f, const struct ck_opt *opts, int nopts)
{
    int first = 0; /* the first row of the line being gathered */
    for (int k = 0; k < nopts; k++) {
        const struct ck_opt *o = &opts[k];
        if (o->kind == CK_OPT_TEXT) {
            fputs(o->help, f);
            first = k + 1;
            continue;
        }
        if (!o->help)
            continue; /* listed with the next row that has a help */
        /* "--n --c --pad N": the names of the rows that share the line,
         * then this row's placeholder */
        char left[128];
        size_t n = 0;
        left[0] = '\0';
        for (int j = first; j <= k && n < sizeof left; j++)
            n += (size_t)snprintf(left + n, sizeof left - n, "%s%s", j > first ? " " : "",
                                  opts[j].name);
        if (o->arg && n < sizeof left)
            snprintf(left + n, sizeof left - n, " %s", o->arg);
        /* a name wider than its column keeps two spaces before the text */
        fprintf(f, strlen(left) > 17 ? "  %s  " : "  %-17s ", left);
        help_text(f, o);
        first = k + 1;
    }
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
    char item[128], safe[128];
    snprintf(item, sizeof item, "%.*s", (int)n, s);
    fprintf(stderr, "--variants: unknown variant '%s' (see --list)\n",
            ck_safe(item, safe, sizeof safe));
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

/* Length of the UTF-8 sequence at s and its code point in *cp, or 1 with
 * *cp = -1 when the bytes there are not a valid sequence. */
static size_t utf8_next(const unsigned char *s, long *cp)
{
    unsigned c = s[0], need, lo = 0x80, hi = 0xBF;
    long v;
    if (c < 0x80)
        return *cp = c, 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1, v = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        need = 2, v = c & 0x0F, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        need = 3, v = c & 0x07, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return *cp = -1, 1;
    for (unsigned i = 1; i <= need; i++) {
        if (s[i] < lo || s[i] > hi)
            return *cp = -1, 1;
        v = (v << 6) | (s[i] & 0x3F);
        lo = 0x80, hi = 0xBF;
    }
    *cp = v;
    return need + 1;
}

static bool unsafe_cp(long cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x061C ||
           cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

char *ck_safe(const char *s, char *buf, size_t n)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    size_t o = 0;
    if (n == 0)
        return buf;
    while (*p) {
        long cp;
        size_t len = utf8_next(p, &cp);
        if (cp < 0) {
            if (o + 1 >= n)
                break;
            buf[o++] = '?';
        } else if (!unsafe_cp(cp)) {
            if (o + len >= n)
                break;
            memcpy(buf + o, p, len);
            o += len;
        }
        p += len;
    }
    buf[o] = '\0';
    return buf;
}

void ck_args_unknown(const char *name, const char *arg)
{
    char safe[128];
    fprintf(stderr, "%s: unknown argument '%s' (see --help)\n", name,
            ck_safe(arg, safe, sizeof safe));
}

void ck_usage(FILE *f, const struct ck_usage *u)
{
    char reps[128];
    fprintf(f, "usage: %s [options]\n%s", u->name, u->what);
    ck_args_help(f, u->opts, u->nopts);
    snprintf(reps, sizeof reps, "timed runs per %s (default: %s)", u->per, u->reps);
    fprintf(f, CK_USAGE_OPT CK_USAGE_OPT CK_USAGE_OPT CK_USAGE_OPT, "--variants LIST",
            "comma-separated ids (see --list)", "--reps N", reps, "--cpu", u->cpu,
            "--quick", u->quick);
    fprintf(f, CK_USAGE_OPT "%-19s %s\n" CK_USAGE_OPT CK_USAGE_OPT, "--format yaml|table",
            "result lines or a table (default: table on a", "", "terminal, yaml otherwise)",
            "--list", u->list, "--help", "this text");
    fprintf(f, "exit: 0 ok (also CPU fallback), 2 bad arguments%s\n",
            u->exits ? u->exits : CK_USAGE_EXITS);
}

uint64_t ck_demo_seed(void)
{
    return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
}

bool ck_corrupt_wanted(const char *id)
{
    const char *c = getenv("CK_DEMO_CORRUPT");
    return c && id && !strcmp(c, id);
}
