/* drill_check: the check pipeline (drill_check.h): compile, run the cases,
 * the sanitizers, the time, on the CPU back end (drill_cpu.c) or the GPU's
 * (drill_gpu.c); every program a child with a time limit and capped
 * output; then the verdict. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "drill_check.h"
#include "drill_run.h"
#include "fsutil.h"
#include "paths.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static void verdict_of(struct drill_result *r)
{
	if (r->verdict == DRILL_COMPILE || r->verdict == DRILL_CANNOT)
		return;
	bool all = r->ncases > 0;
	for (int i = 0; i < r->ncases; i++)
		all &= !strcmp(r->cases[i].state, "pass");
	r->verdict = all && r->nfindings == 0 ? DRILL_PASS : DRILL_FAIL;
	if (r->verdict == DRILL_PASS && r->backend == DRILL_GPU && r->ms > 0 && r->goal > 0 &&
	    r->race_checked)
		r->verdict = (r->gflops > 0 && r->goal_gflops ? r->gflops : r->gbs) >= r->goal
				     ? DRILL_FAST
				     : DRILL_PASS;
}

static void result_init(const struct drill *dr, struct drill_result *r)
{
	memset(r, 0, sizeof *r);
	r->ncases = dr->nsizes;
	for (int i = 0; i < dr->nsizes; i++) {
		COPY(r->cases[i].name, dr->sizes[i]);
		COPY(r->cases[i].state, "not-run");
		r->cases[i].index = -1;
	}
	r->goal = dr->goal_value;
	r->goal_gflops = dr->goal_gflops;
	r->ref_h200_ms = dr->ref_h200_ms;
}

bool drill_check(const struct drill *dr, const char *file, const struct drill_check_opts *o,
		 struct drill_result *r)
{
	double t0 = now_s();
	result_init(dr, r);
	struct drill_ctx x;
	r->backend = o->backend == DRILL_AUTO ? drill_backend_here() : o->backend;
	if (!drill_ctx_init(&x, dr, file, o, r)) {
		r->verdict = DRILL_CANNOT;
	} else if (r->backend == DRILL_GPU && !drill_gpu_present()) {
		r->verdict = DRILL_CANNOT; /* --gpu asked for one this machine has not */
		COPY(r->cannot, "no-gpu");
	} else if (r->backend == DRILL_GPU) {
		drill_gpu_check(&x, r);
	} else if (dr->gpu_only) {
		r->verdict = DRILL_CANNOT;
		drill_gpu_only_note(&x, r);
	} else {
		drill_cpu_check(&x, r);
	}
	drill_ctx_free(&x);
	verdict_of(r);
	r->seconds = now_s() - t0;
	return true;
}

void drill_result_free(struct drill_result *r)
{
	if (!r)
		return;
	free(r->compile_log);
	free(r->output);
	memset(r, 0, sizeof *r);
}
