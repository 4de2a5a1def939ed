/* Unit tests for quiz_run.c: where level files are found, the tolerance
 * line, and the measurement behind a prediction: a demo run (a stand-in
 * script printing real CPU-fallback output), a failing demo, and the
 * recorded H200 fallback (a real H200 run kept in tests/fixtures/quiz/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "app_state.h"
#include "i18n.h"
#include "quiz_run.h"
#include "tap.h"
#include "ladder_fill.h"

#define is_s(got, want, ...) do { const char *g_ = (got), *w_ = (want); \
	is_str(g_, w_, __VA_ARGS__); } while (0)

static char tmp[] = "/tmp/ck-quizrun-XXXXXX";

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	chmod(path, mode);
}

static void test_paths(struct app *app)
{
	char path[4200];
	snprintf(app->datadir, sizeof app->datadir, ".");
	ok(quiz_run_level_path(app, 1, path, sizeof path), "built-in level 1 found");
	is_s(path, "./quizzes/en/level1.yaml", "in quizzes/en");
	app->opt.lang = "zh";
	ok(quiz_run_level_path(app, 5, path, sizeof path), "built-in zh level 5 found");
	is_s(path, "./quizzes/zh/level5.yaml", "in quizzes/zh");
	app->opt.lessons_dir = "tests/fixtures/quiz/class";
	ok(quiz_run_level_path(app, 2, path, sizeof path) && strstr(path, "class/quizzes/en/level2.yaml"),
	   "a level missing from the translation falls back to English");
	app->opt.lessons_dir = NULL;
	char trp[4200], enp[4200];
	ok(quiz_run_level_paths(app, 5, trp, enp, sizeof trp) && strstr(trp, "quizzes/zh/level5.yaml")
	   && strstr(enp, "quizzes/en/level5.yaml"), "both files of a translated level");
	app->opt.lang = "fr";
	ok(quiz_run_level_paths(app, 5, trp, enp, sizeof trp) && !trp[0]
	   && strstr(enp, "quizzes/en/level5.yaml"), "a missing translation: English only");
	app->opt.lang = "en";
	app->opt.lessons_dir = "tests/fixtures/quiz/class";
	ok(quiz_run_level_path(app, 2, path, sizeof path), "class level 2 found");
	is_s(path, "tests/fixtures/quiz/class/quizzes/en/level2.yaml", "from --lessons DIR/quizzes/en");
	ok(quiz_run_level_path(app, 3, path, sizeof path) && !strcmp(path, "./quizzes/en/level3.yaml"),
	   "a level the class lacks comes from the built-in quiz");
	app->opt.lessons_dir = NULL;
	ok(!quiz_run_level_path(app, 9, path, sizeof path), "no level 9");
}

static const struct quiz_question *find(const struct quiz *z, const char *id)
{
	for (size_t i = 0; i < z->n; i++)
		if (!strcmp(z->q[i].id, id))
			return &z->q[i];
	return NULL;
}

static void run_to_end(struct quiz_run *qr)
{
	for (int i = 0; i < 500 && quiz_run_poll(qr); i++)
		usleep(10000);
}

static void test_measure(struct app *app, const struct quiz *z)
{
	const struct quiz_question *cpu = find(z, "cpu-blocked-vs-naive"), *gpu = find(z, "tiled-vs-naive");
	if (!ok(cpu && gpu, "the level 5 questions used here exist"))
		return;
	char label[600], tol[200], script[8300];
	struct quiz_value v;
	quiz_run_tolerance(find(z, "tf32-speedup"), tol, sizeof tol);
	is_s(tol, "Right when within a factor of 2 of what the matmul demo measures (from 1/2 to 2 times it).",
	     "factor tolerance stated");
	quiz_run_tolerance(gpu, tol, sizeof tol);
	ok(strstr(tol, "band") != NULL, "band tolerance stated");

	/* A stand-in demo printing real CPU-fallback output. */
	snprintf(app->demodir, sizeof app->demodir, "%s", tmp);
	char cpu_fx[128], gpu_fx[128]; /* the fixtures filled (ladder_fill.h) */
	ok(ladder_fill("tests/fixtures/quiz/results-cpu.yaml", cpu_fx, sizeof cpu_fx) &&
	   ladder_fill("tests/fixtures/quiz/results-gpu.yaml", gpu_fx, sizeof gpu_fx), "the fixtures filled");
	snprintf(script, sizeof script, "#!/bin/sh\ncat '%s'\n", cpu_fx);
	char path[4200];
	snprintf(path, sizeof path, "%s/matmul", tmp);
	write_file(path, script, 0755);
	snprintf(path, sizeof path, "%s/conv", tmp);
	write_file(path, "#!/bin/sh\necho broken >&2\nexit 3\n", 0755);
	snprintf(app->datadir, sizeof app->datadir, "%s", tmp); /* no recorded results yet */

	struct quiz_run qr;
	quiz_run_init(&qr);
	ok(quiz_run_start(&qr, app, "matmul"), "the matmul demo starts");
	ok(!quiz_run_start(&qr, app, "conv"), "one run at a time");
	run_to_end(&qr);
	ok(quiz_run_measure(&qr, app, cpu, &v, label, sizeof label), "a CPU measure is judged from the CPU run");
	ok(strstr(label, "Measured: ") == label && strstr(label, "on your CPU (no CUDA driver"),
	   "labelled as measured on the CPU: %s", label);
	ok(!quiz_run_start(&qr, app, "matmul"), "the demo does not run twice");
	char speedups[256] = "conv earlier run";
	quiz_run_speedups(&qr, speedups, sizeof speedups);
	ok(strstr(speedups, "conv earlier run | matmul 256x256x256, CPU fallback: naive CPU") == speedups,
	   "the measured speedups go to progress, other demos kept: %s", speedups);
	ok(!quiz_run_measure(&qr, app, gpu, &v, label, sizeof label), "a GPU measure is not judged");
	ok(strstr(label, "No measurement: no CUDA driver") && strstr(label, "no recorded H200"),
	   "and says why: %s", label);
	ok(quiz_run_start(&qr, app, "conv"), "the conv demo starts");
	run_to_end(&qr);
	ok(!quiz_run_measure(&qr, app, find(z, "conv-fastest-hand"), &v, label, sizeof label) &&
	   strstr(label, "exited with status 3"), "a failing demo is reported: %s", label);

	/* With recorded results the GPU measure is judged, labelled as recorded. */
	snprintf(path, sizeof path, "%s/demos", tmp);
	mkdir(path, 0700);
	snprintf(path, sizeof path, "%s/demos/results", tmp);
	mkdir(path, 0700);
	snprintf(script, sizeof script, "cp '%s' '%s/demos/results/h200.yaml'", gpu_fx, tmp);
	ok(system(script) == 0, "recorded results in place");
	qr.rec_state = 0;
	ok(quiz_run_measure(&qr, app, gpu, &v, label, sizeof label), "the recorded H200 value is used");
	ok(strstr(label, "Measured: 17.4x, recorded on NVIDIA H200, not your machine") == label,
	   "and labelled recorded: %s", label);
	struct quiz_response r = { .choice = 2 };
	ok(quiz_grade_predict(gpu, &r, &v), "10x or more is right for the recorded 17.4x");
	/* QA: a measured name is shown as the choice that lists it, not as a bare id */
	const struct quiz_question *hand = find(z, "conv-fastest-hand");
	ok(hand && quiz_run_measure(&qr, app, hand, &v, label, sizeof label), "the recorded conv value is used");
	ok(strstr(label, "Measured: implicit GEMM (implicit-gemm), recorded on NVIDIA H200") == label,
	   "a name is labelled with its choice's text: %s", label);
	i18n_set_lang("zh");
	ok(quiz_run_measure(&qr, app, gpu, &v, label, sizeof label) &&
	   strstr(label, "\xE6\xB5\x8B\xE9\x87\x8F\xE5\x80\xBC\xEF\xBC\x9A" "17.4 \xE5\x80\x8D\xEF\xBC\x8C") == label,
	   "in Chinese a speedup reads 17.4 倍: %s", label);
	ok(!strstr(label, "no CUDA driver") &&
	   strstr(label, "\xE6\xB2\xA1\xE6\x9C\x89 CUDA \xE9\xA9\xB1\xE5\x8A\xA8"),   /* 没有 CUDA 驱动 */
	   "and why this machine did not measure it, in Chinese too: %s", label);
	ok(hand && quiz_run_measure(&qr, app, hand, &v, label, sizeof label) &&
	   strstr(label, "\xE6\xB5\x8B\xE9\x87\x8F\xE5\x80\xBC\xEF\xBC\x9A" "implicit GEMM (implicit-gemm)") == label,
	   "and a name its choice's text: %s", label);
	i18n_set_lang("en");
	ok(quiz_run_measure(&qr, app, cpu, &v, label, sizeof label) && strstr(label, "on your CPU"),
	   "a live CPU value still beats the recording");
	quiz_run_free(&qr);
	quiz_run_free(&qr);
	remove(cpu_fx);
	remove(gpu_fx);
	snprintf(script, sizeof script, "rm -rf '%s'", tmp);
	ok(system(script) == 0, "temporary directory removed");
}

/* Two classes whose real paths share their first 511 bytes keep two quiz
 * records: a path too long for the key is keyed by its digest. */
static void test_long_course(struct app *app)
{
	char base[1200], a[1300], b[1300], ka[PROGRESS_COURSE_MAX], kb[PROGRESS_COURSE_MAX];
	char seg[201];
	memset(seg, 'd', 200);
	seg[200] = '\0';
	snprintf(base, sizeof base, "%s/%s/%s/%s", tmp, seg, seg, seg);   /* over 600 bytes */
	snprintf(a, sizeof a, "%s/class-a", base);
	snprintf(b, sizeof b, "%s/class-b", base);
	for (const char *dir = a; dir; dir = dir == a ? b : NULL) {
		char cmd[3000];
		snprintf(cmd, sizeof cmd, "mkdir -p '%s/quizzes/en' && cp tests/fixtures/quiz/class/quizzes/en/level1.yaml '%s/quizzes/en/'",
			 dir, dir);
		if (system(cmd) != 0)
			return;
	}
	const char *keep = app->opt.lessons_dir;
	app->opt.lessons_dir = a;
	quiz_run_level_course(app, 1, ka, sizeof ka);
	app->opt.lessons_dir = b;
	quiz_run_level_course(app, 1, kb, sizeof kb);
	app->opt.lessons_dir = keep;
	ok(!strncmp(ka, "sha256:", 7) && !strncmp(kb, "sha256:", 7), "a long class path is keyed by its digest");
	ok(strcmp(ka, kb) != 0, "two long paths with the same first 511 bytes keep two records");
}

int main(void)
{
	if (!mkdtemp(tmp))
		return 1;
	struct app *app = calloc(1, sizeof *app);
	struct quiz z;
	struct diags d = { 0 };
	if (!app || !quiz_load("quizzes/en/level5.yaml", &z, &d))
		return 1;
	test_paths(app);
	test_long_course(app);   /* before test_measure, which removes tmp */
	test_measure(app, &z);
	quiz_free(&z);
	diags_free(&d);
	free(app);
	return tap_done();
}
