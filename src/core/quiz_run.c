/* quiz_run: level files and measurements for the quiz screen (quiz_run.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "app_state.h"
#include "quiz_run.h"
#include "cert.h"
#include "demo.h"
#include "i18n.h"
#include "quiz_lang.h"

/* The demo a prediction runs: its row in the registry (demo.h), which
 * indexes quiz_run's arrays.  Lint made sure the question names one. */
static int demo_row(const char *demo)
{
	int i = demo_index(demo);
	return i < 0 ? 0 : i;
}

void quiz_run_init(struct quiz_run *qr)
{
	memset(qr, 0, sizeof *qr);
	runner_init(&qr->r);
	qr->running = -1;
}

void quiz_run_free(struct quiz_run *qr)
{
	if (!qr)
		return;
	runner_free(&qr->r);
	for (int i = 0; i < CK_NDEMOS; i++)
		results_free(&qr->live[i]);
	results_free(&qr->rec);
	quiz_run_init(qr);
}

static bool is_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

bool quiz_run_level_path(const struct app *app, int level, char *out, size_t size)
{
	const char *lang = app->opt.lang ? app->opt.lang : "en";
	char cand[5][4200];
	int n = 0;
	if (app->opt.lessons_dir) {
		const char *d = app->opt.lessons_dir;
		snprintf(cand[n++], sizeof cand[0], "%s/quizzes/%s/level%d.yaml", d, lang, level);
		snprintf(cand[n++], sizeof cand[0], "%s/quizzes/en/level%d.yaml", d, level);
		snprintf(cand[n++], sizeof cand[0], "%s/quizzes/level%d.yaml", d, level);
	}
	snprintf(cand[n++], sizeof cand[0], "%s/quizzes/%s/level%d.yaml", app->datadir, lang, level);
	snprintf(cand[n++], sizeof cand[0], "%s/quizzes/en/level%d.yaml", app->datadir, level);
	for (int i = 0; i < n; i++)
		if (is_file(cand[i])) {
			snprintf(out, size, "%s", cand[i]);
			return true;
		}
	return false;
}

bool quiz_run_level_paths(const struct app *app, int level, char *tr, char *en, size_t size)
{
	const char *lang = app->opt.lang ? app->opt.lang : "en";
	const char *bases[2] = { app->opt.lessons_dir, app->datadir };
	for (int b = 0; b < 2; b++) {
		if (!bases[b])
			continue;
		snprintf(tr, size, "%s/quizzes/%s/level%d.yaml", bases[b], lang, level);
		snprintf(en, size, "%s/quizzes/en/level%d.yaml", bases[b], level);
		if (!is_file(en))
			snprintf(en, size, "%s/quizzes/level%d.yaml", bases[b], level);
		bool has_tr = strcmp(lang, "en") && is_file(tr), has_en = is_file(en);
		if (!has_tr)
			tr[0] = '\0';
		if (!has_en)
			en[0] = '\0';
		if (has_tr || has_en)
			return true;
	}
	tr[0] = en[0] = '\0';
	return false;
}

void quiz_run_level_course(const struct app *app, int level, char *key, size_t size)
{
	char tr_path[4200], en_path[4200];
	key[0] = '\0';
	if (!app->opt.lessons_dir || !quiz_run_level_paths(app, level, tr_path, en_path, sizeof tr_path))
		return;
	const char *d = app->opt.lessons_dir, *got = tr_path[0] ? tr_path : en_path;
	size_t n = strlen(d);
	if (strncmp(got, d, n) || got[n] != '/')
		return;   /* the built-in level */
	quiz_run_course_key(app, key, size);
}

void quiz_run_course_key(const struct app *app, char *key, size_t size)
{
	const char *d = app->opt.lessons_dir;
	key[0] = '\0';
	if (!d)
		return;
	char *real = realpath(d, NULL);
	const char *path = real ? real : d;
	char hex[65];
	if (strlen(path) < size)
		snprintf(key, size, "%s", path);
	else if (size > 72 && cert_sha256_hex(path, strlen(path), hex))
		/* a path too long for the key: its digest, so two long paths
		 * that share their first bytes keep two records */
		snprintf(key, size, "sha256:%s", hex);
	free(real);
}

int quiz_run_course_levels(const struct app *app, char titles[][160])
{
	int n = QUIZ_LEVELS;
	for (int i = 0; i < QUIZ_LEVELS; i++) {
		char key[PROGRESS_COURSE_MAX], tr_path[4200], en_path[4200];
		if (titles)
			titles[i][0] = '\0';
		quiz_run_level_course(app, i + 1, key, sizeof key);
		if (!key[0] || i >= n || !quiz_run_level_paths(app, i + 1, tr_path, en_path, sizeof tr_path))
			continue;   /* the built-in level, or after the class's last */
		struct quiz z;
		struct diags d = { 0 };
		if (quiz_load_lang(tr_path[0] ? tr_path : NULL, en_path[0] ? en_path : NULL, &z, &d)) {
			if (titles)
				snprintf(titles[i], 160, "%s", z.title ? z.title : "");
			if (z.last)
				n = i + 1;
		}
		quiz_free(&z);
		diags_free(&d);
	}
	return n;
}

void quiz_run_tolerance(const struct quiz_question *q, char *buf, size_t size)
{
	if (q->factor > 1)
		snprintf(buf, size, tr(MSG_RUN_TOL_FACTOR), q->factor, q->demo, q->factor, q->factor);
	else if (q->nbands)
		snprintf(buf, size, tr(MSG_RUN_TOL_BAND), q->demo);
	else
		snprintf(buf, size, tr(MSG_RUN_TOL_CHOICE), q->demo);
}

bool quiz_run_start(struct quiz_run *qr, const struct app *app, const char *demo)
{
	int i = demo_row(demo);
	if (qr->ran[i] || qr->running >= 0)
		return false;
	qr->ran[i] = true;
	char dir[4096], path[4200];
	snprintf(dir, sizeof dir, "%s", app->demodir);
	if (!dir[0] && !runner_default_demodir(dir, sizeof dir))
		dir[0] = '\0';
	if (!runner_demo_path(dir, demo, path, sizeof path) || !runner_program_exists(path)) {
		snprintf(qr->why[i], sizeof qr->why[i], tr(MSG_RUN_NOT_BUILT), demo);
		return false;
	}
	char *argv[] = { path, "--format", "yaml", NULL };
	struct runner_opts o = { .timeout_ms = QUIZ_RUN_TIMEOUT_MS };
	runner_init(&qr->r);
	if (!runner_start(&qr->r, path, argv, &o)) {
		snprintf(qr->why[i], sizeof qr->why[i], "%s", qr->r.error);
		return false;
	}
	qr->running = i;
	return true;
}

bool quiz_run_poll(struct quiz_run *qr)
{
	if (qr->running < 0)
		return false;
	if (runner_poll(&qr->r, 0))
		return true;
	int i = qr->running;
	qr->running = -1;
	struct diags d = { 0 };
	bool exited_ok = qr->r.state == RUNNER_EXITED && qr->r.exit_code == 0;
	if (!exited_ok)
		runner_describe(&qr->r, qr->why[i], sizeof qr->why[i]);
	else if (!results_parse(demo_names[i], qr->r.out.p ? qr->r.out.p : "", qr->r.out.len,
				&qr->live[i], &d))
		snprintf(qr->why[i], sizeof qr->why[i], "%s", tr(MSG_RUN_UNREADABLE));
	diags_free(&d);
	runner_free(&qr->r);
	return false;
}

void quiz_run_cancel(struct quiz_run *qr)
{
	if (qr->running >= 0)
		runner_cancel(&qr->r);
}

long long quiz_run_elapsed_s(const struct quiz_run *qr)
{
	return qr->running >= 0 ? runner_elapsed_ms(&qr->r) / 1000 : 0;
}

static void value_label(const struct quiz_question *q, const struct quiz_value *v, const char *src,
			char *label, size_t size)
{
	char val[300];
	quiz_value_text(q, v, val, sizeof val);
	snprintf(label, size, tr(MSG_RUN_MEASURED), val, src);
}

/* s without a trailing " (detail)" ("... not loaded (CUDA driver version
 * is insufficient ...)"). */
static void cut_detail(char *s)
{
	size_t n = strlen(s);
	char *open = strrchr(s, '(');
	if (n && s[n - 1] == ')' && open && open > s && open[-1] == ' ')
		open[-1] = '\0';
}

/* A device record's English reason in the learner's language: whole when
 * it is one results_reason_text knows, else without its trailing detail
 * (which may then be one it knows). */
static void device_reason(const char *en, char *out, size_t size)
{
	results_reason_text(en, out, size);
	if (strcmp(out, en))
		return;
	char cut[700];
	snprintf(cut, sizeof cut, "%s", en);
	cut_detail(cut);
	results_reason_text(cut, out, size);
}

bool quiz_run_measure(struct quiz_run *qr, const struct app *app, const struct quiz_question *q,
		      struct quiz_value *v, char *label, size_t size)
{
	int i = demo_row(q->demo);
	const struct res_device *dev = results_device(&qr->live[i], q->demo);
	char src[900];
	char reason[700];
	if (qr->why[i][0]) {
		snprintf(reason, sizeof reason, "%s", qr->why[i]);
		cut_detail(reason);
	} else if (dev && !dev->live) {
		device_reason(dev->reason, reason, sizeof reason);
	} else {
		snprintf(reason, sizeof reason, "%s", tr(MSG_RUN_NO_GPU));
	}
	if (dev && quiz_measure(q, &qr->live[i], v)) {
		if (dev->live)
			snprintf(src, sizeof src, tr(MSG_RUN_LIVE), dev->name);
		else
			snprintf(src, sizeof src, tr(MSG_RUN_CPU), reason);
		value_label(q, v, src, label, size);
		return true;
	}
	if (qr->rec_state == 0) {
		char path[4200];
		struct diags d = { 0 };
		snprintf(path, sizeof path, "%s/demos/results/h200.yaml", app->datadir);
		qr->rec_state = is_file(path) && results_load_file(path, &qr->rec, &d) ? 1 : -1;
		diags_free(&d);
	}
	if (qr->rec_state == 1 && quiz_measure(q, &qr->rec, v)) {
		snprintf(src, sizeof src, tr(MSG_RUN_RECORDED), reason);
		value_label(q, v, src, label, size);
		return true;
	}
	snprintf(label, size, tr(MSG_RUN_NONE), reason);
	return false;
}

void quiz_run_speedups(const struct quiz_run *qr, char *dst, size_t size)
{
	for (int i = 0; i < CK_NDEMOS; i++) {
		char line[256];   /* only ladders give one (results_speedups_line) */
		if (qr->live[i].nvar &&
		    results_speedups_line(&qr->live[i], demo_names[i], line, sizeof line))
			results_merge_speedups(dst, size, demo_names[i], line);
	}
}
