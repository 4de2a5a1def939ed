/* Unit tests for the attention screen's memory line (src/core/attn_mem.c):
 * the S at which the unfused rungs' S×S buffers stop fitting, by its
 * definition (fits at s_max, not at s_max + 1) and at the recorded H200's
 * shape (the recorded sweep ran both unfused rungs at S = 16384, so they
 * must fit there, and 32768 must not); the line read from the recorded
 * demos/results/h200.yaml, and from a CPU fallback run (no line); the
 * traffic model of the cudnn-sdpa rung and the fused rungs' S×S bytes. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "attn_mem.h"
#include "i18n.h"
#include "results.h"
#include "attention/attn_traffic.h"

#define H200_MEM 150109880320.0 /* mem_bytes of the recorded H200 */

static double need(int kind, double bh, double d, double s)
{
	return at_extra_bytes(kind, bh, s) + bh * s * d * 10.0 + 64.0 * 1048576;
}

static void by_definition(void)
{
	static const double bhs[] = { 1, 2, 64, 512 }, ds[] = { 64, 128 };
	static const double mems[] = { 8e9, 24e9, 80e9, H200_MEM };
	for (int kind = 1; kind <= 2; kind++)
		for (size_t i = 0; i < 4; i++)
			for (size_t j = 0; j < 2; j++)
				for (size_t k = 0; k < 4; k++) {
					double bh = bhs[i], d = ds[j], mem = mems[k];
					long s = attn_mem_s_max(kind, bh, d, mem);
					ok(s > 0 && need(kind, bh, d, s) <= mem &&
					   need(kind, bh, d, s + 1) > mem,
					   "kind %d B·H %g D %g mem %g: S = %ld fits, S + 1 does not",
					   kind, bh, d, mem, s);
				}
	ok(attn_mem_s_max(1, 64, 64, 1e6) == 0, "less than the spare: no S fits");
	ok(attn_mem_s_max(3, 64, 64, H200_MEM) == 0, "the fused rung keeps no S×S matrix");
}

static void h200_shape(void)
{
	for (int kind = 1; kind <= 2; kind++) {
		long s = attn_mem_s_max(kind, 64, 64, H200_MEM);
		ok(s >= 16384 && s < 32768, "H200, B·H 64: kind %d fits at 16384 (recorded), not at "
		   "32768 (S = %ld)", kind, s);
	}
	ok(attn_mem_s_max(2, 64, 64, H200_MEM) < attn_mem_s_max(1, 64, 64, H200_MEM),
	   "16-bit P beside the scores: cuBLAS + softmax runs out first");
}

static void from_records(void)
{
	struct results r;
	struct diags d = { 0 };
	struct attn_mem m;
	ok(results_load_file("demos/results/h200.yaml", &r, &d), "h200.yaml parses");
	ok(attn_mem_of(&r, "attention", &m), "the recorded attention run has a memory line");
	ok(m.bh == 64 && m.s == 1024 && m.d == 64 && m.mem_bytes == H200_MEM,
	   "  its shape B·H 64, S 1024, D 64 and the H200's memory");
	ok(m.ss_bytes[ATTN_MEM_THREE] == 4.0 * 64 * 1024 * 1024 &&
	   m.ss_bytes[ATTN_MEM_CUBLAS] == 6.0 * 64 * 1024 * 1024,
	   "  S×S bytes: 4·B·H·S² and 6·B·H·S² (attn_traffic.h)");
	char buf[900];
	i18n_set_lang("en");
	attn_mem_text(&m, "NVIDIA H200", buf, sizeof buf);
	ok(strstr(buf, "NVIDIA H200 (140 GiB)") && strstr(buf, "0.25 GiB") &&
	   strstr(buf, "0.375 GiB"), "  the line: %s", buf);
	i18n_set_lang("zh");
	attn_mem_text(&m, "NVIDIA H200", buf, sizeof buf);
	ok(strstr(buf, "显存") && strstr(buf, "0.25 GiB"), "  in Chinese: %s", buf);
	i18n_set_lang("en");
	ok(!attn_mem_of(&r, "matmul", &m), "no attention variant under matmul: no line");
	results_free(&r);
	static const char cpu[] =
		"- {record: \"device\", format: 1, demo: \"attention\", live: false, reason: \"no GPU\"}\n";
	ok(results_parse("cpu", cpu, sizeof cpu - 1, &r, &d), "a CPU fallback run parses");
	ok(!attn_mem_of(&r, "attention", &m), "  a CPU fallback has no device memory: no line");
	results_free(&r);
	diags_free(&d);
}

static void fused_rungs(void)
{
	double bh = 64, s = 4096, d = 128, o32 = bh * s * d * 4, o16 = bh * s * d * 2;
	double flash = at_traffic_of(AT_FLASH, bh, s, d, false, 2).bytes;
	ok(at_traffic_of(AT_CUDNN, bh, s, d, false, 2).bytes == flash - o32 + o16,
	   "cudnn-sdpa's model: flash's streaming with the 16-bit O");
	ok(at_traffic_of(AT_CUDNN, bh, s, d, true, 2).bytes < at_traffic_of(AT_CUDNN, bh, s, d, false, 2).bytes,
	   "  causal: its blocks stop at the diagonal");
	ok(at_extra_bytes(3, bh, s) == 0 && at_extra_bytes(4, bh, s) == 0,
	   "the fused rungs keep no S×S matrix");
}

int main(void)
{
	fused_rungs();
	by_definition();
	h200_shape();
	from_records();
	return tap_done();
}
