/* fuzz target "results": the demo-output parser (results_parse) and the
 * summaries drawn from it (results.h).
 *
 * Invariants checked: every problem has a 1-based position; every string
 * kept is sanitized (result lines come from another program and are shown
 * on screen); the lookups and the speedups line stay within their buffers
 * and are sanitized too, also after merging into progress's line. */
#include <locale.h>
#include "fuzz.h"
#include "results.h"

static const char *const demos[] = { "matmul", "conv", "devinfo", NULL };

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "C.UTF-8");
	return 0;
}

static void check_device(const struct res_device *v)
{
	FUZZ_CHECK(v->line > 0);
	FUZZ_CHECK(fuzz_clean(v->demo) && fuzz_clean(v->reason) && fuzz_clean(v->date));
	FUZZ_CHECK(fuzz_clean(v->command) && fuzz_clean(v->cpu_name) && fuzz_clean(v->name));
	FUZZ_CHECK(fuzz_clean(v->cc) && fuzz_clean(v->driver) && fuzz_clean(v->runtime));
	FUZZ_CHECK(fuzz_clean(v->compat) && fuzz_clean(v->cublas) && fuzz_clean(v->cudnn));
}

static void check_variant(const struct res_variant *v)
{
	FUZZ_CHECK(v->line > 0);
	FUZZ_CHECK(v->kind == RES_CPU || v->kind == RES_HAND || v->kind == RES_LIBRARY);
	FUZZ_CHECK(fuzz_clean(v->demo) && fuzz_clean(v->variant) && fuzz_clean(v->label));
	FUZZ_CHECK(fuzz_clean(v->checked) && fuzz_clean(v->error) && fuzz_clean(v->math));
	FUZZ_CHECK(fuzz_clean(v->algo) && fuzz_clean(res_kind_name(v->kind)));
	char buf[128];
	results_size_text(v, buf, sizeof buf);
	FUZZ_CHECK(strlen(buf) < sizeof buf && fuzz_clean(buf));
}

static void check_summaries(const struct results *r)
{
	char merged[256] = "older 1x1x1, CPU fallback: naive 1 ms -> best CPU 1 ms (1.0x)";
	for (int i = 0; demos[i]; i++) {
		results_device(r, demos[i]);
		results_naive(r, demos[i]);
		results_library(r, demos[i]);
		for (int k = RES_CPU; k <= RES_LIBRARY; k++)
			results_fastest(r, demos[i], (enum res_kind)k);
		char line[512];
		if (results_speedups_line(r, demos[i], line, sizeof line)) {
			FUZZ_CHECK(strlen(line) < sizeof line && fuzz_clean(line));
			results_merge_speedups(merged, sizeof merged, demos[i], line);
			FUZZ_CHECK(strlen(merged) < sizeof merged && fuzz_clean(merged));
		} else {
			FUZZ_CHECK(line[0] == '\0');
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results r;
	struct diags d = { 0 };
	if (results_parse("fuzz", (const char *)data, size, &r, &d)) {
		for (size_t i = 0; i < r.ndev; i++)
			check_device(&r.dev[i]);
		for (size_t i = 0; i < r.nvar; i++)
			check_variant(&r.var[i]);
		check_summaries(&r);
	} else {
		FUZZ_CHECK(d.n > 0 && r.ndev == 0 && r.nvar == 0);
	}
	for (size_t i = 0; i < d.n; i++)
		FUZZ_CHECK(d.v[i].line > 0 && d.v[i].col > 0 && fuzz_clean(d.v[i].msg));
	results_free(&r);
	diags_free(&d);
	return 0;
}
