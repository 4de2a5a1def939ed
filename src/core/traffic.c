/* traffic.c: the demos' traffic models (read from their headers) applied
 * to recorded variants that lack them.  See traffic.h. */
#include "traffic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "demo.h"
#include "i18n.h"
#include "results.h"
#include "matmul/mm_traffic.h"
#include "conv/conv_traffic.h"
#include "fusion/fu_traffic.h"
#include "attention/attn_traffic.h"

static int mm_index(const char *id)
{
	for (int i = 0; i < MM_NRUNGS; i++)
		if (!strcmp(mm_rung_id((enum mm_rung)i), id))
			return i;
	return -1;
}

static int conv_index(const char *id)
{
#define CONV_ID_(e, id, ...) id,
	static const char *const ids[] = { CONV_LADDER(CONV_ID_) };
#undef CONV_ID_
	for (int i = 0; i < CONV_NRUNGS; i++)
		if (!strcmp(ids[i], id))
			return i;
	return -1;
}

static bool put(struct res_variant *v, double flops, double bytes, const char *model)
{
	if (!(bytes > 0) || !(flops > 0))
		return false;
	v->model_bytes = bytes;
	v->model_intensity = flops / bytes;
	snprintf(v->model, sizeof v->model, "%s", model);
	return true;
}

static bool mm_fill(struct res_variant *v)
{
	const struct res_sizes *s = &v->size;
	int i = mm_index(v->variant);
	if (i < 0 || s->m < 1 || s->n < 1 || s->k < 1 || s->m > 65536 ||
	    s->n > 65536 || s->k > 65536)
		return false;
	struct mm_traffic t = mm_traffic_of((enum mm_rung)i, (int)s->m, (int)s->n,
					    (int)s->k);
	int bm, bn;   /* best's record names the tiles its rule chose */
	if (i == MM_BEST && sscanf(v->config, "%dx%d", &bm, &bn) == 2 && bm >= 1 &&
	    bn >= 1 && bm <= 4096 && bn <= 4096)
		t = mm_traffic_tiles((int)s->m, (int)s->n, (int)s->k, bm, bn,
				     v->split >= 1 && v->split <= 4096 ? (int)v->split : 1,
				     v->parts);
	return put(v, 2.0 * s->m * s->n * s->k, t.bytes, t.model);
}

static bool conv_fill(struct res_variant *v)
{
	const struct res_sizes *s = &v->size;
	int i = conv_index(v->variant);
	long pad = s->pad < 0 ? 0 : s->pad, st = s->stride < 1 ? 1 : s->stride;
	long dil = s->dil < 1 ? 1 : s->dil;
	if (i < 0 || s->n < 1 || s->c < 1 || s->h < 1 || s->w < 1 || s->k < 1 ||
	    s->r < 1 || s->s < 1 || s->p < 1 || s->q < 1 || s->h > 8192 ||
	    s->w > 8192 || s->p > 8192 || s->q > 8192 || s->r > 8192 ||
	    s->s > 8192 || s->n > 65535 || s->c > 1 << 20 || s->k > 1 << 20 ||
	    pad > 4096 || st > 8192 || dil > 8192)
		return false;
	struct conv_traffic t = conv_traffic_of((enum conv_rung_id)i, (int)s->n,
		(int)s->c, (int)s->h, (int)s->w, (int)s->k, (int)s->r, (int)s->s,
		(int)pad, (int)st, (int)dil, (int)s->p, (int)s->q);
	return put(v, 2.0 * s->n * s->k * s->p * s->q * s->c * s->r * s->s,
		   t.bytes, t.model);
}

static int at_index(const char *id)
{
#define AT_ID_(e, id, ...) id,
	static const char *const ids[] = { AT_LADDER(AT_ID_) };
#undef AT_ID_
	for (int i = 0; i < AT_NRUNGS; i++)
		if (!strcmp(ids[i], id))
			return i;
	return -1;
}

/* Attention records made before the demo wrote its models carried the
 * model's bytes as hbm_bytes and its intensity as `intensity`: the
 * minimum's intensity takes that field's place, as in the newer records. */
static bool at_fill(struct res_variant *v)
{
	const struct res_sizes *s = &v->size;
	int i = at_index(v->variant);
	if (i < 0 || s->b < 1 || s->h < 1 || s->s < 1 || s->d < 1 || s->b > 65535 || s->h > 65535 || s->s > 1 << 20 || s->d > 4096)
		return false;
	double bh = (double)s->b * s->h, flops = at_flops(bh, s->s, s->d, s->causal > 0);
	struct at_traffic t = at_traffic_of(i, bh, s->s, s->d, s->causal > 0, 2);
	if (!put(v, flops, t.bytes, t.model))
		return false;
	v->intensity = flops / at_min_bytes(bh, s->s, s->d, 2);
	return true;
}

/* The demos with a traffic model, by their registry rows (demo.h). */
static bool (*const fills[CK_NDEMOS])(struct res_variant *) = {
	[CK_DEMO_matmul] = mm_fill,
	[CK_DEMO_conv] = conv_fill,
	[CK_DEMO_attention] = at_fill,
};

bool traffic_fill(struct res_variant *v)
{
	int i = demo_index(v->demo);
	if (v->model_intensity > 0 || i < 0 || !fills[i])
		return false;
	return fills[i](v);
}

double traffic_intensity(const struct res_variant *v)
{
	if (v->model_intensity > 0)
		return v->model_intensity;
	return v->intensity > 0 ? v->intensity : NAN;
}

bool traffic_known(const struct res_variant *v)
{
	return v->model_intensity > 0 && v->model[0] && strncmp(v->model, "unknown", 7);
}

/* See traffic.h. */
const char *traffic_model_words(const char *model, char *buf, size_t size)
{
	static const struct {
		const char *en;
		enum msg id;
	} words[] = {
		{ "no reuse: 2 loads per FMA", MSG_RF_M_NOREUSE },
		{ "im2col written and read, 64x64 tiles", MSG_RF_M_IM2COL },
		{ "x gathered per 128x64 tile", MSG_RF_M_IGEMM },
		{ "Winograd transforms + 16 GEMMs", MSG_RF_M_WINO },
		{ "Winograd F(4x4) transforms + 36 GEMMs", MSG_RF_M_WINO4 },
		{ FU_MODEL_UNFUSED, MSG_RF_M_FU_UNFUSED },
		{ FU_MODEL_FUSED, MSG_RF_M_FU_FUSED },
		{ AT_MODEL_THREE, MSG_RF_M_AT_THREE },
		{ AT_MODEL_CUBLAS, MSG_RF_M_AT_CUBLAS },
		{ AT_MODEL_FLASH, MSG_RF_M_AT_FLASH },
		{ AT_MODEL_CUDNN, MSG_RF_M_AT_CUDNN },
		{ "unknown: minimum traffic", MSG_RF_M_UNKNOWN },
	};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (!strcmp(model, words[i].en))
			return tr(words[i].id);
	int bm, bn, split = 1, end = 0, tail = 0, nf;
	/* smem-direct's tile: conv_traffic.h's three */
	if (sscanf(model, CONV_TRAFFIC_PATCH "%n", &bm, &bn, &nf, &end) == 3 && !model[end]) {
		snprintf(buf, size, tr(MSG_RF_M_PATCH), bm, bn, nf);
		return buf;
	}
	if (sscanf(model, "%dx%d tiles, B transposed first%n", &bm, &bn, &end) == 2 && !model[end]) {
		snprintf(buf, size, tr(MSG_RF_M_TILES_BT), bm, bn);
		return buf;
	}
	if (sscanf(model, MM_TRAFFIC_TILES "%n", &bm, &bn, &end) != 2)
		return model;
	/* mm_traffic_tiles' names: the tiles, then a split's words, if any */
	const char *rest = model + end;
	enum msg how = MSG_RF_M_SPLIT;
	if (*rest && !(sscanf(rest, MM_TRAFFIC_SPLIT "%n", &split, &tail) == 1 && !rest[tail])) {
		how = MSG_RF_M_PARTS;
		if (!(sscanf(rest, MM_TRAFFIC_PARTS "%n", &split, &tail) == 1 && !rest[tail]))
			return model;
	}
	int n = snprintf(buf, size, tr(MSG_RF_M_TILES), bm, bn);
	if (split > 1 && n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, tr(how), split);
	return buf;
}
