/* test_quiz_xfer: the level-5 predictions on the transfer and streams
 * demos, in both languages: their measures are valid (and malformed ones
 * refused with a reason), each is read from the recorded-shaped fixture and
 * judged there (the band holding the value right, the others wrong), and
 * every band edge lies at least 15% away from the value -- on the fixture
 * and, once it holds transfer and streams records, on the recorded H200
 * file demos/results/h200.yaml. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "app_state.h"
#include "quiz.h"
#include "quiz_run.h"
#include "results.h"
#include "tap.h"

static const char *const ids[] = { "pinned-over-pageable", "half-plateau", "four-streams-pinned",
				    "four-streams-default" };
#define NIDS (sizeof ids / sizeof *ids)

static const struct quiz_question *find(const struct quiz *z, const char *id)
{
	for (size_t i = 0; i < z->n; i++)
		if (!strcmp(z->q[i].id, id))
			return &z->q[i];
	return NULL;
}

static int band_of(const struct quiz_question *q, double v)
{
	for (size_t b = 0; b < q->nbands; b++) {
		double lo = q->bands[b].min, hi = q->bands[b].max;
		if (v >= lo && v < hi)
			return (int)b;
	}
	return -1;
}

/* The nearest band edge's distance from v, relative to v. */
static double edge_gap(const struct quiz_question *q, double v)
{
	double gap = INFINITY;
	for (size_t b = 0; b < q->nbands; b++) {
		double e[2] = { q->bands[b].min, q->bands[b].max };
		for (int k = 0; k < 2; k++)
			if (isfinite(e[k]))
				gap = fmin(gap, fabs(e[k] - v) / v);
	}
	return gap;
}

static void judge_on(const struct quiz *z, const struct results *r, const char *what,
		     const int *want_band)
{
	for (size_t i = 0; i < NIDS; i++) {
		const struct quiz_question *q = find(z, ids[i]);
		struct quiz_value v;
		if (!q || !quiz_measure(q, r, &v)) {
			ok(0, "%s: %s has a value", what, ids[i]);
			continue;
		}
		char text[64];
		quiz_value_text(q, &v, text, sizeof text);
		int b = band_of(q, v.num);
		ok(b >= 0 && (!want_band || b == want_band[i]), "%s: %s = %s falls in band %d",
		   what, ids[i], text, b);
		bool right = true, wrong = false;
		for (size_t k = 0; k < q->nbands; k++) {
			struct quiz_response resp = { .choice = (int)k };
			bool g = quiz_grade_predict(q, &resp, &v);
			right &= (int)k != b || g;
			wrong |= (int)k != b && g;
		}
		ok(right && !wrong, "%s: %s judged: only its band is right", what, ids[i]);
		double gap = edge_gap(q, v.num);
		ok(gap >= 0.15, "%s: %s is %.0f%% from the nearest band edge (at least 15%%)", what,
		   ids[i], 100 * gap);
	}
}

static void test_valid(void)
{
	char why[300];
	static const struct { const char *demo, *measure, *why; } bad[] = {
		{ "transfer", "gbs-ratio:pinned-h2d/pageable-h2d", "needs a size of the sweep" },
		{ "transfer", "gbs-ratio:pinned-h2d/pageable-h2d@3M", "needs a size of the sweep" },
		{ "transfer", "gbs-ratio:pinned-h2d/pageable-h2d@9223372036854775807G", "needs a size of the sweep" },
		{ "transfer", "gbs-ratio:pinned-h2d/pageable-h2d@17179869184K", "needs a size of the sweep" },
		{ "transfer", "half-plateau:pinned-h2x", "did you mean 'pinned-h2d'" },
		{ "transfer", "pct-of-ideal:pinned-h2d", "only for the streams demo" },
		{ "streams", "speedup:pinned-3/pinned-1", "unknown streams variant" },
		{ "streams", "pct-of-ideal:pinned-4@1M", "takes no '@SIZE'" },
		{ "streamz", "speedup:pinned-4/pinned-1", "did you mean 'streams'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		why[0] = '\0';
		ok(!quiz_measure_valid(bad[i].demo, bad[i].measure, why, sizeof why) &&
		   strstr(why, bad[i].why), "%s %s refused: %s", bad[i].demo, bad[i].measure, why);
	}
	ok(quiz_measure_valid("transfer", "gbs-ratio:pinned-d2h/pageable-d2h@1G", why, sizeof why) &&
	   quiz_measure_valid("transfer", "gbs-ratio:d2d/pinned-h2d@4096", why, sizeof why) &&
	   quiz_measure_valid("streams", "pct-of-ideal:pinned-4", why, sizeof why),
	   "well-formed transfer and streams measures are valid");
}

/* The quiz screen's path: the transfer and streams demos run (here their
 * real CPU fallbacks), then the measure comes from the recorded file (the
 * fixture in a temporary data dir), labelled as recorded. */
static void test_run(const struct quiz *z)
{
	char tmp[] = "/tmp/ck-quizxfer-XXXXXX", cmd[9000], cwd[4096], label[600];
	const char *b = getenv("CK_BUILD");
	struct app *app = calloc(1, sizeof *app);
	if (!app || !mkdtemp(tmp) || !getcwd(cwd, sizeof cwd))
		return;
	char dir[8300];
	if (b && *b == '/')
		snprintf(dir, sizeof dir, "%s/demos", b);
	else
		snprintf(dir, sizeof dir, "%s/%s/demos", cwd, b && *b ? b : "build");
	snprintf(app->demodir, sizeof app->demodir, "%.4000s", dir);
	snprintf(app->datadir, sizeof app->datadir, "%s", tmp);
	snprintf(cmd, sizeof cmd, "mkdir -p '%s/demos/results' && cp "
		 "tests/fixtures/results/xfer-fixture.yaml '%s/demos/results/h200.yaml'", tmp, tmp);
	ok(system(cmd) == 0, "a data dir with recorded results");
	struct quiz_run qr;
	quiz_run_init(&qr);
	static const char *const demo[2] = { "transfer", "streams" };
	static const char *const qid[2] = { "half-plateau", "four-streams-pinned" };
	for (int i = 0; i < 2; i++) {
		if (!quiz_run_start(&qr, app, demo[i])) {
			ok(1, "# SKIP %s not built in %s", demo[i], app->demodir);
			continue;
		}
		for (int k = 0; k < 3000 && quiz_run_poll(&qr); k++)
			usleep(10000);
		struct quiz_value v;
		const struct quiz_question *q = find(z, qid[i]);
		ok(q && quiz_run_measure(&qr, app, q, &v, label, sizeof label) &&
		   strstr(label, "Measured: ") == label && strstr(label, "recorded on NVIDIA H200"),
		   "%s: the CPU run lacks the GPU rows, the recorded value is used: %s", qid[i], label);
	}
	quiz_run_free(&qr);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	ok(system(cmd) == 0, "temporary directory removed");
	free(app);
}

int main(void)
{
	static const char *const files[] = { "quizzes/en/level5.yaml", "quizzes/zh/level5.yaml" };
	/* fixture: pinned/pageable 2.3x, half at 1 MiB, 4 streams 2.6x, default 1.0x */
	static const int fixture_bands[NIDS] = { 1, 1, 2, 0 };   /* half at 1 MiB: "64 KiB to 1 MiB" */
	struct results fx, rec;
	struct diags d = { 0 };
	test_valid();
	ok(results_load_file("tests/fixtures/results/xfer-fixture.yaml", &fx, &d), "fixture loads");
	bool have_rec = access("demos/results/h200.yaml", R_OK) == 0 &&
			results_load_file("demos/results/h200.yaml", &rec, &d);
	bool rec_xfer = have_rec && results_device(&rec, "transfer") && results_device(&rec, "streams");
	for (size_t f = 0; f < 2; f++) {
		struct quiz z;
		if (!ok(quiz_load(files[f], &z, &d), "%s loads", files[f]))
			continue;
		for (size_t i = 0; i < NIDS; i++) {
			const struct quiz_question *q = find(&z, ids[i]);
			ok(q && q->type == QT_PREDICT && q->nbands >= 3, "%s: %s is a band prediction",
			   files[f], ids[i]);
		}
		judge_on(&z, &fx, files[f], fixture_bands);
		if (f == 0)
			test_run(&z);
		if (rec_xfer)
			judge_on(&z, &rec, "recorded h200.yaml", NULL);
		else
			ok(1, "# SKIP demos/results/h200.yaml has no transfer and streams records yet");
		quiz_free(&z);
	}
	results_free(&fx);
	if (have_rec)
		results_free(&rec);
	if (d.n)
		diag("%s:%d:%d: %s", d.v[0].file, d.v[0].line, d.v[0].col, d.v[0].msg);
	diags_free(&d);
	return tap_done();
}
