/* test_drill: the pure parts of the drill check (drill_parse.c,
 * drill_report.c) on recorded tool output, the report's words in both
 * languages (drill_text.c), and the drills' part of progress (format 3):
 * read, written, a format 2 file loading with none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "drill_check.h"
#include "drill_run.h"
#include "i18n.h"
#include "progress.h"
#include "tap.h"

static const char *const L = "/home/me/.local/share/cudakitchen/drills/block-reduce.cu";

static void test_protocol(void)
{
	struct drill_result r = { 0 };
	r.ncases = 3;
	strcpy(r.cases[0].name, "1"), strcpy(r.cases[1].name, "1000"), strcpy(r.cases[2].name, "1025");
	for (int i = 0; i < 3; i++)
		strcpy(r.cases[i].state, "not-run"), r.cases[i].index = -1;
	drill_parse_protocol("ck-drill 1\nbegin 1\ncase 1 pass\nbegin 1000\nhello from the kernel\n"
			     "case 1000 fail index=7 expected=1.5 got=-nan cause=unwritten\nbegin 1025\n", &r);
	is_str(r.cases[0].state, "pass", "protocol: a pass");
	is_str(r.cases[1].state, "fail", "protocol: a fail");
	is_int((int)r.cases[1].index, 7, "protocol: the first wrong index");
	is_str(r.cases[1].cause, "unwritten", "protocol: the cause");
	is_str(r.cases[2].state, "stopped", "protocol: a case begun without a verdict stopped");
	char *out = drill_program_output("ck-drill 1\nbegin 1\nhello\ncase 1 pass\nend\n");
	is_str(out ? out : "", "hello\n", "what the program printed, without the protocol");
	free(out);
}

static void test_tsan(void)
{
	static const char rep[] =
		"WARNING: ThreadSanitizer: data race (pid=1)\n"
		"  Read of size 4 at 0x55 by thread T2:\n"
		"    #0 block_sum(float const*, float*, int) /home/me/.local/share/cudakitchen/drills/block-reduce.cu:15 (x+0x1)\n"
		"    #1 operator() /usr/share/cudakitchen/emu/simt.h:404 (x+0x2)\n"
		"\n"
		"  Previous write of size 4 at 0x55 by thread T33:\n"
		"    #0 block_sum(float const*, float*, int) /home/me/.local/share/cudakitchen/drills/block-reduce.cu:13 (x+0x3)\n"
		"\n"
		"  Location is global 'block_sum(float const*, float*, int)::warp_sums' of size 128 at 0x55\n"
		"\n"
		"  Thread T2 'block (0, 0, 0) thread (1, 0, 0)' (tid=0, running) created by main thread at:\n"
		"  Thread T33 'block (0, 0, 0) thread (32, 0, 0)' (tid=0, running) created by main thread at:\n";
	struct drill_finding f;
	ok(drill_parse_tsan(rep, L, &f), "tsan: a race found");
	is_str(f.kind, "race", "tsan: its kind");
	is_str(f.who, "block (0, 0, 0) thread (1, 0, 0)", "tsan: one thread, in CUDA's words");
	is_str(f.who2, "block (0, 0, 0) thread (32, 0, 0)", "tsan: the other");
	ok(strstr(f.where, "block-reduce.cu:15") != NULL, "tsan: the read's line in the learner's file");
	ok(strstr(f.where2, "block-reduce.cu:13") != NULL, "tsan: the write's line");
	is_str(f.access2, "write of size 4", "tsan: what the other did");
	is_str(f.memory, "shared:warp_sums", "tsan: shared memory, named");
	ok(!drill_parse_tsan("nothing here\n", L, &f), "tsan: no race in a clean run");
}

static void test_asan(void)
{
	static const char rep[] =
		"==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x60 at pc 0x1 bp 0x2 sp 0x3\n"
		"READ of size 4 at 0x60 thread T0\n"
		"    #0 0x5 in block_sum(float const*, float*, int) /home/me/.local/share/cudakitchen/drills/block-reduce.cu:7\n"
		"    #1 0x6 in operator() /usr/share/cudakitchen/emu/simt.h:289\n"
		"\n"
		"0x60 is located 0 bytes to the right of 4-byte region [0x5c,0x60)\n"
		"simt: in block (0, 0, 0) thread (1, 0, 0)\n";
	struct drill_finding f;
	ok(drill_parse_asan(rep, L, &f), "asan: a finding");
	is_str(f.kind, "out-of-bounds", "asan: out of bounds");
	is_str(f.access, "read of size 4", "asan: the access");
	ok(strstr(f.where, "block-reduce.cu:7") != NULL, "asan: the learner's line");
	is_str(f.who, "block (0, 0, 0) thread (1, 0, 0)", "asan: the CUDA thread");
	ok(drill_parse_asan("simt: deadlock in block (2, 0, 0): no thread can go on\n"
			    "simt:   255 of 256 threads wait at __syncthreads\n", L, &f) &&
	   !strcmp(f.kind, "deadlock") && strstr(f.detail, "255 of 256"), "the emulator's deadlock");
	char where[320];
	ok(drill_parse_compile("In file included from x:\n/a/b.cu:7:5: error: expected ';'\n", "/a/b.cu",
			       where, sizeof where) && !strcmp(where, "/a/b.cu:7:5"),
	   "a compile error at the learner's file:line:col");
}

static void test_progress_drills(void)
{
	static const char v2[] =
		"format_version: 2\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	struct progress p;
	ok(progress_parse("v2", v2, sizeof v2 - 1, &p) && !p.readonly && p.ndrills == 0,
	   "format 2: loads, no drills, writable");
	struct drill_record *r = progress_drill(&p, "vector-add");
	ok(r != NULL, "a drill's record made");
	r->attempts = 3, r->hints = 1, r->passed = true, r->on_gpu = true, r->best_ms = 0.125;
	strcpy(r->device, "NVIDIA H200");
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ok(f && progress_format(f, &p), "written");
	fclose(f);
	ok(strstr(buf, "format_version: 4\n") != NULL, "as format 4");
	struct progress q;
	ok(progress_parse("v3", buf, len, &q) && q.ndrills == 1, "read back");
	const struct drill_record *s = progress_drill_find(&q, "vector-add");
	ok(s && s->attempts == 3 && s->hints == 1 && s->passed && s->on_gpu && s->best_ms == 0.125 &&
		   !strcmp(s->device, "NVIDIA H200"), "every field kept");
	free(buf);
	static const char v3_missing[] =
		"format_version: 3\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	ok(!progress_parse("v3m", v3_missing, sizeof v3_missing - 1, &q), "format 3 without drills: corrupt");
}

static void test_result_yaml(void)
{
	struct drill_result r = { 0 }, back;
	struct drill dr = { 0 };
	dr.id = (char *)"vector-add";
	r.verdict = DRILL_FAIL, r.ncases = 1, r.nfindings = 1, r.race_checked = true;
	strcpy(r.cases[0].name, "7"), strcpy(r.cases[0].state, "fail"), r.cases[0].index = 6;
	strcpy(r.cases[0].cause, "unwritten");
	strcpy(r.findings[0].kind, "race"), strcpy(r.findings[0].where, "/a \"b\".cu:3");
	r.compile_log = strdup("line one\nline \"two\"\t\x01");
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	drill_result_write(f, &dr, &r);
	fclose(f);
	ok(drill_result_parse(buf, len, &back), "the YAML report reads back");
	ok(back.verdict == DRILL_FAIL && back.ncases == 1 && back.cases[0].index == 6 &&
		   !strcmp(back.cases[0].cause, "unwritten"), "its case");
	is_str(back.findings[0].where, "/a \"b\".cu:3", "its finding, quotes and all");
	is_str(back.compile_log ? back.compile_log : "", "line one\nline \"two\"\t\x01", "control characters kept");
	drill_result_free(&back);
	drill_result_free(&r);
	free(buf);
}

static void has(const char *text, const char *want, const char *what)
{
	ok(text && strstr(text, want) != NULL, "%s", what);
	if (!text || !strstr(text, want))
		diag("no '%s' in:\n%s", want, text ? text : "(null)");
}

/* the report in each language: the race's two accesses, each with its
 * thread, the verdict with why, and the reasons a check cannot run */
static void test_words(void)
{
	struct drill_result r = { 0 };
	r.verdict = DRILL_FAIL, r.ncases = 2, r.nfindings = 1, r.race_checked = true;
	strcpy(r.cases[0].name, "1"), strcpy(r.cases[0].state, "pass");
	strcpy(r.cases[1].name, "7"), strcpy(r.cases[1].state, "fail"), r.cases[1].index = 6;
	struct drill_finding *f = &r.findings[0];
	strcpy(f->kind, "race"), strcpy(f->memory, "shared:tile");
	strcpy(f->access, "write of size 4"), strcpy(f->access2, "read of size 4");
	strcpy(f->where, "/d/x.cu:13"), strcpy(f->where2, "/d/x.cu:15");
	strcpy(f->who, "block (0, 0, 0) thread (32, 0, 0)"), strcpy(f->who2, "the host");
	i18n_set_lang("en");
	char *t = drill_short_paths(drill_result_text(NULL, &r), "/d");
	has(t, "    write of size 4 at x.cu:13\n      by block (0, 0, 0) thread (32, 0, 0)\n",
	    "en: the race's write, where, and by which thread");
	has(t, "    read of size 4 at x.cu:15\n      by the host\n", "en: and the read");
	has(t, "verdict: FAILED (1 of 2 sizes wrong; a race)\n", "en: the verdict says why");
	char *v = drill_result_verdict(&r), *body = drill_result_body(NULL, &r);
	is_str(v ? v : "", "verdict: FAILED (1 of 2 sizes wrong; a race)", "the verdict alone");
	ok(body && !strstr(body, "verdict"), "the body without it");
	free(t), free(v), free(body);
	i18n_set_lang("zh");
	t = drill_result_text(NULL, &r);
	has(t, "    写入 4 字节，位置 /d/x.cu:13\n      由 block (0, 0, 0) thread (32, 0, 0) 执行\n",
	    "zh: the write");
	has(t, "    读取 4 字节，位置 /d/x.cu:15\n      由 主机 执行\n", "zh: the read");
	has(t, "结论：未通过（1 个规模出错，共 2 个；竞争）", "zh: the verdict says why");
	free(t);
	struct drill_result c = { 0 };
	c.verdict = DRILL_CANNOT;
	strcpy(c.cannot, "no-cxx");
	t = drill_result_text(NULL, &c);
	has(t, "无法在此检查：PATH 中没有 C++ 编译器", "zh: no compiler, in Chinese");
	has(t, "结论：此处无法评判", "zh: and not judged");
	free(t);
	strcpy(c.cannot, "no-cxx|/opt/c++");
	t = drill_result_text(NULL, &c);
	has(t, "CXX 设为 /opt/c++，但此处没有这个编译器", "zh: CXX names no compiler");
	free(t);
	strcpy(c.cannot, "read|/a|b.cu|No such file or directory");
	t = drill_result_text(NULL, &c);
	has(t, "无法读取 /a|b.cu：No such file or directory", "zh: a file that cannot be read (a '|' in it)");
	free(t);
	i18n_set_lang("en");
	strcpy(c.cannot, "no-nvcc");
	t = drill_result_text(NULL, &c);
	has(t, "cannot check here: no nvcc on PATH", "en: no nvcc");
	free(t);
	struct drill_finding g;
	ok(drill_parse_gpu_sanitizer("========= Error: Race reported between Write access at 0x10 in "
				     "/d/x.cu:13:k(float *) and Read access at 0x20 in /d/x.cu:15:k(float *)\n",
				     "/d/x.cu", true, &g), "racecheck: a race");
	ok(!strcmp(g.access, "write") && !strcmp(g.access2, "read"), "racecheck: both accesses (%s, %s)",
	   g.access, g.access2);
}

/* compute-sanitizer's three reports, as the GPU check reads them */
static void test_gpu_sanitizer(void)
{
	static const char mem[] =
		"========= Invalid __global__ write of size 4 bytes\n"
		"=========     at add(const float *, float *, int)+0x70 in "
		"/home/me/.local/share/cudakitchen/drills/block-reduce.cu:7\n"
		"=========     by thread (255,0,0) in block (3,0,0)\n";
	static const char race[] =
		"========= Error: Race reported between Write access at k()+0x80 in "
		"/home/me/.local/share/cudakitchen/drills/block-reduce.cu:13\n"
		"=========     and Read access at k()+0xa0 in "
		"/home/me/.local/share/cudakitchen/drills/block-reduce.cu:15 [64 hazards]\n";
	static const char sync[] =
		"========= Barrier error detected. Divergent thread(s) in block\n"
		"=========     at k()+0x90 in /home/me/.local/share/cudakitchen/drills/block-reduce.cu:11\n"
		"=========     by thread (32,0,0) in block (1,0,0)\n";
	struct drill_finding f;
	ok(drill_parse_gpu_sanitizer(mem, L, false, &f) && !strcmp(f.kind, "out-of-bounds") &&
	   strstr(f.where, "block-reduce.cu:7") && !strcmp(f.who, "block (3, 0, 0) thread (255, 0, 0)"),
	   "memcheck: out of bounds at the learner's line, by which thread");
	ok(drill_parse_gpu_sanitizer(race, L, true, &f) && !strcmp(f.kind, "race") &&
	   strstr(f.where, "block-reduce.cu:13") && strstr(f.where2, "block-reduce.cu:15"),
	   "racecheck: a race with both lines");
	ok(drill_parse_gpu_synccheck(sync, L, &f) && !strcmp(f.kind, "barrier") &&
	   strstr(f.where, "block-reduce.cu:11") && !strcmp(f.who, "block (1, 0, 0) thread (32, 0, 0)"),
	   "synccheck: a barrier not every thread reaches, at the learner's line");
	/* the findings in the learner's words */
	struct drill_result r;
	memset(&r, 0, sizeof r);
	r.backend = DRILL_GPU, r.verdict = DRILL_FAIL, r.nfindings = 2;
	drill_parse_gpu_synccheck(sync, L, &r.findings[0]);
	snprintf(r.findings[1].kind, sizeof r.findings[1].kind, "order");
	snprintf(r.findings[1].detail, sizeof r.findings[1].detail, "racecheck");
	char *text = drill_result_text(NULL, &r);
	ok(text && strstr(text, "block-reduce.cu:11 (compute-sanitizer synccheck)"),
	   "the barrier finding names the learner's line");
	ok(text && strstr(text, "wrong under compute-sanitizer racecheck, which only changes that order"),
	   "an answer that changes with the threads' order is reported as a race");
	free(text);
	ok(!drill_parse_gpu_synccheck("========= ERROR SUMMARY: 0 errors\n", L, &f) &&
	   !drill_parse_gpu_sanitizer("========= ERROR SUMMARY: 0 errors\n", L, true, &f),
	   "a clean sanitizer run: no finding");
}

/* the drill's yardstick: the project's best recorded run of its rung, not
 * whichever record of that rung comes last (a small size) */
static void test_compare_best(void)
{
	char path[] = "/tmp/ck-test-cmp-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	ok(f != NULL, "compare: a results file");
	if (!f)
		return;
	fputs("- {record: \"variant\", demo: \"reduce\", variant: \"cub\", label: \"CUB\", gbs: 4499.1, n: 268435456}\n"
	      "- {record: \"variant\", demo: \"reduce\", variant: \"best\", label: \"best\", gbs: 9999}\n"
	      "- {record: \"variant\", demo: \"conv\", variant: \"cub\", label: \"other demo\", gbs: 8888}\n"
	      "- {record: \"variant\", demo: \"reduce\", variant: \"cub\", label: \"CUB\", gbs: 315.1, n: 1048583}\n",
	      f);
	fclose(f);
	double v = 0;
	char buf[64] = "", *label = buf;
	ok(drill_compare_best(path, "reduce", "cub", false, &v, label, sizeof buf),
	   "compare: the rung is found");
	ok(v > 4499 && v < 4500, "compare: its best run (4499.1 GB/s), not the last record (315.1)");
	is_str(label, "CUB", "compare: its label");
	v = 0;
	ok(!drill_compare_best(path, "reduce", "cub", true, &v, label, sizeof buf) && v == 0,
	   "compare: no GFLOP/s recorded: none");
	ok(!drill_compare_best(path, "reduce", "nope", false, &v, label, sizeof buf),
	   "compare: an unknown rung: none");
	ok(!drill_compare_best("/nonexistent/h200.yaml", "reduce", "cub", false, &v, label,
			       sizeof buf),
	   "compare: no file: none");
	unlink(path);
}

int main(void)
{
	test_compare_best();
	test_words();
	test_protocol();
	test_tsan();
	test_asan();
	test_gpu_sanitizer();
	test_progress_drills();
	test_result_yaml();
	return tap_done();
}
