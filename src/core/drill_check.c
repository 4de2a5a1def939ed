/* drill_check: the check pipeline (drill_check.h): compile, run the cases,
 * the sanitizers, the time; every program a child with a time limit and
 * capped output.  The CPU back end keeps the harness's objects in
 * ${XDG_CACHE_HOME:-~/.cache}/cudakitchen/drills, named by a hash of
 * everything they are built from, so a check compiles only the learner's
 * file (twice, at once: AddressSanitizer and ThreadSanitizer builds). */
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

enum { COMPILE_MS = 120000, LOG_CAP = 16384 };

static const char *const asan_flags[] = { "-fsanitize=address,undefined",
					  "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", NULL };
static const char *const tsan_flags[] = { "-fsanitize=thread", NULL };

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* the cache's object for the harness under one set of flags, built when
 * missing: DIR/ID-HASH-TAG.o */
static bool harness_object(const struct drill_ctx *x, const char *tag,
			   const char *const *san, char *obj, size_t size, struct drill_result *r)
{
	unsigned long long h = drill_hash_files(x, tag);
	snprintf(obj, size, "%s/%s-%016llx-%s.o", x->cache, x->dr->id, h, tag);
	struct stat st;
	if (stat(obj, &st) == 0)
		return true;
	char tmp[4300];
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", obj, (long)getpid());
	struct drill_cmd c;
	drill_cmd_cxx(&c, x, san, "-O1", NULL);
	drill_cmd_add(&c, "-c", x->harness, "-o", tmp, NULL);
	struct drill_out o;
	drill_run_all(&c, 1, COMPILE_MS, &o);
	bool ok = o.ok && o.code == 0;
	if (!ok) {
		r->verdict = DRILL_CANNOT;
		snprintf(r->cannot, sizeof r->cannot, "harness|%.200s", x->harness);
		free(r->compile_log);
		r->compile_log = o.err;
		o.err = NULL;
		unlink(tmp);
	} else if (rename(tmp, obj) != 0) {
		ok = false;
		snprintf(r->cannot, sizeof r->cannot, "cache|%.160s|%.60s", obj, strerror(errno));
		r->verdict = DRILL_CANNOT;
	}
	drill_out_free(&o);
	return ok;
}

/* both builds of the learner's file at once; false (verdict set) when it
 * does not compile or link */
static bool cpu_build(const struct drill_ctx *x, struct drill_result *r, char exe[2][4300])
{
	char hobj[2][4300], lobj[2][4300];
	if (!harness_object(x, "asan", asan_flags, hobj[0], sizeof hobj[0], r) ||
	    !harness_object(x, "tsan", tsan_flags, hobj[1], sizeof hobj[1], r))
		return false;
	struct drill_cmd c[2];
	char pch[2][4300];
	for (int i = 0; i < 2; i++) {
		snprintf(lobj[i], sizeof lobj[i], "%s/learner-%d.o", x->tmp, i);
		snprintf(exe[i], sizeof exe[i], "%s/check-%s", x->tmp, i ? "tsan" : "asan");
		bool have = drill_pch(x, i ? "tsan" : "asan", i ? tsan_flags : asan_flags, pch[i],
				      sizeof pch[i]);
		drill_cmd_cxx(&c[i], x, i ? tsan_flags : asan_flags, "-O0", have ? pch[i] : NULL);
		drill_cmd_add(&c[i], "-c", x->learner, "-o", lobj[i], NULL);
	}
	struct drill_out o[2];
	drill_run_all(c, 2, COMPILE_MS, o);
	bool ok = o[0].ok && o[0].code == 0 && o[1].ok && o[1].code == 0;
	if (!ok) {
		int bad = o[0].ok && o[0].code == 0 ? 1 : 0;
		r->compile_log = o[bad].err;
		o[bad].err = NULL;
	}
	drill_out_free(&o[0]), drill_out_free(&o[1]);
	if (ok) {
		for (int i = 0; i < 2; i++) {
			drill_cmd_link(&c[i], x, i ? tsan_flags : asan_flags);
			drill_cmd_add(&c[i], hobj[i], lobj[i], "-o", exe[i], NULL);
		}
		drill_run_all(c, 2, COMPILE_MS, o);
		ok = o[0].ok && o[0].code == 0 && o[1].ok && o[1].code == 0;
		if (!ok) {
			r->compile_log = o[o[0].ok && o[0].code == 0 ? 1 : 0].err;
			o[o[0].ok && o[0].code == 0 ? 1 : 0].err = NULL;
			COPY(r->compile_where, "link");
		}
		drill_out_free(&o[0]), drill_out_free(&o[1]);
	}
	if (!ok) {
		r->verdict = DRILL_COMPILE;
		if (!r->compile_where[0])
			drill_parse_compile(r->compile_log, x->learner, r->compile_where,
					    sizeof r->compile_where);
	}
	return ok;
}

static void add_finding(struct drill_result *r, const struct drill_finding *f)
{
	if (r->nfindings < DRILL_MAX_FINDINGS)
		r->findings[r->nfindings++] = *f;
}

/* a run that stopped: why, as a finding (the sanitizers' own, or the
 * limit, the crash) */
static void stopped(struct drill_result *r, const struct drill_out *o, const char *learner,
		    bool tsan)
{
	struct drill_finding f;
	if (tsan ? drill_parse_tsan(o->err ? o->err : "", learner, &f)
		 : drill_parse_asan(o->err ? o->err : "", learner, &f)) {
		add_finding(r, &f);
		return;
	}
	if (o->ok && o->code == 0)
		return;
	memset(&f, 0, sizeof f);
	if (o->timed_out) {
		COPY(f.kind, "timeout");
		snprintf(f.detail, sizeof f.detail, "%d", o->limit_s);
	} else if (o->overflow) {
		COPY(f.kind, "output");
	} else if (!o->ok || o->signal || o->code > 1) {
		COPY(f.kind, "crash");
		COPY(f.detail, o->how);
	} else {
		return;
	}
	if (!tsan || strcmp(f.kind, "crash"))
		add_finding(r, &f);
}

static void cpu_check(const struct drill_ctx *x, struct drill_result *r)
{
	char exe[2][4300];
	if (!cpu_build(x, r, exe))
		return;
	/* the race pass on every size but the largest (a race shows at any
	 * size; ThreadSanitizer costs several times the plain run) */
	struct drill_cmd c[2];
	for (int i = 0; i < 2; i++) {
		drill_cmd_init(&c[i]);
		drill_cmd_add(&c[i], exe[i], NULL);
		int n = i && x->dr->nsizes > 1 ? x->dr->nsizes - 1 : x->dr->nsizes;
		for (int k = 0; k < n; k++)
			drill_cmd_add(&c[i], x->dr->sizes[k], NULL);
	}
	struct drill_out o[2];
	drill_run_all(c, 2, x->dr->timeout_s * 1000, o);
	drill_parse_protocol(o[0].out, r);
	r->output = drill_program_output(o[0].out);
	stopped(r, &o[0], x->learner, false);
	r->race_checked = o[1].ok && (strstr(o[1].out ? o[1].out : "", "\nend") ||
				      strstr(o[1].err ? o[1].err : "", "ThreadSanitizer: data race"));
	if (!r->race_checked)
		COPY(r->race_note, o[1].timed_out ? "timeout" : "stopped");
	stopped(r, &o[1], x->learner, true);
	drill_out_free(&o[0]), drill_out_free(&o[1]);
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
	} else if (r->backend == DRILL_GPU) {
		drill_gpu_check(&x, r);
	} else if (dr->gpu_only) {
		r->verdict = DRILL_CANNOT;
		drill_gpu_only_note(&x, r);
	} else {
		cpu_check(&x, r);
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
