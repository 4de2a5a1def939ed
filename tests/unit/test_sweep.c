/* Unit tests for sweep.c: what is kept of each run (checked and timed
 * variants, one point per variant and size, the newest), the marks (by
 * today's ladder, not the rung a record was made with), and the plot:
 * points in the cells of their size and GFLOP/s, lines only between a
 * rung's square sizes, other shapes at the cube root of M·N·K. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "matmul/mm_ladder.h"
#include "sweep.h"

static struct res_variant var(const char *id, long rung, long n, double gflops)
{
	struct res_variant v;
	memset(&v, 0, sizeof v);
	snprintf(v.demo, sizeof v.demo, "matmul");
	snprintf(v.variant, sizeof v.variant, "%s", id);
	snprintf(v.label, sizeof v.label, "%s label", id);
	v.rung = rung;
	v.kind = RES_HAND;
	v.ok = true;
	v.gflops = gflops;
	v.size = (struct res_sizes){ n, n, n, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };
	return v;
}

static void adding(void)
{
	struct res_variant v[5] = { var("naive", 1, 512, 400), var("best", 5, 512, 20000),
				    var("best", 5, 1024, 30000), var("cublas", 6, 512, 25000),
				    var("smem-tiled", 3, 512, 3000) };
	v[3].ok = false;                    /* failed: not kept */
	v[4].gflops = NAN;                  /* not timed: not kept */
	struct results r = { .var = v, .nvar = 5 };
	struct sweep s = { 0 };
	ok(sweep_add(&s, &r, "matmul"), "a run is added");
	is_int((int)s.n, 3, "checked and timed variants only");
	is_int(sweep_sizes(&s), 2, "two square sizes");
	v[1].gflops = 21000;
	ok(sweep_add(&s, &r, "matmul") && s.n == 3, "the same sizes again: no new points");
	ok(s.p[1].gflops == 21000, "the newest run's number replaces the earlier");
	ok(sweep_add(&s, &r, "conv") && s.n == 3, "another demo's records: nothing");
	struct res_variant odd = var("best", 5, 1000, 15000);
	odd.size.n = 3000, odd.size.k = 200;
	struct results r2 = { .var = &odd, .nvar = 1 };
	sweep_add(&s, &r2, "matmul");
	ok(!sweep_square(&s.p[3]) && fabs(sweep_size(&s.p[3]) - cbrt(1000.0 * 3000 * 200)) < 1e-9,
	   "a 1000x3000x200 point sits at the cube root of M*N*K (%.1f)", sweep_size(&s.p[3]));
	is_int(sweep_sizes(&s), 2, "and is not a square size");
	sweep_free(&s);
	ok(s.n == 0 && !s.p, "freed and empty");
	sweep_free(NULL);
	ok(1, "sweep_free(NULL)");
}

static void plotting(void)
{
	static struct sweep_plot pl;
	/* recorded with an older ladder: cpu-naive was rung 8 */
	struct res_variant rv[4] = { var("naive", 1, 512, 100), var("naive", 1, 4096, 1000),
				     var("cpu-naive", 8, 512, 1), var("best", 5, 1000, 10000) };
	rv[3].size.m = 500, rv[3].size.n = 2000;   /* cube root 1000 */
	struct results rr = { .var = rv, .nvar = 4 };
	struct res_variant mv[1] = { var("cpu-naive", 11, 256, 2) };
	struct results mr = { .var = mv, .nvar = 1 };
	struct sweep rec = { 0 }, mine = { 0 };
	sweep_add(&rec, &rr, "matmul");
	sweep_add(&mine, &mr, "matmul");
	sweep_plot(&pl, 40, 10, &mine, &rec);
	is_int(pl.nseries, 4, "yours: cpu-naive; recorded: naive, best, cpu-naive");
	ok(!pl.series[0].recorded && pl.series[1].recorded, "yours first");
	/* cpu-naive's place in mm_ladder.h (1-based; '1'..'9', then 'a'...) */
	char cn = (char)('a' + MM_CPU_NAIVE + 1 - 10);
	ok(pl.series[0].mark == cn && pl.series[3].mark == cn,
	   "cpu-naive's mark is its place in today's ladder for both (%c, %c, want %c)",
	   pl.series[0].mark, pl.series[3].mark, cn);
	ok(pl.series[1].mark == '1' && pl.series[2].mark == '5', "naive 1, best 5");
	ok(pl.xlo < 256 && pl.xhi > 4096, "x covers 256..4096 (%g..%g)", pl.xlo, pl.xhi);
	ok(pl.ylo == 1 && pl.yhi == 10000, "y in whole decades 1..10k (%g..%g)", pl.ylo, pl.yhi);
	int r = sweep_row(&pl, 100), c = sweep_col(&pl, 512);
	ok(pl.kind[r][c] == SW_POINT && pl.mark[r][c] == '1', "naive at 512 is at its cell");
	int r2 = sweep_row(&pl, 1000), c2 = sweep_col(&pl, 4096), line = 0;
	ok(pl.kind[r2][c2] == SW_POINT && pl.mark[r2][c2] == '1', "and at 4096");
	for (int k = c + 1; k < c2; k++)
		for (int y = 0; y < pl.h; y++)
			line += pl.kind[y][k] == SW_LINE && pl.ser[y][k] == 1;
	is_int(line, c2 - c - 1, "a line cell in every column between them");
	int lines = 0;
	for (int y = 0; y < pl.h; y++)
		for (int k = 0; k < pl.w; k++)
			lines += pl.kind[y][k] == SW_LINE && pl.ser[y][k] != 1;
	is_int(lines, 0, "no other line: one-point series and other shapes are not joined");
	int rb = sweep_row(&pl, 10000), cb = sweep_col(&pl, 1000);
	ok(pl.kind[rb][cb] == SW_POINT && pl.mark[rb][cb] == '5', "500x2000x1000 at 1000");
	sweep_plot(&pl, 10, 4, NULL, NULL);
	ok(pl.nseries == 0, "nothing to plot: no series");
	sweep_plot(&pl, 1000, 1000, &mine, &rec);
	ok(pl.w == SWEEP_MAX_W && pl.h == SWEEP_MAX_H, "size clamped to the maxima");
	sweep_free(&rec);
	sweep_free(&mine);
}

int main(void)
{
	adding();
	plotting();
	return tap_done();
}
