/* tiling_view: two drawings of the tiling screen kept apart so that
 * screen_tiling.c stays readable: the large digits that show the ratio
 * between modes, the measured times of a matmul run next to the model's
 * prediction, and the convolution view (im2col).  They draw from their
 * arguments only, with ui.h; the arithmetic is tiling.c's. */
#include <curses.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "demo.h"
#include "results.h"
#include "text.h"
#include "tiling.h"
#include "tiling_view.h"
#include "matmul/mm_traffic.h"
#include "ui.h"
#include "i18n.h"

/* Large digits, three rows a glyph, for the ratio between modes. */
static const char *const big[][3] = {
	{ "█▀█", "█ █", "▀▀▀" }, { " ▀█", "  █", "  ▀" }, { "▀▀█", "█▀▀", "▀▀▀" }, { "▀▀█", " ▀█", "▀▀▀" },
	{ "█ █", "▀▀█", "  ▀" }, { "█▀▀", "▀▀█", "▀▀▀" }, { "█▀▀", "█▀█", "▀▀▀" }, { "▀▀█", "  █", "  ▀" },
	{ "█▀█", "█▀█", "▀▀▀" }, { "█▀█", "▀▀█", "▀▀▀" }, { " ", " ", "▀" }, { "   ", "▀▄▀", "▀ ▀" },
};

/* ASCII twin of a row of the big font: every block glyph becomes '#'. */
static void to_ascii(char *s)
{
	char *w = s;
	for (const unsigned char *r = (const unsigned char *)s; *r; r++) {
		if (*r >= 0xC0)
			*w++ = '#';
		else if (*r < 0x80)
			*w++ = (char)*r;
	}
	*w = '\0';
}

void tiling_view_big(int y, int x, int maxw, enum role r, const char *s)
{
	for (int row = 0; row < 3; row++) {
		char line[256] = "";
		for (const char *c = s; *c && strlen(line) + 16 < sizeof line; c++) {
			int g = *c >= '0' && *c <= '9' ? *c - '0' : *c == '.' ? 10 : 11;
			strcat(line, big[g][row]);
			strcat(line, " ");
		}
		if (ui_ascii())
			to_ascii(line);
		ui_text(y + row, x, maxw, r, line);
	}
}

/* The convolution view: a 5x5 input (letters), a 3x3 filter, the 3x3
 * output; im2col stacks each output's window as a row, so the whole
 * convolution is that 9x9 matrix times the filter as a 9-vector. */
void tiling_view_conv(int o, int y0, int y1)
{
	const int H = 5, W = 5, R = 3, S = 3, P = 3, Q = 3;
	o = ((o % (P * Q)) + P * Q) % (P * Q);
	ui_text(y0, 0, COLS, C_HEADING, tr(MSG_TV_CONV_HEAD));
	ui_text(y0 + 1, 0, 12, C_DIM, tr(MSG_TV_INPUT));
	for (int i = 0; i < H * W; i++) {
		bool in = false;
		for (int j = 0; j < R * S; j++)
			in |= tl_im2col(H, W, R, S, o, j) == i;
		char t[4] = { (char)('a' + i), 0 };
		ui_text(y0 + 2 + i / W, 1 + 2 * (i % W), 1, in ? C_SELECT : C_NORMAL, t);
	}
	ui_text(y0 + 8, 0, 12, C_DIM, tr(MSG_TV_FILTER));
	for (int j = 0; j < R * S; j++) {
		char t[4] = { (char)('1' + j), 0 };
		ui_text(y0 + 9 + j / S, 1 + 2 * (j % S), 1, C_ACCENT, t);
	}
	ui_text(y0 + 1, 13, 8, C_DIM, tr(MSG_TV_OUTPUT));
	for (int k = 0; k < P * Q; k++) {
		char t[8];
		snprintf(t, sizeof t, "o%d", k);
		ui_text(y0 + 2 + k / Q, 13 + 3 * (k % Q), 2, k == o ? C_SELECT : C_NORMAL, t);
	}
	int x = 25;
	ui_text(y0 + 1, x, COLS - x, C_DIM, tr(MSG_TV_IM2COL));
	for (int k = 0; k < P * Q && y0 + 2 + k < y1; k++) {
		char row[64] = "";
		snprintf(row, sizeof row, "o%d |", k);
		for (int j = 0; j < R * S; j++) {
			char t[4] = { ' ', (char)('a' + tl_im2col(H, W, R, S, k, j)), 0 };
			strcat(row, t);
		}
		strcat(row, " | . [1..9]");
		ui_text(y0 + 2 + k, x, COLS - x, k == o ? C_SELECT : C_NORMAL, row);
	}
	char cur[96] = "";
	snprintf(cur, sizeof cur, "o%d = [", o);
	for (int j = 0; j < R * S; j++) {
		char t[4] = { (char)('a' + tl_im2col(H, W, R, S, o, j)), j + 1 < R * S ? ' ' : ']', 0 };
		strcat(cur, t);
	}
	strcat(cur, " . [1 2 3 4 5 6 7 8 9]");
	/* on a narrow screen the whole product moves left, beside the filter */
	int cx = x + text_width(cur) < COLS ? x : 8;
	ui_text(y0 + 11, cx, COLS - cx, C_SELECT, cur);
	ui_wrap(y0 + 12, y1, 1, COLS - 2, C_NOTE, tr(MSG_TV_CONV_TEXT));
}


const struct res_variant *tiling_view_find(const struct results *r, const char *id)
{
	for (size_t i = 0; r && i < r->nvar; i++)
		if (!strcmp(r->var[i].demo, demo_name(CK_DEMO_matmul)) && !strcmp(r->var[i].variant, id) && r->var[i].ms == r->var[i].ms)
			return &r->var[i];
	return NULL;
}

/* "naive 4.42", with its own size when it differs from n (the CPU
 * variants run smaller); times in ms. */
void tiling_view_ms(const struct res_variant *v, const char *name, long n, char *buf, size_t size)
{
	if (!v)
		snprintf(buf, size, "%s -", name);
	else if (v->size.m != n)
		snprintf(buf, size, tr(MSG_TV_AT), name, v->ms, v->size.m);
	else
		snprintf(buf, size, "%s %.3g", name, v->ms);
}

/* One scale for a whole table (none, M or G, from its largest count), so
 * 33.6M never stands next to 4194304. */
static void fmt_count(long long v, long long max, char *buf, size_t size)
{
	if (max < 10000000 || v == 0)
		snprintf(buf, size, "%lld", v);
	else if (max < 10000000000LL)
		snprintf(buf, size, "%.1fM", (double)v / 1e6);
	else
		snprintf(buf, size, "%.2fG", (double)v / 1e9);
}

/* The whole run of each mode, from the closed forms: global and shared
 * loads and FMAs side by side, one number format. */
int tiling_view_totals(const struct tl_config *c, int y, int y1, int x, int w)
{
	struct tl_counts t[TL_NMODES];
	for (int m = 0; m < TL_NMODES; m++)
		t[m] = tl_formula_total(c, (enum tl_mode)m);
	const enum msg rows[] = { MSG_TL_ROW_GLOBAL, MSG_TL_ROW_SHARED, MSG_TL_ROW_FMAS };
	char line[160], a[24], b[24], d[24];
	snprintf(line, sizeof line, tr(MSG_TL_SHARED_PER_FMA), tl_ratio(t[TL_TILED].shared, t[TL_TILED].fma),
		 tl_ratio(t[TL_REGBLOCK].shared, t[TL_REGBLOCK].fma));
	if (y < y1)
		ui_text(y++, x, w, C_NORMAL, line);
	if (y < y1)
		{
			int pad = 14 - text_width(tr(MSG_TL_WHOLE_RUN));
			snprintf(line, sizeof line, "%s%*snaive smem-tiled  regblock", tr(MSG_TL_WHOLE_RUN), pad > 0 ? pad : 1, "");
			ui_text(y++, x, w, C_DIM, line);
		}
	long long max = 0;
	for (int m = 0; m < 3; m++) {
		long long mm = t[m].global > t[m].shared ? t[m].global : t[m].shared;
		mm = mm > t[m].fma ? mm : t[m].fma;
		max = mm > max ? mm : max;
	}
	for (int i = 0; i < 3 && y < y1; i++) {
		long long v[3];
		for (int m = 0; m < 3; m++)
			v[m] = i == 0 ? t[m].global : i == 1 ? t[m].shared : t[m].fma;
		fmt_count(v[0], max, a, sizeof a);
		fmt_count(v[1], max, b, sizeof b);
		fmt_count(v[2], max, d, sizeof d);
		snprintf(line, sizeof line, "%s%*s %10s %10s %9s", tr(rows[i]), 8 - text_width(tr(rows[i])), "", a, b, d);
		ui_text(y++, x, w, C_NORMAL, line);
	}
	return y;
}

/* The three hand-written rungs of one result set, with the ratios the
 * rungs' traffic model (mm_traffic.h) predicts for the demo's own tiles
 * (T = 32; 32x64 blocks, 4x4 per thread) at that size.  Returns the next row. */
int tiling_view_rungs(const struct results *r, const char *title, int y, int y1, int x, int w)
{
	const struct res_variant *nv = tiling_view_find(r, tl_mode_name(TL_NAIVE)),
		*ti = tiling_view_find(r, tl_mode_name(TL_TILED)), *rb = tiling_view_find(r, tl_mode_name(TL_REGBLOCK));
	if (!nv && !ti && !rb)
		return y;
	char line[400], a[96], b[96], c[96];
	long n = (nv ? nv : ti ? ti : rb)->size.m;
	/* the demo's own tiles, from the rungs' traffic model (mm_traffic.h) */
	long long pn = (long long)mm_traffic_of(MM_NAIVE, (int)n, (int)n, (int)n).loads,
		  pt = (long long)mm_traffic_of(MM_SMEM_TILED, (int)n, (int)n, (int)n).loads,
		  pr = (long long)mm_traffic_of(MM_REGBLOCK, (int)n, (int)n, (int)n).loads;
	snprintf(line, sizeof line, tr(MSG_TV_TITLE_N), title, n);
	y = ui_wrap(y, y1, x, w, C_HEADING, line);
	tiling_view_ms(nv, "naive", n, a, sizeof a);
	tiling_view_ms(ti, "tiled", n, b, sizeof b);
	tiling_view_ms(rb, "regblock", n, c, sizeof c);
	snprintf(line, sizeof line, "ms: %s  %s  %s", a, b, c);
	y = ui_wrap(y, y1, x, w, C_NORMAL, line);
	snprintf(line, sizeof line, tr(MSG_TV_TIME_RATIO), nv && ti ? nv->ms / ti->ms : 0.0,
		 ti && rb ? ti->ms / rb->ms : 0.0);
	y = ui_wrap(y, y1, x, w, C_ACCENT, line);
	snprintf(line, sizeof line, tr(MSG_TV_MODEL), tl_ratio(pn, pt), tl_ratio(pt, pr));
	return ui_wrap(y, y1, x, w, C_ACCENT, line);
}

/* The mode tabs on row 1: tab i is "[name]" from column *x, w wide (one
 * blank between tabs); returns the column after the last. */
int tiling_view_mode_tab(int i, int *x, int *w)
{
	int at = 0;
	for (int k = 0; k < TL_NMODES; k++) {
		char s[32];
		snprintf(s, sizeof s, "[%s]", tl_mode_name((enum tl_mode)k));
		int sw = ui_width(s);
		if (k == i) {
			*x = at;
			*w = sw;
		}
		at += sw + 1;
	}
	return at;
}

/* The mode whose tab is at (y, x), or -1: a click picks it, as in gpu-map. */
int tiling_view_mode_at(int y, int x)
{
	for (int i = 0; y == TILING_TAB_ROW && i < TL_NMODES; i++) {
		int tx, tw;
		tiling_view_mode_tab(i, &tx, &tw);
		if (x >= tx && x < tx + tw)
			return i;
	}
	return -1;
}
