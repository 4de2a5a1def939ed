/* test_demo_common.c: the demos' shared helpers (demos/common, C files) without
 * a GPU: the tolerance compare, random fill, NaN poisoning, YAML writer,
 * argument parsing, timing statistics, the device-record tables and the
 * thread helper. Built and run by tests/e2e/demos_common.sh. */
#define _GNU_SOURCE /* fmemopen */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "check.h"
#include "device.h"
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

static void test_args(void)
{
    long v = 0;
    ok(ck_args_long("--n", "12", 1, 100, &v) && v == 12, "number parses");
    ok(!ck_args_long("--n", "0", 1, 100, &v), "below range refused");
    ok(!ck_args_long("--n", "12x", 1, 100, &v), "trailing junk refused");
    ok(!ck_args_long("--n", NULL, 1, 100, &v), "missing value refused");
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

int main(void)
{
    test_compare();
    test_fill();
    test_yaml();
    test_args();
    test_stats();
    test_device();
    test_threads();
    return tap_done();
}
