/* Unit tests for the rungs' traffic models (demos/matmul/mm_traffic.h,
 * demos/conv/conv_traffic.h) and traffic.c, which applies them to records:
 * where the models overlap tiling.c's thread-by-thread simulation (square
 * n, the naive, tiled and register-blocked kernels with the demo's tile
 * sizes where they are square) the global loads are the same; general M x N x K and the conv
 * models worked by hand; records with and without a model. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "ladder_fill.h"
#include "tiling.h"
#include "results.h"
#include "traffic.h"
#include "i18n.h"
#include "matmul/mm_traffic.h"
#include "conv/conv_traffic.h"

static long long sim_global(int n, enum tl_mode m, int t, int b)
{
	struct tl_config c;
	tl_default(&c);
	c.n = n, c.t = t, c.b = b, c.r = 4, c.bk = 8, c.sms = 4;
	tl_clamp(&c);
	struct tl_sim s;
	tl_sim_start(&s, &c, m);
	tl_sim_goto(&s, tl_steps(&c, m));
	ok(tl_formula_total(&c, m).global == s.n.global, "  n=%d %s: simulation = tiling.h's closed form",
	   n, tl_mode_name(m));
	return s.n.global;
}

/* The demo's rungs against the simulation of the same tiles. */
static void against_tiling(void)
{
	static const int ns[] = { 4, 31, 32, 33, 64, 100, 127, 128, 129, 200, 256 };
	for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
		int n = ns[i];
		struct mm_traffic nv = mm_traffic_of(MM_NAIVE, n, n, n);
		ok(nv.loads == (double)sim_global(n, TL_NAIVE, 16, 32), "n=%d naive: 2n^3 loads", n);
		struct mm_traffic co = mm_traffic_of(MM_COALESCED, n, n, n);
		ok(co.loads == nv.loads, "n=%d coalesced: the same loads as naive", n);
		struct mm_traffic ti = mm_traffic_of(MM_SMEM_TILED, n, n, n);
		ok(ti.loads == (double)sim_global(n, TL_TILED, 32, 32), "n=%d smem-tiled = tiled, T 32", n);
		struct mm_traffic rb = mm_traffic_of(MM_REGBLOCK, n, n, n);
		ok(rb.loads == (double)n * n * ((n + 63) / 64) + (double)n * n * ((n + 31) / 32),
		   "n=%d regblock: 32x64 tiles (A once per 64 columns, B per 32 rows)", n);
		struct mm_traffic be = mm_traffic_of(MM_BEST, n, n, n);
		ok(be.loads == (double)sim_global(n, TL_REGBLOCK, 16, 128), "n=%d best = regblock, B 128", n);
		struct mm_traffic tc = mm_traffic_of(MM_TF32_MMA, n, n, n);
		ok(tc.loads == (double)n * n * ((n + 255) / 256) + (double)n * n * ((n + 127) / 128),
		   "n=%d tf32-mma: 128x256 tiles (A once per 256 columns, B per 128 rows)", n);
		struct mm_traffic wg = mm_traffic_of(MM_WGMMA_TMA, n, n, n);
		double extra = (double)n * n + (n % 4 ? (double)n * n : 0);
		ok(wg.known && wg.loads == mm_traffic_tiled(n, n, n, 128, 256) + extra &&
		   wg.stores == tc.stores + extra && strstr(wg.model, "128x256 tiles, B transposed"),
		   "n=%d wgmma-tma: 128x256 tiles plus B transposed (and A copied when K %% 4)", n);
		/* the 16-bit wgmma rungs: 2 bytes a load, C in FP32; A and B copied
		 * (read and written in 16 bits) when n % 8 */
		for (int r = MM_WGMMA_FP16; r <= MM_WGMMA_BF16; r += MM_WGMMA_BF16 - MM_WGMMA_FP16) {
			struct mm_traffic h = mm_traffic_of((enum mm_rung)r, n, n, n);
			double pad = n % 8 ? 2.0 * n * n : 0, tiles = mm_traffic_tiled(n, n, n, 128, 256);
			ok(h.known && h.loads == tiles + pad && h.stores == (double)n * n + pad && h.bytes == 2 * (tiles + 2 * pad) + 4.0 * n * n && !strcmp(h.model, "global loads of 128x256 tiles"),
			   "n=%d %s: 128x256 tiles of 16-bit inputs, FP32 out (A and B copied when n %% 8)",
			   n, mm_rung_id((enum mm_rung)r));
		}
		ok(nv.stores == (double)n * n && ti.bytes == 4 * (ti.loads + n * n),
		   "n=%d C written once, 4 bytes an element", n);
	}
}

static void general_shapes(void)
{
	/* M 100, N 50, K 30, T 32: A 100x30 read ceil(50/32) = 2 times, B 30x50 ceil(100/32) = 4 */
	struct mm_traffic t = mm_traffic_of(MM_SMEM_TILED, 100, 50, 30);
	ok(t.loads == 100 * 30 * 2 + 30 * 50 * 4, "100x50x30 smem-tiled: %g loads", t.loads);
	t = mm_traffic_of(MM_BEST, 1000, 3000, 17);
	ok(t.loads == 1000.0 * 17 * 24 + 17.0 * 3000 * 8, "1000x3000x17 best: 128x128 tiles, %g loads", t.loads);
	t = mm_traffic_of(MM_NAIVE, 4096, 4096, 4096);
	double in = 2.0 * 4096 * 4096 * 4096 / t.bytes;
	ok(fabs(in - 0.25) < 1e-3, "naive at 4096^3: %.4f FLOP/B, lesson 13's 0.25", in);
	t = mm_traffic_of(MM_BEST, 4096, 4096, 4096);
	in = 2.0 * 4096 * 4096 * 4096 / t.bytes;
	ok(in > 31 && in < 32, "best at 4096^3: %.2f FLOP/B (128 / 4 / (2 + 128/n)) ", in);
	/* a rung that picks 128x64 tiles and cuts K in 4 (partial sums added into C) */
	t = mm_traffic_tiles(1024, 1024, 1024, 128, 64, 4, 0);
	ok(t.loads == 1024.0 * 1024 * 16 + 1024.0 * 1024 * 8 && t.stores == 5.0 * 1024 * 1024,
	   "128x64 tiles, K split in 4: the same loads, C zeroed and added to 4 times");
	is_str(t.model, "global loads of 128x64 tiles, K split in 4", "  named so");
	/* ... into 3 parts of whole tiles (998 -> 1024 rows, 998 -> 1024
	 * columns) written, their 998 rows of 1000 columns (998 rounded up to
	 * 4) read back and added up into C */
	t = mm_traffic_tiles(998, 998, 900, 128, 64, 3, 1);
	double part = 1024.0 * 1024;
	ok(t.loads == 998.0 * 900 * 16 + 900.0 * 998 * 8 + 3 * 998.0 * 1000 &&
	   t.stores == 3 * part + 998.0 * 998,
	   "K in 3 parts: the parts (padded to whole tiles) stored, their rows read back, C once");
	is_str(t.model, "global loads of 128x64 tiles, K in 3 parts", "  named so");
	t = mm_traffic_tiles(1024, 1024, 1024, 128, 128, 1, 1);
	ok(t.stores == 1024.0 * 1024 && !strcmp(t.model, "global loads of 128x128 tiles"),
	   "parts without a split: C stored once, as unsplit");
	t = mm_traffic_tiles(1024, 1024, 1024, 128, 128, 1, 0);
	ok(t.bytes == mm_traffic_of(MM_BEST, 1024, 1024, 1024).bytes, "best's default: 128x128, no split");
	t = mm_traffic_of(MM_CUBLAS, 64, 32, 16);
	ok(!t.known && t.loads == 64 * 16 + 16 * 32 && !strncmp(t.model, "unknown", 7),
	   "cuBLAS: no model, the minimum traffic, and says so");
	t = mm_traffic_of(MM_CPU_BLOCKED, 64, 32, 16);
	ok(!t.known, "CPU rungs: no model");
}

/* The closed count of in-image taps against the double loop it replaces. */
static void valid_taps(void)
{
	int bad = 0, n = 0;
	for (int in = 1; in <= 9; in++)
		for (int f = 1; f <= 4; f++)
			for (int pad = 0; pad <= 3; pad++)
				for (int st = 1; st <= 3; st++)
					for (int dil = 1; dil <= 3; dil++) {
						long out = (in + 2 * pad - dil * (f - 1) - 1) / st + 1;
						if (in + 2 * pad - dil * (f - 1) - 1 < 0 || out < 1)
							continue;
						double want = 0;
						for (long o = 0; o < out; o++)
							for (int j = 0; j < f; j++) {
								long at = o * st - pad + (long)j * dil;
								want += at >= 0 && at < in;
							}
						bad += conv_traffic_valid(in, (int)out, f, pad, st, dil) != want;
						n++;
					}
	is_int(bad, 0, "in-image taps: the closed count = the double loop over %d shapes", n);
}

static void conv_models(void)
{
	/* 1x1x4x4 input, one 3x3 filter, no padding: 2x2 outputs, 9 taps each */
	struct conv_traffic t = conv_traffic_of(CONV_NAIVE, 1, 1, 4, 4, 1, 3, 3, 0, 1, 1, 2, 2);
	ok(t.loads == 2 * 36 && t.stores == 4, "naive 4x4 * 3x3: 72 loads, 4 stores");
	/* padding 1: 4x4 outputs; per axis 2 + 3 + 3 + 2 = 10 taps inside, 100 of 144 */
	t = conv_traffic_of(CONV_NAIVE, 1, 1, 4, 4, 1, 3, 3, 1, 1, 1, 4, 4);
	ok(t.loads == 2 * 100, "naive with padding 1: out-of-image taps not loaded (%g)", t.loads);
	/* smem-direct: one block of 8x8 (sd_tile.h: the output is 4 wide) covers 4x4 outputs;
	 * its patch 10x10 clipped to 4x4 */
	t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, 4, 4, 1, 3, 3, 1, 1, 1, 4, 4);
	ok(t.loads == 16 + 9, "smem-direct: the image once and the 9 taps (%g)", t.loads);
	/* a 7x7 plane, 32 filters: one 8x8 block of four filter groups reads the
	 * plane once and 32 filters' 9 taps; 14 wide: 8x16 tiles, 16 filters */
	t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, 7, 7, 32, 3, 3, 1, 1, 1, 7, 7);
	ok(t.loads == 49 + 32 * 9 && !strcmp(t.model, "8x8-pixel patches + halo, 32 filters"),
	   "smem-direct at 7x7: one 8x8 block for 32 filters (%g, %s)", t.loads, t.model);
	t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, 14, 14, 16, 3, 3, 1, 1, 1, 14, 14);
	ok(!strcmp(t.model, "8x16-pixel patches + halo, 16 filters"), "smem-direct at 14x14: %s",
	   t.model);
	t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, 28, 28, 8, 3, 3, 1, 1, 1, 28, 28);
	ok(!strcmp(t.model, "8x32-pixel patches + halo, 8 filters"), "smem-direct at 28x28: %s",
	   t.model);
	/* 45x45 filters on a 6-wide output: 8x8 for 32 filters would stage 270 KB a channel,
	 * 8x16 for 16 142 KB: back to 8x32 for 8 (80 KB, the opt-in shared memory) */
	t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, 50, 50, 32, 45, 45, 0, 1, 1, 6, 6);
	ok(!strcmp(t.model, "8x32-pixel patches + halo, 8 filters"),
	   "smem-direct with 45x45 filters: the wide tile again (%s)", t.model);
	/* each tile's name reads back (CONV_TRAFFIC_PATCH, as the tutorial
	 * reads it) as the tile sd_tile.h gives */
	static const int widths[] = { 6, 14, 28 };
	for (size_t i = 0; i < sizeof widths / sizeof *widths; i++) {
		int wq = widths[i], tp = 0, tq = 0, kt = 0, end = 0;
		struct sd_tile b = sd_tile_of(wq, 3, 3, 1, 1);
		t = conv_traffic_of(CONV_SMEM_DIRECT, 1, 1, wq, wq, 32, 3, 3, 1, 1, 1, wq, wq);
		ok(sscanf(t.model, CONV_TRAFFIC_PATCH "%n", &tp, &tq, &kt, &end) == 3 && !t.model[end] && tp == SD_TP && tq == b.tq && kt == b.groups * SD_KT,
		   "smem-direct %dx%d: its name says its tile, %dx%d for %d filters (%s)", wq, wq, SD_TP,
		   b.tq, b.groups * SD_KT, t.model);
	}
	/* im2col: x once (100 in-image taps), col 9x16 written, read once; w 1x9 read once */
	t = conv_traffic_of(CONV_IM2COL_GEMM, 1, 1, 4, 4, 1, 3, 3, 1, 1, 1, 4, 4);
	ok(t.loads == 100 + 144 + 9 && t.stores == 16 + 144, "im2col: col written and read (%g, %g)",
	   t.loads, t.stores);
	t = conv_traffic_of(CONV_IMPLICIT_GEMM, 1, 1, 4, 4, 1, 3, 3, 1, 1, 1, 4, 4);
	ok(t.loads == 100 + 9 && t.stores == 16, "implicit GEMM: no col (%g)", t.loads);
	/* ResNet-50 conv2_x: each rung's intensity climbs the ladder; cuDNN at the minimum */
	double f = 2.0 * 32 * 64 * 56 * 56 * 64 * 9, prev = 0;
	const enum conv_rung_id up[] = { CONV_NAIVE, CONV_IMPLICIT_GEMM, CONV_CUDNN_FFT };
	for (size_t i = 0; i < 3; i++) {
		t = conv_traffic_of(up[i], 32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 56, 56);
		ok(f / t.bytes > prev, "conv2_x rung %zu: %.2f FLOP/B > %.2f", i, f / t.bytes, prev);
		prev = f / t.bytes;
	}
	ok(!t.known, "cuDNN: no model, the minimum");
	double mn = f / (4.0 * (32.0 * 64 * 56 * 56 * 2 + 64.0 * 64 * 9));
	ok(fabs(prev - mn) < 1e-9 * mn, "which is x and w read once, y written once (%.2f)", mn);
	t = conv_traffic_of(CONV_WINOGRAD, 32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 56, 56);
	ok(t.known && t.bytes > 4.0 * (32.0 * 64 * 56 * 56 * 2), "winograd: its transforms move more than the minimum");
	/* F(4x4): 36 planes of 6272 tiles = 2.25x x for V and M, rung 5's 4x */
	struct conv_traffic t4 = conv_traffic_of(CONV_WINOGRAD4, 32, 64, 56, 56, 64, 3, 3, 1, 1, 1, 56, 56);
	ok(t4.known && t4.bytes < t.bytes && t4.bytes > 4.0 * (32.0 * 64 * 56 * 56 * 2),
	   "winograd4: less traffic than winograd (%.3g < %.3g bytes), more than the minimum",
	   t4.bytes, t.bytes);
	ok(t4.stores == 32.0 * 64 * 56 * 56 + 36.0 * 64 * 64 + 2 * 36.0 * 64 * 6272,
	   "winograd4 at conv2_x: y, U, V and one M written (%g)", t4.stores);
}

static struct res_variant rec(const char *demo, const char *id, long m, long n, long k)
{
	struct res_variant v;
	memset(&v, 0, sizeof v);
	snprintf(v.demo, sizeof v.demo, "%s", demo);
	snprintf(v.variant, sizeof v.variant, "%s", id);
	v.size = (struct res_sizes){ m, n, k, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };
	v.model_bytes = v.model_intensity = v.intensity = NAN;
	v.split = -1;
	return v;
}

static void records(void)
{
	struct res_variant v = rec("matmul", mm_rung_id(MM_NAIVE), 1024, 1024, 1024);
	v.intensity = 170.7;
	ok(traffic_fill(&v) && fabs(v.model_intensity - 2.0 * 1024 / (8 * 1024 + 4)) < 1e-9,
	   "a recorded naive without a model gets mm_traffic.h's (%.4f)", v.model_intensity);
	is_str(v.model, "no reuse: 2 loads per FMA", "  and its name");
	ok(traffic_known(&v) && traffic_intensity(&v) == v.model_intensity, "  placed at it");
	v = rec("matmul", mm_rung_id(MM_SMEM_TILED), 512, 512, 512);
	v.model_intensity = 3, v.model_bytes = 1;
	snprintf(v.model, sizeof v.model, "from the demo");
	ok(!traffic_fill(&v) && v.model_intensity == 3, "a record's own model is kept");
	v = rec("matmul", mm_rung_id(MM_CUBLAS), 512, 512, 512);
	v.intensity = 85.3;
	ok(traffic_fill(&v) && !traffic_known(&v) && fabs(traffic_intensity(&v) - 512.0 / 6) < 1e-9,
	   "cuBLAS: unknown, at the minimum traffic");
	v = rec("matmul", mm_rung_id(MM_BEST), 1024, 1024, 1024);
	snprintf(v.config, sizeof v.config, "128x64");
	v.split = 2;
	ok(traffic_fill(&v) && !strcmp(v.model, "global loads of 128x64 tiles, K split in 2"),
	   "best's record with config and split: those tiles (%s)", v.model);
	v = rec("matmul", mm_rung_id(MM_BEST), 1000, 1000, 1000);
	snprintf(v.config, sizeof v.config, "128x128");
	v.split = 2, v.parts = true;
	ok(traffic_fill(&v) && !strcmp(v.model, "global loads of 128x128 tiles, K in 2 parts"),
	   "... and with parts: those (%s)", v.model);
	v = rec("matmul", mm_rung_id(MM_BEST), 1024, 1024, 1024);
	snprintf(v.config, sizeof v.config, "forced");
	ok(traffic_fill(&v) && !strcmp(v.model, "global loads of 128x128 tiles"), "a forced config: 128x128");
	v = rec("matmul", "no-such-rung", 512, 512, 512);
	v.intensity = 85.3;
	ok(!traffic_fill(&v) && traffic_intensity(&v) == 85.3, "an unknown rung: the record's intensity");
	v = rec("matmul", mm_rung_id(MM_NAIVE), -1, 512, 512);
	ok(!traffic_fill(&v) && isnan(traffic_intensity(&v)), "no sizes: nothing made up");
	v = rec("conv", ladder_row_id("conv", "IMPLICIT_GEMM"), -1, -1, 64);
	v.size.n = 32, v.size.c = 64, v.size.h = v.size.w = 56, v.size.r = v.size.s = 3;
	v.size.pad = 1, v.size.stride = v.size.dil = 1, v.size.p = v.size.q = 56;
	ok(traffic_fill(&v) && !strcmp(v.model, "x gathered per 128x64 tile"), "a conv record: its rung's model");
	v = rec("transfer", "d2d", -1, -1, -1);
	ok(!traffic_fill(&v), "other demos: no model");
}

/* The models' names on screen, in both languages, put together from the
 * demos' English; anything else comes back as it is. */
static void model_words(void)
{
	static const struct {
		const char *lang, *model, *want;
	} cases[] = {
		{ "en", "global loads of 128x128 tiles", "128x128 tiles" },
		{ "en", "global loads of 128x64 tiles, K split in 4", "128x64 tiles, K split in 4" },
		{ "en", "global loads of 128x128 tiles, K in 6 parts", "128x128 tiles, K in 6 parts" },
		{ "zh", "global loads of 128x128 tiles, K split in 2", "128x128 分块，K 切成 2 段" },
		{ "zh", "global loads of 128x128 tiles, K in 6 parts", "128x128 分块，K 分 6 份各自求和再相加" },
		{ "zh", "no reuse: 2 loads per FMA", "不复用：每次 FMA 读 2 个数" },
		{ "en", "global loads of 128x128 tiles, K in 6 parts and more",
		  "global loads of 128x128 tiles, K in 6 parts and more" },
		{ "en", "global loads of 128x128 tiles, K split in 2 more",
		  "global loads of 128x128 tiles, K split in 2 more" },
		{ "en", "from the future", "from the future" },
		{ "en", "8x32-pixel patches + halo, 8 filters", "8x32 patches+halo, 8 filters" },
		{ "zh", "8x8-pixel patches + halo, 32 filters", "8x8 像素块加边框，32 个滤波器" },
		{ "en", "8x16-pixel patches + halo, 16 filters and more",
		  "8x16-pixel patches + halo, 16 filters and more" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char buf[96];
		i18n_set_lang(cases[i].lang);
		is_str(traffic_model_words(cases[i].model, buf, sizeof buf), cases[i].want,
		       "%s: \"%s\"", cases[i].lang, cases[i].model);
	}
	i18n_set_lang(NULL);
}

int main(void)
{
	model_words();
	against_tiling();
	general_shapes();
	valid_taps();
	conv_models();
	records();
	return tap_done();
}
