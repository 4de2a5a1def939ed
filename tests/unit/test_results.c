/* test_results: demo result lines -> typed records.  Table-driven: good
 * lines with their expected parse, broken lines with the expected line:col
 * and message; a device-only output; missing fields; then, when they exist,
 * the recorded demos/results/h200.yaml and a real run of the CPU matmul and
 * conv demos through the runner (run from the repository root). */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "ladder_fill.h"
#include "results.h"
#include "i18n.h"
#include "text.h"
#include "runner.h"

static const char *str(const char *s) { return s; }

#define DEV_CPU "- {record: \"device\", format: 1, demo: \"matmul\", live: false, " \
	"reason: \"--cpu given\", date: \"2026-11-29T21:00:00Z\", command: \"matmul --cpu\", " \
	"cpu_name: \"Some CPU\", cpu_threads: 2}\n"
#define DEV_GPU "- {record: \"device\", format: 1, demo: \"conv\", live: true, reason: ~, " \
	"date: \"2026-11-29T20:00:00Z\", command: \"conv\", cpu_name: \"x\", cpu_threads: 32, " \
	"name: \"NVIDIA H200\", cc: \"9.0\", sms: 132, fp32_lanes_per_sm: 128, clock_mhz: 1980, " \
	"mem_bytes: 150000000000, mem_gbs: 4800.5, l2_bytes: 62914560, smem_per_sm: 233472, " \
	"regs_per_sm: 65536, peak_gflops: 66908.2, driver: \"13.0\", runtime: \"13.0\", " \
	"cublas: \"13.0.2\", cudnn: \"9.14.0\", future_field: [1, 2]}\n"
#define VAR_HEAD "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"naive\", rung: 1, " \
	"kind: \"cpu\", label: \"CPU naive\", ok: true, checked: \"fp64\", rel_err: 1.5e-07, " \
	"tol: 0.0001, "
#define VAR_TIME "ms: 20, ms_min: 19.5, ms_max: 21, reps: 5, gflops: 13.4, " \
	"pct_of_library: ~, pct_of_peak: ~, intensity: 42.7, gbs: 0.31, baseline: false, "
#define VAR_SIZE "m: 256, n: 256, k: 256}\n"
#define VAR1 VAR_HEAD VAR_TIME VAR_SIZE
#define VAR2 "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"blocked\", rung: 2, " \
	"kind: \"cpu\", label: \"CPU blocked\", ok: true, checked: \"fp64\", rel_err: 2e-07, " \
	"ms: 2.5, ms_min: 2.4, ms_max: 2.7, gflops: 107, pct_of_library: ~, pct_of_peak: ~, " \
	"m: 256, n: 256, k: 256}\n"
#define CONV_LIB "- {record: \"variant\", format: 1, demo: \"conv\", variant: \"cudnn-implicit-gemm\", " \
	"rung: 5, kind: \"library\", label: \"cuDNN implicit GEMM\", ok: true, rel_err: 3e-07, " \
	"ms: 0.5, ms_min: 0.49, ms_max: 0.52, gflops: 7000, pct_of_library: 80, pct_of_peak: 10.5, " \
	"baseline: false, workspace: 4096, math: \"fma\", n: 32, c: 64, h: 56, w: 56, k: 64, " \
	"r: 3, s: 3, pad: 1, stride: 1, dil: 1, p: 56, q: 56, algo: \"IMPLICIT_GEMM\", supported: true}\n"
#define CONV_UNSUP "- {record: \"variant\", format: 1, demo: \"conv\", variant: \"cudnn-fft\", " \
	"rung: 9, kind: \"library\", label: \"cuDNN FFT\", ok: false, rel_err: ~, ms: ~, " \
	"ms_min: ~, ms_max: ~, gflops: ~, pct_of_library: ~, pct_of_peak: ~, error: \"not supported\", " \
	"n: 32, c: 64, h: 56, w: 56, k: 64, r: 3, s: 3, workspace: ~, supported: false}\n"
#define FAILED "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"tiled\", rung: 3, " \
	"kind: \"hand\", label: \"tiled\", ok: false, rel_err: ~, ms: ~, ms_min: ~, ms_max: ~, " \
	"gflops: ~, pct_of_library: ~, pct_of_peak: ~, error: \"rel_err nan > tol\", " \
	"m: 256, n: 256, k: 256}\n"

static void test_good(void)
{
	static const char buf[] = DEV_CPU VAR1 VAR2 FAILED DEV_GPU CONV_LIB CONV_UNSUP
		"- {record: \"histogram\", format: 2, bins: [1, 2, 3]}\n";
	struct results r;
	struct diags d = { 0 };
	ok(results_parse("good", buf, sizeof buf - 1, &r, &d), "good lines parse");
	if (d.n)
		diag("first error: %d:%d %s", d.v[0].line, d.v[0].col, d.v[0].msg);
	is_int(r.ndev, 2, "two device records");
	is_int(r.nvar, 5, "five variants; the unknown record kind is skipped");
	if (r.ndev < 2 || r.nvar < 5)
		goto out;
	const struct res_device *cpu = &r.dev[0], *gpu = &r.dev[1];
	ok(!cpu->live, "fallback device: live false");
	is_str(str(cpu->reason), "--cpu given", "fallback device: reason");
	is_int(cpu->cpu_threads, 2, "fallback device: cpu_threads");
	is_str(str(cpu->name), "", "fallback device: no GPU name");
	ok(isnan(cpu->peak_gflops), "fallback device: peak unknown (NAN)");
	ok(gpu->live, "GPU device: live");
	is_str(str(gpu->reason), "", "GPU device: reason ~ reads as empty");
	is_str(str(gpu->name), "NVIDIA H200", "GPU device: name");
	is_str(str(gpu->cc), "9.0", "GPU device: cc");
	is_int(gpu->sms, 132, "GPU device: sms");
	is_int(gpu->mem_bytes, 150000000000L, "GPU device: mem_bytes beyond 32 bits");
	ok(fabs(gpu->peak_gflops - 66908.2) < 1e-6, "GPU device: peak_gflops");
	ok(fabs(gpu->mem_gbs - 4800.5) < 1e-9, "GPU device: mem_gbs");
	is_str(str(gpu->cudnn), "9.14.0", "GPU device: cudnn");
	is_int(gpu->line, 5, "GPU device: its line");
	ok(results_device(&r, "conv") == gpu && results_device(&r, "matmul") == cpu,
	   "results_device picks by demo");

	const struct res_variant *v = &r.var[0];
	is_str(str(v->variant), "naive", "variant: id");
	is_int(v->kind, RES_CPU, "variant: kind cpu");
	is_int(v->rung, 1, "variant: rung");
	ok(v->ok && !v->baseline, "variant: ok, not baseline");
	ok(v->ms == 20 && v->ms_min == 19.5 && v->ms_max == 21, "variant: times");
	ok(isnan(v->pct_of_library), "variant: pct_of_library ~ is NAN");
	ok(v->size.m == 256 && v->size.n == 256 && v->size.k == 256 && v->size.c == -1,
	   "variant: matmul sizes; absent sizes are -1");
	is_int(v->workspace, -1, "variant: no workspace");
	const struct res_variant *f = &r.var[2];
	ok(!f->ok && isnan(f->ms), "failed variant: not ok, no time");
	is_str(str(f->error), "rel_err nan > tol", "failed variant: error text");
	const struct res_variant *c = &r.var[3];
	is_int(c->kind, RES_LIBRARY, "conv: kind library");
	is_int(c->workspace, 4096, "conv: workspace");
	is_str(str(c->math), "fma", "conv: math");
	ok(c->size.n == 32 && c->size.c == 64 && c->size.r == 3 && c->size.p == 56,
	   "conv: sizes");
	ok(c->supported && !strcmp(c->algo, "IMPLICIT_GEMM"), "conv: algo, supported");
	ok(!r.var[4].supported && r.var[4].workspace == -1, "conv: an unsupported algorithm");
	ok(v->supported, "supported defaults to true when absent");

	ok(results_naive(&r, "matmul") == &r.var[0], "naive reference: lowest CPU rung");
	ok(results_fastest(&r, "matmul", RES_CPU) == &r.var[1], "fastest CPU variant");
	ok(results_library(&r, "conv") == c, "library reference of conv");
	char line[256];
	ok(results_speedups_line(&r, "matmul", line, sizeof line), "speedups line made");
	is_str(str(line), "matmul 256x256x256, CPU fallback: naive CPU 20 ms -> best CPU 2.5 ms (8x)",
	       "speedups line text");
	ok(!results_speedups_line(&r, "conv", line, sizeof line) || strstr(line, "library"),
	   "conv: only a library time, no naive reference");
	r.var[0].ms = 1360; /* a naive run of seconds: whole milliseconds, no exponent */
	ok(results_speedups_line(&r, "matmul", line, sizeof line), "speedups line of a slow run");
	is_str(str(line), "matmul 256x256x256, CPU fallback: naive CPU 1360 ms -> best CPU 2.5 ms (544x)",
	       "speedups line: times and speedups from 1000 up are whole numbers");
out:
	results_free(&r);
	diags_free(&d);
}

/* A broken input, where the first error must be (at the first occurrence of
 * `at` in text), and a part of its message. */
struct bad {
	const char *what, *text, *at, *msg;
};

static const struct bad bads[] = {
	{ "ms is text", VAR_HEAD "ms: \"fast\", " VAR_SIZE, "\"fast\"", "expected a number" },
	{ "ok is a number", "- {record: \"variant\", format: 1, demo: \"x\", variant: \"v\", "
	  "kind: \"hand\", label: \"l\", ok: 3, rel_err: ~, ms: ~, ms_min: ~, ms_max: ~, "
	  "gflops: ~, pct_of_library: ~, pct_of_peak: ~}\n", "3,", "" },
	{ "unknown kind", "- {record: \"variant\", format: 1, demo: \"x\", variant: \"v\", "
	  "kind: \"gpu\", label: \"l\", ok: true, rel_err: ~, ms: ~, ms_min: ~, ms_max: ~, "
	  "gflops: ~, pct_of_library: ~, pct_of_peak: ~}\n", "\"gpu\"", "kind must be cpu, hand or library" },
	{ "sms is a list", "- {record: \"device\", format: 1, demo: \"d\", live: true, sms: [1]}\n",
	  "[1]", "whole number" },
	{ "format is text", "- {record: \"device\", format: one, demo: \"d\", live: false}\n",
	  "one", "whole number" },
	{ "format 0", "- {record: \"device\", format: 0, demo: \"d\", live: false}\n",
	  "0,", "format must be 1 or more" },
	{ "live is ~", "- {record: \"device\", format: 1, demo: \"d\", live: ~}\n",
	  "~", "'live' must have a value" },
	{ "missing label", "- {record: \"variant\", format: 1, demo: \"x\", variant: \"v\", "
	  "kind: \"hand\", ok: true, rel_err: ~, ms: ~, ms_min: ~, ms_max: ~, gflops: ~, "
	  "pct_of_library: ~, pct_of_peak: ~}\n", "{", "missing required key 'label'" },
	{ "missing ms", VAR_HEAD "ms_min: 1, ms_max: 2, gflops: 1, pct_of_library: ~, "
	  "pct_of_peak: ~, " VAR_SIZE, "{", "missing required key 'ms'" },
	{ "matmul without k", VAR_HEAD VAR_TIME "m: 256, n: 256}\n", "{", "missing size 'k'" },
	{ "device without demo", "- {record: \"device\", format: 1, live: false}\n",
	  "{", "missing required key 'demo'" },
	{ "no record key", "- {format: 1, demo: \"d\"}\n", "{", "missing required key 'record'" },
	{ "error on line 3", DEV_CPU VAR1 VAR_HEAD "ms: [2], " VAR_SIZE, "[2]", "expected a number" },
	{ "not a sequence", "record: device\nformat: 1\n", "record", "expected result lines" },
	{ "an item is not a record", DEV_CPU "- 42\n", "42", "expected a record" },
	{ "bad YAML", DEV_CPU "- {record: \"variant\", format: 1\n", NULL, "" },
};

static void test_bad(void)
{
	for (size_t i = 0; i < sizeof bads / sizeof *bads; i++) {
		const struct bad *b = &bads[i];
		struct results r;
		struct diags d = { 0 };
		bool good = results_parse("bad.yaml", b->text, strlen(b->text), &r, &d);
		ok(!good && d.n > 0, "%s: rejected", b->what);
		ok(r.ndev == 0 && r.nvar == 0 && !r.dev && !r.var, "%s: output left empty", b->what);
		if (!d.n)
			continue;
		if (b->at) {
			const char *at = strstr(b->text, b->at);
			int line = 1, col = 1;
			for (const char *p = b->text; p < at; p++, col++)
				if (*p == '\n')
					line++, col = 0;
			ok(d.v[0].line == line && d.v[0].col == col, "%s: at %d:%d (got %d:%d)",
			   b->what, line, col, d.v[0].line, d.v[0].col);
		} else {
			ok(d.v[0].line > 0, "%s: has a position (%d:%d)", b->what, d.v[0].line,
			   d.v[0].col);
		}
		ok(strstr(d.v[0].msg, b->msg) != NULL, "%s: says '%s' (%s)", b->what, b->msg,
		   d.v[0].msg);
		is_str(d.v[0].file, "bad.yaml", "%s: names the input", b->what);
		results_free(&r);
		diags_free(&d);
	}
}

static void test_merge(void)
{
	char p[64] = "";
	results_merge_speedups(p, sizeof p, "matmul", "matmul 1: a");
	is_str(str(p), "matmul 1: a", "merge into empty");
	results_merge_speedups(p, sizeof p, "conv", "conv 2: b");
	is_str(str(p), "matmul 1: a | conv 2: b", "another demo is appended");
	results_merge_speedups(p, sizeof p, "matmul", "matmul 3: c");
	is_str(str(p), "conv 2: b | matmul 3: c", "the same demo replaces its segment, newest last");
	char q[24] = "conv 1234567890";
	results_merge_speedups(q, sizeof q, "matmul", "matmul 12345");
	is_str(str(q), "matmul 12345", "too long: the oldest segment goes");
	char u[16] = "";
	results_merge_speedups(u, sizeof u, "matmul", "matmul 1, GPU \xe2\x80\x94 \xe2\x80\x94");
	ok(text_valid_utf8(u, strlen(u), NULL) && strlen(u) < sizeof u,
	   "a line too long for the field is cut between characters, not inside one");
}

static void test_small(void)
{
	struct results r;
	struct diags d = { 0 };
	ok(results_parse("devinfo", DEV_CPU, strlen(DEV_CPU), &r, &d) && r.ndev == 1 &&
	   r.nvar == 0, "a device-only output (devinfo) parses");
	char line[128];
	ok(!results_speedups_line(&r, "matmul", line, sizeof line) && !line[0],
	   "no speedups line without variants");
	results_free(&r);
	ok(results_parse("empty", "", 0, &r, &d) && r.ndev == 0 && r.nvar == 0,
	   "empty output: valid, no records");
	results_free(&r);
	static const char ctl[] = "- {record: \"device\", format: 1, demo: \"d\", live: false, "
				  "reason: \"bad\\e[31m red\\u202e\"}\n";
	ok(results_parse("ctl", ctl, strlen(ctl), &r, &d) && r.ndev == 1, "controls in text parse");
	ok(r.ndev == 1 && !strchr(r.dev[0].reason, '\033') && !strstr(r.dev[0].reason, "\u202e"),
	   "escape and bidi controls are removed from text (%s)", r.ndev ? r.dev[0].reason : "");
	results_free(&r);
	results_free(NULL);
	is_int(d.n, 0, "no diags for the good ones");
	diags_free(&d);
	ok(!results_load_file("/nonexistent/h200.yaml", &r, &d) && d.n == 1,
	   "a missing file is one error");
	diags_free(&d);
}

/* A run that holds the ladder at two sizes (reduce's record: N = 2^28 and
 * 2^20 + 7): the fastest hand-written rung, the naive reference and the
 * speedups line compare at the baseline's size, never a small-size time
 * against a large one. */
static void test_two_sizes(void)
{
#define RD(id, rung, kind, ms, base, n)                                                        \
	"- {record: \"variant\", format: 1, demo: \"reduce\", variant: \"" id "\", rung: " #rung \
	", kind: \"" kind "\", label: \"" id "\", ok: true, rel_err: 1e-07, ms: " #ms        \
	", ms_min: " #ms ", ms_max: " #ms ", gflops: 1, pct_of_library: ~, pct_of_peak: ~, "   \
	"baseline: " base ", n: " #n "}\n"
	static const char two[] =
		RD("atomic", 1, "hand", 4.0, "false", 268435456)
		RD("best", 6, "hand", 0.237, "false", 268435456)
		RD("cub", 7, "library", 0.24, "true", 268435456)
		RD("atomic", 1, "hand", 0.9, "false", 1048583)
		RD("best", 6, "hand", 0.008, "false", 1048583)
		RD("cub", 7, "library", 0.0129, "false", 1048583);
#undef RD
	struct results r;
	struct diags d = { 0 };
	ok(results_parse("two", two, strlen(two), &r, &d) && r.nvar == 6, "two sizes parse");
	for (size_t i = 0; i < d.n; i++)
		diag("%d:%d: %s", d.v[i].line, d.v[i].col, d.v[i].msg);
	const struct res_variant *h = results_fastest(&r, "reduce", RES_HAND);
	ok(h == &r.var[1], "the fastest hand rung is the one at the baseline's size (%g ms)",
	   h ? h->ms : -1.0);
	ok(results_naive(&r, "reduce") == &r.var[0] && results_library(&r, "reduce") == &r.var[2],
	   "the naive reference and the library at that size too");
	char line[256];
	ok(results_speedups_line(&r, "reduce", line, sizeof line) &&
	   strstr(line, "best hand-written 0.237 ms") && !strstr(line, "0.008"),
	   "the speedups line compares within one size (%s)", line);
	results_free(&r);
	diags_free(&d);
}

static void test_recorded(void)
{
	/* DESIGN.md ships this file: its absence is a failure, not a skip */
	const char *path = "demos/results/h200.yaml";
	ok(access(path, R_OK) == 0, "%s is there", path);
	struct results r;
	struct diags d = { 0 };
	ok(results_load_file(path, &r, &d), "%s parses", path);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	const struct res_device *dev = results_device(&r, "matmul");
	ok(dev && dev->live && strstr(dev->name, "H200") && dev->date[0],
	   "recorded: a live H200 device record with a date");
	ok(results_library(&r, "matmul") && results_naive(&r, "matmul"),
	   "recorded: matmul has a naive and a library time");
	results_free(&r);
	diags_free(&d);
	/* fusion's conv chain is sized in its own words, not as the GEMM it
	 * lowers to ("GEMM 100352x64x576"); its GEMM chains by the row's */
	path = "demos/results/h200-fusion.yaml";
	ok(results_load_file(path, &r, &d), "%s parses", path);
	bool conv = false, gemm = false;
	for (size_t i = 0; i < r.nvar; i++) {
		char sz[96];
		results_size_text(&r.var[i], sz, sizeof sz);
		conv |= !strcmp(sz, "N32 C64 56x56 K64 3x3 pad 1");
		gemm |= !strcmp(sz, "GEMM 8192x3072x768");
		ok(!strstr(sz, "GEMM 100352"), "fusion %s: no conv sized as its GEMM (%s)",
		   r.var[i].variant, sz);
	}
	ok(conv && gemm, "fusion: a conv record sized by its shape, a GEMM one by m, n, k");
	results_free(&r);
	diags_free(&d);
}

/* Real outputs of the GPU demos, measured on an H200 (tests/fixtures/results),
 * their rungs named by the ladders' rows (ladder_fill.h). */
static void test_gpu_fixtures(void)
{
	struct results r;
	struct diags d = { 0 };
	char mm[128], cv[128];
	ok(ladder_fill("tests/fixtures/results/h200-matmul-1024.yaml", mm, sizeof mm) &&
	   results_load_file(mm, &r, &d), "h200-matmul-1024.yaml parses");
	remove(mm);
	const struct res_device *dev = results_device(&r, "matmul");
	ok(dev && dev->live && !strcmp(dev->name, "NVIDIA H200") && dev->sms == 132 &&
	   dev->peak_gflops > 0 && dev->mem_gbs > 0, "a live H200 device record with its peaks");
	is_int(r.nvar, 9, "nine matmul rungs");
	const struct res_variant *lib = results_library(&r, "matmul");
	ok(lib && !strcmp(lib->variant, mm_rung_id(MM_CUBLAS)) && lib->baseline, "the FP32 cuBLAS baseline");
	const struct res_variant *nv = results_naive(&r, "matmul");
	ok(nv && !strcmp(nv->variant, mm_rung_id(MM_NAIVE)) && nv->kind == RES_HAND, "the naive GPU rung");
	results_free(&r);
	ok(ladder_fill("tests/fixtures/results/h200-conv-quick.yaml", cv, sizeof cv) &&
	   results_load_file(cv, &r, &d), "h200-conv-quick.yaml parses");
	remove(cv);
	int unsup = 0, lib_n = 0;
	for (size_t i = 0; i < r.nvar; i++) {
		unsup += !r.var[i].supported;
		lib_n += r.var[i].kind == RES_LIBRARY;
	}
	ok(unsup >= 1 && lib_n >= 5, "cuDNN algorithms as library records, some unsupported (%d of %d)",
	   unsup, lib_n);
	results_free(&r);
	ok(results_load_file("tests/fixtures/results/h200-devinfo.yaml", &r, &d) && r.ndev == 1 &&
	   r.nvar == 0 && r.dev[0].live, "devinfo on the H200: one live device record");
	results_free(&r);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	diags_free(&d);
}

/* The reduce and launch records (synthetic fixtures shaped like the demos'
 * output, not measurements): fields read, sizes, series and points. */
static void test_reduce_launch(void)
{
	struct results r;
	struct diags d = { 0 };
	char rd[128];
	ok(ladder_fill("tests/fixtures/results/synthetic-reduce.yaml", rd, sizeof rd) &&
	   results_load_file(rd, &r, &d), "synthetic-reduce.yaml parses");
	remove(rd);
	is_int(r.nvar, 9, "reduce: nine rungs");
	const struct res_variant *nv = results_naive(&r, "reduce");
	ok(nv && !strcmp(nv->variant, ladder_row_id("reduce", "ATOMIC")), "reduce: the atomic rung is the naive reference");
	const struct res_variant *lib = results_library(&r, "reduce");
	ok(lib && !strcmp(lib->variant, ladder_row_id("reduce", "CUB")) && lib->workspace == 4352,
	   "reduce: CUB is the baseline, with its temporary storage as workspace");
	const struct res_variant *best = results_fastest(&r, "reduce", RES_HAND);
	ok(best && !strcmp(best->variant, ladder_row_id("reduce", "BEST")) && best->pct_of_hbm > 85 && best->size.n == 268435456,
	   "reduce: pct_of_hbm and n are read");
	ok(best && !strcmp(best->cache, "cold") && best->queued && !best->latency_bound &&
	   best->noise == 0.004 && best->sm_mhz == 1980 && best->sm_mhz_min == 1965 &&
	   best->power_w == 512.5 && best->throttle == 4 && best->throttled == 1 && best->samples == 3,
	   "reduce: how it was timed is read (cache, queued, noise, clocks, power, throttle)");
	ok(lib && !lib->cache[0] && lib->samples == -1 && isnan(lib->noise),
	   "reduce: a record without them reads as absent");
	char sz[64];
	results_size_text(best, sz, sizeof sz);
	ok(!strcmp(sz, "N=268435456"), "reduce: the size text (%s)", sz);
	results_free(&r);
	const char *ln = "tests/fixtures/results/synthetic-launch.yaml";
	ok(results_load_file(ln, &r, &d), "%s parses", ln);
	is_int(r.nser, 5, "launch: five series records");
	const struct res_series *w = results_series(&r, "launch", "wave");
	ok(w && w->wave == 132 && w->per_sm == 1 && w->rung == 5, "launch: the wave series' wave size");
	const struct res_series *rg = results_series(&r, "launch", "regs");
	ok(rg && rg->regs == 155 && rg->suggest_block == 384, "launch: registers and the suggestion");
	int fits = 0, nofit = 0, waves = 0;
	for (size_t i = 0; i < r.npt; i++) {
		fits += r.pt[i].fits;
		nofit += !r.pt[i].fits;
		waves += !strcmp(r.pt[i].series, "wave");
	}
	ok(r.npt > 90 && nofit > 0 && fits > 0 && waves == 20,
	   "launch: points, some too big for an SM (%zu, %d not fitting, %d wave)", r.npt, nofit, waves);
	ok(r.pt[0].block == 32 && r.pt[0].occupancy > 0 && r.pt[0].gbs > 0 && isnan(r.pt[0].waves),
	   "launch: a point's block, occupancy and GB/s; waves ~ reads as NAN");
	const struct res_point *gp = NULL, *gg = NULL;
	for (size_t i = 0; i < r.npt; i++)
		if (!strcmp(r.pt[i].series, "graph") && r.pt[i].kernels == 1024)
			*(strcmp(r.pt[i].mode, "graph") ? &gp : &gg) = &r.pt[i];
	ok(gp && gg && gp->us_per_kernel == 4 && gg->us_per_kernel == 1 &&
	   gg->host_us_per_kernel == 0.004 && gg->setup_ms == 3.072 && isnan(gp->setup_ms) &&
	   isnan(gp->occupancy),
	   "launch graph: mode, kernels, us per kernel, host time and the graph's build time");
	ok(r.pt[0].kernels == -1 && !r.pt[0].mode[0] && isnan(r.pt[0].us_per_kernel),
	   "launch: a point outside the graph series has none of them");
	results_free(&r);
	static const char *const bad[][2] = {
		{ "- {record: \"point\", format: 1, demo: \"launch\", series: \"plain\", grid: 1, "
		  "occupancy: 50, ok: true, ms: 1}\n", "missing required key 'block'" },
		{ "- {record: \"series\", format: 0, demo: \"launch\", series: \"plain\", label: \"x\", "
		  "regs: 1, smem: 0}\n", "format must be 1" },
		{ "- {record: \"variant\", format: 1, demo: \"reduce\", variant: \"best\", kind: \"hand\", "
		  "label: \"b\", ok: true, rel_err: 0, ms: 1, ms_min: 1, ms_max: 1, gflops: 1, "
		  "pct_of_library: 1, pct_of_peak: 1}\n", "missing size 'n'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		ok(!results_parse("bad", bad[i][0], strlen(bad[i][0]), &r, &d) && d.n &&
		   strstr(d.v[d.n - 1].msg, bad[i][1]) && d.v[d.n - 1].line == 1,
		   "a bad reduce/launch record: %s", bad[i][1]);
		ok(!r.npt && !r.nser && !r.nvar, "... and nothing kept");
		diags_free(&d);
		d = (struct diags){ 0 };
	}
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	diags_free(&d);
}

/* The real CPU demos, run the way the demo screen runs them. */
static void test_live_demo(const char *demo, const char *size_arg, const char *size)
{
	const char *b = getenv("CK_BUILD");
	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s/demos", b && *b ? b : "build");
	if (!runner_demo_path(dir, demo, path, sizeof path) || !runner_program_exists(path)) {
		ok(1, "# SKIP %s not built", path);
		return;
	}
	char *argv[] = { path, "--format", "yaml", "--cpu", "--quick", (char *)size_arg,
			 (char *)size, NULL };
	if (!size_arg)
		argv[5] = NULL;
	struct runner run;
	struct runner_opts o = { .timeout_ms = 30000 };
	ok(runner_start(&run, path, argv, &o), "%s --format yaml --cpu --quick starts", demo);
	runner_wait(&run);
	is_int(run.exit_code, 0, "%s: exit 0", demo);
	struct results r;
	struct diags d = { 0 };
	ok(results_parse(demo, run.out.p ? run.out.p : "", run.out.len, &r, &d),
	   "%s: its output parses", demo);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	const struct res_device *dev = results_device(&r, demo);
	ok(dev && !dev->live && dev->reason[0], "%s: a CPU fallback device record with a reason", demo);
	if (!strcmp(demo, "devinfo")) {
		is_int(r.nvar, 0, "devinfo: only the device record");
		goto out;
	}
	ok(r.nvar >= 2, "%s: at least two CPU variants (%zu)", demo, r.nvar);
	bool all_ok = r.nvar > 0;
	for (size_t i = 0; i < r.nvar; i++)
		all_ok = all_ok && r.var[i].ok && r.var[i].kind == RES_CPU && isfinite(r.var[i].ms);
	ok(all_ok, "%s: every variant is a checked, timed CPU variant", demo);
	char line[256];
	ok(results_speedups_line(&r, demo, line, sizeof line), "%s: speedups line: %s", demo, line);
out:
	results_free(&r);
	diags_free(&d);
	runner_free(&run);
}

/* The demos print English rung labels and reasons; a Chinese screen
 * shows them in Chinese, and unknown ones as they are. */
static void test_translated(void)
{
	char b[256];
	i18n_set_lang("zh");
	is_str(results_rung_label("matmul", "cpu-blocked", "CPU blocked, all cores"), "CPU 分块，全部核心",
	       "zh: a rung label, by its demo and id (the row's zh column)");
	is_str(results_rung_label("matmul", "cpu-blocked", "CPU blocked, renamed"), "CPU 分块，全部核心",
	       "zh: ... whatever the English label says");
	is_str(results_rung_label("conv", "cudnn-default", "cuDNN fastest, TF32-allowed: fft"),
	       "cuDNN 最快（允许 TF32）：fft", "zh: a row without zh: its label's words, as before");
	is_str(results_label_text("cuDNN fft"), "cuDNN fft", "zh: an algorithm's name stays");
	is_str(results_label_text("cuDNN fastest, TF32-allowed: fft-tiling (default)"),
	       "cuDNN 最快（允许 TF32）：fft-tiling (default)",
	       "zh: a label the demo writes around a name: its words and colon translated, the name kept");
	is_str(results_label_text("cuDNN fastest, TF32-allowed (none)"), "cuDNN 最快（允许 TF32） (none)",
	       "zh: ... and without a colon, the rest as it is");
	is_str(results_rung_label("conv", "cudnn-nhwc-fp16",
				  "cuDNN fastest, NHWC FP16: implicit-precomp-gemm (tensor-op)"),
	       "cuDNN 最快，NHWC FP16：implicit-precomp-gemm (tensor-op)",
	       "zh: the NHWC rows name their layout and precision in Chinese too");
	is_str(results_label_text("cuDNN fastest, NHWC TF32: implicit-gemm (default)"),
	       "cuDNN 最快，NHWC TF32：implicit-gemm (default)", "zh: ... the TF32 one as well");
	i18n_set_lang("en");
	is_str(results_label_text("cuDNN fastest, TF32-allowed: fft-tiling (default)"),
	       "cuDNN fastest, TF32-allowed: fft-tiling (default)", "en: the label as written");
	i18n_set_lang("zh");
	is_str(results_reason_text("built without CUDA", b, sizeof b), "编译时未启用 CUDA", "zh: a reason");
	is_str(results_reason_text("no CUDA device: CUDA_VISIBLE_DEVICES is empty (no CUDA-capable device is detected)", b, sizeof b),
	       "没有 CUDA 设备：CUDA_VISIBLE_DEVICES 为空（no CUDA-capable device is detected）", "zh: a reason with the runtime's words");
	is_str(results_reason_text("something new", b, sizeof b), "something new", "zh: an unknown reason as it is");
	/* the device record's verdict and link, by the demos' own formats */
	is_str(results_compat_text("ok: driver supports CUDA 13.0, runtime is 13.0", b, sizeof b),
	       "正常：驱动支持 CUDA 13.0，运行时为 13.0", "zh: the compatibility verdict");
	is_str(results_compat_text("too old: driver supports CUDA 11.8, runtime needs 13.x; update the driver",
				   b, sizeof b), "太旧：驱动支持 CUDA 11.8，运行时需要 13.x；请更新驱动",
	       "zh: a too-old driver");
	is_str(results_compat_text("minor-version compatibility: driver CUDA 13.0 is older than runtime 13.1; "
				   "most code runs, newer features may not", b, sizeof b),
	       "次版本兼容：驱动的 CUDA 13.0 比运行时 13.1 旧；大多数代码能运行，较新的功能可能不行",
	       "zh: minor-version compatibility");
	is_str(results_compat_text("ok: driver supports CUDA 13.0, runtime is 13.0 and more", b, sizeof b),
	       "ok: driver supports CUDA 13.0, runtime is 13.0 and more", "zh: a verdict of another form as it is");
	is_str(results_link_text("PCIe Gen5 x16 (now Gen5 x16), 63.0 GB/s per direction; 0 NVLink links active",
				 b, sizeof b), "PCIe Gen5 x16（当前 Gen5 x16），每个方向 63.0 GB/s；0 条 NVLink 链路在用",
	       "zh: the host link");
	is_str(results_link_text("unknown: PCIe generation 9 is not in the table", b, sizeof b),
	       "unknown: PCIe generation 9 is not in the table", "zh: a link line of another form as it is");
	/* every rung label of the recorded run that is not a library's or an
	 * algorithm's name has its Chinese text */
	FILE *f = fopen("demos/results/h200.yaml", "r");
	char line[2048];
	int labels = 0, missing = 0;
	while (f && fgets(line, sizeof line, f)) {
		/* variants have a kind; the launch demo's series are its own */
		const char *k = strstr(line, "kind: \"");
		char *l = strstr(line, "label: \"");
		if (!k && strstr(line, "record: \"series\""))
			k = "kind: \"hand\"";
		if (!k || !l || strstr(line, "demo: \"transfer\"") || strstr(line, "demo: \"streams\""))
			continue;
		char demo[32] = "", id[64] = "";
		const char *d = strstr(line, "demo: \""), *v = strstr(line, "variant: \"");
		if (d)
			sscanf(d + 7, "%31[^\"]", demo);
		if (v)
			sscanf(v + 10, "%63[^\"]", id);
		char *end = strchr(l + 8, '"');
		if (!end)
			continue;
		*end = 0;
		bool named = !strncmp(k + 7, "library", 7) && !strstr(l + 8, " in, ");
		if (named || !strncmp(l + 8, "Winograd F(", 11)) /* a name, as in zh */
			continue;
		labels++;
		if (!strcmp(results_rung_label(demo, id, l + 8), l + 8)) {
			missing++;
			diag("no Chinese text for the rung label '%s'", l + 8);
		}
	}
	if (f)
		fclose(f);
	ok(labels > 20 && missing == 0, "zh: every rung label of demos/results/h200.yaml is translated");
	i18n_set_lang("en");
	is_str(results_rung_label("matmul", "cpu-blocked", "CPU blocked, all cores"),
	       "CPU blocked, all cores", "en: unchanged");
	is_str(results_reason_text("--cpu given", b, sizeof b), "--cpu given", "en: unchanged reason");
}

/* %lib on a demo screen: the paired figure where the row was paired with
 * the library row the screen compares against, else the record's ratio of
 * medians (attention: flash-mma paired with cudnn-sdpa, the baseline;
 * cublas-softmax paired too but given a ratio of its own) */
static void test_pct_of(void)
{
	static const char buf[] =
		"- {record: \"variant\", format: 1, demo: \"attention\", variant: \"flash-mma\", kind: \"hand\", label: \"f\", ok: true, rel_err: 1e-5, ms: 2.0, ms_min: 2, ms_max: 2, gflops: 1, pct_of_library: 28.0, pct_of_peak: ~, paired_with: \"cudnn-sdpa\", paired_pct_of_library: 25.9, pairs: 30, b: 4, h: 16, s: 4096, d: 64, causal: 0, precision: \"fp16\"}\n"
		"- {record: \"variant\", format: 1, demo: \"attention\", variant: \"cublas-softmax\", kind: \"library\", label: \"c\", ok: true, rel_err: 1e-5, ms: 3.7, ms_min: 3, ms_max: 4, gflops: 1, pct_of_library: 15.0, pct_of_peak: ~, paired_with: \"other\", paired_pct_of_library: 14.3, pairs: 30, b: 4, h: 16, s: 4096, d: 64, causal: 0, precision: \"fp16\"}\n"
		"- {record: \"variant\", format: 1, demo: \"attention\", variant: \"cudnn-sdpa\", kind: \"library\", label: \"d\", ok: true, rel_err: 1e-5, ms: 0.56, ms_min: 0.5, ms_max: 0.6, gflops: 1, pct_of_library: 100, pct_of_peak: ~, baseline: true, b: 4, h: 16, s: 4096, d: 64, causal: 0, precision: \"fp16\"}\n";
	struct results r;
	struct diags d = { 0 };
	ok(results_parse("pct", buf, sizeof buf - 1, &r, &d) && r.nvar == 3, "paired records parse");
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	const struct res_variant *lib = results_library(&r, "attention");
	ok(lib && !strcmp(lib->variant, "cudnn-sdpa"), "the baseline is the library row");
	ok(lib && !strcmp(r.var[0].paired_with, "cudnn-sdpa"), "paired_with is read");
	ok(lib && results_pct_of(&r.var[0], lib) == 25.9, "paired with the library row: the paired figure");
	ok(lib && results_pct_of(&r.var[1], lib) == 15.0, "paired with another row: the record's own ratio");
	ok(results_pct_of(&r.var[0], NULL) == 28.0, "no library row: the record's own ratio");
	ok(results_naive(&r, "attention") == &r.var[0],
	   "a ladder without FP32 rows: its first hand row is the naive one, for speed-ups");
	results_free(&r);
	/* one timed rung alone (attention's CPU fallback): no speed-up to
	 * put on a certificate */
	static const char one[] =
		"- {record: \"variant\", format: 1, demo: \"attention\", variant: \"cpu-naive\", kind: \"cpu\", label: \"c\", ok: true, rel_err: 1e-6, ms: 13.4, ms_min: 13, ms_max: 14, gflops: 1, pct_of_library: ~, pct_of_peak: ~, b: 1, h: 2, s: 128, d: 64, causal: 0, precision: \"fp16\"}\n";
	char line[400];
	ok(results_parse("one", one, sizeof one - 1, &r, &d) && r.nvar == 1, "one rung parses");
	ok(!results_speedups_line(&r, "attention", line, sizeof line) && !line[0],
	   "one rung alone: no speedups line (nothing to compare it with)");
	results_free(&r);
	diags_free(&d);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	alarm(120);
	test_two_sizes();
	test_translated();
	test_good();
	test_bad();
	test_small();
	test_merge();
	test_recorded();
	test_pct_of();
	test_gpu_fixtures();
	test_live_demo("matmul", "--size", "64");
	test_live_demo("conv", NULL, NULL);
	test_live_demo("devinfo", NULL, NULL);
	test_reduce_launch();
	test_live_demo("reduce", "--n", "1000003");
	test_live_demo("launch", "--n", "31");
	return tap_done();
}
