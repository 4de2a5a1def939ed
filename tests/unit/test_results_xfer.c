/* test_results_xfer: the transfer and streams result lines through the
 * project's loader: the fixture shaped like a GPU run (its fields, the
 * streams timelines), malformed timelines with their positions, a transfer
 * record without its size, and the real CPU fallbacks of both demos run
 * the way the screens run them (from the repository root). */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "results.h"
#include "runner.h"

#define FIXTURE "tests/fixtures/results/xfer-fixture.yaml"

static const struct res_variant *find(const struct results *r, const char *id, long bytes)
{
	for (size_t i = 0; i < r->nvar; i++)
		if (!strcmp(r->var[i].variant, id) && (bytes < 0 || r->var[i].bytes == bytes))
			return &r->var[i];
	return NULL;
}

static void test_fixture(void)
{
	struct results r;
	struct diags d = { 0 };
	ok(results_load_file(FIXTURE, &r, &d), "%s parses", FIXTURE);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	const struct res_device *dev = results_device(&r, "transfer");
	ok(dev && dev->live && fabs(dev->link_gbs - 63.0154) < 1e-3 && dev->pcie_gen_max == 5 &&
	   dev->pcie_width_max == 16 && dev->async_engines == 3 && !strncmp(dev->link, "PCIe Gen5", 9),
	   "the device record carries the host link");
	const struct res_variant *v = find(&r, "pinned-h2d", 256L << 20);
	ok(v && !strcmp(v->memory, "pinned") && !strcmp(v->direction, "h2d") &&
	   !strcmp(v->peak, "link") && v->moved == v->bytes && fabs(v->peak_gbs - 63.0154) < 1e-3 &&
	   v->gbs > 50 && v->pct_of_peak > 80 && !strcmp(v->checked, "checksum"),
	   "pinned-h2d at 256 MiB: memory, direction, bytes, ceiling, GB/s");
	v = find(&r, "d2d", 1L << 30);
	ok(v && v->moved == 2 * v->bytes && !strcmp(v->peak, "hbm"), "d2d counts read + written");
	v = find(&r, "cpu-memcpy", 4096);
	ok(v && v->peak[0] == '\0' && isnan(v->peak_gbs) && v->kind == RES_CPU,
	   "the host row has no ceiling");
	int nx = 0, ns = 0;
	for (size_t i = 0; i < r.nvar; i++)
		nx += !strcmp(r.var[i].demo, "transfer"), ns += !strcmp(r.var[i].demo, "streams");
	is_int(nx, 70, "transfer: 7 rows x 10 sizes");
	is_int(ns, 12, "streams: 12 rows");
	v = find(&r, "pinned-4", -1);
	ok(v && v->streams == 4 && v->chunks == 16 && v->flops_per_byte == 1024 && !v->modelled &&
	   v->nspan == 48 && v->span0 + v->nspan <= r.nspan, "pinned-4: 16 chunks x 3 stages");
	const struct res_span *sp = v ? &r.span[v->span0] : NULL;
	ok(sp && sp[4].chunk == 1 && sp[4].stream == 1 && sp[4].stage == RES_KERNEL &&
	   sp[4].end > sp[4].start, "a span: chunk 1, stream 1, the kernel");
	ok(v && v->pct_of_ideal > 85 && v->speedup > 2 && v->ideal_ms < v->serial_ms,
	   "pinned-4: speedup, ideal bound and % of it");
	results_free(&r);
	diags_free(&d);
}

#define ST_HEAD "- {record: \"variant\", format: 1, demo: \"streams\", variant: \"pinned-2\", " \
	"kind: \"hand\", label: \"x\", ok: true, rel_err: 0, ms: 1, ms_min: 1, ms_max: 1, " \
	"gflops: ~, pct_of_library: ~, pct_of_peak: ~, streams: 2, chunks: 2, " \
	"chunk_bytes: 1024, flops_per_byte: 1, "

static void test_bad(void)
{
	static const struct { const char *text, *msg; int col; } cases[] = {
		{ ST_HEAD "timeline: [[0, 0, 0, 0.1]]}\n", "a timeline entry is", 0 },
		{ ST_HEAD "timeline: [[0, 0, 0, 0.5, 0.1]]}\n", "must end after it starts", 0 },
		{ ST_HEAD "timeline: [[0, 0, 3, 0.1, 0.2]]}\n", "", 0 },
		{ ST_HEAD "timeline: 5}\n", "timeline must be a list", 0 },
		{ "- {record: \"variant\", format: 1, demo: \"transfer\", variant: \"pinned-h2d\", "
		  "kind: \"library\", label: \"x\", ok: true, rel_err: 0, ms: 1, ms_min: 1, "
		  "ms_max: 1, gflops: ~, pct_of_library: ~, pct_of_peak: ~, memory: \"pinned\", "
		  "direction: \"h2d\"}\n", "missing size 'bytes'", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct results r;
		struct diags d = { 0 };
		bool good = results_parse("t", cases[i].text, strlen(cases[i].text), &r, &d);
		ok(!good && d.n >= 1 && d.v[0].line == 1 && strstr(d.v[0].msg, cases[i].msg),
		   "bad case %zu refused at line 1: %s", i, d.n ? d.v[0].msg : "(no diag)");
		ok(r.nvar == 0 && r.nspan == 0 && !r.span, "bad case %zu leaves nothing", i);
		results_free(&r);
		diags_free(&d);
	}
	const char *none = ST_HEAD "timeline: ~}\n";
	struct results r;
	struct diags d = { 0 };
	ok(results_parse("t", none, strlen(none), &r, &d) && r.nvar == 1 && r.var[0].nspan == 0,
	   "timeline ~: a record without spans");
	results_free(&r);
	diags_free(&d);
}

static bool run_demo(const char *demo, struct results *r)
{
	const char *b = getenv("CK_BUILD");
	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s/demos", b && *b ? b : "build");
	if (!runner_demo_path(dir, demo, path, sizeof path) || !runner_program_exists(path))
		return false;
	char *argv[] = { path, "--format", "yaml", "--cpu", "--quick", NULL };
	struct runner run;
	struct runner_opts o = { .timeout_ms = 60000 };
	runner_start(&run, path, argv, &o);
	runner_wait(&run);
	is_int(run.exit_code, 0, "%s --cpu --quick: exit 0", demo);
	struct diags d = { 0 };
	bool good = results_parse(demo, run.out.p ? run.out.p : "", run.out.len, r, &d);
	ok(good, "%s: its output parses", demo);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	diags_free(&d);
	runner_free(&run);
	return good;
}

static void test_live(void)
{
	struct results r;
	if (!run_demo("transfer", &r)) {
		ok(1, "# SKIP transfer not built");
	} else {
		const struct res_device *dev = results_device(&r, "transfer");
		/* "--cpu given"; a build without CUDA says that first */
		ok(dev && !dev->live && (!strcmp(dev->reason, "--cpu given") ||
					 !strcmp(dev->reason, "built without CUDA")),
		   "transfer: CPU fallback, why");
		is_int(r.nvar, 7, "transfer --quick on the CPU: host memcpy at 4 KiB .. 16 MiB");
		bool good = r.nvar == 7;
		for (size_t i = 0; i < r.nvar; i++)
			good = good && r.var[i].ok && r.var[i].bytes == 4096L << (2 * i) &&
			       !strcmp(r.var[i].variant, "cpu-memcpy") && r.var[i].gbs > 0 &&
			       r.var[i].moved == 2 * r.var[i].bytes;
		ok(good, "transfer: every size checked and timed, bytes read + written");
		results_free(&r);
	}
	if (!run_demo("streams", &r)) {
		ok(1, "# SKIP streams not built");
		return;
	}
	const struct res_device *dev = results_device(&r, "streams");
	ok(dev && !dev->live, "streams: CPU fallback");
	is_int(r.nvar, 4, "streams on the CPU: the model at 1, 2, 4, 8 streams");
	bool good = r.nvar == 4;
	for (size_t i = 0; i < r.nvar && good; i++) {
		const struct res_variant *v = &r.var[i];
		good = v->ok && v->modelled && v->chunks == 8 && v->nspan == 24 &&
		       v->ideal_ms > 0 && v->serial_ms >= v->ideal_ms && v->pct_of_ideal > 0;
	}
	ok(good, "streams: modelled rows with 8 chunks x 3 stages, serial >= ideal");
	const struct res_variant *one = r.nvar ? &r.var[0] : NULL;
	ok(one && one->streams == 1 && fabs(one->speedup - 1) < 1e-3,
	   "streams: the 1-stream model is the serial sum");
	results_free(&r);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	alarm(120);
	test_fixture();
	test_bad();
	test_live();
	return tap_done();
}
