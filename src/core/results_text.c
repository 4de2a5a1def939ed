/* results_text: records in the learner's language (see results.h): the
 * rungs' labels from their ladder rows' zh column, the launch demo's
 * labels, and the reasons, compatibility verdicts and host-link lines the
 * demos write, read back by their format; anything unknown comes back as
 * it is. */
#include "results.h"

#include <stdio.h>
#include <string.h>
#include "demo.h"
#include "i18n.h"
#include "matmul/mm_ladder.h"
#include "conv/conv_ladder.h"
#include "reduce/reduce_ladder.h"
#include "attention/attn_ladder.h"
#include "fusion/fu_ladder.h"

/* The ladders' rows (matmul, conv, reduce, attention, fusion): the demo's registry
 * row (demo.h), id and the Chinese label of the zh column, "" where the
 * English stays. */
static const struct {
	enum demo_id demo;
	const char *id, *zh;
} rung_zh[] = {
#define RZ_(demo, e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh) { demo, id, zh },
#define RZ_MM_(...) RZ_(CK_DEMO_matmul, __VA_ARGS__)
#define RZ_CONV_(...) RZ_(CK_DEMO_conv, __VA_ARGS__)
#define RZ_RD_(...) RZ_(CK_DEMO_reduce, __VA_ARGS__)
#define RZ_AT_(...) RZ_(CK_DEMO_attention, __VA_ARGS__)
#define RZ_FU_(...) RZ_(CK_DEMO_fusion, __VA_ARGS__)
	MM_LADDER(RZ_MM_) CONV_LADDER(RZ_CONV_) RD_LADDER(RZ_RD_) AT_LADDER(RZ_AT_) FU_LADDER(RZ_FU_)
#undef RZ_
#undef RZ_MM_
#undef RZ_CONV_
#undef RZ_RD_
#undef RZ_AT_
#undef RZ_FU_
};

const char *results_rung_label(const char *demo, const char *id, const char *label)
{
	int d = demo_index(demo);
	for (size_t i = 0; i < sizeof rung_zh / sizeof *rung_zh && d >= 0 && id; i++)
		if ((int)rung_zh[i].demo == d && !strcmp(rung_zh[i].id, id)) {
			if (i18n_lang() == LANG_ZH && rung_zh[i].zh[0])
				return rung_zh[i].zh;
			break;
		}
	return results_label_text(label);
}

const char *results_variant_label(const struct res_variant *v)
{
	return results_rung_label(v->demo, v->variant, v->label);
}

/* The launch demo's labels (its table of experiments) and their
 * translations. */
static const struct {
	const char *en;
	enum msg text;
} labels[] = {
	{ "y = a*x + y, one element per thread", MSG_RL_LN_PLAIN },
	{ "float4: four elements per thread", MSG_RL_LN_VEC4 },
	{ "register-heavy: 32 elements per thread", MSG_RL_LN_REGS },
	{ "shared-memory-heavy: 48 KiB per block", MSG_RL_LN_SMEM },
	{ "wave tail: k waves and one block more", MSG_RL_LN_WAVE },
	{ "CPU y = a*x + y, 1 thread", MSG_RL_LN_CPU_1 },
	{ "CPU y = a*x + y, all cores", MSG_RL_LN_CPU_ALL },
};

const char *results_label_text(const char *label)
{
	for (size_t i = 0; label && i < sizeof labels / sizeof *labels; i++)
		if (!strcmp(label, labels[i].en))
			return tr(labels[i].text);
	/* labels a demo writes around a name it found ("cuDNN fastest,
	 * TF32-allowed: fft-tiling (default)"): the words translated, the rest
	 * kept; in a ring of buffers, each good for the next few calls */
	static const struct {
		const char *en;
		enum msg text;
	} prefixes[] = {
		{ "cuDNN fastest, TF32-allowed", MSG_RL_CUDNN_DEFAULT },
		{ "cuDNN fastest, NHWC TF32", MSG_RL_CUDNN_NHWC_TF32 },
		{ "cuDNN fastest, NHWC FP16", MSG_RL_CUDNN_NHWC_FP16 },
	};
	static char ring[4][160];
	static unsigned next;
	for (size_t i = 0; label && i < sizeof prefixes / sizeof *prefixes; i++) {
		size_t n = strlen(prefixes[i].en);
		if (strncmp(label, prefixes[i].en, n))
			continue;
		char *b = ring[next++ % 4];
		const char *rest = label + n, *sep = "";
		if (!strncmp(rest, ": ", 2)) /* the name after the words: the language's colon */
			sep = tr(MSG_RL_NAME_SEP), rest += 2;
		snprintf(b, sizeof ring[0], "%s%s%s", tr(prefixes[i].text), sep, rest);
		return b;
	}
	return label ? label : "";
}

const char *results_reason_text(const char *reason, char *buf, size_t size)
{
	static const struct {
		const char *en;
		enum msg text;
		bool prefix;
	} reasons[] = {
		{ "--cpu given", MSG_RR_CPU_GIVEN, false },
		{ "built without CUDA", MSG_RR_NO_CUDA_BUILD, false },
		{ "no CUDA driver: the NVIDIA driver (libcuda.so.1) is not installed or not loaded",
		  MSG_RR_NO_DRIVER, false },
		{ "no CUDA driver: install the NVIDIA driver", MSG_RR_INSTALL_DRIVER, false },
		{ "no CUDA device: CUDA_VISIBLE_DEVICES is empty (", MSG_RR_CVD_EMPTY, true },
		{ "no CUDA device: ", MSG_RR_NO_DEVICE, true },
	};
	const char *r = reason ? reason : "";
	for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++) {
		size_t n = strlen(reasons[i].en);
		if (reasons[i].prefix ? strncmp(r, reasons[i].en, n) : strcmp(r, reasons[i].en))
			continue;
		char rest[256];
		snprintf(rest, sizeof rest, "%s", reasons[i].prefix ? r + n : "");
		size_t l = strlen(rest);
		if (reasons[i].text == MSG_RR_CVD_EMPTY && l && rest[l - 1] == ')')
			rest[l - 1] = '\0'; /* the message has its own brackets */
		snprintf(buf, size, tr(reasons[i].text), rest);
		return buf;
	}
	snprintf(buf, size, "%s", r);
	return buf;
}

/* The demos' compatibility verdict and host-link line (demos/common/
 * device.c, link.c) read back by their format and written in the
 * learner's language; anything else comes back as it is. */
const char *results_compat_text(const char *compat, char *buf, size_t size)
{
	static const char ok[] = "ok: driver supports CUDA %d.%d, runtime is %d.%d%n";
	static const char minor[] = "minor-version compatibility: driver CUDA %d.%d is older than "
				    "runtime %d.%d; most code runs, newer features may not%n";
	static const char old[] = "too old: driver supports CUDA %d.%d, runtime needs %d.x; update "
				  "the driver%n";
	const char *c = compat ? compat : "";
	int len = (int)strlen(c), a, b, x, y, n = -1;
	if (sscanf(c, ok, &a, &b, &x, &y, &n) == 4 && n == len)
		snprintf(buf, size, tr(MSG_RC_OK), a, b, x, y);
	else if ((n = -1, sscanf(c, minor, &a, &b, &x, &y, &n)) == 4 && n == len)
		snprintf(buf, size, tr(MSG_RC_MINOR), a, b, x, y);
	else if ((n = -1, sscanf(c, old, &a, &b, &x, &n)) == 3 && n == len)
		snprintf(buf, size, tr(MSG_RC_OLD), a, b, x);
	else
		return results_reason_text(c, buf, size);
	return buf;
}

const char *results_link_text(const char *link, char *buf, size_t size)
{
	static const char fmt[] = "PCIe Gen%d x%d (now Gen%d x%d), %lf GB/s per direction; "
				  "%d NVLink links active%n";
	const char *l = link ? link : "";
	int g, w, ng, nw, nv, n = -1;
	double gbs;
	if (sscanf(l, fmt, &g, &w, &ng, &nw, &gbs, &nv, &n) == 6 && n == (int)strlen(l))
		snprintf(buf, size, tr(MSG_RL_LINK), g, w, ng, nw, gbs, nv);
	else
		snprintf(buf, size, "%s", l);
	return buf;
}
