/* Unit tests for demos/matmul/mm_declines.h: which matmul rungs a GPU
 * declines and why, for each compute capability that matters, without a
 * GPU. The Tensor Core rungs: tf32-mma (8.0 and newer) and wgmma-tma (9.0
 * only, and only from a build with its sm_90a code); every other rung runs
 * anywhere. */
#include <string.h>
#include "tap.h"
#include "matmul/mm_declines.h"

static const char *dec(enum mm_rung r, int major, int minor, int sm90a)
{
	static char buf[128];
	return mm_decline(r, major, minor, sm90a, buf, sizeof buf);
}

int main(void)
{
	static const int ccs[][2] = { { 7, 0 }, { 7, 5 }, { 8, 0 }, { 8, 6 }, { 8, 9 },
				      { 9, 0 }, { 10, 0 }, { 12, 0 } };
	for (size_t c = 0; c < sizeof ccs / sizeof *ccs; c++) {
		int ma = ccs[c][0], mi = ccs[c][1], cc = ma * 10 + mi;
		const char *w = dec(MM_WGMMA_TMA, ma, mi, 1);
		if (cc == 90)
			ok(!w, "wgmma-tma runs on %d.%d from an sm_90a build", ma, mi);
		else
			ok(w && strstr(w, MM_WGMMA_NEEDS) && strstr(w, "this GPU"),
			   "wgmma-tma declined on %d.%d: %s", ma, mi, w ? w : "(runs)");
		const char *t = dec(MM_TF32_MMA, ma, mi, 0);
		ok(cc >= 80 ? !t : t && strstr(t, "8.0 or newer"), "tf32-mma on %d.%d: %s", ma, mi,
		   t ? t : "runs");
		ok(!dec(MM_BEST, ma, mi, 0) && !dec(MM_CUBLAS_TF32, ma, mi, 0),
		   "best and cublas-tf32 run on %d.%d", ma, mi);
	}
	const char *b = dec(MM_WGMMA_TMA, 9, 0, 0);
	ok(b && strstr(b, MM_WGMMA_NEEDS) && strstr(b, "sm_90a"),
	   "wgmma-tma declined on 9.0 by a build without sm_90a code: %s", b ? b : "(runs)");
	is_str(MM_WGMMA_NEEDS, "needs an sm_90 GPU (Hopper): wgmma and TMA", "the reason's words");
	/* the ladder: wgmma-tma is the hand rung right after tf32-mma */
	is_int(MM_WGMMA_TMA, MM_TF32_MMA + 1, "wgmma-tma follows tf32-mma in mm_ladder.h");
	is_str(mm_rung_id(MM_WGMMA_TMA), "wgmma-tma", "its id");
	return tap_done();
}
