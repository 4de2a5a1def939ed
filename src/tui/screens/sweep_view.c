/* sweep_view: GFLOP/s against size over ui.h (see sweep_view.h).  Every
 * point is a recorded or measured result; the lines between a rung's
 * sizes are only there to guide the eye. */
#include "sweep_view.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart.h"
#include "i18n.h"
#include "results.h"
#include "text.h"
#include "ui.h"

static enum role kind_role(enum res_kind k)
{
	return k == RES_LIBRARY ? C_OK : k == RES_HAND ? C_ACCENT : C_NOTE;
}

static void draw_cells(const struct sweep_plot *pl, int y, int x)
{
	for (int r = 0; r < pl->h; r++)
		for (int c = 0; c < pl->w; c++) {
			int q = pl->ser[r][c];
			const struct sweep_series *s = q >= 0 ? &pl->series[q] : NULL;
			char cell[2] = { pl->mark[r][c], 0 };
			switch (pl->kind[r][c]) {
			case SW_LINE:   /* yours '+', recorded '.': told apart without colour */
				ui_text(y + r, x + c, 1, s->recorded ? C_DIM : kind_role(s->kind),
					s->recorded ? "." : "+");
				break;
			case SW_POINT:
				ui_text(y + r, x + c, 1, s->recorded ? C_DIM : kind_role(s->kind), cell);
				break;
			case SW_CLASH: ui_text(y + r, x + c, 1, C_WRONG, "*"); break;
			default: break;
			}
		}
}

/* "512", "1k", "8k": a power of two of at least 128. */
static void size_label(double v, char *buf, size_t size)
{
	if (v >= 1024)
		snprintf(buf, size, "%.0fk", v / 1024);
	else
		snprintf(buf, size, "%.0f", v);
}

static void draw_axes(const struct sweep_plot *pl, int y, int x)
{
	char l[16];
	for (double v = pl->ylo; v <= pl->yhi * 1.001; v *= 10) {
		chart_decade_label(v, l, sizeof l);
		ui_text(y + sweep_row(pl, v), 0, x - 1, C_DIM, l);
	}
	for (int r = 0; r < pl->h; r++)
		ui_text(y + r, x - 1, 1, C_DIM, ui_glyph(G_VLINE));
	ui_hline(y + pl->h, x - 1, pl->w + 1, C_DIM);
	int end = -1;   /* the column after the last label drawn */
	for (double v = 1; v <= pl->xhi; v *= 2) {
		int col = sweep_col(pl, v);
		if (v < pl->xlo || col < 0)
			continue;
		size_label(v, l, sizeof l);
		int lw = (int)strlen(l);
		ui_text(y + pl->h, x + col, 1, C_DIM, ui_glyph(G_TICK));
		if (col > end && col + lw <= pl->w) {
			ui_text(y + pl->h + 1, x + col, lw, C_DIM, l);
			end = col + lw;
		}
	}
}

/* One line per rung (its mark serves yours and the recorded), after a
 * head saying which connector is which. */
static void legend(const char *demo, const struct sweep_plot *pl, const struct sweep *mine,
		   const struct sweep *rec, const char *rec_note, int y, int y1, int x, int w)
{
	char line[256];
	if (mine) {
		/* '+' joins a rung's sizes: with one size run there is none yet */
		bool two = false;
		for (size_t i = 1; i < mine->n && !two; i++)
			two = sweep_size(&mine->p[i]) != sweep_size(&mine->p[0]);
		ui_text_fit(y++, x, w, C_DIM, tr(two || !mine->n ? MSG_SW_YOURS : MSG_SW_YOURS_ONE));
		if (!mine->n)
			y = ui_wrap(y, y1 < y + 2 ? y1 : y + 2, x + 2, w - 2, C_DIM, tr(MSG_SW_NONE_YET));
	}
	if (rec) {
		ui_text(y++, x, w, C_DIM, tr(MSG_SW_RECORDED));
		if (rec_note && rec_note[0])
			y = ui_wrap(y, y1 < y + 3 ? y1 : y + 3, x + 2, w - 2, C_DIM, rec_note);
	}
	ui_text(y++, x, w, C_DIM, tr(MSG_SW_SHAPES));
	ui_text_fit(y++, x, w, C_DIM, tr(MSG_SW_CLASH));
	char lab[SWEEP_MAX_SERIES][CHART_LABEL_MAX], names[SWEEP_MAX_SERIES][CHART_LABEL_MAX];
	const char *labels[SWEEP_MAX_SERIES], *ids[SWEEP_MAX_SERIES];
	for (int q = 0; q < pl->nseries; q++) {   /* in the learner's language, kept apart */
		snprintf(lab[q], sizeof lab[q], "%s", results_rung_label(demo, pl->series[q].variant,
									 pl->series[q].label));
		labels[q] = lab[q], ids[q] = pl->series[q].variant;
	}
	chart_legend_labels(labels, ids, pl->nseries, w - 2, ui_glyph(G_ELLIPSIS), names);
	for (int q = 0; q < pl->nseries && y < y1; q++) {
		bool seen = false;
		for (int j = 0; j < q && !seen; j++)
			seen = !strcmp(pl->series[j].variant, pl->series[q].variant);
		if (seen)
			continue;
		snprintf(line, sizeof line, "%c %s", pl->series[q].mark, names[q]);
		ui_text(y++, x, w, kind_role(pl->series[q].kind), line);
	}
}

void sweep_view_draw(const char *demo, const struct sweep *mine, const struct sweep *rec,
		     const char *rec_note, int y0, int y1, struct sweep_plot *pl)
{
	ui_text(y0, 0, COLS, C_HEADING, tr(MSG_SW_TITLE));
	int legw = COLS / 3 > 30 ? 30 : COLS / 3;
	int x = 6, w = COLS - x - legw - 2, h = y1 - y0 - 3;
	if (h < 3 || w < 10) {
		ui_text(y0 + 1, 0, COLS, C_DIM, tr(MSG_SW_SMALL));
		return;
	}
	sweep_plot(pl, w, h, mine, rec);
	draw_axes(pl, y0 + 1, x);
	draw_cells(pl, y0 + 1, x);
	legend(demo, pl, mine, rec, rec_note, y0 + 1, y1, COLS - legw, legw);
	if (!pl->nseries)
		ui_text(y0 + 1 + h / 2, x + 2, w - 2, C_DIM, tr(MSG_SW_EMPTY));
}
