/* test_chart: log axes, bar lengths, decade labels, and a roofline grid
 * compared with the picture a person would expect. */
#include <locale.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "chart.h"

static const char *str(const char *s) { return s; }

static void test_axes(void)
{
	double lo, hi;
	ok(chart_decades(3, 250, &lo, &hi) && lo == 1 && hi == 1000, "3..250 -> 1..1000");
	ok(chart_decades(10, 100, &lo, &hi) && lo == 10 && hi == 100, "10..100 stays 10..100");
	ok(chart_decades(5, 5, &lo, &hi) && lo == 1 && hi == 10, "one value -> one decade");
	ok(chart_decades(0.002, 0.03, &lo, &hi) && fabs(lo - 0.001) < 1e-12 && fabs(hi - 0.1) < 1e-12,
	   "below one: 0.001..0.1");
	ok(!chart_decades(0, NAN, &lo, &hi) && lo == 1 && hi == 10, "nothing positive: 1..10, false");
	/* extremes from a result file: lo must stay > 0 and hi finite, or an
	 * axis loop "for (v = lo; v <= hi; v *= 10)" never ends */
	bool got = chart_decades(4.9e-324, 1, &lo, &hi);
	ok(got && lo > 0 && hi == 1, "a denormal: lo stays positive (%g)", lo);
	got = chart_decades(1, 1.7e308, &lo, &hi);
	ok(got && isfinite(hi) && lo == 1, "near DBL_MAX: hi stays finite (%g)", hi);
	got = chart_decades(1e-320, 1e-320, &lo, &hi);
	ok(got && lo > 0 && hi > lo && isfinite(hi), "one denormal value: a positive decade (%g..%g)", lo, hi);
	struct chart_roof big;
	struct chart_point far[] = { { 1e-320, 1e308, 'a', 0 }, { 1e308, 1e-320, 'b', 0 } };
	chart_roofline(&big, 40, 10, NAN, NAN, far, 2);
	ok(big.xlo > 0 && isfinite(big.xhi) && big.ylo > 0 && isfinite(big.yhi),
	   "a roofline of extreme points has positive, finite axes");
	is_int(chart_log_cells(100, 1, 10000, 40), 20, "100 on 1..10k over 40 cells: half");
	is_int(chart_log_cells(10000, 1, 10000, 40), 40, "the top: full");
	is_int(chart_log_cells(1e9, 1, 10000, 40), 40, "past the top: clamped");
	is_int(chart_log_cells(0.5, 1, 10, 10), 1, "below the axis: still visible");
	is_int(chart_log_cells(NAN, 1, 10, 10), 0, "NAN: no bar");
	is_int(chart_log_cells(-3, 1, 10, 10), 0, "negative: no bar");
	is_int(chart_log_index(1, 1, 100, 10), 0, "index of the bottom");
	is_int(chart_log_index(100, 1, 100, 10), 9, "index of the top is the last cell");
	is_int(chart_log_index(10, 1, 100, 10), 5, "index of the middle");
	is_int(chart_log_index(0, 1, 100, 10), -1, "index of zero: none");
	char b[16];
	static const struct { double v; const char *want; } labels[] = {
		{ 1, "1" }, { 10, "10" }, { 100, "100" }, { 1000, "1k" }, { 1e4, "10k" },
		{ 1e6, "1M" }, { 0.1, "0.1" }, { 0.01, "0.01" }, { 1e15, "1e15" },
	};
	for (size_t i = 0; i < sizeof labels / sizeof *labels; i++) {
		chart_decade_label(labels[i].v, b, sizeof b);
		is_str(str(b), labels[i].want, "label of %g", labels[i].v);
	}
}

/* Renders the grid as text: ' ' empty, '/' memory roof, '-' compute roof. */
static void render(const struct chart_roof *c, char out[][CHART_MAX_W + 1])
{
	for (int r = 0; r < c->h; r++) {
		for (int k = 0; k < c->w; k++) {
			switch (c->kind[r][k]) {
			case CH_SLOPE: out[r][k] = '/'; break;
			case CH_FLAT: out[r][k] = '-'; break;
			case CH_POINT: out[r][k] = c->mark[r][k]; break;
			case CH_MIN: out[r][k] = ':'; break;
			default: out[r][k] = ' ';
			}
		}
		out[r][c->w] = '\0';
	}
}

static void test_roofline(void)
{
	static struct chart_roof c;
	static char got[CHART_MAX_H][CHART_MAX_W + 1];
	/* peak 1000 GFLOP/s, 100 GB/s: the ridge at 10 FLOP/B */
	const struct chart_point pts[] = {
		{ 1, 50, '1', 0 }, { 100, 900, '2', 0 }, { 100, 950, '3', 0 }, { 0, 5, 'x', 0 },
		{ 30, 20, '4', 0 },
	};
	chart_roofline(&c, 20, 8, 1000, 100, pts, 5);
	ok(c.has_roof, "ceilings known");
	ok(c.xlo == 1 && c.xhi == 100, "x axis 1..100 FLOP/B (%g..%g)", c.xlo, c.xhi);
	ok(c.ylo == 10 && c.yhi == 1000, "y axis 10..1000 GFLOP/s (%g..%g)", c.ylo, c.yhi);
	render(&c, got);
	static const char *const want[8] = {
		"       ///-------3-2",
		"     //             ",
		"  ///               ",
		"//                  ",
		"                    ",
		"1                   ",
		"              4     ",
		"                    ",
	};
	for (int r = 0; r < 8; r++)
		is_str(str(got[r]), want[r], "roofline row %d", r);
	chart_roofline(&c, 10, 4, NAN, NAN, pts, 1);
	ok(!c.has_roof, "no ceilings without peak and bandwidth");
	render(&c, got);
	is_str(str(got[0]), "          ", "no ceiling, row 0");
	is_str(str(got[1]), "1         ", "only the point, at 1 FLOP/B and 50 GFLOP/s on 1..10 x 10..100");
	const struct chart_point same[] = {
		{ 5, 5, 'a', 0 }, { 5, 5, 'b', 0 }, { 5, 5, 'c', 0 }, { 5, 5, 'd', 0 }, { 5, 5, 'e', 0 },
		{ 5, 5, 'f', 0 },
	};
	chart_roofline(&c, 10, 2, NAN, NAN, same, 6);
	render(&c, got);
	is_str(str(got[0]), "    c a b ", "points in one cell spread two columns each way, a blank between marks");
	ok(c.more[0][6] == 3, "the rest join the mark in their place: it stands for 3 more (%d)", c.more[0][6]);
	ok(c.shown_as[0] == 'a' && c.shown_as[1] == 'b' && c.shown_as[2] == 'c' && c.shown_as[3] == 'a' &&
	   c.shown_as[4] == 'a' && c.shown_as[5] == 'a', "and each point says which mark it is drawn as");
	/* reduce's cluster at 80x24 ("g45h"): four kernels a column or two
	 * apart at one speed; no two marks side by side in any row */
	const struct chart_point near[] = {
		{ 0.24, 140, 'g', 0 }, { 0.25, 140, '4', 0 }, { 0.26, 140, '5', 0 }, { 0.27, 140, 'h', 0 },
		{ 0.3, 130, 'f', 0 }, { 0.31, 130, 'd', 0 },
	};
	chart_roofline(&c, 30, 10, 66900, 4814, near, 6);
	int side = 0, marks = 0;
	for (int r = 0; r < c.h; r++)
		for (int k = 0; k < c.w; k++) {
			marks += c.kind[r][k] == CH_POINT ? 1 + c.more[r][k] : 0;
			side += k > 0 && c.kind[r][k] == CH_POINT && c.kind[r][k - 1] == CH_POINT;
		}
	is_int(side, 0, "no two marks side by side");
	is_int(marks, 6, "every point drawn or merged into a mark");
	chart_roofline(&c, 1000, 1000, 1, 1, pts, 0);
	ok(c.w == CHART_MAX_W && c.h == CHART_MAX_H, "size clamped to the maxima");
}

/* The honest roofline: a point sits at its own x; its problem's minimum-
 * traffic intensity (xmin) is a column of CH_MIN under and over it, the
 * axes reach it, and the ceilings and points stay on top. */
static void test_roof_min(void)
{
	static struct chart_roof c;
	static char got[CHART_MAX_H][CHART_MAX_W + 1];
	const struct chart_point pts[] = {
		{ 0.25, 50, '1', 500 }, { 20, 900, '2', 500 }, { 500, 990, '3', 0 },
	};
	chart_roofline(&c, 20, 4, 1000, 100, pts, 3);
	ok(c.xlo == 0.1 && c.xhi == 1000, "x axis 0.1..1000 covers the points and their minimum (%g..%g)",
	   c.xlo, c.xhi);
	int col = chart_roof_col(&c, 500);
	ok(c.min_col[col], "the minimum's column %d is marked", col);
	int marked = 0;
	for (int k = 0; k < c.w; k++)
		marked += c.min_col[k];
	is_int(marked, 1, "and only that column (two points, one problem)");
	ok(chart_roof_col(&c, 0.25) < chart_roof_col(&c, 20) && chart_roof_col(&c, 20) < col,
	   "naive (0.25) left of tiled (20) left of the minimum (500)");
	render(&c, got);
	static const char *const want[4] = {
		"        //-2------3-",
		"     ///          : ",
		" 1///             : ",
		"//                : ",
	};
	for (int r = 0; r < 4; r++)
		is_str(str(got[r]), want[r], "roofline with a minimum, row %d", r);
	int mins = 0;
	for (int r = 0; r < c.h; r++)
		mins += c.kind[r][col] == CH_MIN;
	ok(mins >= 1 && mins < c.h, "the column is CH_MIN where nothing else is (%d of %d rows)", mins, c.h);
	ok(c.kind[chart_roof_row(&c, 990)][chart_roof_col(&c, 500)] == CH_POINT ||
	   c.kind[chart_roof_row(&c, 990)][chart_roof_col(&c, 500)] == CH_FLAT,
	   "the point at the minimum (or the roof) keeps its cell");
	const struct chart_point none[] = { { 1, 10, 'a', 0 }, { 2, 10, 'b', NAN } };
	chart_roofline(&c, 10, 3, NAN, NAN, none, 2);
	marked = 0;
	for (int k = 0; k < c.w; k++)
		marked += c.min_col[k];
	is_int(marked, 0, "xmin 0 or NAN: no mark");
}

/* QA P2.12: labels shortened whole words at a time; the axis keeps its top. */
static void test_labels(void)
{
	char b[128];
	static const struct { const char *label, *id; int w; const char *want, *what; } cut[] = {
		{ "CPU blocked, all cores", "cpu-blocked", 30, "CPU blocked, all cores",
		  "a label that fits stays" },
		{ "CPU blocked, all cores", "cpu-blocked", 20, "CPU blocked, all~",
		  "too long: its first words and an ellipsis, never the id" },
		{ "CPU blocked, all cores", "cpu-blocked", 12, "CPU blocked~",
		  "at 60x20's 12 columns too" },
		{ "cuDNN implicit-precomp-gemm", "cudnn-implicit-precomp-gemm", 20, "cuDNN implicit-~",
		  "neither fits: cut after a whole word" },
		{ "cuBLAS TF32 Tensor Cores", "cublas-tf32", 20, "cuBLAS TF32 Tensor~",
		  "cuBLAS TF32: its words, not its id" },
		{ "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz0", 10, "~",
		  "one long word: never cut inside it" },
		/* Chinese has no spaces: cut between its characters, never the
		 * English id; a comma or bracket before the cut is dropped */
		{ "\u6734\u7d20\uff0c\u672a\u5408\u5e76\u8bbf\u95ee", "naive", 12,
		  "\u6734\u7d20\uff0c\u672a\u5408~", "zh: 朴素，未合并访问 at 12 columns: 朴素，未合~" },
		{ "\u6734\u7d20\uff0c\u672a\u5408\u5e76\u8bbf\u95ee", "naive", 8, "\u6734\u7d20~",
		  "zh at 8: 朴素~, the comma dropped" },
		{ "CPU \u6734\u7d20\uff0c\u5355\u7ebf\u7a0b", "cpu-naive", 12, "CPU \u6734\u7d20~",
		  "a Latin word, a space, then Chinese: CPU 朴素~" },
	};
	for (size_t i = 0; i < sizeof cut / sizeof *cut; i++) {
		chart_short_label(cut[i].label, cut[i].id, cut[i].w, "~", b, sizeof b);
		is_str(str(b), cut[i].want, "%s", cut[i].what);
	}
	/* a legend's labels that would read the same once cut after a word */
	static const char *const lab[] = { "naive, uncoalesced", "naive, coalesced",
		"register blocking", "naive, uncoalesced", "朴素，未合并访问", "朴素，合并访问",
		"shared tree, interleaved", "shared tree, sequential",
		"共享内存树形归约，交错寻址", "共享内存树形归约，连续寻址" };
	static const char *const ids[] = { "naive", "coalesced", "regblock", "naive",
		"naive", "coalesced", "interleaved", "sequential", "interleaved", "sequential" };
	static const struct { int i, w; const char *want, *what; } leg[] = {
		{ 0, 11, "naive, unc~", "a clash: cut between characters, the words that differ show" },
		{ 1, 11, "naive, coa~", "  and the other of the pair" },
		{ 2, 11, "register~", "no clash: after a whole word, as before" },
		{ 3, 11, "naive, unc~", "the same label twice (yours, recorded) is no clash" },
		{ 0, 40, "naive, uncoalesced", "room for all: the label" },
		{ 0, 7, "naive", "  7 columns: both read 'naive~' even between characters: the id" },
		{ 1, 7, "coal", "  and the other's id abbreviated, where the id is too long" },
		{ 4, 9, "朴素，未~", "CJK: cut between characters (2 columns each)" },
		{ 5, 9, "朴素，合~", "  and its pair" },
		{ 6, 12, "~interleaved", "the same even between characters: the last words" },
		{ 7, 12, "~sequential", "  and its pair's" },
		{ 8, 12, "~交错寻址", "CJK: the last words, after the Chinese comma" },
		{ 9, 12, "~连续寻址", "  and its pair's" },
		{ 6, 40, "shared tree, interleaved", "room for all: the label" },
	};
	char out[10][CHART_LABEL_MAX];
	for (size_t i = 0; i < sizeof leg / sizeof *leg; i++) {
		chart_legend_labels(lab, ids, 10, leg[i].w, "~", out);
		is_str(str(out[leg[i].i]), leg[i].want, "legend label %d at %d: %s", leg[i].i, leg[i].w,
		       leg[i].what);
	}
	/* labels that reach different levels: each is compared with what the
	 * others finally show, so no two of them read the same */
	static const char *const mix[] = { "交错寻址，sequential，interleaved",
		"交错寻址-interleaved shared-sequential", "un tree, coalesced", "交错寻址-coalesced" };
	static const char *const mix_ids[] = { "a-b", "c-d", "e-f", "g-h" };
	char shown[4][CHART_LABEL_MAX];
	chart_legend_labels(mix, mix_ids, 4, 9, "~", shown);
	int same = 0;
	for (int i = 0; i < 4; i++)
		for (int j = i + 1; j < 4; j++)
			same += !strcmp(shown[i], shown[j]);
	ok(same == 0, "four labels cut to 9 columns, at different levels, all read apart (%s | %s | %s | %s)",
	   shown[0], shown[1], shown[2], shown[3]);
	/* last words that end another label too ("…gemm", "cuDNN gemm") are
	 * not shown; a last word too long to show whole is not cut into */
	static const char *const dnn[] = { "cuDNN implicit-gemm", "cuDNN implicit-precomp-gemm",
		"cuDNN gemm", "shared tree, interleaved", "shared tree, sequential" };
	static const char *const dnn_ids[] = { "cudnn-implicit-gemm", "cudnn-implicit-precomp-gemm",
		"cudnn-gemm", "interleaved", "sequential" };
	static const struct { int i; const char *want, *what; } tail[] = {
		{ 0, "dnn-impl-g~", "'…gemm' would read as cuDNN gemm: the abbreviated id, cut" },
		{ 1, "dnn-impl-p~", "  and its pair's" },
		{ 2, "cuDNN gemm", "  the label that fits stays" },
		{ 3, "interleaved", "'interleaved' does not fit after the ellipsis: the id, not '…nterleaved'" },
		{ 4, "~sequential", "  its pair's last word fits" },
	};
	chart_legend_labels(dnn, dnn_ids, 5, 11, "~", out);
	for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
		is_str(str(out[tail[i].i]), tail[i].want, "at 11: %s", tail[i].what);
	/* no colon, open bracket, lone + or =, or Chinese colon before the ellipsis */
	static const struct { const char *label; int w; const char *want; } punct[] = {
		{ "cuDNN fastest, TF32-allowed: fft-tiling (default)", 30, "cuDNN fastest, TF32-allowed~" },
		{ "Hopper wgmma + TMA (TF32)", 16, "Hopper wgmma~" },
		{ "float4, grid = SMs, one pass", 16, "float4, grid~" },
		{ "cuDNN 最快（允许 TF32）：fft-tiling (default)", 28, "cuDNN 最快（允许 TF32）~" },
		{ "Winograd F(4x4, 3x3) (hand)", 23, "Winograd F(4x4, 3x3)~" },
	};
	for (size_t i = 0; i < sizeof punct / sizeof *punct; i++) {
		chart_short_label(punct[i].label, "x", punct[i].w, "~", b, sizeof b);
		is_str(str(b), punct[i].want, "cut of '%s' at %d ends on a word", punct[i].label, punct[i].w);
	}
	chart_abbrev("cudnn-implicit-precomp-gemm", b, sizeof b);
	is_str(str(b), "dnn-impl-pc-gemm", "abbreviated id");
	chart_abbrev("cudnn-winograd-nonfused", b, sizeof b);
	is_str(str(b), "dnn-wino-nf", "abbreviated winograd-nonfused");
	chart_abbrev("naive", b, sizeof b);
	is_str(str(b), "naive", "a short id stays");
	chart_abbrev("cudnn-implicit-precomp-gemm", b, 6);
	ok(strlen(b) <= 5, "abbrev fits a small buffer");
	char l[16], h[16];
	chart_decade_label(1, l, sizeof l);
	chart_decade_label(100, h, sizeof h);
	chart_axis_label(l, h, 40, b, sizeof b);
	is_str(str(b), "log scale 1 ... 100 ms", "wide: the whole axis heading");
	chart_axis_label(l, h, 18, b, sizeof b);
	is_str(str(b), "1 .. 100 ms", "narrow: both bounds, the top with its unit");
	chart_axis_label(l, h, 9, b, sizeof b);
	is_str(str(b), "<= 100 ms", "narrower: the top with its unit");
	for (int w = 9; w < 40; w++) {
		chart_axis_label(l, h, w, b, sizeof b);
		ok(strstr(b, "100 ms") && (int)strlen(b) <= w, "width %d: '%s' fits and says 100 ms", w, b);
	}
	chart_axis_label(l, h, 7, b, sizeof b);
	is_str(str(b), "100 ms", "narrower still: the bound and its unit alone, never a cut unit");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_labels();
	test_axes();
	test_roofline();
	test_roof_min();
	return tap_done();
}
