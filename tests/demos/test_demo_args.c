/* test_demo_args.c: a demo's table of its own options (demos/common/args.c,
 * ck_args_parse and ck_args_help) on a made-up table with a row of every
 * kind: what each row takes and refuses, the message it prints, the given
 * flags, the callback for a demo's own forms, and the --help lines made
 * from the same rows.
 * Built by `make test-unit` (tests/tests.mk) and run there. */
#define _GNU_SOURCE /* open_memstream */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "tap.h"

static struct {
    long n;
    long long big;
    int iters, mode;
    size_t bytes;
    bool fast, n_given, bytes_given, fast_given;
    const char *path;
} v;

static const char *const modes[] = {"plain", "tiled", "fused", NULL};

/* clang-format off */
static const struct ck_opt rows[] = {
    {.kind = CK_OPT_TEXT, .help = "sizes:\n"},
    {.name = "--n", .arg = "N", .kind = CK_OPT_LONG, .lo = 1, .hi = 100, .dst = &v.n,
     .given = &v.n_given, .help = "elements ({range})"},
    {.name = "--big", .arg = "N", .kind = CK_OPT_LLONG, .lo = -5, .hi = 1LL << 40, .dst = &v.big,
     .help = "a long long"},
    {.name = "--iters", .arg = "N", .kind = CK_OPT_INT, .lo = 0, .hi = 9, .dst = &v.iters,
     .help = "an int\nover two lines"},
    {.name = "--max-mib", .arg = "N", .kind = CK_OPT_MIB, .lo = 1, .hi = 1024, .dst = &v.bytes,
     .given = &v.bytes_given, .help = "MiB"},
    {.name = "--fast", .kind = CK_OPT_FLAG, .dst = &v.fast, .given = &v.fast_given,
     .help = "a flag"},
    {.name = "--id-file", .arg = "PATH", .kind = CK_OPT_STRING, .dst = &v.path,
     .help = "a path"},
    {.name = "--mode", .arg = "plain|tiled|fused", .kind = CK_OPT_CHOICE, .dst = &v.mode,
     .choices = modes, .help = "a choice, its name wider than the column"},
    {.name = "--size", .arg = "N", .kind = CK_OPT_OWN, .help = "the callback's"},
    {.name = "--h", .kind = CK_OPT_INT, .lo = 1, .hi = 9, .dst = &v.iters},
    {.name = "--w", .arg = "N", .kind = CK_OPT_INT, .lo = 1, .hi = 9, .dst = &v.iters,
     .help = "two rows, one line"},
    {.name = "--hidden", .kind = CK_OPT_FLAG, .dst = &v.fast},
};
/* clang-format on */

/* the callback: --size N (counted), anything else is not its */
static int calls, sizes;
static int own(void *ctx, int argc, char **argv, int *i)
{
    calls++;
    if (strcmp(argv[*i], "--size") || *i + 1 >= argc)
        return 0;
    sizes += atoi(argv[++*i]) + *(int *)ctx;
    return 1;
}

static char errbuf[512];
static const char *err = errbuf; /* what the last parse printed on stderr */
static struct ck_args a;

/* ck_args_parse over "demo" and the NULL-terminated words, v reset first;
 * its return, with stderr in err */
static int parse(const char *first, ...)
{
    char *argv[16] = {"demo"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *w = first; w && argc < 16; w = va_arg(ap, const char *))
        argv[argc++] = (char *)w;
    va_end(ap);
    memset(&v, 0, sizeof v);
    calls = sizes = 0;
    FILE *old = stderr, *f = tmpfile();
    stderr = f;
    int one = 1;
    int r = ck_args_parse(&a, "demo", argc, argv, rows, CK_NOPTS(rows), own, &one);
    stderr = old;
    rewind(f);
    size_t n = fread(errbuf, 1, sizeof errbuf - 1, f);
    errbuf[n] = '\0';
    fclose(f);
    return r;
}

static void test_numbers(void)
{
    ok(parse("--n", "42", NULL) == 0 && v.n == 42 && v.n_given && !err[0],
       "long in range: stored, given set, nothing printed");
    ok(parse("--n", "1", NULL) == 0 && v.n == 1, "long at lo taken");
    ok(parse("--n", "100", NULL) == 0 && v.n == 100, "long at hi taken");
    ok(parse("--n", "0", NULL) < 0 && !v.n_given, "below lo refused, given not set");
    is_str(err, "--n: 0 is out of range [1, 100]\n", "below lo: the range said");
    ok(parse("--n", "101", NULL) < 0, "above hi refused");
    is_str(err, "--n: 101 is out of range [1, 100]\n", "above hi: the range said");
    ok(parse("--n", NULL) < 0, "missing value refused");
    is_str(err, "--n: missing value\n", "missing value: said");
    ok(parse("--n", "4x", NULL) < 0, "not a number refused");
    is_str(err, "--n: '4x' is not a whole number\n", "not a number: said");
    ok(parse("--n", "", NULL) < 0, "an empty value is not a number");
    ok(parse("--big", "1099511627776", NULL) == 0 && v.big == 1LL << 40, "long long: 2^40");
    ok(parse("--big", "-5", NULL) == 0 && v.big == -5, "long long: a negative lo");
    ok(parse("--big", "1099511627777", NULL) < 0, "long long above hi refused");
    ok(parse("--iters", "0", NULL) == 0 && v.iters == 0, "int: lo 0 taken");
    ok(parse("--iters", "9", "--iters", "3", NULL) == 0 && v.iters == 3, "int: the last one wins");
    ok(parse("--iters", "10", NULL) < 0, "int above hi refused");
    ok(parse("--iters", "-1", NULL) < 0, "int below lo refused");
    ok(parse("--max-mib", "16", NULL) == 0 && v.bytes == (size_t)16 << 20 && v.bytes_given,
       "MiB stored as bytes, given set");
    ok(parse("--max-mib", "1025", NULL) < 0 && v.bytes == 0, "MiB above hi refused");
    ok(parse("--max-mib", "0", NULL) < 0, "MiB below lo refused");
    ok(parse("--n", "5", "--n", "500", NULL) < 0, "a bad value after a good one still refused");
}

static void test_words(void)
{
    ok(parse("--fast", NULL) == 0 && v.fast && v.fast_given, "flag: set, given set");
    ok(parse("--fast", "--n", "3", NULL) == 0 && v.fast && v.n == 3,
       "a flag takes no value: the next argument is parsed");
    ok(parse(NULL) == 0 && !v.fast && !v.fast_given && !v.n_given, "nothing given: nothing set");
    ok(parse("--id-file", "/tmp/x", NULL) == 0 && v.path && !strcmp(v.path, "/tmp/x"),
       "string stored");
    ok(parse("--id-file", "--fast", NULL) == 0 && !strcmp(v.path, "--fast") && !v.fast,
       "string: the next word is the value, whatever it looks like");
    ok(parse("--id-file", NULL) < 0, "string: missing refused");
    is_str(err, "--id-file: needs a path\n", "string: the placeholder says what is missing");
    ok(parse("--id-file", "", NULL) < 0, "string: empty refused");
    is_str(err, "--id-file: needs a path\n", "string: empty, the same message");
    ok(parse("--mode", "fused", NULL) == 0 && v.mode == 2, "choice: the word's index");
    ok(parse("--mode", "plain", NULL) == 0 && v.mode == 0, "choice: the first word");
    ok(parse("--mode", "Tiled", NULL) < 0, "choice not in the list refused");
    is_str(err, "--mode: 'Tiled' is not plain, tiled or fused\n", "choice: the words said");
    ok(parse("--mode", "\x1b[2Jx", NULL) < 0 && !strchr(err, '\x1b'),
       "choice: the value echoed made safe");
    ok(parse("--mode", NULL) < 0, "choice: missing refused");
    is_str(err, "--mode: missing value\n", "choice: missing said");
}

static void test_flow(void)
{
    ok(parse("--frob", NULL) < 0, "unknown argument refused");
    is_str(err, "demo: unknown argument '--frob' (see --help)\n", "unknown: ck_args_unknown's words");
    ok(calls == 1, "the callback was asked before unknown");
    ok(parse("--size", "7", "--n", "2", NULL) == 0 && sizes == 8 && v.n == 2,
       "callback consumed its form and its value (ctx passed)");
    ok(parse("--size", NULL) < 0 && calls == 1, "callback not consuming: unknown");
    is_str(err, "demo: unknown argument '--size' (see --help)\n", "callback's refusal: unknown");
    ok(parse("--n", "3", NULL) == 0 && calls == 0, "the table's options never reach the callback");
    ok(parse("--cpu", "--reps", "3", "--n", "4", NULL) == 0 && a.cpu && a.reps == 3 && v.n == 4,
       "common options first, then the table");
    ok(parse("--reps", "0", NULL) < 0 && calls == 0, "a common option's refusal stops the parse");
    ok(parse("--n", "3", "--frob", "--n", "4", NULL) < 0 && v.n == 3,
       "parsing stops at the first bad argument");
    ok(parse("sizes:\n", NULL) < 0, "a text row is no option");
    ok(parse("--hidden", NULL) == 0 && v.fast, "a row not listed is still taken");
    ok(ck_args_parse(&a, "demo", 1, (char *[]){"demo"}, NULL, 0, NULL, NULL) == 0,
       "no table, no callback: fine");
    ok(ck_args_parse(&a, "demo", 2, (char *[]){"demo", "--n"}, NULL, 0, NULL, NULL) < 0,
       "no table: every own option unknown");
}

static void test_help(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_args_help(f, rows, CK_NOPTS(rows));
    fclose(f);
    for (int i = 0; i < CK_NOPTS(rows); i++)
        if (rows[i].name && strcmp(rows[i].name, "--hidden"))
            ok(strstr(buf, rows[i].name) != NULL, "help names %s", rows[i].name);
    ok(!strstr(buf, "--hidden"), "a last row without help is not listed");
    ok(!strncmp(buf, "sizes:\n", 7), "a text row printed as it stands");
    ok(strstr(buf, "\n  --n N             elements (1..100)\n") != NULL,
       "an option's line: name and value in 17 columns, {range} as lo..hi");
    ok(strstr(buf, "\n  --iters N         an int\n                    over two lines\n") != NULL,
       "a further line indented to the text");
    ok(strstr(buf, "\n  --fast            a flag\n") != NULL, "a flag: no value");
    ok(strstr(buf, "\n  --mode plain|tiled|fused  a choice") != NULL,
       "a name wider than the column: two spaces");
    ok(strstr(buf, "\n  --size N          the callback's\n") != NULL, "the callback's row listed");
    ok(strstr(buf, "\n  --h --w N         two rows, one line\n") != NULL,
       "rows without help share the next row's line");
    free(buf);
    /* through ck_usage, between the words and the common options */
    struct ck_usage u = {.name = "demo", .what = "what.\n", .per = "variant", .reps = "1"};
    u.opts = rows, u.nopts = CK_NOPTS(rows);
    u.cpu = "c", u.quick = "q", u.list = "l";
    f = open_memstream(&buf, &len);
    ck_usage(f, &u);
    fclose(f);
    char *own = strstr(buf, "--n N"), *common = strstr(buf, "--variants LIST");
    static const char head[] = "usage: demo [options]\nwhat.\nsizes:\n";
    ok(!strncmp(buf, head, sizeof head - 1) && own && common && own < common,
       "ck_usage: the table's lines after the words, before the common options");
    free(buf);
}

int main(void)
{
    /* what a parse without a capture prints: kept off prove's output */
    if (!freopen("/dev/null", "w", stderr))
        return 1;
    test_numbers();
    test_words();
    test_flow();
    test_help();
    return tap_done();
}
