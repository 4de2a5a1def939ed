/* test_bwchart: the transfer screen's bandwidth-against-size layout: axes
 * from the points and ceilings, points on their cells, joins between them,
 * ceilings as flat rows under the lines, clashes, and the fixture's pinned
 * line meeting the link ceiling near the top of its range. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "bwchart.h"
#include "results.h"

static void test_layout(void)
{
	struct bw_line l[2] = { 0 };
	double x[4] = { 4096, 65536, 1048576, 16777216 }, y[4] = { 0.5, 5, 20, 25 };
	for (int i = 0; i < 4; i++)
		l[0].x[i] = l[1].x[i] = x[i], l[0].y[i] = y[i], l[1].y[i] = y[i] * 2;
	l[0].n = l[1].n = 4;
	double ceil[2] = { 63, NAN };
	struct bw_chart c;
	bw_chart_layout(&c, 40, 12, l, 2, ceil, 2);
	ok(c.xlo == 4096 && c.xhi == 16777216, "x spans the sizes themselves");
	ok(c.ylo == 0.1 && c.yhi == 100, "y in whole decades over points and ceiling");
	is_int(bw_chart_col(&c, 4096), 0, "4 KiB at the left");
	is_int(bw_chart_col(&c, 16777216), 39, "16 MiB at the right");
	int r = bw_chart_row(&c, 0.5), col = bw_chart_col(&c, 4096);
	ok(c.kind[r][col] == BW_POINT && c.line[r][col] == 0, "the first point on its cell");
	int rc = bw_chart_row(&c, 63);
	int ceil_cells = 0;
	for (int k = 0; k < c.w; k++)
		ceil_cells += c.kind[rc][k] == BW_CEIL;
	ok(ceil_cells >= 20, "the link ceiling is a flat row under the lines (%d cells)", ceil_cells);
	int joined = 0;
	for (int k = 1; k < bw_chart_col(&c, 65536); k++)
		for (int rr = 0; rr < c.h; rr++)
			joined += c.kind[rr][k] == BW_LINE && c.line[rr][k] == 1;
	ok(joined == bw_chart_col(&c, 65536) - 1, "line 1 joined in every column between points");
	bw_chart_layout(&c, 40, 12, l, 1, ceil, 0);
	ok(c.yhi == 100 && c.ylo == 0.1, "without ceilings the points set y");
	struct bw_line same[2] = { 0 };
	same[0].x[0] = same[1].x[0] = 1e6, same[0].y[0] = same[1].y[0] = 10;
	same[0].n = same[1].n = 1;
	bw_chart_layout(&c, 20, 6, same, 2, NULL, 0);
	r = bw_chart_row(&c, 10), col = bw_chart_col(&c, 1e6);
	ok(r >= 0 && col >= 0 && c.kind[r][col] == BW_CLASH, "two lines on one cell: a clash");
	ok(bw_chart_row(&c, 1e9) == -1 && bw_chart_col(&c, 0) == -1, "outside: -1");
	char b[8];
	bw_size_label(4096, b, sizeof b);
	ok(!strcmp(b, "4K"), "4 KiB label");
	bw_size_label(268435456, b, sizeof b);
	ok(!strcmp(b, "256M"), "256 MiB label");
	bw_size_label(1073741824, b, sizeof b);
	ok(!strcmp(b, "1G"), "1 GiB label");
}

static void test_fixture(void)
{
	struct results r;
	struct diags d = { 0 };
	ok(results_load_file("tests/fixtures/results/xfer-fixture.yaml", &r, &d), "fixture loads");
	struct bw_line l = { 0 };
	for (size_t i = 0; i < r.nvar && l.n < BW_MAX_PTS; i++)
		if (!strcmp(r.var[i].variant, "pinned-h2d"))
			l.x[l.n] = (double)r.var[i].bytes, l.y[l.n++] = r.var[i].gbs;
	double ceil = results_device(&r, "transfer")->link_gbs;
	struct bw_chart c;
	bw_chart_layout(&c, 60, 14, &l, 1, &ceil, 1);
	int rl = bw_chart_row(&c, ceil), rp = bw_chart_row(&c, l.y[l.n - 1]);
	ok(l.n == 10 && rp >= rl && rp - rl <= 1, "the pinned line ends just under the link (rows %d, %d)",
	   rp, rl);
	ok(bw_chart_row(&c, l.y[0]) > rp + 4, "and starts far below it at 4 KiB");
	results_free(&r);
	diags_free(&d);
}

int main(void)
{
	test_layout();
	test_fixture();
	return tap_done();
}
