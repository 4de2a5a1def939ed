/* screen_demo: the life of every demo's screen, whichever view draws it
 * (demo_ops.h: the registry's rows, demos/demos.h, with their views'
 * ops make the screens, in demo_ops.c).
 *
 * enter() starts the demo program as a child (runner.h) with --format yaml
 * and returns at once; tick() polls it, so the screen stays responsive with
 * a spinner and elapsed seconds, and q/Esc cancels (the child's whole
 * process group is stopped).  When the run ends, its result lines are
 * parsed (results.h) and drawn (demo_view.h): bars of each variant's time
 * or a roofline.  Every block of numbers says where it comes from: live on
 * this GPU now, CPU fallback (and why), or recorded on an H200 (with the
 * date), from demos/results/h200.yaml.  The learner can change the size and
 * run again; each finished run's speedups go to progress. */
#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "app.h"
#include "diag.h"
#include "demo_ops.h"
#include "results.h"
#include "runner.h"
#include "screen.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define RUN_TIMEOUT_MS 180000

/* snprintf for messages where cutting a long path or reason is fine. */
static void say(char *buf, size_t size, const char *fmt, ...) CK_PRINTF(3, 4);
static void say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

/* The space between a preset's size and its note: none before a
 * full-width bracket ("256x256x256（快速）"), which brings its own. */
static const char *gap_before(const char *note)
{
	return !strncmp(note, "\xef\xbc\x88", 3) ? "" : " ";   /* （ */
}

/* Without a driver node, or with CUDA_VISIBLE_DEVICES empty, the demos
 * will fall back to the CPU: offer CPU sizes. */
static bool gpu_likely(void)
{
	const char *v = getenv("CUDA_VISIBLE_DEVICES");
	if (v && (!*v || !strcmp(v, "-1")))
		return false;
	return access("/dev/nvidiactl", F_OK) == 0;
}

static void start_run(struct demo_st *st)
{
	const struct preset *p = st->pre[st->preset];
	char args[256], *argv[32] = { st->path, "--format", "yaml" };
	int k = 3;
	say(args, sizeof args, "%s", p->args);
	for (char *save = NULL, *a = strtok_r(args, " ", &save); a && k < 31;
	     a = strtok_r(NULL, " ", &save))
		argv[k++] = a;   /* runner_start copies nothing: args lives until it returns */
	argv[k] = NULL;
	struct runner_opts o = { .timeout_ms = RUN_TIMEOUT_MS };
	st->note[0] = '\0';
	st->scroll = 0;
	say(st->ran, sizeof st->ran, "%s%s%s", p->label, p->note != MSG_COUNT ? gap_before(tr(p->note)) : "",
	    p->note != MSG_COUNT ? tr(p->note) : "");
	st->running = runner_start(&st->run, st->path, argv, &o);
	if (!st->running)
		say(st->note, sizeof st->note, tr(MSG_DEMO_BUILD),
		    st->run.error);
}

/* The learner's speedups go to progress after each run that timed something. */
static void save_speedups(struct app *app, const struct demo_st *st)
{
	char line[256];
	if (!results_speedups_line(&st->mine, st->row->name, line, sizeof line))
		return;   /* not a ladder, or nothing timed */
	results_merge_speedups(app->progress.speedups, sizeof app->progress.speedups,
			       st->row->name, line);
	app_progress_changed(app);
}

/* Parses what the run printed, up to its last whole line (a stopped child
 * may leave half a line).  True when it replaced the learner's results. */
static bool take_output(struct demo_st *st)
{
	const char *out = st->run.out.p ? st->run.out.p : "";
	const char *nl = strrchr(out, '\n');
	size_t len = nl ? (size_t)(nl - out) + 1 : 0;
	struct results r;
	struct diags d = { 0 };
	bool took = false;
	if (!results_parse(st->row->name, out, len, &r, &d)) {
		char msg[320];
		say(msg, sizeof msg, "%s", tr(MSG_DEMO_UNREADABLE));
		if (d.n)
			diag_format(&d.v[0], msg, sizeof msg);
		size_t used = strlen(st->note);
		say(st->note + used, sizeof st->note - used, "%s%s", used ? "; " : "", msg);
	} else if (r.ndev) {
		results_free(&st->mine);
		st->mine = r;
		st->have_mine = took = true;
	} else {
		results_free(&r);
	}
	diags_free(&d);
	return took;
}

/* A demo with a size sweep: each size's results stay for the session
 * (the sweep view). */
static void remember_size(struct app *app, const struct demo_st *st)
{
	struct sweep **sw = &app->sweeps[st->def->id];
	if (!st->row->sweep)
		return;
	if (!*sw)
		*sw = calloc(1, sizeof **sw);
	if (!*sw || !sweep_add(*sw, &st->mine, st->row->name))
		say(app->status, sizeof app->status, "%s", tr(MSG_SW_NOMEM));
}

static void finish_run(struct app *app, struct demo_st *st)
{
	st->running = false;
	if (!(st->run.state == RUNNER_EXITED && st->run.exit_code == 0)) {
		char how[300], last[200];
		runner_describe(&st->run, how, sizeof how);
		runner_last_err_line(&st->run, last, sizeof last);
		say(st->note, sizeof st->note, "%s %s%s%s", st->row->name, how,
			 last[0] ? ": " : "", last);
	}
	if (!st->run.cancelled && take_output(st)) {
		save_speedups(app, st);
		remember_size(app, st);
	}
	else
		st->ran[0] = '\0'; /* nothing new: the size shows as not run */
	runner_free(&st->run);
}

static void load_recorded(struct app *app, struct demo_st *st)
{
	say(st->recfile, sizeof st->recfile, "%s/demos/results/h200.yaml", app->datadir);
	if (access(st->recfile, R_OK) != 0) {
		say(st->rec_note, sizeof st->rec_note,
			 tr(MSG_DEMO_NO_RECORDED), st->recfile);
		return;
	}
	struct diags d = { 0 };
	st->have_rec = results_load_file(st->recfile, &st->rec, &d);
	if (!st->have_rec && d.n)
		diag_format(&d.v[0], st->rec_note, sizeof st->rec_note);
	if (st->have_rec && st->def->ops->sections && !results_device(&st->rec, st->row->name)) {
		/* the file holds other demos' runs only: say so, offer no t
		 * (a view that reads any device record, devinfo's, is served) */
		say(st->rec_note, sizeof st->rec_note, "%s", tr(MSG_XF_NO_REC));
		st->have_rec = false;
	}
	diags_free(&d);
}

/* The recorded size sweep (make bench), else the recorded run's one
 * size, saying why. */
static void load_sweep(struct app *app, struct demo_st *st)
{
	char path[4352];
	say(path, sizeof path, "%s/demos/results/%s", app->datadir, st->row->sweep);
	struct results r = { 0 };
	struct diags d = { 0 };
	if (access(path, R_OK) == 0 && results_load_file(path, &r, &d)) {
		if (!sweep_add(&st->rec_sweep, &r, st->row->name))
			say(st->sweep_note, sizeof st->sweep_note, "%s", tr(MSG_SW_NOMEM));
	} else {
		char why[480];
		if (d.n)
			diag_format(&d.v[0], why, sizeof why);
		else   /* the file name is enough: the path is the data dir's */
			say(why, sizeof why, tr(MSG_SW_NOT_FOUND), st->row->sweep);
		say(st->sweep_note, sizeof st->sweep_note, tr(MSG_SW_NO_SWEEP), why);
		if (st->have_rec)
			sweep_add(&st->rec_sweep, &st->rec, st->row->name);
	}
	results_free(&r);
	diags_free(&d);
}

/* The sizes offered on this machine, and the one to start with. */
static void pick_presets(struct demo_st *st)
{
	for (int i = 0; i < st->def->npresets && st->npre < DEMO_PRESETS_MAX; i++) {
		const struct preset *p = &st->def->presets[i];
		if (st->gpu ? !p->gpu : !p->cpu)
			continue;
		if (p->start)
			st->preset = st->npre;
		st->pre[st->npre++] = p;
	}
}

/* The title row (demo_st.title).  A built-in title is "SUBJECT: WHAT
 * IT SHOWS", its subject often a built-in lesson's name ("Moving
 * ingredients"); a class has its own lessons, so there the subject is the
 * class lesson that opened the demo, or is left out. */
static void set_title(const struct app *app, struct demo_st *st)
{
	const char *t = tr(st->def->title), *rest = strstr(t, ": "), *zh = strstr(t, "：");
	if (zh && (!rest || zh < rest))
		rest = zh + strlen("：");
	else if (rest)
		rest += 2;
	if (!app->opt.lessons_dir || !rest)
		say(st->title, sizeof st->title, "%s", t);
	else if (app->opened_from[0])
		say(st->title, sizeof st->title, "%s%s%s", app->opened_from, rest == zh + strlen("：") ? "：" : ": ", rest);
	else {
		say(st->title, sizeof st->title, "%s", rest);
		if (st->title[0] >= 'a' && st->title[0] <= 'z')
			st->title[0] = (char)(st->title[0] - 'a' + 'A');
	}
}

void *demo_enter(struct app *app, const struct demo_def *def)
{
	struct demo_st *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	st->def = def;
	st->row = &demo_rows[def->id];
	set_title(app, st);
	runner_init(&st->run);
	char dir[4096];
	if (app->demodir[0])
		say(dir, sizeof dir, "%s", app->demodir);
	else if (!runner_default_demodir(dir, sizeof dir))
		say(dir, sizeof dir, "build/demos");
	runner_demo_path(dir, st->row->name, st->path, sizeof st->path);
	st->gpu = gpu_likely();
	pick_presets(st);
	st->pick.streams = 4;
	load_recorded(app, st);
	if (st->row->sweep)
		load_sweep(app, st);
	start_run(st);
	return st;
}

void demo_leave(struct app *app, void *p)
{
	(void)app;
	struct demo_st *st = p;
	runner_free(&st->run); /* kills a run still going */
	results_free(&st->mine);
	results_free(&st->rec);
	sweep_free(&st->rec_sweep);
	free(st);
}

void demo_tick(struct app *app, void *p)
{
	struct demo_st *st = p;
	if (!st->running)
		return;
	st->spin++;
	if (!runner_poll(&st->run, 0))
		finish_run(app, st);
}

static const char *spinner(const struct demo_st *st)
{
	static const char *const uni[] = { "⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏" };
	static const char *const asc[] = { "|", "/", "-", "\\" };
	return ui_ascii() ? asc[st->spin % 4] : uni[st->spin % 10];
}

int demo_wrapped(int y, int max, enum role r, const char *s)
{
	struct text_lines tl = { 0 };
	text_wrap(s, COLS - 2, &tl);
	int n = (int)tl.n < max ? (int)tl.n : max;
	for (int i = 0; i < n; i++)
		ui_text(y + i, 1, COLS - 2, r, tl.line[i]);
	text_lines_free(&tl);
	return y + (n ? n : 1);
}

/* The run's state; a failure (a path, a reason) wraps to a second row.
 * Returns the next row. */
static int draw_run_line(const struct demo_st *st, int y)
{
	char line[700];
	const char *at = st->ran[0] ? tr(MSG_DEMO_AT) : "";
	if (st->running) {
		say(line, sizeof line, tr(MSG_DEMO_RUNNING),
			 spinner(st), st->row->name, at, st->ran,
			 runner_elapsed_ms(&st->run) / 1000);
		ui_text(y, 1, COLS - 2, C_ACCENT, line);
	} else if (st->note[0]) {
		return demo_wrapped(y, 3, C_WRONG, st->note);
	} else if (st->have_mine) {
		say(line, sizeof line, tr(MSG_DEMO_FINISHED), st->row->name, at, st->ran);
		ui_text(y, 1, COLS - 2, C_OK, line);
	}
	return y + 1;
}

static void draw_size_line(const struct demo_st *st, int y)
{
	char line[300];
	if (st->npre < 2)
		say(line, sizeof line, "%s", tr(MSG_DEMO_RUN_AGAIN));
	else {
		char size[96];
		const struct preset *q = st->pre[st->preset];
		say(size, sizeof size, "%s%s%s", q->label, q->note != MSG_COUNT ? gap_before(tr(q->note)) : "",
		    q->note != MSG_COUNT ? tr(q->note) : "");
		say(line, sizeof line, tr(st->def->ops->size_word), size,
			 strcmp(size, st->ran) ? tr(MSG_DEMO_NOT_RUN) : "");
	}
	ui_text_fit(y, 1, COLS - 2, C_DIM, line);
}

/* The blocks of numbers to show, each titled with where they come from. */
static int sections(const struct demo_st *st, struct demo_section *s)
{
	const char *name = st->row->name;
	char size[96], why[256];
	int n = 0;
	const struct res_device *d = st->have_mine ? results_device(&st->mine, name) : NULL;
	if (d && st->show != SHOW_RECORDED) {
		s[n] = (struct demo_section){ .r = &st->mine, .demo = name };
		st->def->ops->size_text(st, &st->mine, size, sizeof size);
		if (d->live)
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_YOURS_LIVE),
			    d->name, size);
		else
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_YOURS_CPU),
			    size, results_reason_text(d->reason, why, sizeof why));
		n++;
	}
	d = st->have_rec ? results_device(&st->rec, name) : NULL;
	if (d && st->show != SHOW_MINE) {
		s[n] = (struct demo_section){ .r = &st->rec, .demo = name, .recorded = true };
		st->def->ops->size_text(st, &st->rec, size, sizeof size);
		if (size[0]) /* launch's records carry no one size: its points do */
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_REF_SIZE),
			    d->name, d->date, size);
		else
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_REF), d->name, d->date);
		n++;
	}
	return n;
}

void demo_draw(struct app *app, void *p)
{
	struct demo_st *st = p;
	const struct demo_ops *ops = st->def->ops;
	ui_title(st->title, st->row->name);
	int y = draw_run_line(st, 1);
	draw_size_line(st, y);
	bool bars = ops->more && !st->roofline && !st->sweep_view;   /* the view that scrolls */
	int y0 = y + 2, y1 = bars ? LINES - 2 : LINES - 1;
	struct demo_section s[2];
	int n = ops->sections ? sections(st, s) : 0;
	st->rows = y1 - y0;
	ops->draw(app, st, s, n, y0, y1);
	int rows = st->rows, last = st->scroll + rows < st->lines ? st->scroll + rows : st->lines;
	if (bars)   /* the position on the rule above the status line (ui.h) */
		ui_scroll_pos(LINES - 2, st->lines ? st->scroll + 1 : 0, last, st->lines, POS_LINES);
	char hints[HINTS_MAX];
	screen_hints(st->def->screen, app, st, hints, sizeof hints);
	ui_status(app->status, hints);
}

/* +/- stop at the ends of the size list and say so (no wrapping around:
 * 512 then + must not quietly become 128). */
static void step_size(struct app *app, struct demo_st *st, int d)
{
	int n = st->npre;
	if (n < 2)
		return;
	if (st->preset + d >= n && !st->gpu) {   /* why the CPU sizes stop early */
		const char *largest = "";
		for (int i = 0; i < st->def->npresets; i++)
			if (st->def->presets[i].gpu)
				largest = st->def->presets[i].label;
		say(app->status, sizeof app->status, tr(MSG_DEMO_SIZE_LARGEST_CPU), largest);
	} else if (st->preset + d >= n)
		say(app->status, sizeof app->status, "%s", tr(MSG_DEMO_SIZE_LARGEST));
	else if (st->preset + d < 0)
		say(app->status, sizeof app->status, "%s", tr(MSG_DEMO_SIZE_SMALLEST));
	else
		st->preset += d;
}

/* The keys every view shares (demo_ops.h's DEMO_KEY_* rows); the rest are
 * the view's own. */
bool demo_on(struct app *app, void *p, int id, enum msg *why)
{
	struct demo_st *st = p;
	switch (id) {
	case DK_STOP: return st->running;
	case DK_RUN:
		*why = MSG_HK_OFF_RUNNING;
		return !st->running;
	case DK_BIGGER: case DK_SMALLER: return st->npre > 1;
	case DK_SHOW:   /* the bars, the roofline and the size view all show what t picks */
		*why = MSG_HK_OFF_ONE_SET;
		return st->sweep_view || (st->have_mine && st->have_rec);
	default:
		return st->def->ops->key_on(app, st, id, why);
	}
}

enum act demo_key(struct app *app, void *p, const struct input *in)
{
	struct demo_st *st = p;
	switch (in->id) {
	case DK_STOP:
		if (st->run.cancelled)
			return ACT_BACK; /* a second press leaves; leave() kills it */
		runner_cancel(&st->run);
		return ACT_NONE;
	case DK_RUN: start_run(st); return ACT_NONE;
	case DK_BIGGER: step_size(app, st, 1); return ACT_NONE;
	case DK_SMALLER: step_size(app, st, -1); return ACT_NONE;
	case DK_SHOW: st->show = (enum show)((st->show + 1) % 3); st->scroll = 0; return ACT_NONE;
	default: return st->def->ops->key(app, st, in);
	}
}
