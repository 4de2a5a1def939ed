/* screen_radar: the skills radar beside the per-level quiz scores and the
 * per-skill percentages.  Everything is laid out from LINES/COLS on every
 * draw, so a resize is a redraw: the plot takes the largest size that
 * fits beside the panel (a compact panel on narrow terminals).  Braille in
 * UTF-8, the ASCII twin with --ascii.  Enter goes on to the certificate
 * screen.  The numbers come from radar.c; nothing is computed here. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "drill_progress.h"
#include "cert.h"
#include "radar.h"
#include "screen.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

extern const struct screen screen_radar;

#define PANEL_W 26   /* "architecture 100% ########" */
#define PANEL_NARROW 12
#define LABEL_W 12   /* widest axis name, "architecture" */

/* The radar keeps no state of its own (it draws from progress), but a
 * screen's enter must return one. */
struct radar_view {
	int unused;
};

/* The skills' names, in progress.h's order of skill_names[]. */
static const enum msg skill_msg[PROGRESS_SKILLS] = {
	MSG_SKILL_CONCEPTS, MSG_SKILL_ARCHITECTURE, MSG_SKILL_THREADS,
	MSG_SKILL_MEMORY, MSG_SKILL_LIBRARIES, MSG_SKILL_PERFORMANCE,
};

static void *radar_enter(struct app *app, const char *arg)
{
	(void)app; (void)arg;
	return calloc(1, sizeof(struct radar_view));
}

/* The largest plot that fits in h rows and w columns (0 when none). */
static int plot_rows_for(int h, int w, enum radar_style st)
{
	for (int rows = h; rows >= RADAR_MIN_ROWS; rows--)
		if (radar_cols_for_rows(rows, st) + 2 * (LABEL_W + 2) <= w)
			return rows;
	return 0;
}

static void draw_chart(const struct radar_chart *c, int y0, int x0)
{
	for (int r = 0; r < c->grid.rows; r++)
		for (int k = 0; k < c->grid.cols; k++) {
			const struct radar_cell *cell = &c->grid.cell[r * c->grid.cols + k];
			if (!cell->layers)
				continue;
			enum role role = cell->layers & RADAR_SCORE ? C_OK : C_DIM;
			ui_text(y0 + c->plot_y + r, x0 + c->plot_x + k, 1, role, cell->glyph);
		}
	for (int i = 0; i < c->nlabels; i++) {
		const struct radar_label *l = &c->label[i];
		bool number = (l->text[0] >= '0' && l->text[0] <= '9') || l->text[0] == '-';
		ui_text(y0 + l->row, x0 + l->col, c->cols - l->col, number ? C_ACCENT : C_HEADING, l->text);
	}
}

/* A bar of width w for pct, in block glyphs (ASCII '#' and '.'). */
static void draw_bar(int y, int x, int w, int pct)
{
	int full = (pct * w + 50) / 100;
	for (int i = 0; i < w; i++)
		ui_text(y, x + i, 1, i < full ? C_OK : C_DIM, ui_glyph(i < full ? G_BLOCK_FULL : G_BLOCK_LIGHT));
}

/* The panel at (y, x), w wide; returns the row after it. */
/* the kernel drills passed, and each skill's hands-on share (the part
 * of its points earned by drills) */
static int draw_hands_on(const struct app *app, int y, int x, int w)
{
	struct drill_set set;
	struct diags d = { 0 };
	drill_set_load_course(&set, app->datadir, app->opt.lessons_dir, "en", &d);
	diags_free(&d);
	if (!set.n) { /* a class without drills of its own */
		drill_set_free(&set);
		return y;
	}
	int pct[PROGRESS_SKILLS], passed = 0;
	drill_hands_on(&app->progress, &set, pct, &passed);
	char line[256];
	snprintf(line, sizeof line, tr(MSG_RADAR_DRILLS), passed, (int)set.n);
	drill_set_free(&set);
	if (y + 2 >= LINES - 1)
		return y;
	ui_text(++y, x, w, C_HEADING, line);
	size_t len = 0;
	line[0] = '\0';
	for (int i = 0; i < PROGRESS_SKILLS && len + 40 < sizeof line; i++)
		if (pct[i] > 0)
			len += (size_t)snprintf(line + len, sizeof line - len, "%s%s %d%%", len ? "  " : "",
						tr(skill_msg[i]), pct[i]);
	ui_text_fit(++y, x, w, C_NORMAL, len ? line : tr(MSG_RADAR_DRILLS_NONE));
	return y + 1;
}

static int draw_panel(const struct app *app, const struct radar_scores *s, int y, int x, int w)
{
	bool wide = w >= PANEL_W;
	ui_text(y++, x, w, C_HEADING, tr(wide ? MSG_RADAR_QUIZ_LEVELS : MSG_RADAR_LEVELS));
	for (int i = 0; i < app->quiz_levels && i < PROGRESS_LEVELS; i++) { /* the course's levels */
		int best = app->progress.levels[i].best;
		char line[48];
		if (best < 0)
			snprintf(line, sizeof line, wide ? tr(MSG_RADAR_LEVEL_NONE) : "L%d   --", i + 1);
		else
			snprintf(line, sizeof line, wide ? tr(MSG_RADAR_LEVEL_PCT) : "L%d %3d%%", i + 1, best);
		int used = ui_text(y, x, w, C_NORMAL, line);
		if (best >= CERT_PASS_PERCENT)
			ui_text(y, x + used + 1, 1, C_OK, ui_glyph(G_CHECK));
		y++;
	}
	if (!wide)
		return y;
	y++;
	ui_text(y++, x, w, C_HEADING, tr(MSG_RADAR_SKILLS));
	for (int i = 0; i < PROGRESS_SKILLS; i++, y++) {
		char pct[8] = "--";
		if (s->known[i])
			snprintf(pct, sizeof pct, "%d%%", s->pct[i]);
		ui_text(y, x, LABEL_W, C_NORMAL, tr(skill_msg[i]));
		ui_text(y, x + LABEL_W + 1 + 4 - text_width(pct), 4, C_ACCENT, pct);
		if (s->known[i])
			draw_bar(y, x + LABEL_W + 6, w - LABEL_W - 6, s->pct[i]);
	}
	return draw_hands_on(app, y, x, w);
}

static void radar_draw(struct app *app, void *st)
{
	(void)st;
	struct radar_scores s;
	radar_scores(&app->progress, &s);
	enum radar_style style = ui_ascii() ? RADAR_ASCII : RADAR_BRAILLE;
	ui_title(tr(MSG_RADAR_TITLE), tr(MSG_RADAR_SOURCES));
	int top = 2, h = LINES - 4;   /* rows for the chart, label rows included */
	/* the chart, two columns, the rule, one column, the panel */
	int panel = COLS >= 2 + PANEL_W + 4 + 2 * (LABEL_W + 2) + radar_cols_for_rows(9, style) ? PANEL_W : PANEL_NARROW;
	int rows = plot_rows_for(h - 2, COLS - 2 - panel - 4, style);
	struct radar_chart c;
	int chart_w = 0;
	const char *names[PROGRESS_SKILLS];   /* the axes in the learner's language */
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		names[i] = tr(skill_msg[i]);
	if (rows && radar_chart_make(&s, names, rows, radar_cols_for_rows(rows, style), style, &c)) {
		chart_w = c.cols;
		draw_chart(&c, top + (h - c.rows) / 2, 1);
		radar_chart_free(&c);
	}
	/* the panel beyond a rule, so that the chart's right label ("architecture
	 * 75%") does not read on into the panel's rows */
	int px = 1 + chart_w + 4;
	int end = draw_panel(app, &s, top + 1, px, COLS - px - 1 < panel ? COLS - px - 1 : panel);
	for (int y = top + 1; y < end; y++)
		ui_text(y, px - 2, 1, C_DIM, ui_glyph(G_VLINE));
	int known = 0;
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		known += s.known[i];
	/* how the two columns of numbers are counted, so 85% beside 97% reads;
	 * it stays once the certificate is earned, after the line saying so
	 * (and in the help, with the screen's notes) */
	char note[800];
	if (!known)
		snprintf(note, sizeof note, "%s", tr(MSG_RADAR_EMPTY));
	else if (cert_earned_in(&app->progress, app->quiz_levels)) {
		int n = snprintf(note, sizeof note, tr(MSG_RADAR_CERT_READY), app->quiz_levels);
		bool cjk = n >= 3 && !strcmp(note + n - 3, "。"); /* no space after a Chinese full stop */
		snprintf(note + n, sizeof note - (size_t)n, "%s%s", cjk ? "" : " ", tr(MSG_RADAR_HOW));
	} else
		snprintf(note, sizeof note, "%s", tr(MSG_RADAR_HOW));
	/* wrapped, its last row just above the status line, below the panel */
	int nrows = ui_wrap_rows(note, ui_cols() - 4), room = LINES - 1 - end;
	nrows = nrows > 4 ? 4 : nrows;
	if (nrows > room && room >= 1)
		nrows = room;
	ui_wrap(LINES - 1 - nrows, LINES - 1, 2, ui_cols() - 4, C_NOTE, note);
	char hints[HINTS_MAX];
	screen_hints(&screen_radar, app, st, hints, sizeof hints);
	ui_status(app->status, hints);
}

enum { RK_CERT = KEY_OWN };

/* The radar's keys (screen.h). */
static const struct screen_key radar_keys[] = {
	{ .id = RK_CERT, .keys = "Enter", .label = MSG_ST_CERT, .help = MSG_HK_RADAR_CERT },
};

static enum act radar_key(struct app *app, void *st, const struct input *in)
{
	(void)st;
	if (in->id != RK_CERT)
		return ACT_IGNORED;
	snprintf(app->open_id, sizeof app->open_id, "cert");
	return ACT_OPEN;
}

static void radar_leave(struct app *app, void *st)
{
	(void)app;
	free(st);
}

const struct screen screen_radar = {
	.name = "radar",
	.enter = radar_enter,
	.draw = radar_draw,
	.key = radar_key,
	.leave = radar_leave,
	SCREEN_KEYS(radar_keys),
	.help_notes = { MSG_RADAR_HOW },
};
