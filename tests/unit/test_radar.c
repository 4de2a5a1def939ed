/* test_radar: skill scores from progress, the hexagon's geometry in both
 * styles, and the labelled chart's text (against a golden rendering). */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "radar.h"
#include "tap.h"

static const int full[PROGRESS_SKILLS] = { 100, 100, 100, 100, 100, 100 };
static const int zero[PROGRESS_SKILLS] = { 0 };

static void test_scores(void)
{
	struct progress p;
	struct radar_scores s;
	progress_init(&p);
	radar_scores(&p, &s);
	int known = 0;
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		known += s.known[i] || s.pct[i];
	is_int(known, 0, "fresh progress: every axis unknown and at 0");

	p.skill_got[SK_CONCEPTS] = 9, p.skill_max[SK_CONCEPTS] = 10;
	p.skill_got[SK_THREADS] = 2, p.skill_max[SK_THREADS] = 3;
	p.skill_got[SK_MEMORY] = 12, p.skill_max[SK_MEMORY] = 10;      /* over: clamped */
	p.skill_got[SK_LIBRARIES] = -1, p.skill_max[SK_LIBRARIES] = 4;  /* negative: 0 */
	p.skill_got[SK_PERFORMANCE] = 0.5, p.skill_max[SK_PERFORMANCE] = 0;
	radar_scores(&p, &s);
	is_int(s.pct[SK_CONCEPTS], 90, "9 of 10 is 90%%");
	is_int(s.pct[SK_THREADS], 67, "2 of 3 rounds to 67%%");
	is_int(s.pct[SK_MEMORY], 100, "more than possible is clamped to 100%%");
	ok(s.known[SK_LIBRARIES] && s.pct[SK_LIBRARIES] == 0, "a negative score counts as 0, and is known");
	ok(!s.known[SK_PERFORMANCE] && s.pct[SK_PERFORMANCE] == 0, "nothing possible: unknown");
	ok(!s.known[SK_ARCHITECTURE], "architecture unknown without quiz or gpu-map");

	p.gpumap_attempts = 4, p.gpumap_correct = 3;
	radar_scores(&p, &s);
	ok(s.known[SK_ARCHITECTURE] && s.pct[SK_ARCHITECTURE] == 75, "gpu-map alone: 3 of 4 is 75%% architecture");
	p.skill_got[SK_ARCHITECTURE] = 5, p.skill_max[SK_ARCHITECTURE] = 6;
	radar_scores(&p, &s);
	is_int(s.pct[SK_ARCHITECTURE], 80, "quiz 5/6 plus gpu-map 3/4 is 8/10");
}

static bool has(const struct radar_grid *g, int r, int c, int layer)
{
	return r >= 0 && c >= 0 && r < g->rows && c < g->cols && (g->cell[r * g->cols + c].layers & layer);
}

static int count(const struct radar_grid *g, int layer)
{
	int n = 0;
	for (int i = 0; i < g->rows * g->cols; i++)
		n += (g->cell[i].layers & layer) != 0;
	return n;
}

static void test_geometry(enum radar_style st, const char *sname)
{
	static const int sizes[] = { 5, 7, 11, 14, 18 };
	for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
		int rows = sizes[z], cols = radar_cols_for_rows(rows, st);
		struct radar_grid g;
		ok(radar_render(full, rows, cols, st, &g), "%s %dx%d: renders", sname, rows, cols);
		int reach = 0, inside = 0, cr, cc;
		for (int a = 0; a < PROGRESS_SKILLS; a++) {
			int r, c;
			radar_point_cell(rows, cols, st, a, 1.0, &r, &c);
			inside += r >= 0 && c >= 0 && r < rows && c < cols;
			reach += has(&g, r, c, RADAR_SCORE) && has(&g, r, c, RADAR_FRAME);
		}
		is_int(inside, 6, "%s %d rows: all six corners lie in the plot", sname, rows);
		is_int(reach, 6, "%s %d rows: a full score reaches all six corner cells", sname, rows);
		radar_point_cell(rows, cols, st, 0, 1.0, &cr, &cc);
		ok(cr == 0, "%s %d rows: the top corner is on the first row", sname, rows);
		radar_point_cell(rows, cols, st, 3, 1.0, &cr, &cc);
		/* ASCII centres on a whole row: an even height leaves the last row free */
		ok(cr == rows - 1 || (st == RADAR_ASCII && rows % 2 == 0 && cr == rows - 2),
		   "%s %d rows: the bottom corner is on the last row", sname, rows);
		radar_grid_free(&g);

		ok(radar_render(zero, rows, cols, st, &g), "%s %d rows: zero renders", sname, rows);
		radar_point_cell(rows, cols, st, 2, 0.0, &cr, &cc);
		ok(count(&g, RADAR_SCORE) == 1 && has(&g, cr, cc, RADAR_SCORE),
		   "%s %d rows: zero stays at the centre cell", sname, rows);
		int same = 0;
		for (int a = 0; a < PROGRESS_SKILLS; a++) {
			int r, c;
			radar_point_cell(rows, cols, st, a, 0.0, &r, &c);
			same += r == cr && c == cc;
		}
		is_int(same, 6, "%s %d rows: every axis starts at the centre", sname, rows);
		ok(count(&g, RADAR_FRAME) > 2 * rows, "%s %d rows: the frame is drawn at zero", sname, rows);
		radar_grid_free(&g);
	}
}

static void test_shapes(void)
{
	int rows = 11;
	for (int st = RADAR_BRAILLE; st <= RADAR_ASCII; st++) {
		int cols = radar_cols_for_rows(rows, st);
		struct radar_grid g, h;
		int one[PROGRESS_SKILLS] = { 0, 0, 100, 0, 0, 0 }, half[PROGRESS_SKILLS] = { 50, 50, 50, 50, 50, 50 };
		radar_render(one, rows, cols, st, &g);
		int r, c, hit = 0;
		for (int a = 0; a < PROGRESS_SKILLS; a++) {
			radar_point_cell(rows, cols, st, a, 1.0, &r, &c);
			hit += has(&g, r, c, RADAR_SCORE) ? 1 << a : 0;
		}
		is_int(hit, 1 << 2, "style %d: one full axis reaches its own corner only", st);
		radar_grid_free(&g);
		radar_render(half, rows, cols, st, &g);
		radar_render(full, rows, cols, st, &h);
		ok(count(&g, RADAR_SCORE) < count(&h, RADAR_SCORE) && count(&g, RADAR_SCORE) > 1,
		   "style %d: half scores cover less than full ones, more than the centre", st);
		radar_point_cell(rows, cols, st, 1, 0.5, &r, &c);
		ok(has(&g, r, c, RADAR_SCORE), "style %d: a half score reaches the half-way cell", st);
		radar_grid_free(&g);
		radar_grid_free(&h);
	}
	struct radar_grid g;
	ok(!radar_render(full, RADAR_MIN_ROWS - 1, 20, RADAR_ASCII, &g), "too few rows is refused");
	ok(!radar_render(full, 11, RADAR_MIN_COLS - 1, RADAR_ASCII, &g), "too few columns is refused");
	radar_grid_free(NULL);
}

/* ASCII: mirror-symmetric for a mirror-symmetric score; no byte >= 0x80. */
static void test_ascii(void)
{
	int sym[PROGRESS_SKILLS] = { 90, 40, 70, 100, 70, 40 };
	int rows = 11, cols = radar_cols_for_rows(rows, RADAR_ASCII);
	struct radar_grid g;
	radar_render(sym, rows, cols, RADAR_ASCII, &g);
	int asym = 0, high = 0;
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			const struct radar_cell *a = &g.cell[r * cols + c], *b = &g.cell[r * cols + cols - 1 - c];
			asym += strcmp(a->glyph, b->glyph) != 0;
			for (const char *p = a->glyph; *p; p++)
				high += (unsigned char)*p >= 0x80;
		}
	is_int(asym, 0, "ASCII radar of a symmetric score is mirror-symmetric");
	is_int(high, 0, "ASCII radar has no byte >= 0x80");
	radar_grid_free(&g);

	radar_render(sym, rows, radar_cols_for_rows(rows, RADAR_BRAILLE), RADAR_BRAILLE, &g);
	int bad = 0;
	for (int i = 0; i < g.rows * g.cols; i++) {
		const unsigned char *u = (const unsigned char *)g.cell[i].glyph;
		bool blank = !strcmp(g.cell[i].glyph, " ") && !g.cell[i].layers;
		bool braille = u[0] == 0xE2 && u[1] >= 0xA0 && u[1] <= 0xA3 && u[2] >= 0x80 && u[2] <= 0xBF && !u[3];
		bad += !(blank || (braille && g.cell[i].layers));
	}
	is_int(bad, 0, "braille cells are blank or one U+2800 block character with a layer");
	radar_grid_free(&g);
}

/* The labelled chart, compared with a rendering checked by eye. */
static const char *const golden_chart[] = {
	"                 concepts 90%",
	"                      .+.",
	"                  .... **....",
	"               ....    ***  ....",
	"  performance +....    *****....+ architecture",
	"           -- .   .... ******   . 50%",
	"              .       ********  .",
	"              .   **** . ****** .",
	"              ...*.    .    ****.",
	"    libraries +....    .    ....* threads",
	"          70%     .... . ....     100%",
	"                      .+.",
	"                   memory 0%",
};

static void test_chart(void)
{
	struct radar_scores s = { .pct = { 90, 50, 100, 0, 70, 0 },
				  .known = { true, true, true, true, true, false } };
	int rows = 11;
	struct radar_chart c;
	struct text_lines tl = { 0 };
	ok(radar_chart_make(&s, NULL, rows, radar_cols_for_rows(rows, RADAR_ASCII), RADAR_ASCII, &c),
	   "chart: made");
	ok(radar_chart_lines(&c, &tl), "chart: text lines");
	size_t ng = sizeof golden_chart / sizeof *golden_chart;
	is_int(tl.n, ng, "chart: %zu lines (plot and a label row above and below)", ng);
	int diff = 0, wide = 0, trail = 0;
	for (size_t i = 0; i < tl.n && i < ng; i++) {
		if (strcmp(tl.line[i], golden_chart[i])) {
			diff++;
			diag("line %zu: got \"%s\"", i, tl.line[i]);
		}
		wide += text_width(tl.line[i]) > c.cols;
		size_t n = strlen(tl.line[i]);
		trail += n && tl.line[i][n - 1] == ' ';
	}
	is_int(diff, 0, "chart: matches the golden rendering");
	is_int(wide, 0, "chart: no line wider than the chart");
	is_int(trail, 0, "chart: no trailing spaces");
	int labels = 0;
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		for (size_t k = 0; k < tl.n; k++)
			if (strstr(tl.line[k], skill_names[i])) {
				labels++;
				break;
			}
	is_int(labels, 6, "chart: all six axis labels");
	text_lines_free(&tl);
	radar_chart_free(&c);

	static const char *const zh[PROGRESS_SKILLS] = { "概念", "架构", "线程", "内存", "库", "性能" };
	ok(radar_chart_make(&s, zh, rows, 20, RADAR_BRAILLE, &c) && radar_chart_lines(&c, &tl),
	   "chart: other names (wide characters) are placed too");
	wide = 0;
	for (size_t k = 0; k < tl.n; k++)
		wide += text_width(tl.line[k]) > c.cols;
	is_int(wide, 0, "chart: wide-character labels stay inside the chart");
	text_lines_free(&tl);
	radar_chart_free(&c);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_scores();
	test_geometry(RADAR_BRAILLE, "braille");
	test_geometry(RADAR_ASCII, "ascii");
	test_shapes();
	test_ascii();
	test_chart();
	return tap_done();
}
