/* Unit tests for the demo registry (demos/demos.h, src/core/demo.h): every
 * row has its screen (not the placeholder), a program the runner may
 * start, a name lessons may use as a block and a demo, a size rule the
 * results loader enforces, a size text, and presets with one starting
 * size on the CPU and one on a GPU.  A row whose other half is missing
 * fails here; that no demo is named outside the registry, and that the
 * build and install take its names, is tests/e2e/demo_registry.sh. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "demo.h"
#include "i18n.h"
#include "lesson.h"
#include "results.h"
#include "runner.h"
#include "screen.h"
#include "screens.h"

/* The presets of each row, as the screens expand them. */
struct pre { int cpu, gpu, start; const char *label, *args; };
#define P_cpu 1, 0
#define P_gpu 0, 1
#define P_both 1, 1
#define PRE_(where, start, label, note, args) { P_##where, start, label, args },
#define PRESETS_(id, ...) static const struct pre id##_pre[] = { CK_PRESETS_##id(PRE_) };
CK_DEMOS(PRESETS_)
#define LIST_(id, ...) [CK_DEMO_##id] = { id##_pre, sizeof id##_pre / sizeof *id##_pre },
static const struct { const struct pre *p; size_t n; } presets[CK_NDEMOS] = { CK_DEMOS(LIST_) };

static void test_presets(int i, const char *name)
{
	int cpu = 0, gpu = 0, cpu_start = 0, gpu_start = 0;
	bool labelled = true;
	for (size_t k = 0; k < presets[i].n; k++) {
		const struct pre *p = &presets[i].p[k];
		cpu += p->cpu, gpu += p->gpu;
		cpu_start += p->cpu && p->start, gpu_start += p->gpu && p->start;
		labelled &= presets[i].n == 1 || p->label[0];
	}
	ok(cpu >= 1 && gpu >= 1 && presets[i].n <= 8, "%s: sizes for the CPU and for a GPU, 8 at most",
	   name);
	ok(cpu_start == 1 && gpu_start == 1, "%s: one starting size on each", name);
	ok(labelled, "%s: every size of a list has a label", name);
}

/* A variant record of the demo with every size of its row set to 1, or
 * without size `skip` ("" : none left out). */
static void record(const struct demo_row *row, const char *skip, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size,
		"- {record: \"device\", format: 1, demo: \"%s\", live: false, reason: \"--cpu given\", "
		"date: \"2026-12-03T00:00:00Z\", command: \"x\", cpu_name: \"x\", cpu_threads: 2}\n"
		"- {record: \"variant\", format: 1, demo: \"%s\", variant: \"x\", rung: 1, kind: \"cpu\", "
		"label: \"x\", ok: true, rel_err: 0, ms: 1, ms_min: 1, ms_max: 1, gflops: ~, "
		"pct_of_library: ~, pct_of_peak: ~", row->name, row->name);
	for (const char *k = row->sizes; *k; k += strspn(k, " ")) {
		size_t n = strcspn(k, " ");
		char key[32];
		snprintf(key, sizeof key, "%.*s", (int)n, k);
		if (strcmp(key, skip))   /* memory and direction are words */
			len += (size_t)snprintf(buf + len, size - len, ", %s: %s", key,
						strcmp(key, "memory") && strcmp(key, "direction")
							? "1" : "\"x\"");
		k += n;
	}
	snprintf(buf + len, size - len, "}\n");
}

static void test_sizes(const struct demo_row *row)
{
	char text[2048], first[32];
	struct results r;
	struct diags d = { 0 };
	record(row, "", text, sizeof text);
	bool good = results_parse(row->name, text, strlen(text), &r, &d);
	ok(good && r.nvar == 1, "%s: a record with its sizes loads", row->name);
	if (d.n)
		diag("%s", d.v[0].msg);
	if (good && row->size_text[0]) {
		char sz[96];
		results_size_text(&r.var[0], sz, sizeof sz);
		ok(sz[0] && !strchr(sz, '{'), "%s: its size reads \"%s\"", row->name, sz);
	}
	if (good)
		results_free(&r);
	diags_free(&d);
	snprintf(first, sizeof first, "%.*s", (int)strcspn(row->sizes, " "), row->sizes);
	if (!first[0])
		return;
	record(row, first, text, sizeof text);
	good = results_parse(row->name, text, strlen(text), &r, &d);
	ok(!good && d.n && strstr(d.v[0].msg, "missing size"), "%s: one without '%s' is refused",
	   row->name, first);
	if (good)
		results_free(&r);
	diags_free(&d);
}

int main(void)
{
	is_int(demo_names[CK_NDEMOS] == NULL, 1, "the names end with NULL");
	for (int i = 0; i < CK_NDEMOS; i++) {
		const struct demo_row *row = &demo_rows[i];
		const char *name = row->name;
		is_int(demo_index(name), i, "%s: found by its name", name);
		const struct screen *s = screen_find(name);
		ok(s && s != &screen_placeholder && !strcmp(s->name, name) && s->nkeys && s->key_on,
		   "%s: its own screen, with keys", name);
		char path[64];
		ok(runner_demo_known(name) && runner_demo_path("d", name, path, sizeof path) &&
		   !strncmp(path, "d/", 2) && !strcmp(path + 2, name), "%s: a program to run", name);
		ok(lesson_demo_known(name) && lesson_block_known(name), "%s: lessons may name it", name);
		test_sizes(row);
		test_presets(i, name);
	}
	ok(demo_index("frobnicate") < 0 && demo_index(NULL) < 0 && !runner_demo_known("../x"),
	   "no other name is a demo");
	return tap_done();
}
