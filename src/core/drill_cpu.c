/* drill_cpu: the CPU back end of the drill check (drill_check.h): the
 * learner's file compiled against the emulator's kernel header
 * (simt_kernel.h) and linked with two objects from the cache,
 * ${XDG_CACHE_HOME:-~/.cache}/cudakitchen/drills, each named by a hash of
 * everything it is built from: the emulator's runtime (simt.h, one per
 * set of sanitizers, shared by every drill) and the drill's harness.  A
 * check therefore compiles only the learner's file: once with
 * AddressSanitizer + UBSan, and, when the file uses shared memory, a
 * barrier or an atomic, once more with ThreadSanitizer for the race pass,
 * both at once. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "drill_run.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

enum { COMPILE_MS = 120000, SRC_CAP = 1 << 20 };

static const char *const asan_flags[] = { "-fsanitize=address,undefined",
					  "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", NULL };
static const char *const tsan_flags[] = { "-fsanitize=thread", NULL };
static const char *const *const san_of[2] = { asan_flags, tsan_flags };
static const char *const tag_of[2] = { "asan", "tsan" };

/* A cached object for one set of flags, built when missing: CACHE/NAME.o
 * from src (the harness), or from the runtime alone (src NULL: simt.h
 * included into an empty file). */
static bool cached_object(const struct drill_ctx *x, int san, const char *src, char *obj,
			  size_t size, struct drill_result *r)
{
	unsigned long long h = drill_hash_files(x, src, tag_of[san]);
	snprintf(obj, size, "%s/%s-%016llx-%s.o", x->cache, src ? x->dr->id : "emu-runtime", h,
		 tag_of[san]);
	struct stat st;
	if (stat(obj, &st) == 0)
		return true;
	char tmp[4300], simt[4200];
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", obj, (long)getpid());
	snprintf(simt, sizeof simt, "%s/simt.h", x->emu);
	struct drill_cmd c;
	drill_cmd_cxx(&c, x, san_of[san], "-O1", src ? NULL : simt);
	drill_cmd_add(&c, "-c", src ? src : "/dev/null", "-o", tmp, NULL);
	struct drill_out o;
	drill_run_all(&c, 1, COMPILE_MS, &o);
	bool ok = o.ok && o.code == 0;
	if (!ok) {
		r->verdict = DRILL_CANNOT;
		snprintf(r->cannot, sizeof r->cannot, "harness|%.200s", src ? src : simt);
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

/* Whether the file's threads work together: it names shared memory
 * (__shared__, or the emulator's CK_DYN_SHARED), a barrier or an atomic.
 * A kernel with none of them has no hazard for compute-sanitizer's
 * racecheck to find on a GPU (it looks at shared memory), and none its
 * threads could have meant to order, so the race pass would find nothing
 * the values do not show.  Unreadable: assume it does. */
static bool works_together(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return true;
	char *s = malloc(SRC_CAP + 1);
	size_t n = s ? fread(s, 1, SRC_CAP, f) : 0;
	fclose(f);
	if (!s)
		return true;
	s[n] = '\0';
	bool yes = n == SRC_CAP || strlen(s) != n;
	static const char *const words[] = { "__shared__", "CK_DYN_SHARED", "__sync", "atomic" };
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		yes = yes || strstr(s, words[i]);
	free(s);
	return yes;
}

/* the builds of the learner's file (nb: 1, or 2 with the race pass) at
 * once; false (verdict set) when it does not compile or link */
static bool cpu_build(const struct drill_ctx *x, struct drill_result *r, int nb,
		      char exe[2][4300])
{
	char rt[2][4300], hobj[2][4300], lobj[2][4300], pch[2][4300];
	for (int i = 0; i < nb; i++)
		if (!cached_object(x, i, NULL, rt[i], sizeof rt[i], r) ||
		    !cached_object(x, i, x->harness, hobj[i], sizeof hobj[i], r))
			return false;
	struct drill_cmd c[2];
	for (int i = 0; i < nb; i++) {
		snprintf(lobj[i], sizeof lobj[i], "%s/learner-%d.o", x->tmp, i);
		snprintf(exe[i], sizeof exe[i], "%s/check-%s", x->tmp, tag_of[i]);
		bool have = drill_pch(x, tag_of[i], san_of[i], pch[i], sizeof pch[i]);
		drill_cmd_cxx(&c[i], x, san_of[i], "-O0", have ? pch[i] : NULL);
		drill_cmd_add(&c[i], "-c", x->learner, "-o", lobj[i], NULL);
	}
	struct drill_out o[2];
	drill_run_all(c, nb, COMPILE_MS, o);
	int bad = -1;
	for (int i = nb - 1; i >= 0; i--)
		if (!(o[i].ok && o[i].code == 0))
			bad = i;
	if (bad < 0) {
		for (int i = 0; i < nb; i++)
			drill_out_free(&o[i]);
		for (int i = 0; i < nb; i++) {
			drill_cmd_link(&c[i], x, san_of[i]);
			drill_cmd_add(&c[i], rt[i], hobj[i], lobj[i], "-o", exe[i], NULL);
		}
		drill_run_all(c, nb, COMPILE_MS, o);
		for (int i = nb - 1; i >= 0; i--)
			if (!(o[i].ok && o[i].code == 0))
				bad = i;
		if (bad >= 0)
			COPY(r->compile_where, "link");
	}
	if (bad >= 0) {
		r->compile_log = o[bad].err;
		o[bad].err = NULL;
	}
	for (int i = 0; i < nb; i++)
		drill_out_free(&o[i]);
	if (bad >= 0) {
		r->verdict = DRILL_COMPILE;
		if (!r->compile_where[0])
			drill_parse_compile(r->compile_log, x->learner, r->compile_where,
					    sizeof r->compile_where);
	}
	return bad < 0;
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

void drill_cpu_check(const struct drill_ctx *x, struct drill_result *r)
{
	char exe[2][4300];
	int nb = works_together(x->learner) ? 2 : 1;
	if (!cpu_build(x, r, nb, exe))
		return;
	/* the race pass on every size but the largest (a race shows at any
	 * size; ThreadSanitizer costs several times the plain run) */
	struct drill_cmd c[2];
	for (int i = 0; i < nb; i++) {
		drill_cmd_init(&c[i]);
		drill_cmd_add(&c[i], exe[i], NULL);
		int n = i && x->dr->nsizes > 1 ? x->dr->nsizes - 1 : x->dr->nsizes;
		for (int k = 0; k < n; k++)
			drill_cmd_add(&c[i], x->dr->sizes[k], NULL);
	}
	struct drill_out o[2];
	drill_run_cpu(c, nb, x->dr->timeout_s * 1000, x->dr->timeout_s * 1000, o);
	drill_parse_protocol(o[0].out, r);
	r->output = drill_program_output(o[0].out);
	stopped(r, &o[0], x->learner, false);
	drill_out_free(&o[0]);
	if (nb < 2) {
		COPY(r->race_note, DRILL_NO_SHARED);
		return;
	}
	r->race_checked = o[1].ok && (strstr(o[1].out ? o[1].out : "", "\nend") ||
				      strstr(o[1].err ? o[1].err : "", "ThreadSanitizer: data race"));
	if (!r->race_checked)
		COPY(r->race_note, o[1].timed_out ? "timeout" : "stopped");
	stopped(r, &o[1], x->learner, true);
	drill_out_free(&o[1]);
}
