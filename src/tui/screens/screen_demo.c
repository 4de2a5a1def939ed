/* screen_demo: the "matmul", "conv", "devinfo", "transfer", "streams",
 * "reduce" and "launch" screens (transfer and streams draw through
 * xfer_view.h, launch through launch_view.h).
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
#include "demo_view.h"
#include "xfer_view.h"
#include "sweep_view.h"
#include "launch_view.h"
#include "results.h"
#include "runner.h"
#include "screen.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define RUN_TIMEOUT_MS 180000

extern const struct screen screen_matmul, screen_devinfo, screen_transfer, screen_streams,
	screen_launch, screen_conv;

/* snprintf for messages where cutting a long path or reason is fine. */
static void say(char *buf, size_t size, const char *fmt, ...) CK_PRINTF(3, 4);
static void say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

struct preset {
	const char *label;     /* the size, as the demo prints it */
	enum msg note;         /* what the size is (quick, benchmark...); MSG_COUNT: nothing */
	const char *args[20];  /* NULL-terminated */
};

/* Sizes the learner cycles through: small enough on a CPU to finish in
 * seconds; on a GPU up to the benchmark sizes. */
static const struct preset mm_cpu[] = {
	{ "128x128x128", MSG_COUNT, { "--size", "128", NULL } },
	{ "256x256x256", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "384x384x384", MSG_COUNT, { "--size", "384", NULL } },
	{ "512x512x512", MSG_COUNT, { "--size", "512", NULL } },
};
static const struct preset mm_gpu[] = {
	{ "256x256x256", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "1024x1024x1024", MSG_COUNT, { "--size", "1024", NULL } },
	{ "2048x2048x2048", MSG_COUNT, { "--size", "2048", NULL } },
	{ "4096x4096x4096", MSG_DEMO_BENCH, { "--size", "4096", NULL } },
};
#define CONV_28(n) { "--n", n, "--c", "32", "--h", "28", "--w", "28", "--k", "32", \
		     "--r", "3", "--s", "3", "--pad", "1", NULL }
#define CONV_56(n) { "--n", n, "--c", "64", "--h", "56", "--w", "56", "--k", "64", \
		     "--r", "3", "--s", "3", "--pad", "1", NULL }
static const struct preset conv_cpu[] = {
	{ "N1 C32 28x28 K32 3x3", MSG_COUNT, CONV_28("1") },
	{ "N4 C32 28x28 K32 3x3", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N8 C32 28x28 K32 3x3", MSG_COUNT, CONV_28("8") },
};
static const struct preset conv_gpu[] = {
	{ "N4 C32 28x28 K32 3x3", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N8 C64 56x56 K64 3x3", MSG_COUNT, CONV_56("8") },
	{ "N32 C64 56x56 K64 3x3", MSG_DEMO_CONV2X, CONV_56("32") },
};
static const struct preset rd_cpu[] = {
	{ "N=1048583", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N=4194304", MSG_COUNT, { "--n", "4194304", NULL } },
	{ "N=16777216", MSG_COUNT, { "--n", "16777216", NULL } },
};
static const struct preset rd_gpu[] = {
	{ "N=1048583", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N=16777216", MSG_COUNT, { "--n", "16777216", NULL } },
	{ "N=268435456", MSG_DEMO_BENCH, { "--n", "268435456", NULL } },
};
static const struct preset ln_cpu[] = {
	{ "N=1048576", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N=16777216", MSG_COUNT, { "--n", "16777216", NULL } },
};
static const struct preset ln_gpu[] = {
	{ "N=4194304", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "N=134217728", MSG_DEMO_BENCH, { "--n", "134217728", NULL } },
};
static const struct preset dev_only[] = { { "", MSG_COUNT, { NULL } } };
static const struct preset xf_cpu[] = {
	{ "4K .. 16M", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "4K .. 64M", MSG_COUNT, { "--max-mib", "64", NULL } },
};
static const struct preset xf_gpu[] = {
	{ "4K .. 16M", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "4K .. 256M", MSG_COUNT, { "--max-mib", "256", NULL } },
	{ "4K .. 1G", MSG_DEMO_BENCH, { NULL } },
};
static const struct preset st_cpu[] = {
	{ "4 MiB / 8, 4 FLOP/B", MSG_DEMO_QUICK, { "--quick", NULL } },
	{ "4 MiB / 8, 32 FLOP/B", MSG_COUNT, { "--quick", "--flops-per-byte", "32", NULL } },
};
static const struct preset st_gpu[] = {
	{ "256 MiB / 16, 16 FLOP/B", MSG_ST_COPY_BOUND, { "--flops-per-byte", "16", NULL } },
	{ "256 MiB / 16, 1024 FLOP/B", MSG_DEMO_BENCH, { NULL } },
	{ "256 MiB / 16, 4096 FLOP/B", MSG_ST_COMPUTE_BOUND, { "--flops-per-byte", "4096", NULL } },
};

struct demo_def {
	const char *name;
	enum msg title;
	const struct preset *cpu, *gpu;
	int ncpu, ngpu, cpu_first, gpu_first;
};

#define N(a) ((int)(sizeof a / sizeof *a))
static const struct demo_def defs[] = {
	{ "matmul", MSG_DEMO_MATMUL_TITLE, mm_cpu, mm_gpu, N(mm_cpu), N(mm_gpu), 1, 1 },
	{ "conv", MSG_DEMO_CONV_TITLE, conv_cpu, conv_gpu, N(conv_cpu), N(conv_gpu), 1, 1 },
	{ "devinfo", MSG_DEMO_DEVINFO_TITLE, dev_only, dev_only, 1, 1, 0, 0 },
	{ "transfer", MSG_DEMO_TRANSFER_TITLE, xf_cpu, xf_gpu, N(xf_cpu), N(xf_gpu), 0, 1 },
	{ "streams", MSG_DEMO_STREAMS_TITLE, st_cpu, st_gpu, N(st_cpu), N(st_gpu), 0, 1 },
	{ "reduce", MSG_DEMO_REDUCE_TITLE, rd_cpu, rd_gpu, N(rd_cpu), N(rd_gpu), 0, 2 },
	{ "launch", MSG_DEMO_LAUNCH_TITLE, ln_cpu, ln_gpu, N(ln_cpu), N(ln_gpu), 0, 1 },
};

static bool is_xfer(const struct demo_def *d)
{
	return !strcmp(d->name, "transfer") || !strcmp(d->name, "streams");
}

enum show { SHOW_AUTO, SHOW_MINE, SHOW_RECORDED };

struct demo_st {
	const struct demo_def *def;
	char path[4352], recfile[4352];
	bool gpu;                 /* a GPU seems present: GPU size presets */
	int preset;               /* chosen size */
	char ran[64];             /* size label of the last run */
	struct runner run;
	bool running;
	struct results mine, rec; /* the learner's last run; the recorded H200 run */
	bool have_mine, have_rec;
	char note[512];           /* what went wrong with the last run, "" */
	char rec_note[512];       /* why there is no recorded reference, "" */
	bool roofline;
	int view;                 /* launch: which series (launch_view.h) */
	enum show show;
	int scroll, lines, rows;   /* rows: the bars' last height, for scrolling */
	unsigned spin;
	struct chart_roof roof;   /* the roofline's layout, redone each draw */
	struct xfer_pick pick;    /* transfer and streams: what the keys picked */
	/* matmul: GFLOP/s against size (c); the learner's side is app->mm_sweep */
	bool sweep_view;
	struct sweep rec_sweep;   /* the recorded size sweep, or the recorded run */
	char sweep_note[512];     /* why there is no recorded sweep, "" */
	struct sweep_plot sweep_plot;
};

static const struct preset *presets(const struct demo_st *st, int *n)
{
	*n = st->gpu ? st->def->ngpu : st->def->ncpu;
	return st->gpu ? st->def->gpu : st->def->cpu;
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
	int n;
	const struct preset *p = &presets(st, &n)[st->preset];
	char *argv[32] = { st->path, "--format", "yaml" };
	int k = 3;
	for (int i = 0; p->args[i] && k < 31; i++)
		argv[k++] = (char *)p->args[i];
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
	if (is_xfer(st->def) || !results_speedups_line(&st->mine, st->def->name, line, sizeof line))
		return;
	results_merge_speedups(app->progress.speedups, sizeof app->progress.speedups,
			       st->def->name, line);
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
	if (!results_parse(st->def->name, out, len, &r, &d)) {
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

/* matmul: each size's results stay for the session (the sweep view). */
static void remember_size(struct app *app, const struct demo_st *st)
{
	if (strcmp(st->def->name, "matmul"))
		return;
	if (!app->mm_sweep)
		app->mm_sweep = calloc(1, sizeof *app->mm_sweep);
	if (!app->mm_sweep || !sweep_add(app->mm_sweep, &st->mine, "matmul"))
		say(app->status, sizeof app->status, "%s", tr(MSG_SW_NOMEM));
}

static void finish_run(struct app *app, struct demo_st *st)
{
	st->running = false;
	if (!(st->run.state == RUNNER_EXITED && st->run.exit_code == 0)) {
		char how[300], last[200];
		runner_describe(&st->run, how, sizeof how);
		runner_last_err_line(&st->run, last, sizeof last);
		say(st->note, sizeof st->note, "%s %s%s%s", st->def->name, how,
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
	diags_free(&d);
}

/* matmul: the recorded size sweep (make bench), else the recorded run's
 * one size, saying why. */
static void load_sweep(struct app *app, struct demo_st *st)
{
	char path[4352];
	say(path, sizeof path, "%s/demos/results/h200-sweep.yaml", app->datadir);
	struct results r = { 0 };
	struct diags d = { 0 };
	if (access(path, R_OK) == 0 && results_load_file(path, &r, &d)) {
		if (!sweep_add(&st->rec_sweep, &r, "matmul"))
			say(st->sweep_note, sizeof st->sweep_note, "%s", tr(MSG_SW_NOMEM));
	} else {
		char why[480];
		if (d.n)
			diag_format(&d.v[0], why, sizeof why);
		else   /* the file name is enough: the path is the data dir's */
			say(why, sizeof why, tr(MSG_SW_NOT_FOUND), "h200-sweep.yaml");
		say(st->sweep_note, sizeof st->sweep_note, tr(MSG_SW_NO_SWEEP), why);
		if (st->have_rec)
			sweep_add(&st->rec_sweep, &st->rec, "matmul");
	}
	results_free(&r);
	diags_free(&d);
}

static void *demo_enter_def(struct app *app, const struct demo_def *def)
{
	struct demo_st *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	st->def = def;
	runner_init(&st->run);
	char dir[4096];
	if (app->demodir[0])
		say(dir, sizeof dir, "%s", app->demodir);
	else if (!runner_default_demodir(dir, sizeof dir))
		say(dir, sizeof dir, "build/demos");
	runner_demo_path(dir, def->name, st->path, sizeof st->path);
	st->gpu = gpu_likely();
	st->preset = st->gpu ? def->gpu_first : def->cpu_first;
	st->pick.streams = 4;
	load_recorded(app, st);
	if (!strcmp(def->name, "matmul"))
		load_sweep(app, st);
	start_run(st);
	return st;
}

static void *enter_matmul(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[0]); }
static void *enter_conv(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[1]); }
static void *enter_devinfo(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[2]); }
static void *enter_transfer(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[3]); }
static void *enter_streams(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[4]); }
static void *enter_reduce(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[5]); }
static void *enter_launch(struct app *app, const char *arg) { (void)arg; return demo_enter_def(app, &defs[6]); }

static void demo_leave(struct app *app, void *p)
{
	(void)app;
	struct demo_st *st = p;
	runner_free(&st->run); /* kills a run still going */
	results_free(&st->mine);
	results_free(&st->rec);
	sweep_free(&st->rec_sweep);
	free(st);
}

static void demo_tick(struct app *app, void *p)
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

/* s wrapped into at most `max` rows from y; returns the next row. */
static int wrapped(int y, int max, enum role r, const char *s)
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
			 spinner(st), st->def->name, at, st->ran,
			 runner_elapsed_ms(&st->run) / 1000);
		ui_text(y, 1, COLS - 2, C_ACCENT, line);
	} else if (st->note[0]) {
		return wrapped(y, 3, C_WRONG, st->note);
	} else if (st->have_mine) {
		say(line, sizeof line, tr(MSG_DEMO_FINISHED), st->def->name, at, st->ran);
		ui_text(y, 1, COLS - 2, C_OK, line);
	}
	return y + 1;
}

static void draw_size_line(const struct demo_st *st, int y)
{
	int n;
	const struct preset *p = presets(st, &n);
	char line[300];
	if (n < 2)
		say(line, sizeof line, "%s", tr(MSG_DEMO_RUN_AGAIN));
	else {
		char size[96];
		const struct preset *q = &p[st->preset];
		say(size, sizeof size, "%s%s%s", q->label, q->note != MSG_COUNT ? gap_before(tr(q->note)) : "",
		    q->note != MSG_COUNT ? tr(q->note) : "");
		say(line, sizeof line, tr(strcmp(st->def->name, "streams") ? MSG_DEMO_SIZE
									     : MSG_DEMO_SETTING), size,
			 strcmp(size, st->ran) ? tr(MSG_DEMO_NOT_RUN) : "");
	}
	ui_text_fit(y, 1, COLS - 2, C_DIM, line);
}

/* The blocks of numbers to show, each titled with where they come from. */
static int sections(const struct demo_st *st, struct demo_section *s)
{
	const char *name = st->def->name;
	char size[96], why[256];
	int n = 0;
	const struct res_device *d = st->have_mine ? results_device(&st->mine, name) : NULL;
	if (d && st->show != SHOW_RECORDED) {
		s[n] = (struct demo_section){ .r = &st->mine, .demo = name };
		size[0] = '\0';
		if (is_xfer(st->def))
			xfer_view_size_text(&st->mine, name, size, sizeof size);
		else if (st->mine.nvar)
			results_size_text(&st->mine.var[0], size, sizeof size);
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
		size[0] = '\0';
		if (is_xfer(st->def))
			xfer_view_size_text(&st->rec, name, size, sizeof size);
		for (size_t i = 0; i < st->rec.nvar && !size[0]; i++)
			if (!strcmp(st->rec.var[i].demo, name))
				results_size_text(&st->rec.var[i], size, sizeof size);
		if (size[0]) /* launch's records carry no one size: its points do */
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_REF_SIZE),
			    d->name, d->date, size);
		else
			say(s[n].title, sizeof s[n].title, tr(MSG_DEMO_REF), d->name, d->date);
		n++;
	}
	return n;
}

static void draw_devinfo(const struct demo_st *st, int y, int y1)
{
	const struct res_device *d = st->have_mine ? results_device(&st->mine, NULL) : NULL;
	if (d)
		y = demo_view_device(d, tr(d->live ? MSG_DEMO_THIS_LIVE : MSG_DEMO_THIS_CPU), y, y1) + 1;
	const struct res_device *r = st->have_rec ? results_device(&st->rec, NULL) : NULL;
	if (r && (!d || !d->live || st->show == SHOW_RECORDED)) {
		char title[200];
		say(title, sizeof title, tr(MSG_DEMO_REF), r->name, r->date);
		demo_view_device(r, title, y, y1);
	} else if (!r && y < y1) {
		wrapped(y, y1 - y, C_DIM, st->rec_note);
	}
}

static void demo_draw(struct app *app, void *p)
{
	struct demo_st *st = p;
	bool dev = !strcmp(st->def->name, "devinfo");
	const char *nm = st->def->name;
	bool launch = !strcmp(nm, "launch");
	ui_title(tr(st->def->title), nm);
	int y = draw_run_line(st, 1);
	draw_size_line(st, y);
	int y0 = y + 2, y1 = LINES - 1;
	struct demo_section s[2];
	int n = dev ? 0 : sections(st, s);
	if (dev) {
		draw_devinfo(st, y0, y1);
	} else if (is_xfer(st->def)) {
		xfer_view_draw(st->def->name, s, n, &st->pick, st->show == SHOW_MINE,
			       st->have_rec ? NULL : st->rec_note, y0, y1);
	} else if (st->sweep_view) {
		static const struct sweep none;   /* no run yet: an empty "yours" */
		sweep_view_draw(st->show == SHOW_RECORDED ? NULL : app->mm_sweep ? app->mm_sweep : &none,
				st->show == SHOW_MINE ? NULL : &st->rec_sweep, st->sweep_note,
				y0, y1, &st->sweep_plot);
	} else if (launch) {
		launch_view(s, n, st->view, y0, y1);
		if (!st->have_rec && n < 2)
			wrapped(y1 - 1, 1, C_DIM, st->rec_note);
	} else if (st->roofline) {
		demo_view_roofline(s, n, y0, y1, &st->roof);
	} else {
		st->lines = demo_view_bars(s, n, y0, y1, st->scroll);
		int yr = y0 + st->lines - st->scroll;
		if (!st->have_rec && yr >= y0 && yr < y1)
			wrapped(yr, y1 - yr, C_DIM, st->rec_note);
	}
	char more[64] = "";
	int rows = y1 - y0;
	st->rows = rows;
	if (!dev && !is_xfer(st->def) && !launch && !st->roofline && !st->sweep_view && st->lines > rows)
		say(more, sizeof more, tr(MSG_DEMO_MORE), st->scroll + 1,
		    st->scroll + rows < st->lines ? st->scroll + rows : st->lines, st->lines);
	char hints[HINTS_MAX];
	screen_hints(dev ? &screen_devinfo : !strcmp(nm, "transfer") ? &screen_transfer
		     : !strcmp(nm, "streams") ? &screen_streams : launch ? &screen_launch
		     : !strcmp(nm, "matmul") ? &screen_matmul : &screen_conv, app, st, hints,
		     sizeof hints);
	ui_status(app->status[0] ? app->status : more, hints);
}

static void scroll_by(struct demo_st *st, int d)
{
	int max = st->lines - (st->rows > 0 ? st->rows : LINES - 5);
	st->scroll += d;
	if (st->scroll > max)
		st->scroll = max;
	if (st->scroll < 0)
		st->scroll = 0;
}

/* +/- stop at the ends of the size list and say so (no wrapping around:
 * 512 then + must not quietly become 128). */
static void step_size(struct app *app, struct demo_st *st, int d)
{
	int n;
	presets(st, &n);
	if (n < 2)
		return;
	if (st->preset + d >= n && !st->gpu)   /* why the CPU sizes stop early */
		say(app->status, sizeof app->status, tr(MSG_DEMO_SIZE_LARGEST_CPU),
		    st->def->gpu[st->def->ngpu - 1].label);
	else if (st->preset + d >= n)
		say(app->status, sizeof app->status, "%s", tr(MSG_DEMO_SIZE_LARGEST));
	else if (st->preset + d < 0)
		say(app->status, sizeof app->status, "%s", tr(MSG_DEMO_SIZE_SMALLEST));
	else
		st->preset += d;
}

enum {
	DK_STOP = KEY_OWN, DK_RUN, DK_BIGGER, DK_SMALLER, DK_VIEW, DK_SHOW, DK_DEV_RUN, DK_DEV_SHOW,
	DK_DIRECTION, DK_STREAMS, DK_MEMORY, DK_LAUNCH_VIEW, DK_SIZES,
};

/* The matmul and conv screens' keys (screen.h); devinfo has its own. */
static const struct screen_key demo_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEMO_R },
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = MSG_ST_SIZE,
	  .help = MSG_HK_DEMO_BIGGER },
	{ .id = DK_SMALLER, .keys = "-", .help = MSG_HK_DEMO_SMALLER },
	{ .id = DK_VIEW, .keys = "v", .label = MSG_ST_ROOFLINE, .help = MSG_HK_DEMO_V },
	{ .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T },
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, { .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
};
/* matmul's: the same and its GFLOP/s-against-size view (sweep_view.c). */
static const struct screen_key matmul_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEMO_R },
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = MSG_ST_SIZE,
	  .help = MSG_HK_DEMO_BIGGER },
	{ .id = DK_SMALLER, .keys = "-", .help = MSG_HK_DEMO_SMALLER },
	{ .id = DK_VIEW, .keys = "v", .label = MSG_ST_ROOFLINE, .help = MSG_HK_DEMO_V },
	{ .id = DK_SIZES, .keys = "c", .label = MSG_ST_SIZES, .help = MSG_HK_DEMO_C },
	{ .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T },
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, { .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
};
static const struct screen_key devinfo_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_DEV_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEV_R },
	{ .id = DK_DEV_SHOW, .keys = "t", .label = MSG_ST_DEV_SHOW, .help = MSG_HK_DEV_T },
};

/* The launch screen's keys: v is its next view, not a roofline. */
static const struct screen_key launch_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEMO_R },
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = MSG_ST_SIZE,
	  .help = MSG_HK_DEMO_BIGGER },
	{ .id = DK_SMALLER, .keys = "-", .help = MSG_HK_DEMO_SMALLER },
	{ .id = DK_LAUNCH_VIEW, .keys = "v", .label = MSG_ST_NEXT_VIEW, .help = MSG_HK_LV_V },
	{ .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T },
};

/* The transfer and streams screens' keys: their own views of the run. */
static const struct screen_key transfer_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEMO_R },
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = MSG_ST_SIZE,
	  .help = MSG_HK_XF_BIGGER },
	{ .id = DK_SMALLER, .keys = "-", .help = MSG_HK_XF_SMALLER },
	{ .id = DK_DIRECTION, .keys = "d", .label = MSG_ST_DIRECTION, .help = MSG_HK_XF_D },
	{ .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T },
};
static const struct screen_key streams_keys[] = {
	{ .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, .help = MSG_HK_DEMO_STOP },
	{ .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = MSG_HK_DEMO_R },
	/* t before the settings: the screen's text tells the learner to press it */
	{ .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T },
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = MSG_ST_SETTING,
	  .help = MSG_HK_ST_MORE },
	{ .id = DK_SMALLER, .keys = "-", .help = MSG_HK_ST_LESS },
	{ .id = DK_STREAMS, .keys = "1 2 4 8", .cap = MSG_CAP_STREAMS, .label = MSG_ST_STREAMS,
	  .help = MSG_HK_ST_N },
	{ .id = DK_MEMORY, .keys = "m", .label = MSG_ST_MEMORY, .help = MSG_HK_ST_M },
};

static bool demo_on(struct app *app, void *p, int id, enum msg *why)
{
	(void)app;
	struct demo_st *st = p;
	int n;
	presets(st, &n);
	const struct res_device *d = st->have_mine ? results_device(&st->mine, NULL) : NULL;
	switch (id) {
	case DK_STOP: return st->running;
	case DK_RUN: case DK_DEV_RUN:
		*why = MSG_HK_OFF_RUNNING;
		return !st->running;
	case DK_BIGGER: case DK_SMALLER: return n > 1;
	case DK_SHOW:   /* the bars, the roofline and the size view all show what t picks */
		*why = MSG_HK_OFF_ONE_SET;
		return st->sweep_view || (st->have_mine && st->have_rec);
	case DK_DEV_SHOW:   /* without a live GPU the recorded H200 is shown already */
		*why = st->have_rec ? MSG_HK_OFF_NO_GPU : MSG_HK_OFF_NO_RECORD;
		return st->have_rec && d && d->live;
	case DK_VIEW: case DK_LAUNCH_VIEW: case DK_DIRECTION: case DK_STREAMS: case DK_MEMORY:
	case DK_SIZES:
		return true;
	default:   /* scrolling: the bars only, when they do not fit */
		return !st->roofline && !st->sweep_view && st->lines > st->rows;
	}
}

static enum act demo_key(struct app *app, void *p, const struct input *in)
{
	struct demo_st *st = p;
	switch (in->id) {
	case DK_STOP:
		if (st->run.cancelled)
			return ACT_BACK; /* a second press leaves; leave() kills it */
		runner_cancel(&st->run);
		return ACT_NONE;
	case DK_RUN: case DK_DEV_RUN: start_run(st); return ACT_NONE;
	case DK_BIGGER: step_size(app, st, 1); return ACT_NONE;
	case DK_SMALLER: step_size(app, st, -1); return ACT_NONE;
	case DK_VIEW:   /* from the size view: the roofline */
		st->roofline = st->sweep_view || !st->roofline;
		st->sweep_view = false;
		return ACT_NONE;
	case DK_SIZES: st->sweep_view = !st->sweep_view; return ACT_NONE;   /* again: back */
	case DK_LAUNCH_VIEW: st->view = (st->view + 1) % LAUNCH_VIEWS; return ACT_NONE;
	case DK_DIRECTION: case DK_STREAMS: case DK_MEMORY:
		xfer_view_key(st->def->name, &st->pick, in->key);
		return ACT_NONE;
	case DK_SHOW: st->show = (enum show)((st->show + 1) % 3); st->scroll = 0; return ACT_NONE;
	case DK_DEV_SHOW: st->show = st->show == SHOW_RECORDED ? SHOW_AUTO : SHOW_RECORDED; return ACT_NONE;
	case CMD_UP: scroll_by(st, -1); return ACT_NONE;
	case CMD_DOWN: scroll_by(st, 1); return ACT_NONE;
	case CMD_PGUP: scroll_by(st, -(LINES - 6)); return ACT_NONE;
	case CMD_PGDN: scroll_by(st, LINES - 6); return ACT_NONE;
	case CMD_TOP: st->scroll = 0; return ACT_NONE;
	case CMD_BOTTOM: scroll_by(st, st->lines); return ACT_NONE;
	default: return ACT_IGNORED;
	}
}

/* Every demo's screen: the same drawing and keys, its own entry (which
 * demo it runs and how) and key list. */
#define DEMO_SCREEN(id, keys)                                                  \
	const struct screen screen_##id = {                                    \
		.name = #id, .enter = enter_##id, .draw = demo_draw,           \
		.key = demo_key, .tick = demo_tick, .leave = demo_leave,       \
		SCREEN_KEYS(keys), .key_on = demo_on,                          \
	}
DEMO_SCREEN(matmul, matmul_keys);
DEMO_SCREEN(conv, demo_keys);
DEMO_SCREEN(reduce, demo_keys);
DEMO_SCREEN(launch, launch_keys);
DEMO_SCREEN(devinfo, devinfo_keys);
DEMO_SCREEN(transfer, transfer_keys);
DEMO_SCREEN(streams, streams_keys);
