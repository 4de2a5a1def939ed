/* screen_gpumap: the "gpu-map" block.  The learner labels a drawing of a
 * GPU — the host and its link, the board with HBM, memory controllers, L2
 * and the SMs, and one SM zoomed in — by dragging labels from the tray with
 * the mouse or moving them with the keys.  A right drop reveals the part's
 * kitchen role and its figure on this machine (devinfo, run in the
 * background) or on the recorded H200, labelled; a wrong one sends the
 * label back with a hint.  Attempts feed progress and the architecture
 * skill.  All geometry and rules live in gpumap.c; this file draws them
 * and maps input onto them. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo.h"
#include "app.h"
#include "gpumap.h"
#include "gpumap_view.h"
#include "runner.h"
#include "screen.h"
#include "text.h"
#include "term.h"
#include "ui.h"
#include "i18n.h"

extern const struct screen screen_gpumap;

struct gm_st {
	struct gm_game g;
	struct gm_source src;
	struct gm_layout lay;
	int spin;
	bool practice;     /* completed before: drops are not recorded */
	bool sent_whole;   /* the last frame sent every line whole (gm_draw) */
};

static void *gm_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct gm_st *st = calloc(1, sizeof *st);
	if (!st)
		return NULL;
	gpumap_game_init(&st->g);
	st->practice = gpumap_practice(app->progress.gpumap_correct);
	char dir[4096], path[4200], rec[4200];
	if (app->demodir[0])
		snprintf(dir, sizeof dir, "%s", app->demodir);
	else if (!runner_default_demodir(dir, sizeof dir))
		snprintf(dir, sizeof dir, "build/demos");
	bool have = runner_demo_path(dir, demo_name(CK_DEMO_devinfo), path, sizeof path) && runner_program_exists(path);
	snprintf(rec, sizeof rec, "%s/demos/results/h200.yaml", app->datadir);
	gpumap_source_start(&st->src, have ? path : NULL, rec);
	return st;
}

static void gm_leave(struct app *app, void *p)
{
	(void)app;
	struct gm_st *st = p;
	gpumap_source_free(&st->src);
	free(st);
}

static void gm_tick(struct app *app, void *p)
{
	(void)app;
	struct gm_st *st = p;
	st->spin++;
	gpumap_source_poll(&st->src);
}

static int rows_of(const char *s, int w)
{
	struct text_lines tl = { 0 };
	text_wrap(s, w, &tl);
	int n = (int)tl.n;
	text_lines_free(&tl);
	return n;
}

/* The placed part's role and figure.  The figure's source goes on the
 * panel's rule; when role and figure need more rows than the panel has
 * (60x20), the panel grows upward over the drawing, so nothing is cut. */
static void draw_reveal(const struct gm_st *st, int y, int y1, int w)
{
	const struct gm_game *g = &st->g;
	char role[1024], s[640], fig[320], from[360] = "";
	snprintf(role, sizeof role, tr(MSG_GM_REVEAL), ui_glyph(G_CHECK), gpumap_label(g->shown), gpumap_role(g->shown));
	const struct res_device *d = g->shown == GM_HOST ? st->src.host : st->src.dev;
	if (gpumap_figure(g->shown, d, fig, sizeof fig)) {
		bool here = d == st->src.host && st->src.host && st->src.host != st->src.dev;
		snprintf(from, sizeof from, "%s", here ? tr(MSG_GM_THIS_MACHINE) : st->src.label);
		snprintf(s, sizeof s, "%s", fig);
	} else if (d && g->shown == GM_LINK) {
		snprintf(s, sizeof s, "%s", tr(MSG_GM_NO_LINK));
	} else {
		snprintf(s, sizeof s, "%s%s%s", st->src.label, st->src.why[0] ? "; " : "", st->src.why);
	}
	char inl[sizeof s + sizeof from + 8];   /* "figure  (source)" when it fits under the role */
	snprintf(inl, sizeof inl, tr(MSG_GM_FIG_FROM), s, from);
	const char *text = s;
	if (from[0] && rows_of(role, w) + rows_of(inl, w) <= y1 - y) {
		text = inl;
		from[0] = '\0';
	}
	int need = rows_of(role, w) + rows_of(text, w);
	if (need > y1 - y && y1 - need - 1 >= 2) {   /* grow upward, below the tabs */
		y = y1 - need;
		ui_fill(y - 1, 0, y1 - y + 1, COLS, C_NORMAL);
		ui_hline(y - 1, 0, COLS, C_DIM);
	}
	if (from[0]) {   /* the source on the rule */
		snprintf(inl, sizeof inl, " %s ", from);
		ui_text(y - 1, 2, w - 2, C_DIM, inl);
	}
	y = ui_wrap(y, y1, 1, w, C_OK, role);
	ui_wrap(y, y1, 1, w, C_ACCENT, text);
}

/* The info panel; a two-row status bar (status_rows 2) takes its last row. */
static void draw_info(const struct gm_st *st, int status_rows)
{
	const struct gm_rect *r = &st->lay.info;
	const struct gm_game *g = &st->g;
	int y = r->y + 1, y1 = r->y + r->h - (status_rows - 1), w = r->w - 2;
	ui_hline(r->y, 0, r->w, C_DIM);
	char s[640];
	if (g->hint >= 0) {
		snprintf(s, sizeof s, tr(MSG_GM_NOT_THERE), ui_glyph(G_CROSS),
			 gpumap_label(g->hint), gpumap_hint(g->hint));
		ui_wrap(y, y1, 1, w, C_WRONG, s);
	} else if (gpumap_done(g) && g->shown < 0) {
		snprintf(s, sizeof s, tr(MSG_GM_COMPLETE), GM_NCOMP, g->attempts);
		y = ui_wrap(y, y1, 1, w, C_OK, s);
		ui_wrap(y, y1, 1, w, C_NOTE, tr(MSG_GM_LEGEND));
	} else if (g->shown >= 0) {
		draw_reveal(st, y, y1, w);
	} else if (g->carry >= 0) {
		snprintf(s, sizeof s, tr(MSG_GM_CARRYING), gpumap_label(g->carry));
		y = ui_wrap(y, y1, 1, w, C_HEADING, s);
		ui_wrap(y, y1, 1, w, C_NOTE, tr(MSG_GM_LEGEND));
	} else {
		if (st->practice)
			y = ui_wrap(y, y1, 1, w, C_OK, tr(MSG_GM_PRACTICE));
		y = ui_wrap(y, y1, 1, w, C_HEADING, tr(term_mouse() ? MSG_GM_START : MSG_GM_START_KEYS));
		ui_wrap(y, y1, 1, w, C_NOTE, tr(MSG_GM_LEGEND));
	}
}

static void gm_draw(struct app *app, void *p)
{
	struct gm_st *st = p;
	gpumap_layout(LINES, COLS, &st->lay);
	if (!st->lay.ok)
		return;
	/* A carried label may cover half of a wide character (a Chinese
	 * label on the board): the terminal and curses' idea of it can then
	 * disagree, so while carrying, and in the first frame after a drop,
	 * every line is sent whole. */
	bool carrying = st->g.carry >= 0;
	if (carrying || st->sent_whole)
		redrawwin(stdscr);
	st->sent_whole = carrying;
	char right[96];
	snprintf(right, sizeof right, tr(MSG_GM_PLACED), gpumap_placed(&st->g), GM_NCOMP, st->g.attempts,
		 st->src.running ? tr(MSG_GM_RUNNING) : st->practice ? tr(MSG_GM_PRACTICE_TAG) : "");
	ui_title(tr(MSG_GM_TITLE), right);
	gpumap_view_draw(&st->g, &st->lay, st->src.dev);
	char hints[HINTS_MAX];
	screen_hints(&screen_gpumap, app, st, hints, sizeof hints);
	draw_info(st, ui_status_rows(app->status, hints));
	ui_status(app->status, hints);
}

/* Saves what a drop did: attempts and correct drops.  They feed the
 * architecture skill through radar_scores(), which adds them to the quiz's
 * points, so they are not added to skill_got/skill_max here as well. */
static void record(struct app *app, const struct gm_st *st, enum gm_result r)
{
	if (r == GM_MISS || st->practice)
		return;
	progress_count(&app->progress.gpumap_attempts);
	if (r == GM_RIGHT && app->progress.gpumap_correct < app->progress.gpumap_attempts)
		progress_count(&app->progress.gpumap_correct);
	app_progress_changed(app);
}

static void drop_on(struct app *app, struct gm_st *st, int on)
{
	enum gm_result r = gpumap_drop(&st->g, on);
	if (r == GM_MISS)
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_GM_MISS));
	else if (r == GM_RIGHT && gpumap_done(&st->g))
		snprintf(app->status, sizeof app->status, tr(st->practice ? MSG_GM_COMPLETE_PRACTICE
							 : MSG_GM_COMPLETE_STATUS), GM_NCOMP, st->g.attempts);
	record(app, st, r);
}

static void mouse(struct app *app, struct gm_st *st, const struct input *in)
{
	struct gm_game *g = &st->g;
	const struct gm_layout *l = &st->lay;
	if (in->mouse == MOUSE_PRESS && g->carry >= 0 && g->by_mouse) {
		/* The release went missing (ncurses may drop one of several mouse
		 * events read at once): this press drops the label where it is. */
		drop_on(app, st, gpumap_hit(l, g->view, in->my, in->mx));
	} else if (in->mouse == MOUSE_PRESS) {
		int tab = gpumap_hit_tab(l, in->my, in->mx);
		int slot = gpumap_hit_slot(l, in->my, in->mx);
		int part = gpumap_hit(l, g->view, in->my, in->mx);
		if (tab >= 0)
			gpumap_set_view(g, (enum gm_view)tab);
		else if (slot >= 0)
			gpumap_grab(g, slot, in->my, in->mx);
		else if (part >= 0 && g->carry >= 0)   /* taken by a click: a click on a part drops it */
			drop_on(app, st, part);
		else if (part >= 0 && g->placed[part]) {
			g->shown = part;
			g->hint = -1;
		}
	} else if (in->mouse == MOUSE_DRAG && g->carry >= 0 && g->by_mouse) {
		g->my = in->my;
		g->mx = in->mx;
	} else if (in->mouse == MOUSE_RELEASE && g->carry >= 0 && g->by_mouse) {
		/* released over the tray: a click, which takes the label as
		 * Enter does (it hovers over a part, the same keys move and
		 * drop it, a click on a part drops it there) */
		if (gpumap_hit_slot(l, in->my, in->mx) >= 0 && gpumap_hold(g, -1))
			g->shown = -1;
		else
			drop_on(app, st, gpumap_hit(l, g->view, in->my, in->mx));
	}
}

enum {
	GMK_PICK = KEY_OWN, GMK_PICK_UP, GMK_TAKE, GMK_MOVE, GMK_NEXT, GMK_PREV, GMK_DROP,
	GMK_PUT_BACK, GMK_VIEW,
};

/* The gpu-map's keys (screen.h): picking from the tray, or carrying. */
static const struct screen_key gm_keys[] = {
	{ .id = GMK_PICK, .keys = "Tab Down", .label = MSG_ST_PICK_LABEL, .help = MSG_HK_GM_PICK },
	{ .id = GMK_PICK_UP, .keys = "Up Shift-Tab", .label = MSG_ST_PICK_LABEL, .help = MSG_HK_GM_PICK_UP },
	{ .id = GMK_TAKE, .keys = "Enter Right", .label = MSG_ST_TAKE, .help = MSG_HK_GM_TAKE },
	{ .id = GMK_MOVE, .keys = "Up Down Left Right", .cap = MSG_CAP_ARROWS, .label = MSG_ST_MOVE,
	  .help = MSG_HK_GM_MOVE },
	{ .id = GMK_NEXT, .keys = "Tab", .label = MSG_ST_NEXT_PART, .help = MSG_HK_GM_NEXT },
	{ .id = GMK_PREV, .keys = "Shift-Tab", .help = MSG_HK_GM_PREV },
	{ .id = GMK_DROP, .keys = "Enter", .label = MSG_ST_DROP, .help = MSG_HK_GM_DROP },
	{ .id = GMK_PUT_BACK, .keys = "Esc Backspace", .label = MSG_ST_PUT_BACK, .help = MSG_HK_GM_PUT_BACK },
	{ .id = GMK_VIEW, .keys = "z v", .label = MSG_ST_VIEW, .help = MSG_HK_GM_VIEW },
};

static bool gm_on(struct app *app, void *p, int id, enum msg *why)
{
	(void)app; (void)why;
	struct gm_st *st = p;
	/* carried by keys or by the mouse: the same keys move and drop it */
	bool carrying = st->g.carry >= 0;
	switch (id) {
	case GMK_PICK: case GMK_PICK_UP: case GMK_TAKE:
		return !carrying && !gpumap_done(&st->g);
	case GMK_MOVE: case GMK_NEXT: case GMK_PREV: case GMK_DROP: case GMK_PUT_BACK:
		return carrying;
	default: return true;
	}
}

static void move_target(struct gm_st *st, const struct input *in)
{
	struct gm_game *g = &st->g;
	int dy = in->cmd == CMD_UP ? -1 : in->cmd == CMD_DOWN ? 1 : 0;
	int dx = in->cmd == CMD_LEFT ? -1 : in->cmd == CMD_RIGHT ? 1 : 0;
	g->target = gpumap_neighbour(&st->lay, g->target, dy, dx);
}

static enum act gm_key(struct app *app, void *p, const struct input *in)
{
	struct gm_st *st = p;
	struct gm_game *g = &st->g;
	gpumap_layout(LINES, COLS, &st->lay);
	if (in->mouse != MOUSE_NONE) {
		mouse(app, st, in);
		return ACT_NONE;
	}
	/* a key while dragging: the label goes on as carried by keys, over
	 * the part under the pointer (Enter drops it there) */
	if (g->by_mouse && (in->id == GMK_MOVE || in->id == GMK_NEXT || in->id == GMK_PREV ||
			    in->id == GMK_DROP))
		gpumap_hold(g, gpumap_hit(&st->lay, g->view, g->my, g->mx));
	switch (in->id) {
	case GMK_VIEW: gpumap_set_view(g, g->view == GM_OVERVIEW ? GM_ZOOM : GM_OVERVIEW); break;
	case GMK_MOVE: move_target(st, in); break;
	case GMK_NEXT: case GMK_PREV:
		do
			g->target = (g->target + (in->id == GMK_NEXT ? 1 : GM_NCOMP - 1)) % GM_NCOMP;
		while (gpumap_view_of(g->target) != g->view);
		break;
	case GMK_DROP: drop_on(app, st, g->target); break;
	case GMK_PUT_BACK: gpumap_cancel(g); break;
	case GMK_PICK: gpumap_select(g, 1); g->hint = -1; break;
	case GMK_PICK_UP: gpumap_select(g, -1); g->hint = -1; break;
	case GMK_TAKE:
		if (gpumap_take(g))
			g->shown = -1;
		break;
	default:
		if (in->cmd == CMD_BACK && g->carry >= 0) {   /* a mouse-carried label */
			gpumap_cancel(g);
			break;
		}
		return ACT_IGNORED;
	}
	return ACT_NONE;
}

const struct screen screen_gpumap = {
	.name = "gpu-map", .enter = gm_enter, .draw = gm_draw, .key = gm_key,
	.tick = gm_tick, .leave = gm_leave,
	SCREEN_KEYS(gm_keys), .key_on = gm_on,
};
