/* screen_tiling: the "tiling" block.  C = A·B split into tiles, one per
 * thread block, each coloured by the SM it runs on, stepped through the
 * k-loop in three modes (naive, shared-memory tiled, register-blocked) with
 * live traffic counters from the model in tiling.h; the ratio between modes
 * in large digits; `r` runs the real matmul demo at the chosen size; `c`
 * shows a convolution turning into a matrix multiply (im2col).  All counts
 * come from tiling.c; this file draws them and maps keys onto them. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo.h"
#include "app.h"
#include "gpumap.h"
#include "results.h"
#include "runner.h"
#include "screen.h"
#include "text.h"
#include "tiling.h"
#include "tiling_grid.h"
#include "tiling_view.h"
#include "matmul/mm_ladder.h"
#include "ui.h"
#include "i18n.h"
#include "keymap.h"
#include "term.h"

extern const struct screen screen_tiling;

#define RUN_TIMEOUT_MS 120000
static const int speeds[] = { 1, 2, 4, 8, 16, 32, 64 };
#define TICKS_PER_STEP 5   /* at x1: a step every 5 ticks of ~0.1 s */
#define NSPEEDS ((int)(sizeof speeds / sizeof *speeds))

struct tl_st {
	struct tl_config cfg;
	struct tl_sim sim;
	bool playing, conv, real_sms;
	int speed, conv_step, conv_tick, step_tick;
	struct gm_source src;       /* devinfo (SM count) and the recorded H200 run */
	char demo[4200];            /* path of the matmul program */
	struct runner run;
	bool running, have_res;
	struct results res;
	int run_n;                  /* size of the last run */
	char note[320];             /* why the run gave nothing, "" */
};

static void restart(struct tl_st *st, enum tl_mode m)
{
	tl_clamp(&st->cfg);
	tl_sim_start(&st->sim, &st->cfg, m);
	st->playing = false;
}

static void *tl_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct tl_st *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	tl_default(&st->cfg);
	restart(st, TL_NAIVE);
	runner_init(&st->run);
	char dir[4096], path[4200], rec[4200];
	if (app->demodir[0])
		snprintf(dir, sizeof dir, "%s", app->demodir);
	else if (!runner_default_demodir(dir, sizeof dir))
		snprintf(dir, sizeof dir, "build/demos");
	bool have = runner_demo_path(dir, demo_name(CK_DEMO_devinfo), path, sizeof path) && runner_program_exists(path);
	runner_demo_path(dir, demo_name(CK_DEMO_matmul), st->demo, sizeof st->demo);
	snprintf(rec, sizeof rec, "%s/demos/results/h200.yaml", app->datadir);
	gpumap_source_start(&st->src, have ? path : NULL, rec);
	return st;
}

static void tl_leave(struct app *app, void *p)
{
	(void)app;
	struct tl_st *st = p;
	runner_free(&st->run);
	results_free(&st->res);
	gpumap_source_free(&st->src);
	free(st);
}

/* The matmul demo at the model's size: the three hand-written rungs the
 * model describes, and the CPU ones for a machine without a GPU. */
static void run_start(struct tl_st *st)
{
	if (st->running)
		return;
	results_free(&st->res);
	st->have_res = false;
	st->note[0] = '\0';
	char size[16], variants[128];
	snprintf(size, sizeof size, "%d", st->cfg.n);
	snprintf(variants, sizeof variants, "%s,%s,%s,%s,%s", tl_mode_name(TL_NAIVE), tl_mode_name(TL_TILED),
		 tl_mode_name(TL_REGBLOCK), mm_rung_id(MM_CPU_NAIVE), mm_rung_id(MM_CPU_BLOCKED));
	char *argv[] = { (char *)demo_name(CK_DEMO_matmul), "--size", size, "--variants", variants, "--format", "yaml", NULL };
	struct runner_opts o = { .timeout_ms = RUN_TIMEOUT_MS };
	st->run_n = st->cfg.n;
	st->running = runner_start(&st->run, st->demo, argv, &o);
	if (!st->running)
		snprintf(st->note, sizeof st->note, tr(MSG_TL_NOT_STARTED), st->run.error);
}

static void run_finish(struct app *app, struct tl_st *st)
{
	st->running = false;
	struct diags d = { 0 };
	if (st->run.state == RUNNER_EXITED && st->run.exit_code == 0)
		st->have_res = results_parse(demo_name(CK_DEMO_matmul), st->run.out.p ? st->run.out.p : "", st->run.out.len, &st->res, &d);
	if (!st->have_res)
		runner_describe(&st->run, st->note, sizeof st->note);
	diags_free(&d);
	runner_free(&st->run);
	char line[256];
	if (st->have_res && results_speedups_line(&st->res, demo_name(CK_DEMO_matmul), line, sizeof line)) {
		results_merge_speedups(app->progress.speedups, sizeof app->progress.speedups, demo_name(CK_DEMO_matmul), line);
		app_progress_changed(app);
	}
}

static void tl_tick(struct app *app, void *p)
{
	struct tl_st *st = p;
	gpumap_source_poll(&st->src);
	if (st->running && !runner_poll(&st->run, 0))
		run_finish(app, st);
	if (!st->playing)
		return;
	if (st->conv) {   /* one output about every 0.8 s at speed x1 */
		st->conv_tick += speeds[st->speed];
		if (st->conv_tick >= 8) {
			st->conv_tick = 0;
			st->conv_step = (st->conv_step + 1) % 9;
		}
		return;
	}
	/* x1 is one step every TICKS_PER_STEP ticks (half a second), slow
	 * enough to read the counters; x64 about thirteen steps a tick */
	st->step_tick += speeds[st->speed];
	for (; st->step_tick >= TICKS_PER_STEP; st->step_tick -= TICKS_PER_STEP)
		if (!tl_sim_step(&st->sim)) {
			st->playing = false;
			st->step_tick = 0;
			break;
		}
}

/* The mode tabs, the configuration and the grid line, wrapped at narrow
 * widths; returns the first free row. */
static int draw_header(const struct tl_st *st)
{
	const struct tl_config *c = &st->sim.cfg;
	enum tl_mode m = st->sim.mode;
	int x = 0, tw = 0;
	for (int i = 0; i < TL_NMODES; i++) {
		char s[32];
		snprintf(s, sizeof s, "[%s]", tl_mode_name((enum tl_mode)i));
		tiling_view_mode_tab(i, &x, &tw);
		ui_text(TILING_TAB_ROW, x, COLS - x, i == (int)m ? C_SELECT : C_DIM, s);
	}
	x = tiling_view_mode_tab(0, &(int){ 0 }, &tw);   /* the column after the tabs */
	ui_text(1, x + 1, COLS - x - 1, C_DIM, tr(MSG_TL_MODE_KEY));
	char line[400], sms[200];
	if (m == TL_REGBLOCK)
		snprintf(line, sizeof line, tr(MSG_TL_REGBLOCK_HEAD),
			 c->n, c->b, c->b, c->r, c->r, (c->b / c->r) * (c->b / c->r), c->bk);
	else
		snprintf(line, sizeof line, tr(MSG_TL_TILE_HEAD), c->n, c->t, c->t, c->t,
			 c->t, m == TL_NAIVE ? tr(MSG_TL_NO_REUSE) : "");
	int y = ui_wrap(2, 5, 0, COLS, C_HEADING, line);
	if (st->real_sms && st->src.dev) {   /* "H200": the line fits 80 columns */
		const char *name = st->src.dev->name;
		if (!strncmp(name, "NVIDIA ", 7))
			name += 7;
		snprintf(sms, sizeof sms, tr(MSG_TL_SMS_REAL), c->sms, name,
			 tr(st->src.measured ? MSG_TL_HERE : MSG_TL_RECORDED));
	}
	else
		snprintf(sms, sizeof sms, tr(MSG_TL_SMS_FEW), c->sms);
	int g = tl_grid(c, m);
	int waves = tl_waves(c, m);
	/* each block is coloured by its SM; without colour the SM's number
	 * in the cell is the mark */
	snprintf(line, sizeof line, tr(waves == 1 ? MSG_TL_GRID_LINE_1 : MSG_TL_GRID_LINE), g, g, sms, waves,
		 tl_ksteps(c, m), tr(term_color() ? MSG_TL_COLOUR : MSG_TL_MARK), c->sms > 8 ? " mod 8" : "");
	return ui_wrap(y, y + 2, 0, COLS, C_DIM, line);
}

static int draw_run(const struct tl_st *st, int y, int y1, int x, int w)
{
	char line[600];
	if (st->running) {
		snprintf(line, sizeof line, tr(MSG_TL_RUNNING), st->run_n, runner_elapsed_ms(&st->run) / 1000);
		ui_text(y++, x, w, C_ACCENT, line);
		return y;
	}
	if (st->note[0])
		return ui_wrap(y, y1, x, w, C_WRONG, st->note);
	if (!st->have_res) {
		snprintf(line, sizeof line, tr(MSG_TL_RUN_KEY), st->sim.cfg.n);
		ui_text(y++, x, w, C_DIM, line);
		return y;
	}
	const struct res_device *d = results_device(&st->res, demo_name(CK_DEMO_matmul));
	if (d && d->live) {
		snprintf(line, sizeof line, tr(MSG_TL_LIVE), d->name);
		return tiling_view_rungs(&st->res, line, y, y1, x, w);
	}
	const struct res_variant *cn = tiling_view_find(&st->res, mm_rung_id(MM_CPU_NAIVE)),
		*cb = tiling_view_find(&st->res, mm_rung_id(MM_CPU_BLOCKED));
	char a[96], b[96];
	/* the reason's first clause ("no CUDA driver"): the demo screen has it whole */
	char why[256];
	if (d)
		results_reason_text(d->reason, why, sizeof why);
	else
		snprintf(why, sizeof why, "%s", tr(MSG_TL_NO_DEVICE));
	why[strcspn(why, ":")] = '\0';
	snprintf(line, sizeof line, tr(MSG_TL_CPU), st->run_n, why);
	y = ui_wrap(y, y1, x, w, C_NOTE, line);
	tiling_view_ms(cn, mm_rung_id(MM_CPU_NAIVE), st->run_n, a, sizeof a);
	tiling_view_ms(cb, mm_rung_id(MM_CPU_BLOCKED), st->run_n, b, sizeof b);
	snprintf(line, sizeof line, "ms: %s  %s", a, b);
	y = ui_wrap(y, y1, x, w, C_NOTE, line);
	const struct res_device *rd = st->src.have_rec ? results_device(&st->src.rec, demo_name(CK_DEMO_matmul)) : NULL;
	if (rd) {
		snprintf(line, sizeof line, tr(MSG_TL_REC), rd->name, rd->date);
		return tiling_view_rungs(&st->src.rec, line, y, y1, x, w);
	}
	if (y < y1)
		ui_text(y++, x, w, C_DIM, tr(MSG_TL_NO_REC));
	return y;
}

/* Rows the key legend takes at the bottom (ui_key_lines): every key of
 * the screen that works now, from the key table; the global keys are on
 * the status line. */
static int draw_keys(struct app *app, struct tl_st *st, int y1, bool draw)
{
	char keys[1024];
	keymap_hints(&screen_tiling, app, st, HINTS_OWN, false, 100000, keys, sizeof keys);
	return ui_key_lines(keys, y1, draw);
}

static void tl_draw(struct app *app, void *p)
{
	struct tl_st *st = p;
	char right[96];
	snprintf(right, sizeof right, tr(MSG_TL_SPEED), speeds[st->speed], st->src.running ? tr(MSG_GM_RUNNING) : "");
	ui_title(tr(MSG_TL_TITLE), right);
	char hints[HINTS_MAX];   /* the legend sits above a status bar of one or two rows */
	keymap_hints(&screen_tiling, app, st, HINTS_GLOBAL, app->below != NULL, COLS - 2,
		     hints, sizeof hints);
	int bar = LINES - ui_status_rows(app->status, hints);
	int nk = draw_keys(app, st, bar, true), y1 = bar - nk;
	if (st->conv) {
		tiling_view_conv(st->conv_step, 1, y1);
	} else {
		int y0 = draw_header(st);
		/* the grid grows with the terminal (30 columns at 80, up to 90) */
		int lw = COLS >= 80 ? (COLS / 2 - 10 < 30 ? 30 : COLS / 2 - 10 > 90 ? 90 : COLS / 2 - 10)
			: COLS - 40;
		tiling_grid_draw(&st->sim, y0, 0, lw, y1 - y0);
		int x = lw + 2, w = COLS - x - 1;
		bool run = st->running || st->note[0] || st->have_res;
		/* a short screen with a run's result: the result gets the rows of
		 * the step counters (they come back at the next step or resize) */
		bool room = !run || !st->have_res || y1 - y0 >= 16;
		int y = room ? tiling_grid_counters(&st->sim, st->playing, y0, x, w) : y0;
		if (y + (run ? 1 : 4) <= y1)
			y = tiling_grid_ratio(&st->sim, y, x, w, !run);
		if (y < y1)
			y = draw_run(st, y, y1, x, w);
		if (y + 5 <= y1)   /* the whole-run table whole (5 rows), or not at all */
			tiling_view_totals(&st->sim.cfg, y, y1, x, w);
	}
	ui_status(app->status, hints);
}

/* The SM count: 4 to see waves, or the GPU's own from devinfo. */
static void toggle_sms(struct app *app, struct tl_st *st)
{
	if (!st->real_sms && !st->src.dev) {
		snprintf(app->status, sizeof app->status, tr(MSG_TL_NO_SMS), st->src.label);
		return;
	}
	st->real_sms = !st->real_sms;
	st->cfg.sms = st->real_sms ? (int)st->src.dev->sms : 4;
	restart(st, st->sim.mode);
}

enum {
	TK_PLAY = KEY_OWN, TK_PAUSE, TK_BACK_STEP, TK_STEP, TK_START, TK_END, TK_FASTER, TK_SLOWER,
	TK_MODE, TK_N_DOWN, TK_N_UP, TK_N_DOWN16, TK_N_UP16, TK_TILE_DOWN, TK_TILE_UP, TK_MICRO,
	TK_SMS, TK_RUN, TK_CONV,
};

/* The tiling screen's keys (screen.h); the legend at the bottom is made
 * from them. */
static const struct screen_key tl_keys[] = {
	{ .id = TK_PLAY, .keys = "Space", .label = MSG_ST_PLAY, .help = MSG_HK_TL_SPACE },
	{ .id = TK_PAUSE, .keys = "Space", .label = MSG_ST_PAUSE, .help = MSG_HK_TL_SPACE },
	{ .id = TK_BACK_STEP, .keys = "Left h", .label = MSG_ST_STEP, .help = MSG_HK_TL_BACK },
	{ .id = TK_STEP, .keys = "Right l", .label = MSG_ST_STEP, .help = MSG_HK_TL_FORWARD },
	{ .id = TK_START, .keys = "g Home", .label = MSG_ST_START_END, .help = MSG_HK_TL_START },
	{ .id = TK_END, .keys = "G End", .label = MSG_ST_START_END, .help = MSG_HK_TL_END },
	{ .id = TK_FASTER, .keys = "+ =", .label = MSG_ST_SPEED, .help = MSG_HK_TL_FASTER },
	{ .id = TK_SLOWER, .keys = "-", .label = MSG_ST_SPEED, .help = MSG_HK_TL_SLOWER },
	{ .id = TK_MODE, .keys = "m", .label = MSG_ST_MODE, .help = MSG_HK_TL_MODE },
	{ .id = TK_N_DOWN, .keys = "[", .label = MSG_ST_N1, .help = MSG_HK_TL_N_DOWN },
	{ .id = TK_N_UP, .keys = "]", .label = MSG_ST_N1, .help = MSG_HK_TL_N_UP },
	{ .id = TK_N_DOWN16, .keys = "{", .label = MSG_ST_N16, .help = MSG_HK_TL_N_DOWN16 },
	{ .id = TK_N_UP16, .keys = "}", .label = MSG_ST_N16, .help = MSG_HK_TL_N_UP16 },
	{ .id = TK_TILE_DOWN, .keys = "t", .label = MSG_ST_TILE, .help = MSG_HK_TL_TILE_DOWN },
	{ .id = TK_TILE_UP, .keys = "T", .label = MSG_ST_TILE, .help = MSG_HK_TL_TILE_UP },
	{ .id = TK_MICRO, .keys = "u", .label = MSG_ST_MICRO, .help = MSG_HK_TL_MICRO },
	{ .id = TK_SMS, .keys = "s", .label = MSG_ST_SMS, .help = MSG_HK_TL_SMS },
	{ .id = TK_RUN, .keys = "r", .label = MSG_ST_RUN_MATMUL, .help = MSG_HK_TL_RUN },
	{ .id = TK_CONV, .keys = "c", .label = MSG_ST_CONV, .help = MSG_HK_TL_CONV },
};

static bool tl_on(struct app *app, void *p, int id, enum msg *why)
{
	(void)app;
	struct tl_st *st = p;
	switch (id) {
	case TK_PLAY: return !st->playing;
	case TK_PAUSE: return st->playing;
	case TK_BACK_STEP: case TK_STEP: case TK_FASTER: case TK_SLOWER: case TK_CONV: case TK_RUN:
		return true;
	case TK_MICRO:
		*why = MSG_HK_OFF_REGBLOCK;
		return !st->conv && st->sim.mode == TL_REGBLOCK;
	case TK_SMS:
		*why = MSG_HK_OFF_NO_SMS;
		return !st->conv && (st->real_sms || st->src.dev);
	default:   /* the model's keys: not in the convolution view */
		return !st->conv;
	}
}

/* Keys that change the model; true when the key was one of them. */
static bool config_key(struct app *app, struct tl_st *st, int id)
{
	struct tl_config *c = &st->cfg;
	bool rb = st->sim.mode == TL_REGBLOCK;
	switch (id) {
	case TK_N_DOWN: c->n -= 1; break;
	case TK_N_UP: c->n += 1; break;
	case TK_N_DOWN16: c->n -= 16; break;
	case TK_N_UP16: c->n += 16; break;
	case TK_TILE_DOWN: if (rb) c->b /= 2; else c->t /= 2; break;
	case TK_TILE_UP: if (rb) c->b *= 2; else c->t *= 2; break;
	case TK_MICRO: c->r = c->r >= 8 || c->r * 2 > c->b / 2 ? 2 : c->r * 2; break;
	case TK_MODE: restart(st, (enum tl_mode)((st->sim.mode + 1) % TL_NMODES)); return true;
	case TK_SMS: toggle_sms(app, st); return true;
	default: return false;
	}
	restart(st, st->sim.mode);
	return true;
}

static bool play_key(struct app *app, struct tl_st *st, int id)
{
	switch (id) {
	case TK_PLAY: case TK_PAUSE: st->playing = !st->playing; return true;
	case TK_FASTER: if (st->speed + 1 < NSPEEDS) st->speed++; return true;
	case TK_SLOWER: if (st->speed > 0) st->speed--; return true;
	case TK_CONV: st->conv = !st->conv; st->playing = false; return true;
	case TK_RUN:
		run_start(st);
		if (!st->running && st->note[0])
			snprintf(app->status, sizeof app->status, "%.200s", st->note);
		return true;
	default: return false;
	}
}

static enum act tl_key(struct app *app, void *p, const struct input *in)
{
	struct tl_st *st = p;
	if (in->mouse != MOUSE_NONE) {   /* a click on a mode's tab picks it */
		int m = in->mouse == MOUSE_PRESS && !st->conv ? tiling_view_mode_at(in->my, in->mx) : -1;
		if (m >= 0)
			restart(st, (enum tl_mode)m);
		return ACT_NONE;
	}
	if (play_key(app, st, in->id) || config_key(app, st, in->id))
		return ACT_NONE;
	struct tl_sim *s = &st->sim;
	switch (in->id) {
	case TK_STEP:
		if (st->conv)
			st->conv_step = (st->conv_step + 1) % 9;
		else
			tl_sim_step(s);
		break;
	case TK_BACK_STEP:
		if (st->conv)
			st->conv_step = (st->conv_step + 8) % 9;
		else if (s->step > 0)
			tl_sim_goto(s, s->step - 1);
		break;
	case TK_START: tl_sim_goto(s, 0); break;
	case TK_END: tl_sim_goto(s, tl_steps(&s->cfg, s->mode)); break;
	default: return ACT_IGNORED;
	}
	return ACT_NONE;
}

const struct screen screen_tiling = {
	.name = "tiling", .enter = tl_enter, .draw = tl_draw, .key = tl_key,
	.tick = tl_tick, .leave = tl_leave,
	SCREEN_KEYS(tl_keys), .key_on = tl_on,
};
