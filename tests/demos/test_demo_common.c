/* test_demo_common.c: the demos' shared helpers (demos/common, C files) without
 * a GPU: the tolerance compare, random fill, NaN poisoning, YAML writer,
 * argument parsing, timing statistics and the CPU side-by-side pairs, the
 * device-record tables and the thread helper, and the ladder harness
 * (ladder.c) on a made-up ladder.
 * Built by `make test-unit` (tests/tests.mk) and run there. */
#define _GNU_SOURCE /* fmemopen */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "args.h"
#include "check.h"
#include "device.h"
#include "ladder.h"
#include "report.h"
#include "tap.h"
#include "threads.h"
#include "timing.h"

static void test_compare(void)
{
    float out[3] = {1, 2, 3};
    double ref[3] = {1, 2, 3};
    ok(ck_rel_err(out, ref, 3) == 0.0, "identical arrays: rel_err 0");
    out[2] = 3.5f;
    double want = 0.5 / sqrt(14.0);
    ok(fabs(ck_rel_err(out, ref, 3) - want) < 1e-12, "rel_err is ||out-ref||/||ref||");
    out[1] = NAN;
    ok(isnan(ck_rel_err(out, ref, 3)), "a NaN in the output gives NaN");
    ok(!ck_within(ck_rel_err(out, ref, 3), 1e9), "NaN never passes");
    out[1] = INFINITY;
    ok(!ck_within(ck_rel_err(out, ref, 3), 1e9), "Inf never passes");
    float o2[2] = {1, 1}, r2[2] = {1, 1};
    ok(ck_rel_err_f32(o2, r2, 2) == 0.0, "f32 reference compare");
    ok(ck_within(1e-5, CK_TOL_FP32) && !ck_within(1e-3, CK_TOL_FP32),
       "FP32 tolerance is 1e-4");
}

static void test_fill(void)
{
    struct ck_rng r;
    ck_rng_seed(&r, 42);
    float v[10000];
    ck_fill_random(v, 10000, &r);
    int bad = 0, neg = 0;
    for (int i = 0; i < 10000; i++) {
        float a = fabsf(v[i]);
        bad += !(a >= 0.1f && a < 1.0f);
        neg += v[i] < 0;
    }
    ok(bad == 0, "random values lie in +-[0.1, 1): never zero");
    ok(neg > 4000 && neg < 6000, "random signs are mixed");
    ck_poison_nan(v, 10);
    ok(isnan(v[0]) && isnan(v[9]) && !isnan(v[10]), "poison sets exactly n NaNs");
}

static void test_yaml(void)
{
    struct ck_rec r;
    char buf[512];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    ck_rec_begin(&r);
    ck_rec_str(&r, "s", "a \"q\" \\ b\n");
    ck_rec_str(&r, "null", NULL);
    ck_rec_num(&r, "x", 1.5);
    ck_rec_num(&r, "nan", NAN);
    ck_rec_int(&r, "i", -7);
    ck_rec_bool(&r, "b", true);
    ck_rec_end(&r, f);
    fclose(f);
    const char *got = buf;
    is_str(got, "- {s: \"a \\\"q\\\" \\\\ b\\x0a\", null: ~, x: 1.5, nan: ~, i: -7, b: true}\n",
           "YAML flow mapping: quoted, escaped, ~ for unknown");
}

/* What the demos echo of their arguments (issue: raw escape and bidi
 * bytes from argv reached the terminal through stderr). */
static void test_safe(void)
{
    char b[64];
    ok(!strcmp(ck_safe("\x1b]0;X\x07", b, sizeof b), "]0;X"), "ESC and BEL dropped (OSC title)");
    ok(!strcmp(ck_safe("a\tb\nc\x7f", b, sizeof b), "abc"), "tab, newline and DEL dropped");
    ok(!strcmp(ck_safe("x\xc2\x9b" "2Jy", b, sizeof b), "x2Jy"), "C1 CSI (U+009B) dropped");
    static const char *bidi[] = {"\xe2\x80\x8e", "\xe2\x80\x8f", "\xd8\x9c",
                                 "\xe2\x80\xaa", "\xe2\x80\xae", "\xe2\x81\xa6",
                                 "\xe2\x81\xa9"};
    for (size_t i = 0; i < sizeof bidi / sizeof *bidi; i++) {
        char in[16];
        snprintf(in, sizeof in, "a%sb", bidi[i]);
        ok(!strcmp(ck_safe(in, b, sizeof b), "ab"), "bidi control %zu dropped", i);
    }
    ok(!strcmp(ck_safe("\xe5\x8d\xb7\xe7\xa7\xaf", b, sizeof b), "\xe5\x8d\xb7\xe7\xa7\xaf"),
       "Chinese kept");
    ok(!strcmp(ck_safe("a\xff\xc2z", b, sizeof b), "a??z"), "bytes that are not UTF-8 become ?");
    ok(!strcmp(ck_safe("abcdef", b, 4), "abc"), "cut to the buffer");
    ok(!strcmp(ck_safe("\xe5\x8d\xb7", b, 3), ""), "never half a character");
    /* the messages themselves: ck_args_long, --format, --variants */
    FILE *old = stderr, *f = tmpfile();
    stderr = f;
    long v;
    ck_args_long("--reps", "\x1b[31m", 1, 9, &v);
    struct ck_args a;
    ck_args_init(&a);
    char *argv[] = {"x", "--format", "\x1b]0;X\x07", "--variants", "a\xe2\x80\x8f" "b"};
    int i = 1;
    ck_args_common(&a, 5, argv, &i);
    static const char *const ids[] = {"a"};
    ck_args_known("a\xe2\x80\x8f\x1b", ids, 1);
    ck_args_unknown("demo", "\x1b[2J\xe2\x80\xae");
    stderr = old;
    rewind(f);
    char all[1024] = "";
    size_t n = fread(all, 1, sizeof all - 1, f);
    all[n] = '\0';
    fclose(f);
    ok(n > 40 && !strchr(all, '\x1b') && !strchr(all, '\a') && !strstr(all, "\xe2\x80"),
       "the argument messages carry no escape or bidi byte");
}

static void test_args(void)
{
    long v = 0;
    ok(ck_args_long("--n", "12", 1, 100, &v) && v == 12, "number parses");
    ok(!ck_args_long("--n", "0", 1, 100, &v), "below range refused");
    ok(!ck_args_long("--n", "12x", 1, 100, &v), "trailing junk refused");
    ok(!ck_args_long("--n", NULL, 1, 100, &v), "missing value refused");
    /* the tuning switches from the environment (CK_MM_BEST_CFG, ...) */
    int t = -7;
    struct ck_err err = {{0}};
    unsetenv("CK_TEST_TUNE");
    ok(ck_env_int("CK_TEST_TUNE", 0, 4, &t, &err) && t == 0, "a tuning switch unset is 0");
    setenv("CK_TEST_TUNE", "", 1);
    ok(ck_env_int("CK_TEST_TUNE", 0, 4, &t, &err) && t == 0, "... and so is an empty one");
    setenv("CK_TEST_TUNE", "-1", 1);
    ok(ck_env_int("CK_TEST_TUNE", -1, 4, &t, &err) && t == -1, "a tuning switch in range is read");
    setenv("CK_TEST_TUNE", "5", 1);
    ok(!ck_env_int("CK_TEST_TUNE", 0, 4, &t, &err) &&
           !strcmp(err.msg, "CK_TEST_TUNE=5: not a tuning setting (a whole number from 0 to 4)"),
       "one past the table is refused, naming the variable and the range");
    setenv("CK_TEST_TUNE", "2x", 1);
    ok(!ck_env_int("CK_TEST_TUNE", 0, 4, &t, &err), "trailing junk in a tuning switch refused");
    unsetenv("CK_TEST_TUNE");
    ok(ck_args_selected(NULL, "best"), "no list selects all");
    ok(ck_args_selected("naive,best", "best") && !ck_args_selected("naive,bestx", "best"),
       "selection matches whole ids");
    const char *ids[] = {"naive", "best"};
    ok(ck_args_known("best,naive", ids, 2) && !ck_args_known("best,nope", ids, 2),
       "unknown ids refused");
    struct ck_args a;
    ck_args_init(&a);
    char *argv[] = {"x", "--format", "table", "--reps", "5", "--cpu", "--other"};
    int i = 1, r1 = ck_args_common(&a, 7, argv, &i);
    i = 3;
    int r2 = ck_args_common(&a, 7, argv, &i);
    i = 5;
    int r3 = ck_args_common(&a, 7, argv, &i);
    i = 6;
    int r4 = ck_args_common(&a, 7, argv, &i);
    ok(r1 == 1 && r2 == 1 && r3 == 1 && r4 == 0 && a.reps == 5 && a.cpu &&
       !ck_args_yaml(&a), "common options consumed, others left");
}

static void test_stats(void)
{
    double ms[] = {5, 1, 3, 2, 4};
    struct ck_timing t;
    ck_timing_stats(ms, 5, &t);
    ok(t.ms == 3 && t.ms_min == 1 && t.ms_max == 5 && t.reps == 5, "median/min/max of 5");
    double ms2[] = {4, 1, 3, 2};
    ck_timing_stats(ms2, 4, &t);
    ok(t.ms == 2.5, "median of an even count is the mean of the middle two");
}

/* A run of ck_time_cpu_pair: sleeps its milliseconds, logs its letter. */
struct pair_run {
    char *log;
    char letter;
    long us;
    int fail_at; /* the call that fails with CK_ECUDA, 0 for none */
    int calls;
};

static int pair_once(void *ctx, int copy)
{
    struct pair_run *p = ctx;
    size_t n = strlen(p->log);
    p->log[n] = p->letter, p->log[n + 1] = '\0';
    if (++p->calls == p->fail_at || copy != 0)
        return CK_ECUDA;
    struct timespec ts = {0, p->us * 1000};
    nanosleep(&ts, NULL);
    return CK_OK;
}

static void test_cpu_pair(void)
{
    char buf[64] = "", *log = buf;
    struct pair_run rung = {log, 'R', 20000, 0, 0}, lib = {log, 'L', 40000, 0, 0};
    struct ck_pair p = {0};
    is_int(ck_time_cpu_pair(pair_once, &rung, pair_once, &lib, 1, &p), CK_OK, "cpu pair: ok");
    is_str(log, "RLLRRL", "cpu pair: at least 3 pairs, the order swapped every pair");
    ok(p.pairs == 3 && p.lo <= p.pct && p.pct <= p.hi, "cpu pair: the median within its spread");
    ok(p.pct > 130 && p.pct < 300, "cpu pair: a library twice as slow is ~200%% (%.0f)", p.pct);
    log[0] = '\0', rung.calls = lib.calls = 0, lib.fail_at = 2;
    is_int(ck_time_cpu_pair(pair_once, &rung, pair_once, &lib, 5, &p), CK_ECUDA,
           "cpu pair: a run's failure is returned");
    is_str(log, "RLL", "cpu pair: and stops the pairs there");
}

static void test_device(void)
{
    ok(ck_fp32_lanes(9, 0) == 128 && ck_fp32_lanes(8, 0) == 64 &&
       ck_fp32_lanes(8, 6) == 128 && ck_fp32_lanes(7, 0) == 64 &&
       ck_fp32_lanes(1, 0) == 0, "FP32 lanes per SM table");
    char v[192];
    ck_compat_verdict(13000, 13000, v, sizeof v);
    ok(!strncmp(v, "ok:", 3), "same driver and runtime: ok");
    ck_compat_verdict(12080, 12040, v, sizeof v);
    ok(!strncmp(v, "ok:", 3), "newer driver: ok");
    ck_compat_verdict(12020, 12080, v, sizeof v);
    ok(!strncmp(v, "minor-version", 13), "older driver, same major: minor-version compatibility");
    ck_compat_verdict(11080, 13000, v, sizeof v);
    ok(!strncmp(v, "too old", 7), "older major: too old");
    ck_compat_verdict(0, 13000, v, sizeof v);
    ok(!strncmp(v, "no CUDA driver", 14), "no driver");
    /* /proc/driver/nvidia/version as the proprietary and the open kernel
     * modules write it */
    ck_driver_release("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  "
                      "Tue Oct  7 09:10:11 UTC 2025\nGCC version:  gcc version 12.2.0\n",
                      v, sizeof v);
    ok(!strcmp(v, "580.159.04"), "driver release from the kernel module line");
    ck_driver_release("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                      "575.57.08  Release Build  (dvs-builder@U16)\n", v, sizeof v);
    ok(!strcmp(v, "575.57.08"), "driver release from the open kernel module line");
    ck_driver_release("GCC version:  gcc version 12.2.0\n", v, sizeof v);
    ok(!strcmp(v, ""), "no NVRM line: no release");
    ck_driver_release("NVRM version: NVIDIA UNIX x86_64 Kernel Module\n12.2.0\n", v, sizeof v);
    ok(!strcmp(v, ""), "a number on the next line is not the release");
    ck_driver_release(NULL, v, sizeof v);
    ok(!strcmp(v, ""), "no text: no release");
}

static void mark(void *ctx, long b, long e)
{
    int *seen = ctx;
    for (long i = b; i < e; i++)
        __atomic_add_fetch(&seen[i], 1, __ATOMIC_RELAXED);
}

static void test_threads(void)
{
    int seen[1001] = {0};
    ck_parallel_for(1001, mark, seen);
    int bad = 0;
    for (int i = 0; i < 1001; i++)
        bad += seen[i] != 1;
    ok(bad == 0 && ck_cpu_threads() >= 1, "parallel_for covers every index once");
    int one[1] = {0};
    ck_parallel_for(1, mark, one);
    ok(one[0] == 1, "parallel_for with n=1");
}

/* A made-up ladder, written as every demo writes its own
 * (demos/common/ladder_row.h): numbered by the order of its rows. */
#define T_LADDER(X)                                                            \
    X(ONE, "one", next, hand, "first hand rung", "idea one", t_hand, CK_TOL_FP32, 0) \
    X(LIB, "lib", next, library, "the library", "idea two", t_lib, CK_TOL_TF32, 0) \
    X(CPU, "cpu-x", next, cpu, "a CPU rung", "idea three", t_cpu, CK_TOL_FP32, 64)
#define CK_LADDER_P T
enum t_rung { T_LADDER(CK_LADDER_INDEX) T_NRUNGS };
enum t_number { CK_LADDER_NUMBERS(T_LADDER) };
#undef CK_LADDER_P
/* and one whose second row shares the first's number (step same, as
 * cuDNN's algorithms do in conv) */
#define U_LADDER(X) X(A, "a", next, hand) X(B, "b", same, library) X(C, "c", next, cpu)
#define CK_LADDER_P U
enum u_rung { U_LADDER(CK_LADDER_INDEX) U_NRUNGS };
enum u_number { CK_LADDER_NUMBERS(U_LADDER) };
#undef CK_LADDER_P
#define T_RUNG_ROW(e, ...) CK_RUNG_ROW_N(T_NUMBER_##e, e, __VA_ARGS__, 0)
static const struct ck_rung t_rungs[] = {T_LADDER(T_RUNG_ROW)};
enum { T_N = sizeof t_rungs / sizeof t_rungs[0] };

struct t_cpu_ctx {
    float out[8];
    int runs;
    double err; /* what the reference says */
};

static int t_run(void *ctx, int copy)
{
    struct t_cpu_ctx *c = ctx;
    c->runs++;
    for (int i = 0; i < 8; i++)
        if (copy == 0)
            c->out[i] = 1.0f;
    return CK_OK;
}

static double t_err(void *ctx, const float *out, const char **checked)
{
    struct t_cpu_ctx *c = ctx;
    *checked = "fp64";
    for (int i = 0; i < 8; i++)
        if (isnan(out[i]))
            return NAN;
    return c->err;
}

static void test_ladder_table(void)
{
    ok(T_NRUNGS == 3 && T_CPU == 2 && T_NUMBER_ONE == 1 && T_NUMBER_CPU == 3,
       "ladder_row.h: a row's index and number from the order of the rows");
    ok(U_NRUNGS == 3 && U_B == 1 && U_NUMBER_A == 1 && U_NUMBER_B == 1 && U_NUMBER_C == 2,
       "ladder_row.h: a row of step same keeps the number of the row above");
    ok(T_N == 3 && !strcmp(t_rungs[1].kind, "library") && t_rungs[2].cap == 64 &&
       t_rungs[1].tol == CK_TOL_TF32 && t_rungs[0].rung == 1 && t_rungs[2].rung == 3,
       "CK_RUNG_ROW_N: one row per X, kind spelt out, numbered by row order");
    char buf[1024];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    ck_ladder_list(t_rungs, T_N, f);
    fclose(f);
    ok(!strncmp(buf, "one            1  hand    first hand rung            idea one\n", 61),
       "--list: id, rung, kind, label, idea, aligned");
    ok(ck_ladder_known(t_rungs, T_N, "one,cpu-x") && !ck_ladder_known(t_rungs, T_N, "one,two"),
       "--variants: known ids pass, an unknown one is refused");
    is_int(ck_ladder_index(t_rungs, T_N, "cpu-x"), 2, "index of an id");
    is_int(ck_ladder_index(t_rungs, T_N, "nope"), -1, "index of no id");
}

static int usage_calls;
static void fake_usage(FILE *f)
{
    usage_calls++;
    fputs("USAGE\n", f);
}

/* ck_demo_start with its stdout caught into buf */
static bool start_caught(const struct ck_args *a, struct ck_device *dev, char *buf, size_t cap)
{
    fflush(stdout);
    int saved = dup(1);
    FILE *t = tmpfile();
    dup2(fileno(t), 1);
    bool go = ck_demo_start(a, fake_usage, t_rungs, T_N, dev);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(t);
    size_t got = fread(buf, 1, cap - 1, t);
    buf[got] = 0;
    fclose(t);
    return go;
}

static void test_demo_start(void)
{
    char buf[1024];
    struct ck_args a;
    struct ck_device dev;
    ck_args_init(&a);
    a.help = a.list = true;
    memset(&dev, 0x5a, sizeof dev);
    ok(!start_caught(&a, &dev, buf, sizeof buf) && usage_calls == 1 && !strcmp(buf, "USAGE\n"),
       "demo start: --help prints the usage to stdout and ends the program");
    a.help = false;
    ok(!start_caught(&a, &dev, buf, sizeof buf) && usage_calls == 1 &&
       !strncmp(buf, "one            1  hand    first hand rung", 41) && strstr(buf, "\ncpu-x "),
       "demo start: --list prints the rows in ck_ladder_list's form and ends the program");
    ok(((unsigned char *)&dev)[0] == 0x5a, "demo start: --help and --list open no device");
    a.list = false;
    a.cpu = true;
    ok(start_caught(&a, &dev, buf, sizeof buf) && !buf[0] && !dev.live && dev.reason[0],
       "demo start: otherwise the device is opened (--cpu: not live, with the reason), nothing printed");
    ok(start_caught(&a, NULL, buf, sizeof buf), "demo start: a NULL device is left unopened");
}

static void test_judge(void)
{
    struct ck_result r;
    ck_result_init(&r, "one", "x", "hand", 1);
    r.tol = 1e-4;
    ok(ck_judge(&r, 1e-6, "fp64") && !r.error[0] && !strcmp(r.checked, "fp64"),
       "judge: within tolerance passes");
    ok(!ck_judge(&r, 2e-4, "library") && strstr(r.error, "exceeds tolerance") &&
       strstr(r.error, "library"), "judge: over tolerance fails and says against what");
    ok(!ck_judge(&r, NAN, "fp64") && strstr(r.error, "NaN"), "judge: NaN never passes");
    ok(!ck_judge(&r, INFINITY, "fp64"), "judge: Inf never passes");
}

static void test_copies(void)
{
    long long l2 = 50LL << 20;
    is_int(ck_input_copies(200e6, l2), 1, "copies: one copy already past 3x L2");
    is_int(ck_input_copies(51e6, l2), 4, "copies: 4 of 51 MB pass 3x 50 MiB (3 do not)");
    ok(ck_input_copies(51e6, l2) * 51e6 > 3.0 * l2 && 3 * 51e6 <= 3.0 * l2,
       "copies: the fewest that exceed 3x L2");
    is_int(ck_input_copies(1e3, l2), CK_MAX_COPIES, "copies: capped at CK_MAX_COPIES");
    is_int(ck_input_copies(1e6, 0), 1, "copies: no L2 known, one copy");
}

static void test_corrupt_and_reps(void)
{
    float v[4] = {1, 2, 3, 4};
    unsetenv("CK_DEMO_CORRUPT");
    ok(!ck_corrupt("one", v, 4) && v[2] == 3, "corrupt: off without CK_DEMO_CORRUPT");
    setenv("CK_DEMO_CORRUPT", "one", 1);
    ok(!ck_corrupt("two", v, 4) && ck_corrupt("one", v, 4) && isnan(v[2]),
       "corrupt: spoils element n/2 of the named variant only");
    unsetenv("CK_DEMO_CORRUPT");
    struct ck_args a;
    ck_args_init(&a);
    ok(ck_cpu_reps(&a, 1e6) == 0 && ck_cpu_reps(&a, 2e9) == 1, "CPU reps: automatic, once when large");
    a.reps = 5;
    ok(ck_cpu_reps(&a, 2e9) == 5, "CPU reps: --reps wins");
}

static void test_ladder_run(void)
{
    struct ck_args a;
    ck_args_init(&a);
    a.format = CK_FMT_YAML;
    a.variants = "cpu-x";
    struct ck_device dev;
    ck_device_init(&dev, false);
    struct ck_result res[T_N];
    struct ck_ladder l;
    ck_ladder_init(&l, "t", t_rungs, T_N, res, &a, &dev);
    ok(!ck_ladder_wants(&l, 0) && ck_ladder_wants(&l, 2), "wants: follows --variants");
    ok(res[1].tol == CK_TOL_TF32 && res[2].rung == 3, "init: tol and rung from the table");
    struct t_cpu_ctx c = {.err = 1e-7};
    struct ck_cpu_job job = {t_run, &c, c.out, 8, t_err, 1e3, 64, NULL};
    is_int(ck_ladder_cpu(&l, 2, &job), CK_OK, "cpu: a right result passes");
    ok(res[2].ran && res[2].ok && res[2].t.reps >= 3 && c.runs > 3, "cpu: checked, then timed");
    setenv("CK_DEMO_CORRUPT", "cpu-x", 1);
    c.runs = 0;
    is_int(ck_ladder_cpu(&l, 2, &job), CK_ECHECK, "cpu: a spoilt result is CK_ECHECK");
    unsetenv("CK_DEMO_CORRUPT");
    ok(!res[2].ok && c.runs == 1 && strstr(res[2].error, "NaN"), "cpu: ... and is not timed");
    char buf[4096];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    int rc = ck_ladder_report(&l, CK_OK, 0, NULL, f);
    fclose(f);
    is_int(rc, CK_ECHECK, "report: a failed variant makes the exit status 3");
    ok(strstr(buf, "record: \"device\"") && strstr(buf, "variant: \"cpu-x\"") &&
       !strstr(buf, "variant: \"one\"") && strstr(buf, "pct_of_peak: ~"),
       "report: the device record, the variants that ran, no GPU peak for CPU");
    f = fopen("/dev/null", "w");
    is_int(ck_ladder_report(&l, CK_ENOMEM, 0, NULL, f), CK_ENOMEM, "report: a demo's own status wins");
    fclose(f);
}

int main(void)
{
    /* the refused arguments print their messages: kept off prove's output,
     * as the script that ran this did */
    if (!freopen("/dev/null", "w", stderr))
        return 1;
    test_ladder_table();
    test_demo_start();
    test_judge();
    test_copies();
    test_corrupt_and_reps();
    test_ladder_run();
    test_compare();
    test_fill();
    test_yaml();
    test_args();
    test_safe();
    test_stats();
    test_cpu_pair();
    test_device();
    test_threads();
    return tap_done();
}
