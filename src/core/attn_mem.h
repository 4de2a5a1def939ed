/* attn_mem: the attention screen's memory line, plain C (no curses).
 * The unfused rungs keep the S×S matrix in device memory (its bytes are
 * demos/attention/attn_traffic.h's at_extra_bytes: FP32 scores for
 * three-kernel, scores and 16-bit P for cublas-softmax); this module puts
 * those bytes beside a device's memory and finds the sequence length at
 * which they no longer fit, with B·H and D as the record ran, counting Q,
 * K, V (16-bit) and O (FP32) too and the 64 MiB the demo keeps spare
 * (ck_gpu_fits). The fused rungs (flash-mma, cudnn-sdpa) keep none. */
#ifndef CK_ATTN_MEM_H
#define CK_ATTN_MEM_H
#include <stdbool.h>
#include <stddef.h>
#include "results.h"

enum { ATTN_MEM_THREE, ATTN_MEM_CUBLAS, ATTN_MEM_N };

struct attn_mem {
	long bh, s, d;                    /* as the record ran */
	double mem_bytes;                 /* the device's memory */
	double ss_bytes[ATTN_MEM_N];      /* the S×S buffers at this S */
	long s_max[ATTN_MEM_N];           /* the largest S whose buffers fit */
};

/* The largest S at which rung_kind's (attn_traffic.h: 1 three-kernel, 2
 * cublas-softmax) S×S buffers, Q, K, V, O and 64 MiB fit in mem bytes. */
long attn_mem_s_max(int rung_kind, double bh, double d, double mem);
/* The memory picture of a section: its first attention variant's sizes
 * against its device's memory. false: no GPU device or no such variant. */
bool attn_mem_of(const struct results *r, const char *demo, struct attn_mem *m);
/* The screen's line, in the current language, into buf. */
void attn_mem_text(const struct attn_mem *m, const char *device, char *buf, size_t size);
#endif
