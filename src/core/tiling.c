/* tiling: the traffic model of tiling.h.  Two independent ways to the same
 * numbers: the simulation walks threads and applies each kernel's guards,
 * as the kernels in lesson 8 do; the formulas are the closed forms of
 * tiling.h.  The unit tests hold one against the other. */
#include <stddef.h>
#include "tiling.h"
#include "matmul/mm_ladder.h"

static int ceil_div(int a, int b)
{
	return (a + b - 1) / b;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

static int clamp_int(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Rounds v to the nearest power of two in [lo, hi]. */
static int pow2_in(int v, int lo, int hi)
{
	int p = lo;
	while (p * 2 <= hi && p * 2 <= v)
		p *= 2;
	return p;
}

void tl_default(struct tl_config *c)
{
	*c = (struct tl_config){ .n = 64, .t = 16, .b = 32, .r = 4, .bk = 8, .sms = 4 };
}

void tl_clamp(struct tl_config *c)
{
	c->n = clamp_int(c->n, TL_N_MIN, TL_N_MAX);
	c->t = pow2_in(c->t, 4, 32);
	c->b = pow2_in(c->b, 8, 128);
	c->r = pow2_in(c->r, 2, 8);
	if (c->r > c->b / 2)
		c->r = c->b / 2;
	c->bk = 8;
	c->sms = clamp_int(c->sms, 1, TL_SMS_MAX);
}

const char *tl_mode_name(enum tl_mode m)
{
	switch (m) {
	case TL_NAIVE: return mm_rung_id(MM_NAIVE);
	case TL_TILED: return mm_rung_id(MM_SMEM_TILED);
	case TL_REGBLOCK: return mm_rung_id(MM_REGBLOCK);
	default: return "?";
	}
}

int tl_tile(const struct tl_config *c, enum tl_mode m)
{
	return m == TL_REGBLOCK ? c->b : c->t;
}

/* How much of K one step walks. */
static int kstep_len(const struct tl_config *c, enum tl_mode m)
{
	return m == TL_REGBLOCK ? c->bk : c->t;
}

int tl_grid(const struct tl_config *c, enum tl_mode m)
{
	return ceil_div(c->n, tl_tile(c, m));
}

int tl_blocks(const struct tl_config *c, enum tl_mode m)
{
	int g = tl_grid(c, m);
	return g * g;
}

bool tl_padded(const struct tl_config *c, enum tl_mode m)
{
	return m != TL_NAIVE && (c->n % tl_tile(c, m) != 0 || c->n % kstep_len(c, m) != 0);
}

int tl_ksteps(const struct tl_config *c, enum tl_mode m)
{
	return ceil_div(c->n, kstep_len(c, m));
}

int tl_waves(const struct tl_config *c, enum tl_mode m)
{
	return ceil_div(tl_blocks(c, m), c->sms);
}

int tl_steps(const struct tl_config *c, enum tl_mode m)
{
	return tl_waves(c, m) * tl_ksteps(c, m);
}

int tl_block_sm(const struct tl_config *c, int b)
{
	return b % c->sms;
}

int tl_block_wave(const struct tl_config *c, int b)
{
	return b / c->sms;
}

int tl_block_progress(const struct tl_config *c, enum tl_mode m, int b, int s)
{
	int ks = tl_ksteps(c, m);
	return clamp_int(s - tl_block_wave(c, b) * ks, 0, ks);
}

struct tl_counts tl_formula_total(const struct tl_config *c, enum tl_mode m)
{
	long long n = c->n;
	long long g = tl_grid(c, m);
	struct tl_counts k = { 0, 0, 0 };
	if (m == TL_NAIVE) {
		k.global = 2 * n * n * n;
		k.fma = n * n * n;
	} else if (m == TL_TILED) {
		long long p = g * c->t;
		k.global = 2 * n * n * g;
		k.shared = 2 * p * p * p;
		k.fma = p * p * p;
	} else {
		long long q = g * c->b;
		long long kp = (long long)c->bk * ceil_div(c->n, c->bk);
		k.global = 2 * n * n * g;
		k.shared = 2 * q * q * kp / c->r;
		k.fma = q * q * kp;
	}
	return k;
}

struct tl_counts tl_formula_at(const struct tl_config *c, enum tl_mode m, int s)
{
	struct tl_counts k = { 0, 0, 0 };
	int g = tl_grid(c, m), tile = tl_tile(c, m), len = kstep_len(c, m);
	long long t = c->t, b = c->b, r = c->r, bk = c->bk;
	for (int blk = 0; blk < g * g; blk++) {
		long long steps = tl_block_progress(c, m, blk, s);
		long long h = min_int(tile, c->n - blk / g * tile);
		long long w = min_int(tile, c->n - blk % g * tile);
		long long kk = min_int((int)steps * len, c->n);
		if (m == TL_NAIVE) {
			k.global += 2 * h * w * kk;
			k.fma += h * w * kk;
		} else if (m == TL_TILED) {
			k.global += (h + w) * kk;
			k.shared += 2 * t * t * t * steps;
			k.fma += t * t * t * steps;
		} else {
			k.global += (h + w) * kk;
			k.shared += 2 * r * bk * (b / r) * (b / r) * steps;
			k.fma += b * b * bk * steps;
		}
	}
	return k;
}

/* One k-tile kt of block (bi, bj), thread by thread. */
static void run_naive(const struct tl_config *c, int bi, int bj, int kt, struct tl_counts *k)
{
	int t = c->t;
	for (int ty = 0; ty < t; ty++)
		for (int tx = 0; tx < t; tx++) {
			int row = bi * t + ty, col = bj * t + tx;
			if (row >= c->n || col >= c->n)
				continue;               /* outside C: the thread returns */
			for (int kk = kt * t; kk < kt * t + t && kk < c->n; kk++) {
				k->global += 2;         /* A[row][kk], B[kk][col] */
				k->fma += 1;
			}
		}
}

static void run_tiled(const struct tl_config *c, int bi, int bj, int kt, struct tl_counts *k)
{
	int t = c->t;
	for (int ty = 0; ty < t; ty++)
		for (int tx = 0; tx < t; tx++) {
			int row = bi * t + ty, col = bj * t + tx;
			int ak = kt * t + tx, bk = kt * t + ty;
			if (row < c->n && ak < c->n)
				k->global++;            /* As[ty][tx] = A[row][ak] */
			if (bk < c->n && col < c->n)
				k->global++;            /* Bs[ty][tx] = B[bk][col] */
			for (int kk = 0; kk < t; kk++) {
				k->shared += 2;         /* As[ty][kk], Bs[kk][tx] */
				k->fma += 1;
			}
		}
}

static void run_regblock(const struct tl_config *c, int bi, int bj, int kt, struct tl_counts *k)
{
	int b = c->b, r = c->r, bk = c->bk;
	for (int i = 0; i < b; i++)             /* stage the B×BK tile of A */
		for (int j = 0; j < bk; j++)
			if (bi * b + i < c->n && kt * bk + j < c->n)
				k->global++;
	for (int i = 0; i < bk; i++)            /* and the BK×B tile of B */
		for (int j = 0; j < b; j++)
			if (kt * bk + i < c->n && bj * b + j < c->n)
				k->global++;
	int threads = (b / r) * (b / r);
	for (int th = 0; th < threads; th++)
		for (int kk = 0; kk < bk; kk++) {
			k->shared += 2 * r;             /* a[0..R), b[0..R) into registers */
			k->fma += (long long)r * r;     /* acc[i][j] += a[i] * b[j] */
		}
}

void tl_sim_start(struct tl_sim *s, const struct tl_config *c, enum tl_mode m)
{
	s->cfg = *c;
	tl_clamp(&s->cfg);
	s->mode = m;
	s->step = 0;
	s->n = (struct tl_counts){ 0, 0, 0 };
}

bool tl_sim_step(struct tl_sim *s)
{
	const struct tl_config *c = &s->cfg;
	if (s->step >= tl_steps(c, s->mode))
		return false;
	int ks = tl_ksteps(c, s->mode), g = tl_grid(c, s->mode);
	int wave = s->step / ks, kt = s->step % ks;
	int first = wave * c->sms, last = min_int(first + c->sms, g * g);
	for (int blk = first; blk < last; blk++) {
		int bi = blk / g, bj = blk % g;
		if (s->mode == TL_NAIVE)
			run_naive(c, bi, bj, kt, &s->n);
		else if (s->mode == TL_TILED)
			run_tiled(c, bi, bj, kt, &s->n);
		else
			run_regblock(c, bi, bj, kt, &s->n);
	}
	s->step++;
	return true;
}

void tl_sim_goto(struct tl_sim *s, int step)
{
	struct tl_config c = s->cfg;
	tl_sim_start(s, &c, s->mode);
	while (s->step < step && tl_sim_step(s))
		;
}

double tl_ratio(long long a, long long b)
{
	return b ? (double)a / (double)b : 0.0;
}

int tl_im2col(int h, int w, int r, int s, int o, int j)
{
	int p = h - r + 1, q = w - s + 1;
	if (p <= 0 || q <= 0 || o < 0 || o >= p * q || j < 0 || j >= r * s)
		return -1;
	int oy = o / q, ox = o % q, ry = j / s, rx = j % s;
	return (oy + ry) * w + ox + rx;
}
