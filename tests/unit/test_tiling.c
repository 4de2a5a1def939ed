/* Unit tests for tiling.c: the thread-by-thread simulation, stepped to the
 * end and stopped mid-way, equals the closed forms of tiling.h over a table
 * of sizes, tile multiples and not; a few totals worked by hand; the
 * schedule (SMs, waves) and im2col. */
#include "tap.h"
#include "tiling.h"

static int same(struct tl_counts a, struct tl_counts b)
{
	return a.global == b.global && a.shared == b.shared && a.fma == b.fma;
}

static void show(const char *what, struct tl_counts k)
{
	diag("%s: global %lld shared %lld fma %lld", what, k.global, k.shared, k.fma);
}

/* n, T, B, R, SMs: multiples and non-multiples of every tile. */
static const struct tl_config table[] = {
	{ .n = 64, .t = 16, .b = 32, .r = 4, .bk = 8, .sms = 4 },
	{ .n = 4, .t = 4, .b = 8, .r = 2, .bk = 8, .sms = 1 },
	{ .n = 5, .t = 4, .b = 8, .r = 4, .bk = 8, .sms = 2 },
	{ .n = 33, .t = 16, .b = 32, .r = 4, .bk = 8, .sms = 4 },
	{ .n = 37, .t = 8, .b = 16, .r = 2, .bk = 8, .sms = 3 },
	{ .n = 100, .t = 32, .b = 64, .r = 8, .bk = 8, .sms = 7 },
	{ .n = 127, .t = 32, .b = 128, .r = 8, .bk = 8, .sms = 132 },
	{ .n = 129, .t = 16, .b = 64, .r = 4, .bk = 8, .sms = 4 },
	{ .n = 17, .t = 32, .b = 8, .r = 4, .bk = 8, .sms = 5 },
	{ .n = 256, .t = 32, .b = 128, .r = 8, .bk = 8, .sms = 132 },
	{ .n = 63, .t = 4, .b = 16, .r = 8, .bk = 8, .sms = 16 },
};
#define NTABLE ((int)(sizeof table / sizeof *table))

static void check_config(const struct tl_config *c)
{
	for (int m = 0; m < TL_NMODES; m++) {
		struct tl_sim s;
		tl_sim_start(&s, c, (enum tl_mode)m);
		int steps = tl_steps(c, (enum tl_mode)m), mid = steps / 3, bad = 0;
		for (int i = 0; i < steps; i++) {
			if (!same(s.n, tl_formula_at(c, (enum tl_mode)m, s.step)))
				bad++;
			tl_sim_step(&s);
		}
		is_int(bad, 0, "n=%d T=%d B=%d R=%d S=%d %s: every step matches the per-block formula",
		       c->n, c->t, c->b, c->r, c->sms, tl_mode_name((enum tl_mode)m));
		struct tl_counts total = tl_formula_total(c, (enum tl_mode)m);
		if (!ok(same(s.n, total), "  simulated to the end = closed form")) {
			show("simulated", s.n);
			show("formula", total);
		}
		ok(!tl_sim_step(&s) && same(s.n, total), "  a step past the end changes nothing");
		ok(same(tl_formula_at(c, (enum tl_mode)m, steps), total), "  per-block formula at the end = closed form");
		tl_sim_goto(&s, mid);
		ok(s.step == mid && same(s.n, tl_formula_at(c, (enum tl_mode)m, mid)), "  goto step %d", mid);
	}
}

/* Totals worked by hand from the kernels' code. */
static void hand_worked(void)
{
	struct tl_config c = { .n = 5, .t = 4, .b = 8, .r = 4, .bk = 8, .sms = 2 };
	struct tl_counts k = tl_formula_total(&c, TL_NAIVE);
	ok(k.global == 250 && k.shared == 0 && k.fma == 125, "n=5 naive: 2*125 loads, 125 FMAs");
	k = tl_formula_total(&c, TL_TILED);
	/* 2x2 blocks of 4x4 threads, 2 k-tiles: padded to 8 -> 8^3 FMAs; A and B
	 * each fetched once per block column/row: 25*2 each. */
	ok(k.global == 100 && k.shared == 1024 && k.fma == 512, "n=5 T=4 tiled: 100 global, 1024 shared, 512 FMAs");
	k = tl_formula_total(&c, TL_REGBLOCK);
	/* one 8x8 block of 2x2 threads, one k-step of 8: 8*8*8 FMAs; each thread
	 * 8 k x (4+4) shared loads. */
	ok(k.global == 50 && k.shared == 256 && k.fma == 512, "n=5 B=8 R=4 regblock: 50 global, 256 shared, 512 FMAs");
	struct tl_config d = { .n = 1024 / 8, .t = 32, .b = 64, .r = 4, .bk = 8, .sms = 4 };
	struct tl_counts nv = tl_formula_total(&d, TL_NAIVE), ti = tl_formula_total(&d, TL_TILED),
		rb = tl_formula_total(&d, TL_REGBLOCK);
	ok(tl_ratio(nv.global, ti.global) == 32.0, "multiples: naive/tiled global = T = 32 (2/T per FMA vs 2)");
	ok(tl_ratio(ti.global, rb.global) == 2.0, "tiled/regblock global = B/T = 2");
	ok(tl_ratio(rb.shared, rb.fma) == 0.5, "regblock R=4: 1/2 shared load per FMA (lesson 8)");
	ok(tl_ratio(ti.shared, ti.fma) == 2.0, "tiled: 2 shared loads per FMA");
	ok(tl_ratio(1, 0) == 0.0, "a ratio over zero is 0");
}

static void schedule(void)
{
	struct tl_config c;
	tl_default(&c);
	is_int(c.n, 64, "default n");
	is_int(tl_grid(&c, TL_TILED), 4, "64/16: 4 tiles a side");
	is_int(tl_blocks(&c, TL_TILED), 16, "16 blocks");
	is_int(tl_waves(&c, TL_TILED), 4, "on 4 SMs: 4 waves");
	is_int(tl_steps(&c, TL_TILED), 16, "4 waves of 4 k-tiles");
	is_int(tl_steps(&c, TL_REGBLOCK), 8, "regblock: 4 blocks in one wave, 8 k-steps of 8");
	is_int(tl_block_sm(&c, 6), 2, "block 6 on SM 2");
	is_int(tl_block_wave(&c, 6), 1, "in wave 1");
	is_int(tl_block_progress(&c, TL_TILED, 6, 5), 1, "after 5 steps it has done 1 k-tile");
	is_int(tl_block_progress(&c, TL_TILED, 15, 5), 0, "the last block has not started");
	is_int(tl_block_progress(&c, TL_TILED, 0, 5), 4, "the first is done");
	struct tl_config w = { .n = 1000, .t = 3, .b = 300, .r = 200, .bk = 1, .sms = 0 };
	tl_clamp(&w);
	ok(w.n == TL_N_MAX && w.t == 4 && w.b == 128 && w.r == 8 && w.bk == 8 && w.sms == 1, "clamp into ranges");
	w = (struct tl_config){ .n = 1, .t = 64, .b = 8, .r = 8, .bk = 8, .sms = 5000 };
	tl_clamp(&w);
	ok(w.n == TL_N_MIN && w.t == 32 && w.r == 4 && w.sms == TL_SMS_MAX, "clamp: R at most B/2");
	is_str(tl_mode_name(TL_TILED), "smem-tiled", "mode names follow the matmul demo's ids");
}

static void im2col(void)
{
	/* 5x5 input, 3x3 filter: 9 outputs, im2col 9x9. */
	is_int(tl_im2col(5, 5, 3, 3, 0, 0), 0, "output 0 tap 0 = input 0");
	is_int(tl_im2col(5, 5, 3, 3, 0, 8), 12, "output 0 tap (2,2) = input (2,2)");
	is_int(tl_im2col(5, 5, 3, 3, 4, 4), 12, "the centre output's centre tap = input centre");
	is_int(tl_im2col(5, 5, 3, 3, 8, 8), 24, "last output, last tap = last input");
	is_int(tl_im2col(5, 5, 3, 3, 9, 0), -1, "row out of range");
	is_int(tl_im2col(2, 2, 3, 3, 0, 0), -1, "filter larger than input");
	int uses[25] = { 0 };
	for (int o = 0; o < 9; o++)
		for (int j = 0; j < 9; j++)
			uses[tl_im2col(5, 5, 3, 3, o, j)]++;
	ok(uses[12] == 9 && uses[0] == 1 && uses[2] == 3, "the centre input is copied 9 times, a corner once, an edge 3 times");
}

int main(void)
{
	for (int i = 0; i < NTABLE; i++)
		check_config(&table[i]);
	hand_worked();
	schedule();
	im2col();
	return tap_done();
}
