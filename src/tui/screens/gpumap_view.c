/* gpumap_view: the gpu-map screen's drawing of the GPU (screen_gpumap.c):
 * the frame and its tabs, every part filled with its pattern (placed,
 * hovered or still to label), the label being carried, and the tray of
 * labels.  ncurses through ui.h; no state: it draws the game it is
 * given, into the layout gpumap.c made. */
#include "gpumap_view.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include "text.h"
#include "ui.h"
#include "i18n.h"

/* The fill pattern of each part: UTF-8, then its ASCII twin. */
static const char *const pattern[GM_NCOMP][2] = {
	[GM_HOST] = { "▒", "%" },
	[GM_LINK] = { "═", "=" },
	[GM_HBM] = { "▤", "#" },
	[GM_MC] = { "▯", "|" },
	[GM_L2] = { "░", ":" },
	[GM_SMS] = { "▪ ", "o " },
	[GM_SCHED] = { "▀", "@" },
	[GM_CORES] = { "·", "." },
	[GM_TENSOR] = { "▦", "+" },
	[GM_REGS] = { "▥", "-" },
	[GM_L1] = { "▓", "~" },
};

/* How many marks of part c's pattern its rectangle r holds. */
static long marks_room(const struct gm_rect *r, int c)
{
	int pw = text_width(pattern[c][ui_ascii() ? 1 : 0]);
	return pw > 0 ? (long)(r->w / pw) * r->h : 0;
}

/* Fills r with the part's pattern, in role.  The parts a Hopper SM has
 * once per quarter (schedulers, cores, Tensor Cores, registers) are drawn
 * as four segments; HBM as separate stacks. */
static void fill_pattern(const struct gm_rect *r, int c, enum role role, int most)
{
	const char *pat = pattern[c][ui_ascii() ? 1 : 0];
	int pw = text_width(pat);
	char row[1024];
	size_t n = 0, pl = strlen(pat);
	for (int x = 0; x + pw <= r->w && n + pl < sizeof row; x += pw, n += pl)
		memcpy(row + n, pat, pl);
	row[n] = '\0';
	bool quarters = c == GM_SCHED || c == GM_CORES || c == GM_TENSOR || c == GM_REGS;
	int seg = quarters && r->w >= 7 ? (r->w - 3) / 4 : r->w;
	ui_fill(r->y, r->x, r->h, r->w, role);
	int per_row = pw > 0 ? r->w / pw : 0;
	if (most > 0 && per_row > 0 && most < marks_room(r, c)) {
		/* fewer SMs than the part holds (a big terminal): a grid of the
		 * part's shape in its middle, not a strip along its top rows */
		int per = 1;
		while (per < per_row && (long)per * per * r->h < (long)most * per_row)
			per++;
		int rows = (most + per - 1) / per;
		if (rows > r->h) {
			per = (most + r->h - 1) / r->h;
			rows = (most + per - 1) / per;
		}
		/* at most one blank mark and one blank row between two SMs,
		 * so they still read as one field of SMs */
		int xs = per_row / per >= 2 ? 2 * pw : pw, ys = r->h / rows >= 2 ? 2 : 1;
		int x0 = (r->w - ((per - 1) * xs + pw)) / 2, y0 = (r->h - ((rows - 1) * ys + 1)) / 2;
		for (int k = 0; k < most; k++)
			ui_text(r->y + y0 + k / per * ys, r->x + x0 + k % per * xs, pw, role, pat);
		return;
	}
	for (int y = 0, left = most; y < r->h && (most <= 0 || left > 0); y++) {
		if (c == GM_HBM && y % 4 == 3)
			continue;
		if (most > 0 && left < per_row) { /* the last, partial row of SMs */
			ui_text(r->y + y, r->x, left * pw, role, row);
			break;
		}
		left -= per_row;
		for (int i = 0, x = 0; x < r->w && i < (quarters ? 4 : 1); i++, x += seg + 1)
			ui_text(r->y + y, r->x + x, seg, role, row);
	}
}

/* How many marks a part may draw at most: one per SM of the GPU shown
 * (a big terminal must not draw 3 266 SMs for a 132-SM GPU); 0: no limit. */
static int most_marks(const struct res_device *dev, int c)
{
	return c == GM_SMS && dev && dev->sms > 0 ? (int)dev->sms : 0;
}

/* A name centred on the middle row of r (the top row with top set): the
 * label, or the short tag. */
static void name_in(const struct gm_rect *r, const char *label, const char *tag, enum role role,
		    bool top)
{
	const char *s = text_width(label) <= r->w ? label : tag;
	int w = text_width(s);
	if (w > r->w)
		w = r->w;
	int y = top ? r->y : r->y + (r->h - 1) / 2;
	ui_text(y, r->x + (r->w - w) / 2, r->w, role, s);
}

/* The label carried by keys, centred on the part it hovers over; it may
 * stick out of a narrow part, as a label held over a drawing would, but
 * stays inside the view's frame (f), never over its border. */
static void carried_over(const struct gm_rect *r, const struct gm_rect *f, const char *label)
{
	char s[64];
	snprintf(s, sizeof s, "[%s]", label);
	int w = text_width(s), x = r->x + r->w / 2 - w / 2;
	int lo = r->x >= f->x + 1 ? f->x + 1 : 0, hi = r->x >= f->x + 1 ? f->x + f->w - 1 : COLS;
	if (x + w > hi)
		x = hi - w;
	if (x < lo)
		x = lo;
	ui_text_over(r->y + (r->h - 1) / 2, x, hi - x < w ? hi - x : w, C_SELECT, s);
}

static void draw_frames(const struct gm_game *g, const struct gm_layout *l,
			const struct res_device *dev)
{
	enum gm_view v = g->view;
	const struct gm_rect *f = &l->frame[v];
	ui_box(f->y, f->x, f->h, f->w, C_DIM);
	char title[96];
	/* a board too small for one mark per SM says how many it drew */
	long room = marks_room(&l->comp[GM_SMS], GM_SMS);
	int sms = most_marks(dev, GM_SMS);
	if (v == GM_OVERVIEW && sms > 0 && room < sms) {
		snprintf(title, sizeof title, tr(MSG_GM_BOARD_SOME), (int)room, sms);
		if (text_width(title) > f->w - 4)
			snprintf(title, sizeof title, tr(MSG_GM_BOARD_SOME_SHORT), (int)room, sms);
	} else if (v == GM_OVERVIEW)
		snprintf(title, sizeof title, "%s", tr(MSG_GM_BOARD));
	else if (dev)
		snprintf(title, sizeof title, tr(MSG_GM_ONE_SM_OF), dev->sms);
	else
		snprintf(title, sizeof title, "%s", tr(MSG_GM_ONE_SM));
	ui_text(f->y, f->x + 2, f->w - 4, C_HEADING, title);
	const char *const tabs[GM_NVIEWS] = { tr(MSG_GM_TAB_GPU), tr(MSG_GM_TAB_SM) };
	for (int i = 0; i < GM_NVIEWS; i++)
		ui_text(l->tab[i].y, l->tab[i].x, l->tab[i].w, i == (int)v ? C_SELECT : C_DIM, tabs[i]);
	ui_text(1, l->tab[1].x + l->tab[1].w + 1, l->map.w - l->tab[1].x - l->tab[1].w - 1, C_DIM, tr(MSG_GM_VIEW_KEY));
}

static void draw_parts(const struct gm_game *g, const struct gm_layout *l,
		       const struct res_device *dev)
{
	for (int c = 0; c < GM_NCOMP; c++) {
		if (gpumap_view_of(c) != g->view)
			continue;
		const struct gm_rect *r = &l->comp[c];
		/* the part the carried label would land on: its target, or
		 * the part under the pointer while dragging */
		bool hover = g->carry >= 0
			&& (g->by_mouse ? gpumap_hit(l, g->view, g->my, g->mx) == c
					: g->target == c);
		if (g->placed[c]) {
			fill_pattern(r, c, c == g->shown ? C_OK : C_NORMAL, most_marks(dev, c));
			/* the link's name on its top row: on the host's middle row the
			 * two names would run together ("Host CPUlink") */
			name_in(r, gpumap_label(c), gpumap_tag(c), C_OK, c == GM_LINK);
		} else {
			fill_pattern(r, c, hover ? C_SELECT : C_DIM, most_marks(dev, c));
		}
	}
	if (g->carry >= 0 && !g->by_mouse && gpumap_view_of(g->target) == g->view)
		carried_over(&l->comp[g->target], &l->frame[g->view], gpumap_label(g->carry));
	if (g->carry >= 0 && g->by_mouse) {
		char s[64];
		snprintf(s, sizeof s, "[%s]", gpumap_label(g->carry));
		ui_text_over(g->my, g->mx, COLS - g->mx, C_SELECT, s);
	}
}

static void draw_tray(const struct gm_game *g, const struct gm_layout *l)
{
	ui_box(l->tray.y, l->tray.x, l->tray.h, l->tray.w, C_DIM);
	ui_text(l->tray.y, l->tray.x + 2, l->tray.w - 4, C_HEADING, tr(MSG_GM_LABELS));
	for (int i = 0; i < GM_NCOMP; i++) {
		enum gm_comp c = gpumap_tray(i);
		const struct gm_rect *r = &l->slot[i];
		char s[64];
		enum role role = C_NORMAL;
		if (g->placed[c]) {
			snprintf(s, sizeof s, "%s %s", ui_glyph(G_CHECK), gpumap_label(c));
			role = C_DIM;
		} else if (g->carry == (int)c) {
			snprintf(s, sizeof s, "%s", tr(MSG_GM_CARRIED));
			role = C_DIM;
		} else {
			snprintf(s, sizeof s, "%s", gpumap_label(c));
			role = g->hint == (int)c ? C_WRONG : C_NORMAL;
			if (i == g->sel)
				role = C_SELECT;
		}
		if (role == C_SELECT)
			ui_fill(r->y, r->x, 1, r->w, C_SELECT);
		ui_text(r->y, r->x, r->w, role, s);
	}
}

void gpumap_view_draw(const struct gm_game *g, const struct gm_layout *l,
		      const struct res_device *dev)
{
	draw_frames(g, l, dev);
	draw_parts(g, l, dev);
	draw_tray(g, l);
}
