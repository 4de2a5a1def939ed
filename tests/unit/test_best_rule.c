/* Unit tests for the rules that pick a configuration per problem, on the
 * CPU with an H200's figures: matmul's 'best' rung (demos/matmul/
 * mm_best_rule.h) and conv's winograd4 rung (demos/conv/wg4_rule.h).
 *
 * Their picks are pinned at every size of demos/results/h200-sweep.yaml
 * where 'best' ran and every 3x3 stage of demos/results/h200-conv.yaml
 * (the picks those records hold, measured on the H200): a change to a rule
 * that moves one of them must come with new measurements.
 *
 * Over a grid of 17^3 shapes, every pick is one that runs (BK 16 only at
 * whole tiles, stream-K only at BK 8) and its explanation counts the grid
 * launched and the slots of the kernel launched. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "matmul/mm_best_rule.h"
#include "conv/wg4_rule.h"

static const struct {
	int M, N, K;
	const char *cfg;
	int split, streamk, parts, kslice;
	long blocks; /* the grid launched: tiles x split, or stream-K's */
} sweep[] = {
	{ 333, 777, 555, "128x128", 6, 0, 1, 96, 126 },
	{ 512, 512, 512, "64x64/8x4", 4, 0, 0, 128, 256 },
	{ 768, 768, 768, "128x128/BK16", 6, 0, 0, 128, 216 },
	{ 1000, 1000, 1000, "128x128", 2, 0, 1, 504, 128 },
	{ 1024, 1024, 1024, "128x128/BK16", 4, 0, 0, 256, 256 },
	{ 1536, 1536, 1536, "128x128/BK16", 8, 0, 0, 192, 1152 },
	{ 2000, 2000, 2000, "128x128", 1, 0, 0, 2000, 256 },
	{ 2048, 2048, 2048, "128x128/BK16", 1, 0, 0, 2048, 256 },
	{ 3000, 3000, 3000, "128x128", 1, 1, 0, 3000, 264 },
	{ 4096, 4096, 4096, "128x128/BK16", 1, 0, 0, 4096, 1024 },
	{ 8192, 8192, 8192, "128x128/BK16", 1, 0, 0, 8192, 4096 },
	{ 1000, 3000, 2000, "128x128", 1, 1, 0, 2000, 264 },
	{ 4096, 1024, 512, "128x128/BK16", 1, 0, 0, 512, 256 },
	{ 8192, 512, 1024, "128x128/BK16", 1, 0, 0, 1024, 256 },
};

/* ResNet-50's 3x3 stages, N = 32, C = K, P = Q = H = W (padding 1) */
static const struct { int c, hw; const char *tile; int split; } stages[] = {
	{ 64, 56, "128x64", 1 }, { 128, 28, "128x64", 1 },
	{ 256, 14, "128x64", 2 }, { 512, 7, "128x64", 3 },
};

static void pinned_picks(void)
{
	for (size_t i = 0; i < sizeof sweep / sizeof *sweep; i++) {
		const int M = sweep[i].M, N = sweep[i].N, K = sweep[i].K;
		struct mm_best_plan p = mm_best_choose(M, N, K, &mm_best_h200);
		const char *got = mm_best_cfgs[p.cfg].name;
		ok(!strcmp(got, sweep[i].cfg) && p.split == sweep[i].split &&
		   p.streamk == sweep[i].streamk && p.parts == sweep[i].parts &&
		   p.kslice == sweep[i].kslice && p.blocks == sweep[i].blocks,
		   "best at %dx%dx%d: %s split %d stream-K %d parts %d, K slice %d, %ld "
		   "blocks (want %s %d %d %d, %d, %ld)", M, N, K, got, p.split, p.streamk,
		   p.parts, p.kslice, p.blocks, sweep[i].cfg, sweep[i].split,
		   sweep[i].streamk, sweep[i].parts, sweep[i].kslice, sweep[i].blocks);
	}
	for (size_t i = 0; i < sizeof stages / sizeof *stages; i++) {
		const int c = stages[i].c, hw = stages[i].hw;
		struct wg4_plan pl = wg4_pick_shape(32, c, c, hw, hw, &wg4_h200);
		const char *got = wg4_tiles[pl.tile].name;
		ok(!strcmp(got, stages[i].tile) && pl.split == stages[i].split,
		   "winograd4 at C=K=%d %dx%d: %s split %d (want %s split %d)", c, hw, hw, got,
		   pl.split, stages[i].tile, stages[i].split);
	}
}

/* The blocks one SM holds of the kernel plan p launches at M x N x K. */
static int launched_slots(const struct mm_best_plan *p, int M, int N, int K)
{
	const struct mm_best_cfg_info *c = &mm_best_cfgs[p->cfg];
	if (p->streamk)
		return mm_best_h200.slots_sk[p->cfg];
	return M % c->bm == 0 && N % c->bn == 0 && K % c->bk == 0 ? mm_best_h200.slots[p->cfg]
								   : mm_best_h200.slots_edge[p->cfg];
}

static void grid_of_shapes(void)
{
	static const int v[] = { 1, 37, 64, 127, 128, 333, 512, 768, 1000, 1024, 1536, 2000,
				 2048, 3000, 4096, 6144, 8192 };
	const int nv = (int)(sizeof v / sizeof *v);
	int shapes = 0, runs = 0, told = 0;
	char first[400] = "";
	for (int a = 0; a < nv; a++)
		for (int b = 0; b < nv; b++)
			for (int c = 0; c < nv; c++) {
				const int M = v[a], N = v[b], K = v[c];
				const struct mm_best_plan p = mm_best_choose(M, N, K, &mm_best_h200);
				const struct mm_best_cfg_info *ci = &mm_best_cfgs[p.cfg];
				long tiles = (long)((M + ci->bm - 1) / ci->bm) * ((N + ci->bn - 1) / ci->bn);
				long slots = (long)CK_H200_SMS * launched_slots(&p, M, N, K);
				int whole = M % ci->bm == 0 && N % ci->bn == 0 && K % ci->bk == 0;
				shapes++;
				runs += (!ci->need_whole || whole) && (!p.streamk || ci->bk == 8) &&
					p.blocks == (p.streamk ? (slots < tiles * ((K + 7) / 8) ? slots
							 : tiles * ((K + 7) / 8)) : tiles * p.split);
				char want[80];
				snprintf(want, sizeof want, ": %ld blocks for %ld slots on %d SMs (%.2f waves)",
					 p.blocks, slots, CK_H200_SMS, (double)p.blocks / slots);
				if (strstr(p.why, want))
					told++;
				else if (!first[0])
					snprintf(first, sizeof first, "%dx%dx%d: \"%s\" lacks \"%s\"", M, N, K,
						 p.why, want);
			}
	ok(runs == shapes, "%d of %d picks run as chosen (BK 16 at whole tiles, stream-K at BK 8, "
	   "the grid the launcher makes)", runs, shapes);
	ok(told == shapes, "%d of %d explanations count the launched grid's slots%s%s", told, shapes,
	   first[0] ? ": " : "", first);
	struct mm_best_plan p = mm_best_choose(64, 6144, 8192, &mm_best_h200);
	ok(strstr(p.why, "528 blocks for 528 slots on 132 SMs (1.00 waves)") != NULL,
	   "64x6144x8192, stream-K at 64x64/8x4, is one wave: %s", p.why);
}

int main(void)
{
	pinned_picks();
	grid_of_shapes();
	return tap_done();
}
