/* tiling_grid: the tiling screen's picture of the model (tiling.h): C's
 * tiles as blocks coloured by the SM they run on, the A and B tiles the
 * last step read, and the counters of the step (see tiling_grid.h).  No
 * state: it draws the tl_sim it is given. */
#include "tiling_grid.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include "text.h"
#include "tiling_view.h"
#include "ui.h"
#include "i18n.h"

/* Which blocks the last step ran, and which k-tile: wave and kt, or -1. */
static void last_step(const struct tl_sim *s, int *wave, int *kt)
{
	int ks = tl_ksteps(&s->cfg, s->mode);
	*wave = s->step > 0 ? (s->step - 1) / ks : -1;
	*kt = s->step > 0 ? (s->step - 1) % ks : -1;
}

static bool row_in_wave(const struct tl_config *c, enum tl_mode m, int row, bool is_col, int wave)
{
	int g = tl_grid(c, m);
	for (int i = 0; i < g; i++) {
		int b = is_col ? i * g + row : row * g + i;
		if (tl_block_wave(c, b) == wave)
			return true;
	}
	return false;
}

static void draw_cell(int y, int x, int w, int b, const struct tl_sim *s)
{
	const struct tl_config *c = &s->cfg;
	int p = tl_block_progress(c, s->mode, b, s->step), ks = tl_ksteps(c, s->mode);
	int sm = tl_block_sm(c, b);
	char t[16];
	if (p == 0) {
		ui_text(y, x + w - 1, 1, C_DIM, ui_ascii() ? "." : "·");
		return;
	}
	snprintf(t, sizeof t, p < ks ? ">%d" : "%d", sm);
	if ((int)strlen(t) > w) /* too narrow for the SM number */
		snprintf(t, sizeof t, "%s", p < ks ? ">" : " ");
	ui_fill(y, x, 1, w, (enum role)(C_SM0 + sm % 8));
	ui_text(y, x + w - (int)strlen(t), w, (enum role)(C_SM0 + sm % 8), t);
}

static int clamp(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	return v > hi ? hi : v;
}

/* A (left), B (top) and C: each C tile a block; the A and B tiles the last
 * step read are highlighted. */
void tiling_grid_draw(const struct tl_sim *s, int y0, int x0, int w, int h)
{
	const struct tl_config *c = &s->cfg;
	int g = tl_grid(c, s->mode), ks = tl_ksteps(c, s->mode), wave, kt;
	last_step(s, &wave, &kt);
	int aw = ks < 8 ? ks : 8, bh = ks < 3 ? ks : 3;
	int cw = (w - aw - 1) / g, ch = (h - bh - 2) / g;
	cw = clamp(cw, 1, 12); /* big terminals get big cells */
	ch = clamp(ch, 1, 6);
	if (cw > 2 * ch + 1) /* cells about square on screen */
		cw = 2 * ch + 1;
	if (ch > (cw + 1) / 2)
		ch = (cw + 1) / 2;
	int gx = (w - aw - 1) / cw, gy = (h - bh - 2) / ch;
	if (gx < g || gy < g) /* clipped: keep two rows to say so */
		gy = (h - bh - 4) / ch;
	gx = gx > g ? g : gx;
	gy = clamp(gy, 1, g);
	int cx = x0 + aw + 1, cy = y0 + bh + 1;
	const char *dot = ui_ascii() ? "." : "·", *hot = ui_ascii() ? "#" : "█";
	enum role lit = s->mode == TL_NAIVE ? C_WRONG : C_ACCENT;
	ui_text(y0 + bh - 1, x0, aw, C_DIM, "A\\B");
	for (int i = 0; i < bh; i++)
		for (int j = 0; j < gx; j++) {
			bool on = kt >= 0 && kt * bh / ks == i && row_in_wave(c, s->mode, j, true, wave);
			for (int k = 0; k < cw - (cw > 1); k++)
				ui_text(y0 + i, cx + j * cw + k, 1, on ? lit : C_DIM, on ? hot : dot);
		}
	for (int i = 0; i < gy; i++)
		for (int r = 0; r < ch; r++) {
			for (int j = 0; j < aw; j++) {
				bool on = kt >= 0 && kt * aw / ks == j && row_in_wave(c, s->mode, i, false, wave);
				ui_text(cy + i * ch + r, x0 + j, 1, on ? lit : C_DIM, on ? hot : dot);
			}
			for (int j = 0; j < gx; j++)
				draw_cell(cy + i * ch + r, cx + j * cw, cw - (cw > 1), i * g + j, s);
		}
	char note[160];
	if (gx < g || gy < g) { /* clipped: say so where the grid ends */
		snprintf(note, sizeof note, tr(MSG_TL_CLIPPED), ui_glyph(G_ELLIPSIS), gx, g, gy, g);
		ui_wrap(cy + gy * ch, y0 + h, x0, w, C_NOTE, note);
	}
}

/* The counters of the current mode at this step; returns the next row. */
int tiling_grid_counters(const struct tl_sim *s, bool playing, int y, int x, int w)
{
	const struct tl_counts *k = &s->n;
	int ks = tl_ksteps(&s->cfg, s->mode), wave = s->step > 0 ? (s->step - 1) / ks + 1 : 0;
	char line[160];
	snprintf(line, sizeof line, tr(MSG_TL_STEP), tl_mode_name(s->mode), s->step,
		 tl_steps(&s->cfg, s->mode), wave, tl_waves(&s->cfg, s->mode), playing ? tr(MSG_TL_PLAYING) : "");
	ui_text(y++, x, w, C_HEADING, line);
	const enum msg names[3] = { MSG_TL_GLOBAL_LOADS, MSG_TL_SHARED_LOADS, MSG_TL_FMAS };
	const long long counts[3] = { k->global, k->shared, k->fma };
	for (int i = 0; i < 3; i++) { /* the label padded by display width, then the count */
		int pad = 14 - text_width(tr(names[i]));
		snprintf(line, sizeof line, "%s%*s%12lld", tr(names[i]), pad > 0 ? pad : 1, "", counts[i]);
		ui_text(y++, x, w, C_NORMAL, line);
	}
	snprintf(line, sizeof line, tr(MSG_TL_PER_FMA), tl_ratio(k->global, k->fma),
		 tl_ratio(k->shared, k->fma));
	ui_text(y++, x, w, C_NORMAL, line);
	struct tl_counts f = tl_formula_at(&s->cfg, s->mode, s->step);
	bool same = f.global == k->global && f.shared == k->shared && f.fma == k->fma;
	ui_text(y++, x, w, same ? C_OK : C_WRONG, tr(same ? MSG_TL_SAME : MSG_TL_DIFFERS));
	if (tl_padded(&s->cfg, s->mode)) /* n not a multiple of the tile */
		y = ui_wrap(y, y + 2, x, w, C_NOTE, tr(MSG_TL_PADDED));
	return y;
}

/* The ratio of global loads between naive and the other modes: large, or
 * on one line when a run's results need the rows. */
int tiling_grid_ratio(const struct tl_sim *s, int y, int x, int w, bool large)
{
	const struct tl_config *c = &s->cfg;
	enum tl_mode other = s->mode == TL_NAIVE ? TL_TILED : s->mode;
	struct tl_counts nv = tl_formula_total(c, TL_NAIVE), o = tl_formula_total(c, other);
	char line[160], num[32];
	snprintf(line, sizeof line, tr(MSG_TL_RATIO), tl_mode_name(other));
	ui_text(y++, x, w, C_HEADING, line);
	double r = tl_ratio(nv.global, o.global);
	snprintf(num, sizeof num, r >= 100 || r == (long long)r ? "%.0fx" : "%.1fx", r);
	if (!large) {
		int lw = text_width(line) + 1;
		ui_text(y - 1, x + lw, w - lw, C_ACCENT, num);
		return y;
	}
	tiling_view_big(y, x, w, C_ACCENT, num);
	return y + 3;
}
