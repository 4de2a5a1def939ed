/* demo_ops: the kinds of demo view, each a table of functions (draw, keys,
 * key_on, key) as tig's view_ops, and the demo screens the registry
 * (demos/demos.h) makes from them: one per row, its view's ops, its
 * presets.  The views draw through demo_view.h (bars, roofline, device
 * card), sweep_view.h (time against size), xfer_view.h (bandwidth curve,
 * stream timeline) and launch_view.h (block and grid sweeps); the
 * screen's life, and the keys every view shares, are screen_demo.c's.
 * attn is the bars with the attention ladder's memory line under them. */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include "app.h"
#include "attn_mem.h"
#include "demo_ops.h"
#include "launch_view.h"
#include "multi_view.h"
#include "sweep_view.h"
#include "ui.h"
#include "i18n.h"
#include "text.h"

/* Rows of the key tables that more than one view has, written once. */
#define DEMO_KEY_STOP { .id = DK_STOP, .keys = "Esc Backspace q", .label = MSG_ST_STOP, \
			.help = MSG_HK_DEMO_STOP }
#define DEMO_KEY_RUN(what) { .id = DK_RUN, .keys = "r", .label = MSG_ST_RUN, .help = (what) }
#define DEMO_KEYS_SIZE(word, more, less) \
	{ .id = DK_BIGGER, .keys = "+ = s", .cap = MSG_CAP_PLUS_MINUS, .label = (word), \
	  .help = (more) }, \
	{ .id = DK_SMALLER, .keys = "-", .help = (less) }
#define DEMO_KEY_SHOW { .id = DK_SHOW, .keys = "t", .label = MSG_ST_SHOW, .help = MSG_HK_DEMO_T }
#define DEMO_KEYS_SCROLL { .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, \
	{ .cmd = CMD_PGUP }, { .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM }
#define OPS_KEYS(t) .keys = (t), .nkeys = sizeof (t) / sizeof *(t)

static bool none_on(struct app *app, struct demo_st *st, int id, enum msg *why)
{
	(void)app; (void)st; (void)id; (void)why;
	return true;
}

/* The size of the first record of the section's demo ("" when none). */
static void record_size(const struct demo_st *st, const struct results *r, char *buf,
			size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < r->nvar && !buf[0]; i++)
		if (!strcmp(r->var[i].demo, st->row->name))
			results_size_text(&r->var[i], buf, size);
}

/* --- bars: each variant's time, the roofline (v), time against size (c,
 * for a demo whose row names a recorded sweep), scrolling. */

static const struct screen_key bars_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEMO_R),
	DEMO_KEYS_SIZE(MSG_ST_SIZE, MSG_HK_DEMO_BIGGER, MSG_HK_DEMO_SMALLER),
	{ .id = DK_VIEW, .keys = "v", .label = MSG_ST_ROOFLINE, .help = MSG_HK_DEMO_V },
	{ .id = DK_SIZES, .keys = "c", .label = MSG_ST_SIZES, .help = MSG_HK_DEMO_C },
	DEMO_KEY_SHOW, DEMO_KEYS_SCROLL,
};

static void bars_draw(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		      int y0, int y1)
{
	if (st->sweep_view) {
		static const struct sweep none;   /* no run yet: an empty "yours" */
		const struct sweep *mine = app->sweeps[st->def->id];
		sweep_view_draw(st->row->name, st->show == SHOW_RECORDED ? NULL : mine ? mine : &none,
				st->show == SHOW_MINE ? NULL : &st->rec_sweep, st->sweep_note,
				y0, y1, &st->sweep_plot);
	} else if (st->roofline) {
		demo_view_roofline(s, n, y0, y1, &st->roof);
	} else {
		st->lines = demo_view_bars(s, n, y0, y1, st->scroll);
		int yr = y0 + st->lines - st->scroll;
		if (!st->have_rec && yr >= y0 && yr < y1)
			demo_wrapped(yr, y1 - yr, C_DIM, st->rec_note);
	}
}

static bool bars_on(struct app *app, struct demo_st *st, int id, enum msg *why)
{
	(void)app; (void)why;
	switch (id) {
	case DK_VIEW: return true;
	case DK_SIZES: return st->row->sweep != NULL;
	default:   /* scrolling: the bars only, when they do not fit */
		return !st->roofline && !st->sweep_view && st->lines > st->rows;
	}
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

static enum act bars_key(struct app *app, struct demo_st *st, const struct input *in)
{
	(void)app;
	switch (in->id) {
	case DK_VIEW:   /* from the size view: the roofline */
		st->roofline = st->sweep_view || !st->roofline;
		st->sweep_view = false;
		return ACT_NONE;
	case DK_SIZES: st->sweep_view = !st->sweep_view; return ACT_NONE;   /* again: back */
	case CMD_UP: scroll_by(st, -1); return ACT_NONE;
	case CMD_DOWN: scroll_by(st, 1); return ACT_NONE;
	case CMD_PGUP: scroll_by(st, -(LINES - 6)); return ACT_NONE;
	case CMD_PGDN: scroll_by(st, LINES - 6); return ACT_NONE;
	case CMD_TOP: st->scroll = 0; return ACT_NONE;
	case CMD_BOTTOM: scroll_by(st, st->lines); return ACT_NONE;
	default: return ACT_IGNORED;
	}
}

static const struct demo_ops bars_ops = {
	.draw = bars_draw, OPS_KEYS(bars_keys), .key_on = bars_on, .key = bars_key,
	.size_word = MSG_DEMO_SIZE, .sections = true, .more = true, .size_text = record_size,
};

/* --- attn: the bars, and under them the memory line (attn_mem.h): the
 * unfused rungs' S×S bytes against the GPU's memory and the S at which
 * they no longer fit; from the first section run on a GPU (the learner's
 * when live, else the recorded one). */

static void attn_draw(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		      int y0, int y1)
{
	struct attn_mem m;
	int i = 0;
	while (i < n && !attn_mem_of(s[i].r, s[i].demo, &m))
		i++;
	if (st->sweep_view || st->roofline || i == n || !st->have_rec) {
		bars_draw(app, st, s, n, y0, y1);
		return;
	}
	/* the line is the end of the bars' picture: it scrolls with them */
	char text[900];
	attn_mem_text(&m, results_device(s[i].r, s[i].demo)->name, text, sizeof text);
	struct text_lines tl = { 0 };
	text_wrap(text, COLS - 2, &tl);
	int bars = demo_view_bars(s, n, y0, y1, st->scroll);
	st->lines = bars + (int)tl.n;
	for (int k = 0; k < (int)tl.n; k++) {
		int y = y0 + bars - st->scroll + k;
		if (y >= y0 && y < y1)
			ui_text(y, 1, COLS - 2, C_DIM, tl.line[k]);
	}
	text_lines_free(&tl);
	(void)app;
}

static const struct demo_ops attn_ops = {
	.draw = attn_draw, OPS_KEYS(bars_keys), .key_on = bars_on, .key = bars_key,
	.size_word = MSG_DEMO_SIZE, .sections = true, .more = true, .size_text = record_size,
};
#define attn_keys bars_keys   /* the screen's key table: the bars' own */

/* --- curve: bandwidth against size, d picks the directions. */

static const struct screen_key curve_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEMO_R),
	DEMO_KEYS_SIZE(MSG_ST_SIZE, MSG_HK_XF_BIGGER, MSG_HK_XF_SMALLER),
	{ .id = DK_DIRECTION, .keys = "d", .label = MSG_ST_DIRECTION, .help = MSG_HK_XF_D },
	{ .id = DK_LINES, .keys = "a", .label = MSG_ST_LINES, .help = MSG_HK_XF_A },
	{ .id = DK_FORM, .keys = "c", .label = MSG_ST_FORM, .help = MSG_HK_XF_C },
	DEMO_KEY_SHOW,
};

static void curve_draw(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		       int y0, int y1)
{
	(void)app;
	xfer_view_draw(false, s, n, &st->pick, st->show == SHOW_MINE,
		       st->have_rec ? NULL : st->rec_note, y0, y1);
}

static enum act curve_key(struct app *app, struct demo_st *st, const struct input *in)
{
	(void)app;
	if (in->id == DK_DIRECTION)
		st->pick.filter = (enum xf_filter)((st->pick.filter + 1) % XF_NFILTERS);
	else if (in->id == DK_LINES)
		xfer_view_toggle_lines(&st->pick);
	else if (in->id == DK_FORM)
		xfer_view_toggle_form(&st->pick);
	else
		return ACT_IGNORED;
	return ACT_NONE;
}

static void curve_size(const struct demo_st *st, const struct results *r, char *buf, size_t size)
{
	xfer_view_size_text(r, st->row->name, buf, size);
}

static const struct demo_ops curve_ops = {
	.draw = curve_draw, OPS_KEYS(curve_keys), .key_on = none_on, .key = curve_key,
	.size_word = MSG_DEMO_SIZE, .sections = true, .size_text = curve_size,
};

/* --- timeline: a pipelined run's streams; 1 2 4 8 and m pick the run. */

static const struct screen_key timeline_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEMO_R),
	/* t before the settings: the screen's text tells the learner to press it */
	DEMO_KEY_SHOW,
	DEMO_KEYS_SIZE(MSG_ST_SETTING, MSG_HK_ST_MORE, MSG_HK_ST_LESS),
	{ .id = DK_STREAMS, .keys = "1 2 4 8", .cap = MSG_CAP_STREAMS, .label = MSG_ST_STREAMS,
	  .help = MSG_HK_ST_N },
	{ .id = DK_MEMORY, .keys = "m", .label = MSG_ST_MEMORY, .help = MSG_HK_ST_M },
};

static void timeline_draw(struct app *app, struct demo_st *st, const struct demo_section *s,
			  int n, int y0, int y1)
{
	(void)app;
	xfer_view_draw(true, s, n, &st->pick, st->show == SHOW_MINE,
		       st->have_rec ? NULL : st->rec_note, y0, y1);
}

static enum act timeline_key(struct app *app, struct demo_st *st, const struct input *in)
{
	(void)app;
	if (in->id == DK_STREAMS)   /* its keys: 1 2 4 8 */
		st->pick.streams = in->key - '0';
	else if (in->id == DK_MEMORY)
		st->pick.mode = (enum st_pick_mode)((st->pick.mode + 1) % ST_NPICK);
	else
		return ACT_IGNORED;
	return ACT_NONE;
}

static void timeline_size(const struct demo_st *st, const struct results *r, char *buf,
			  size_t size)
{
	xfer_view_setting_text(r, st->row->name, buf, size);
}

static const struct demo_ops timeline_ops = {
	.draw = timeline_draw, OPS_KEYS(timeline_keys), .key_on = none_on, .key = timeline_key,
	.size_word = MSG_DEMO_SETTING, .sections = true, .size_text = timeline_size,
};

/* --- launch: one series of block or grid sizes at a time; v the next. */

static const struct screen_key launch_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEMO_R),
	DEMO_KEYS_SIZE(MSG_ST_SIZE, MSG_HK_DEMO_BIGGER, MSG_HK_DEMO_SMALLER),
	{ .id = DK_LAUNCH_VIEW, .keys = "v", .label = MSG_ST_NEXT_VIEW, .help = MSG_HK_LV_V },
	DEMO_KEY_SHOW,
};

static void launch_draw(struct app *app, struct demo_st *st, const struct demo_section *s,
			int n, int y0, int y1)
{
	(void)app;
	launch_view(s, n, st->view, y0, y1);
	if (!st->have_rec && n < 2)
		demo_wrapped(y1 - 1, 1, C_DIM, st->rec_note);
}

static enum act launch_key(struct app *app, struct demo_st *st, const struct input *in)
{
	(void)app;
	if (in->id != DK_LAUNCH_VIEW)
		return ACT_IGNORED;
	st->view = (st->view + 1) % LAUNCH_VIEWS;
	return ACT_NONE;
}

static const struct demo_ops launch_ops = {
	.draw = launch_draw, OPS_KEYS(launch_keys), .key_on = none_on, .key = launch_key,
	.size_word = MSG_DEMO_SIZE, .sections = true, .size_text = record_size,
};

/* --- card: the device's figures, this machine's and the recorded H200's;
 * t shows the recorded one when a live GPU hides it. */

static const struct screen_key card_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEV_R),
	{ .id = DK_DEV_SHOW, .keys = "t", .label = MSG_ST_DEV_SHOW, .help = MSG_HK_DEV_T },
};

static void card_draw(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		      int y, int y1)
{
	(void)app; (void)s; (void)n;
	const struct res_device *d = st->have_mine ? results_device(&st->mine, NULL) : NULL;
	if (d)
		y = demo_view_device(d, tr(d->live ? MSG_DEMO_THIS_LIVE : MSG_DEMO_THIS_CPU), y, y1) + 1;
	const struct res_device *r = st->have_rec ? results_device(&st->rec, NULL) : NULL;
	if (r && (!d || !d->live || st->show == SHOW_RECORDED)) {
		char title[200];
		snprintf(title, sizeof title, tr(MSG_DEMO_REF), r->name, r->date);
		demo_view_device(r, title, y, y1);
	} else if (!r && y < y1) {
		demo_wrapped(y, y1 - y, C_DIM, st->rec_note);
	}
}

static bool card_on(struct app *app, struct demo_st *st, int id, enum msg *why)
{
	(void)app;
	const struct res_device *d = st->have_mine ? results_device(&st->mine, NULL) : NULL;
	if (id != DK_DEV_SHOW)
		return true;
	/* without a live GPU the recorded H200 is shown already */
	*why = st->have_rec ? MSG_HK_OFF_NO_GPU : MSG_HK_OFF_NO_RECORD;
	return st->have_rec && d && d->live;
}

static enum act card_key(struct app *app, struct demo_st *st, const struct input *in)
{
	(void)app;
	if (in->id != DK_DEV_SHOW)
		return ACT_IGNORED;
	st->show = st->show == SHOW_RECORDED ? SHOW_AUTO : SHOW_RECORDED;
	return ACT_NONE;
}

static const struct demo_ops card_ops = {
	.draw = card_draw, OPS_KEYS(card_keys), .key_on = card_on, .key = card_key,
	.size_word = MSG_DEMO_SIZE, .size_text = record_size,
};

/* --- multi: the link grid, NCCL's bus bandwidth by size, the split's
 * scaling (multi_view.h); with no several-GPU record, says so. */

static const struct screen_key multi_keys[] = {
	DEMO_KEY_STOP, DEMO_KEY_RUN(MSG_HK_DEMO_R),
	DEMO_KEYS_SIZE(MSG_ST_SIZE, MSG_HK_DEMO_BIGGER, MSG_HK_DEMO_SMALLER),
	DEMO_KEY_SHOW, DEMO_KEYS_SCROLL,
};

static void multi_draw(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		       int y0, int y1)
{
	(void)app;
	st->lines = multi_view_draw(s, n, y0, y1, st->scroll, tr(MSG_MG_NONE));
}

static bool multi_on(struct app *app, struct demo_st *st, int id, enum msg *why)
{
	(void)app; (void)id; (void)why;
	return st->lines > st->rows;   /* its own keys scroll, when the picture does not fit */
}

static enum act multi_key(struct app *app, struct demo_st *st, const struct input *in)
{
	return in->id == DK_VIEW || in->id == DK_SIZES ? ACT_IGNORED : bars_key(app, st, in);
}

static void multi_size(const struct demo_st *st, const struct results *r, char *buf, size_t size)
{
	(void)st;
	multi_view_size_text(r, buf, size);
}

static const struct demo_ops multi_ops = {
	.draw = multi_draw, OPS_KEYS(multi_keys), .key_on = multi_on, .key = multi_key,
	.size_word = MSG_DEMO_SIZE, .sections = true, .more = true, .size_text = multi_size,
};

/* --- the screens: one per registry row, its presets and its view's ops. */

#define PRESET_cpu(start, label, note, args) { true, false, start, label, note, args },
#define PRESET_gpu(start, label, note, args) { false, true, start, label, note, args },
#define PRESET_both(start, label, note, args) { true, true, start, label, note, args },
#define PRESET_(where, start, label, note, args) PRESET_##where(start, label, note, args)
#define PRESETS_(id, ...) static const struct preset id##_presets[] = { CK_PRESETS_##id(PRESET_) };
CK_DEMOS(PRESETS_)

#define SCREEN_DECL_(id, ...) extern const struct screen screen_##id;
CK_DEMOS(SCREEN_DECL_)

#define DEF_(id, view, title, ...)                                                     \
	[CK_DEMO_##id] = { CK_DEMO_##id, title, id##_presets,                          \
			   sizeof id##_presets / sizeof *id##_presets, &view##_ops,    \
			   &screen_##id },
static const struct demo_def defs[CK_NDEMOS] = { CK_DEMOS(DEF_) };

/* Each view's "Reading this screen" on its help page. */
#define bars_notes { MSG_HN_BARS, MSG_HN_BARS_TIME, MSG_HN_BARS_LIB, MSG_HN_BARS_SPREAD }
#define curve_notes { MSG_HN_CURVE, MSG_HN_CURVE_MARKS, MSG_HN_CURVE_FEWER }
#define timeline_notes { KEY_NO_MSG }
#define launch_notes { MSG_HN_LAUNCH, MSG_HN_LAUNCH_SUM }
#define card_notes { KEY_NO_MSG }
#define multi_notes { MSG_HN_MULTI }
#define attn_notes bars_notes   /* the bars' reading, the memory line under them says itself */

#define SCREEN_(id, view, title, sizes, size_text, sweep, dname)                      \
	static void *enter_##id(struct app *app, const char *arg)                      \
	{                                                                              \
		(void)arg;                                                             \
		return demo_enter(app, &defs[CK_DEMO_##id]);                           \
	}                                                                              \
	const struct screen screen_##id = {                                            \
		.name = #id, .enter = enter_##id, .draw = demo_draw, .key = demo_key,  \
		.tick = demo_tick, .leave = demo_leave,                                \
		.keys = view##_keys, .nkeys = sizeof view##_keys / sizeof *view##_keys, \
		.key_on = demo_on, .help_notes = view##_notes, .help_title = dname,    \
	};
CK_DEMOS(SCREEN_)
