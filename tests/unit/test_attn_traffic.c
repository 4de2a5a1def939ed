/* Unit tests for the attention rungs' traffic models
 * (demos/attention/attn_traffic.h) and their use by traffic.c: each
 * model's bytes at small shapes counted by hand, term by term, as the
 * kernels move them (causal tiles, partial query blocks); the marks'
 * order on the roofline at the benchmark's shape; the recorded H200
 * attention records, made before the demo wrote its models, given them
 * (the minimum's intensity in `intensity`) and their names in both
 * languages. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "i18n.h"
#include "results.h"
#include "traffic.h"
#include "attention/attn_traffic.h"

static double bytes_of(int rung, double bh, double s, double d, bool causal)
{
	return at_traffic_of(rung, bh, s, d, causal, 2).bytes;
}

/* B·H 1, S 32, D 16 (one 16-wide column tile of P·V): Q, K, V 1024 bytes
 * each, O 2048 in FP32, 1024 scores. Causal: 3 of the 4 16x16 tiles on or
 * below the diagonal (768 scores), 528 = 32·33/2 unmasked scores. */
static void three_and_cublas(void)
{
	/* Q, K 2048; scores out 3072; softmax in 2112, out 4096; P in 3072;
	 * V 1024; O 2048 */
	ok(bytes_of(AT_THREE, 1, 32, 16, true) == 17472, "three-kernel causal S 32: 17472 bytes by hand (%g)",
	   bytes_of(AT_THREE, 1, 32, 16, true));
	/* every tile: 2048 + 4096 · 4 + 1024 + 2048 */
	ok(bytes_of(AT_THREE, 1, 32, 16, false) == 21504, "three-kernel full S 32: 21504 (%g)",
	   bytes_of(AT_THREE, 1, 32, 16, false));
	/* Q, K 2048; every score out 4096; softmax in 2112; 16-bit P out 2048,
	 * in 2048; V 1024; O 2048 */
	ok(bytes_of(AT_CUBLAS, 1, 32, 16, true) == 15424, "cublas-softmax causal S 32: 15424 (%g)",
	   bytes_of(AT_CUBLAS, 1, 32, 16, true));
	ok(bytes_of(AT_CUBLAS, 1, 32, 16, false) == 17408, "cublas-softmax full S 32: 17408 (%g)",
	   bytes_of(AT_CUBLAS, 1, 32, 16, false));
	ok(bytes_of(AT_THREE, 8, 32, 16, true) == 8 * 17472, "  heads multiply the bytes");
	/* S 40: 3 tiles a side, 6 of 9 on or below the diagonal, counted whole */
	ok(at_tile_share(40, 16, true) == 6.0 / 9 && at_tile_share(40, 16, false) == 1,
	   "S 40: 6 of 9 tiles causal, a partial tile counted whole");
}

/* B·H 1, S 130 (64 + 64 + 2 query rows), D 64: Q 16640 bytes, O 33280
 * FP32 or 16640 16-bit. Causal: the blocks read 64, 128 and 130 keys
 * (322); full: 3 · 130 (390); each key is a K and a V row of 128 bytes. */
static void flash_and_cudnn(void)
{
	ok(bytes_of(AT_FLASH, 1, 130, 64, true) == 16640 + 322 * 256 + 33280,
	   "flash-mma causal S 130: 132352 (%g)", bytes_of(AT_FLASH, 1, 130, 64, true));
	ok(bytes_of(AT_FLASH, 1, 130, 64, false) == 16640 + 390 * 256 + 33280,
	   "flash-mma full S 130: 149760 (%g)", bytes_of(AT_FLASH, 1, 130, 64, false));
	ok(bytes_of(AT_CUDNN, 1, 130, 64, true) == 16640 + 322 * 256 + 16640,
	   "cudnn-sdpa as flash, 16-bit O: 115712 (%g)", bytes_of(AT_CUDNN, 1, 130, 64, true));
	ok(bytes_of(AT_CPU_NAIVE, 1, 130, 64, true) == 4 * 16640 && at_min_bytes(1, 130, 64, 2) == 66560,
	   "cpu-naive: the minimum, Q, K, V and a 16-bit O once (66560)");
	struct at_traffic c = at_traffic_of(AT_CPU_NAIVE, 1, 130, 64, false, 2);
	ok(!c.known && !strcmp(c.model, AT_MODEL_MIN), "  the CPU rung has no model of its own");
	ok(at_extra_bytes(at_model_kind(AT_FLASH), 64, 4096) == 0 && at_extra_bytes(at_model_kind(AT_CUDNN), 64, 4096) == 0 && at_extra_bytes(at_model_kind(AT_THREE), 64, 4096) == 4.0 * 64 * 4096 * 4096,
	   "S×S memory: the fused rungs none, three-kernel 4·B·H·S²");
}

/* B4 H16 S4096 D64: each mark at its own intensity, the fused ones far to
 * the right of the unfused, every one left of the minimum's. */
static void roofline_order(void)
{
	double bh = 64, s = 4096, d = 64, f = at_flops(bh, s, d, false), min = at_min_bytes(bh, s, d, 2);
	double i3 = f / bytes_of(AT_THREE, bh, s, d, false), i2 = f / bytes_of(AT_CUBLAS, bh, s, d, false);
	double i1 = f / bytes_of(AT_FLASH, bh, s, d, false), i4 = f / bytes_of(AT_CUDNN, bh, s, d, false);
	ok(i3 < i2 && i2 < i1 && i1 < i4 && i4 < f / min,
	   "S 4096: three %.1f < cublas %.1f < flash %.1f < cudnn %.1f < minimum %.1f FLOP/B",
	   i3, i2, i1, i4, f / min);
	ok(i1 / i3 > 3, "  fusion moves the mark right severalfold (x%.1f)", i1 / i3);
}

/* The recorded attention run (demos/results/h200.yaml): each rung's model
 * (recorded with six digits, or given by traffic.c where a record has
 * none) is attn_traffic.h's, at its own intensity. */
static void recorded(void)
{
	struct results r;
	struct diags dg = { 0 };
	ok(results_load_file("demos/results/h200.yaml", &r, &dg), "h200.yaml parses");
	int seen = 0;
	for (size_t i = 0; i < r.nvar; i++) {
		struct res_variant *v = &r.var[i];
		if (strcmp(v->demo, "attention"))
			continue;
		int rung = !strcmp(v->variant, "three-kernel")  ? AT_THREE
			: !strcmp(v->variant, "cublas-softmax") ? AT_CUBLAS
			: !strcmp(v->variant, "flash-mma")      ? AT_FLASH
			: !strcmp(v->variant, "cudnn-sdpa")     ? AT_CUDNN
								: -1;
		double bh = (double)v->size.b * v->size.h;
		double want = bytes_of(rung, bh, v->size.s, v->size.d, v->size.causal > 0);
		double flops = at_flops(bh, v->size.s, v->size.d, v->size.causal > 0);
		ok(rung >= 0 && traffic_known(v) && fabs(v->model_bytes / want - 1) < 1e-5 && fabs(v->model_intensity / (flops / want) - 1) < 1e-5,
		   "recorded %s: its own model, %.1f FLOP/B (%s)", v->variant, v->model_intensity, v->model);
		ok(fabs(v->intensity - flops / at_min_bytes(bh, v->size.s, v->size.d, 2)) < 1e-9 && v->intensity > v->model_intensity, "  `intensity` the minimum's, to its right (%.1f)",
		   v->intensity);
		seen++;
	}
	ok(seen == 4, "four recorded attention rungs (%d)", seen);
	results_free(&r);
	diags_free(&dg);
}

static void words(void)
{
	char buf[96];
	i18n_set_lang("en");
	is_str(traffic_model_words(AT_MODEL_FLASH, buf, sizeof buf), "K, V read per 64 query rows",
	       "flash's model in English");
	i18n_set_lang("zh");
	is_str(traffic_model_words(AT_MODEL_THREE, buf, sizeof buf), "S×S 分数和 P 写出再读回",
	       "three-kernel's in Chinese");
	is_str(traffic_model_words(AT_MODEL_CUDNN, buf, sizeof buf), "同 flash：64 行分块，16 位 O",
	       "cudnn-sdpa's in Chinese");
	i18n_set_lang(NULL);
}

int main(void)
{
	three_and_cublas();
	flash_and_cudnn();
	roofline_order();
	recorded();
	words();
	return tap_done();
}
