/* attn_mem.c: the S×S bytes against a device's memory (see attn_mem.h). */
#include "attn_mem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "attention/attn_traffic.h"

#define ATTN_MEM_SPARE (64.0 * 1048576) /* what ck_gpu_fits keeps free */

long attn_mem_s_max(int rung_kind, double bh, double d, double mem)
{
	/* a·S² + b·S ≤ c: the S×S buffers, then Q, K, V (2 bytes) and O (4) */
	double a = at_extra_bytes(rung_kind, bh, 1.0), b = bh * d * (3 * 2.0 + 4.0);
	double c = mem - ATTN_MEM_SPARE;
	if (!(a > 0) || !(c > 0))
		return 0;
	long s = (long)floor((-b + sqrt(b * b + 4 * a * c)) / (2 * a));
	while (s > 0 && a * s * s + b * s > c)   /* floor's rounding, never over */
		s--;
	return s;
}

bool attn_mem_of(const struct results *r, const char *demo, struct attn_mem *m)
{
	const struct res_device *dev = results_device(r, demo);
	memset(m, 0, sizeof *m);
	if (!dev || !dev->live || dev->mem_bytes <= 0)
		return false;
	for (size_t i = 0; i < r->nvar; i++) {
		const struct res_variant *v = &r->var[i];
		if (strcmp(v->demo, demo) || v->size.s <= 0 || v->size.d <= 0 || v->size.b <= 0 ||
		    v->size.h <= 0 || v->kind == RES_CPU)
			continue;
		m->bh = v->size.b * v->size.h, m->s = v->size.s, m->d = v->size.d;
		m->mem_bytes = (double)dev->mem_bytes;
		for (int k = 0; k < ATTN_MEM_N; k++) {
			m->ss_bytes[k] = at_extra_bytes(k + 1, (double)m->bh, (double)m->s);
			m->s_max[k] = attn_mem_s_max(k + 1, (double)m->bh, (double)m->d, m->mem_bytes);
		}
		return true;
	}
	return false;
}

void attn_mem_text(const struct attn_mem *m, const char *device, char *buf, size_t size)
{
	const double gib = 1073741824.0;
	snprintf(buf, size, tr(MSG_AT_MEMORY), device, m->mem_bytes / gib, m->s,
		 m->ss_bytes[ATTN_MEM_THREE] / gib, m->ss_bytes[ATTN_MEM_CUBLAS] / gib, m->bh, m->d,
		 m->s_max[ATTN_MEM_THREE], m->s_max[ATTN_MEM_CUBLAS]);
}
