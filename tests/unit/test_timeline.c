/* test_timeline: streams spans to rows and columns at several widths:
 * where each stage lands, a short stage still shown, overlap drawn exactly
 * where the offsets overlap, rows folded when there are more streams than
 * rows, and the fixture's recorded-shaped runs (pinned overlaps, the
 * default stream never does). */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "timeline.h"

static void test_serial(void)
{
	/* one stream: copy in [0,1), kernel [1,3), copy out [3,4) */
	struct res_span sp[] = { { 0, 0, RES_H2D, 0, 1 }, { 0, 0, RES_KERNEL, 1, 3 },
				 { 0, 0, RES_D2H, 3, 4 } };
	static const int widths[] = { 4, 8, 40, 200 };
	for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
		struct tl_grid g;
		int cols = widths[w];
		timeline_layout(&g, sp, 3, 1, cols, 0);
		ok(g.t_end == 4 && g.cols == cols, "width %d: t_end is the last end", cols);
		ok(timeline_cell_stage(&g, 0, 0) == TL_H2D &&
		   timeline_cell_stage(&g, 0, cols / 4) == TL_KERNEL &&
		   timeline_cell_stage(&g, 0, cols - 1) == TL_D2H,
		   "width %d: copy in, kernel, copy out left to right", cols);
		is_int(timeline_busy_cols(&g, 0), cols, "width %d: busy the whole run", cols);
		is_int(timeline_overlap_cols(&g), 0, "width %d: one stream never overlaps", cols);
	}
}

static void test_overlap(void)
{
	/* stream 1's copy in [2,4) overlaps stream 0's kernel [2,6) */
	struct res_span sp[] = { { 0, 0, RES_H2D, 0, 2 }, { 0, 0, RES_KERNEL, 2, 6 },
				 { 1, 1, RES_H2D, 2, 4 }, { 1, 1, RES_KERNEL, 6, 8 } };
	struct tl_grid g;
	timeline_layout(&g, sp, 4, 2, 8, 8);
	is_int(timeline_overlap_cols(&g), 2, "overlap in exactly the 2 columns of [2,4)");
	ok(g.cell[0][2] == TL_KERNEL && g.cell[1][2] == TL_H2D, "both rows busy at column 2");
	ok(g.cell[1][4] == 0 && g.cell[1][5] == 0, "stream 1 idle while it waits [4,6)");
	timeline_layout(&g, sp, 4, 2, 80, 8);
	is_int(timeline_overlap_cols(&g), 20, "80 columns: overlap over 20 of them");
}

static void test_short_and_fold(void)
{
	struct res_span sp[] = { { 0, 0, RES_KERNEL, 0, 100 }, { 1, 3, RES_H2D, 50, 50.001 } };
	struct tl_grid g;
	timeline_layout(&g, sp, 2, 4, 10, 0);
	ok(g.cell[3][5] == TL_H2D, "a stage far shorter than a column still takes one");
	timeline_layout(&g, sp, 2, 2, 10, 0);
	ok(g.cell[1][5] == TL_H2D, "stream 3 of 4 on 2 rows folds onto row 1");
	struct res_span both[] = { { 0, 0, RES_H2D, 0, 0.5 }, { 0, 0, RES_KERNEL, 0.5, 1 } };
	timeline_layout(&g, both, 2, 1, 1, 10);
	is_int(timeline_cell_stage(&g, 0, 0), -1, "two stages in one cell: mixed");
	timeline_layout(&g, NULL, 0, 0, 0, 0);
	ok(g.rows == 1 && g.cols == 1 && g.t_end == 1, "nothing: a 1x1 empty grid");
}

static void test_fixture(void)
{
	struct results r;
	struct diags d = { 0 };
	ok(results_load_file("tests/fixtures/results/xfer-fixture.yaml", &r, &d), "fixture loads");
	for (size_t i = 0; i < r.nvar; i++) {
		const struct res_variant *v = &r.var[i];
		if (strcmp(v->variant, "pinned-4") && strcmp(v->variant, "default-4"))
			continue;
		struct tl_grid g;
		timeline_layout(&g, &r.span[v->span0], v->nspan, (int)v->streams, 60, v->ms);
		int ov = timeline_overlap_cols(&g);
		if (!strcmp(v->mode, "default"))
			is_int(ov, 0, "default-4 at 60 columns: no overlap");
		else
			ok(ov > 30, "pinned-4 at 60 columns: overlap in %d columns", ov);
	}
	results_free(&r);
	diags_free(&d);
}

int main(void)
{
	test_serial();
	test_overlap();
	test_short_and_fold();
	test_fixture();
	return tap_done();
}
