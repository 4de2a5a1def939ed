/* drill_text: a drill check's report in the learner's language
 * (drill_result_text, drill_check.h), in the order the learner needs it:
 * compile, each case (the first wrong element, expected, got, and what
 * that usually means), the sanitizer's findings in CUDA's words, the
 * speed, the verdict.  The result is sanitized text, one line per line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drill_check.h"
#include "i18n.h"
#include "text.h"

struct buf {
	char *p;
	size_t len, cap;
	bool oom;
};

static void add(struct buf *b, const char *fmt, ...) CK_PRINTF(2, 3);
static void add(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || b->oom)
		return;
	if (b->len + (size_t)n + 2 > b->cap) {
		size_t cap = (b->len + (size_t)n + 2) * 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p, b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	b->p[b->len++] = '\n';
	b->p[b->len] = '\0';
}

static const char *cause_words(const struct drill *dr, const char *code)
{
	static const struct {
		const char *code;
		enum msg m;
	} t[] = { { "unwritten", MSG_DR_CAUSE_UNWRITTEN }, { "shifted", MSG_DR_CAUSE_SHIFTED },
		  { "twice", MSG_DR_CAUSE_TWICE },	  { "partial", MSG_DR_CAUSE_PARTIAL },
		  { "wrong", MSG_DR_CAUSE_WRONG },	  { "nan", MSG_DR_CAUSE_NAN },
		  { DRILL_KIND_LAUNCH, MSG_DR_CAUSE_LAUNCH }, { "repeated", MSG_DR_CAUSE_REPEATED } };
	const char *own = dr ? drill_cause_text(dr, code) : NULL;
	if (own)
		return own;
	for (size_t i = 0; i < sizeof t / sizeof *t; i++)
		if (!strcmp(code, t[i].code))
			return tr(t[i].m);
	return NULL;
}

static void cases(struct buf *b, const struct drill *dr, const struct drill_result *r)
{
	add(b, "%s", tr(MSG_DR_TESTS));
	for (int i = 0; i < r->ncases; i++) {
		const struct drill_case *c = &r->cases[i];
		if (!strcmp(c->state, "pass"))
			add(b, tr(MSG_DR_CASE_PASS), c->name);
		else if (!strcmp(c->state, "stopped"))
			add(b, tr(MSG_DR_CASE_STOPPED), c->name);
		else if (!strcmp(c->state, "not-run"))
			add(b, tr(MSG_DR_CASE_NOT_RUN), c->name);
		else if (c->index >= 0)
			add(b, tr(MSG_DR_CASE_FAIL), c->name, c->index, c->expected, c->got);
		else
			add(b, tr(MSG_DR_CASE_FAIL_BARE), c->name);
		const char *w = c->cause[0] && strcmp(c->state, "pass") ? cause_words(dr, c->cause) : NULL;
		if (w)
			add(b, "            %s", w);
	}
}

static void finding(struct buf *b, const struct drill_finding *f)
{
	if (!strcmp(f->kind, "out-of-bounds")) {
		add(b, tr(MSG_DR_OOB), f->access[0] ? f->access : f->detail, f->where[0] ? f->where : "?");
		if (f->who[0])
			add(b, tr(MSG_DR_BY), f->who);
		if (f->memory[0])
			add(b, "    %s", f->memory);
	} else if (!strcmp(f->kind, "race")) {
		bool shared = !strncmp(f->memory, "shared:", 7);
		if (shared && f->memory[7])
			add(b, tr(MSG_DR_RACE_SHARED), f->memory + 7);
		else
			add(b, "%s", tr(shared ? MSG_DR_RACE_GLOBAL : MSG_DR_RACE_GLOBAL));
		add(b, tr(MSG_DR_RACE_ONE), f->who[0] ? f->who : "?", f->access, f->where[0] ? f->where : "?");
		add(b, tr(MSG_DR_RACE_ONE), f->who2[0] ? f->who2 : "?", f->access2,
		    f->where2[0] ? f->where2 : "?");
		add(b, "%s", tr(MSG_DR_RACE_NOSYNC));
	} else if (!strcmp(f->kind, "undefined")) {
		add(b, tr(MSG_DR_UB), f->where, f->detail);
		if (f->who[0])
			add(b, tr(MSG_DR_BY), f->who);
	} else if (!strcmp(f->kind, "deadlock")) {
		add(b, tr(MSG_DR_DEADLOCK), f->who[0] ? f->who : "?");
		for (const char *p = f->detail; *p;) {
			size_t n = strcspn(p, "\n");
			add(b, "      %.*s", (int)n, p);
			p += n + (p[n] == '\n');
		}
	} else if (!strcmp(f->kind, "order")) {
		add(b, tr(MSG_DR_ORDER), f->detail);
	} else if (!strcmp(f->kind, "barrier")) {
		add(b, tr(MSG_DR_BARRIER), f->where[0] ? f->where : "?");
		if (f->who[0])
			add(b, tr(MSG_DR_BY), f->who);
	} else if (!strcmp(f->kind, "timeout")) {
		add(b, tr(MSG_DR_TIMEOUT), f->detail);
	} else if (!strcmp(f->kind, "output")) {
		add(b, "%s", tr(MSG_DR_OUTPUT_CAP));
	} else if (!strcmp(f->kind, DRILL_KIND_LAUNCH)) {
		add(b, tr(MSG_DR_LAUNCH_BAD), f->detail);
	} else if (f->where[0]) {
		add(b, tr(MSG_DR_CRASH_AT), f->where);
		if (f->who[0])
			add(b, tr(MSG_DR_BY), f->who);
	} else {
		add(b, tr(MSG_DR_CRASH), f->detail);
	}
}

static void speed(struct buf *b, const struct drill *dr, const struct drill_result *r)
{
	const char *unit = r->goal_gflops ? "GFLOP/s" : "GB/s";
	if (r->backend != DRILL_GPU) {
		add(b, "%s", tr(MSG_DR_SPEED_CPU));
		if (r->ref_h200_ms > 0)
			add(b, tr(MSG_DR_REF_H200), r->ref_h200_ms, dr ? dr->timing_size : "?");
		else
			add(b, "%s", tr(MSG_DR_REF_NONE));
	} else if (r->ms > 0) {
		add(b, tr(MSG_DR_SPEED_GPU), dr ? dr->timing_size : "?", r->ms,
		    r->goal_gflops ? r->gflops : r->gbs, unit, r->goal, unit);
		if (r->cmp_value > 0)
			add(b, tr(MSG_DR_SPEED_CMP), r->cmp_label, r->cmp_value, unit);
	} else {
		add(b, "%s", tr(MSG_DR_SPEED_NONE));
	}
}

static void cannot(struct buf *b, const struct drill *dr, const struct drill_result *r)
{
	if (!strncmp(r->cannot, "gpu|", 4)) {
		char lib[32] = "";
		sscanf(r->cannot + 4, "%31[^|]", lib);
		add(b, tr(MSG_DR_GPU_ONLY), lib[0] ? tr(MSG_DR_GPU_ONLY_LIB) : "", lib);
		add(b, "%s", tr(strstr(r->cannot, "|compiled") ? MSG_DR_GPU_ONLY_NVCC
								 : MSG_DR_GPU_ONLY_NO_NVCC));
	} else {
		add(b, tr(MSG_DR_CANNOT), r->cannot);
		if (r->compile_log)
			add(b, "%s", r->compile_log);
	}
	(void)dr;
}

static void sanitizer(struct buf *b, const struct drill_result *r)
{
	add(b, "%s", tr(MSG_DR_SANITIZER));
	for (int i = 0; i < r->nfindings; i++)
		finding(b, &r->findings[i]);
	if (!r->nfindings && r->backend == DRILL_GPU && !strcmp(r->race_note, "no compute-sanitizer"))
		add(b, "%s", tr(MSG_DR_SAN_NONE_GPU));
	else if (!r->nfindings && r->backend != DRILL_GPU && !strcmp(r->race_note, DRILL_NO_SHARED))
		add(b, "%s", tr(MSG_DR_SAN_CLEAN_ASAN));
	else if (!r->nfindings)
		add(b, "%s", tr(r->backend == DRILL_GPU ? MSG_DR_SAN_CLEAN_GPU : MSG_DR_SAN_CLEAN_CPU));
	if (!r->race_checked && r->race_note[0] && r->backend != DRILL_GPU &&
	    strcmp(r->race_note, DRILL_NO_SHARED))
		add(b, tr(MSG_DR_RACE_SKIPPED), r->race_note);
}

char *drill_result_text(const struct drill *dr, const struct drill_result *r)
{
	struct buf b = { 0 };
	const char *id = dr ? dr->id : "drill";
	if (r->backend == DRILL_GPU)
		add(&b, tr(MSG_DR_HEAD_GPU), id, r->device[0] ? r->device : "GPU", r->seconds);
	else
		add(&b, tr(MSG_DR_HEAD_CPU), id, r->seconds);
	if (r->verdict == DRILL_CANNOT) {
		cannot(&b, dr, r);
	} else if (r->verdict == DRILL_COMPILE) {
		if (!strcmp(r->compile_where, "link")) {
			add(&b, "%s", tr(MSG_DR_LINK));
			if (dr && dr->signature)
				add(&b, "  %s", dr->signature);
		} else {
			add(&b, tr(MSG_DR_COMPILE_AT), r->compile_where[0] ? r->compile_where : "?");
		}
		if (r->compile_log)
			add(&b, "%s", r->compile_log);
		add(&b, "%s", tr(MSG_DR_VERDICT_COMPILE));
	} else {
		add(&b, "%s", tr(MSG_DR_COMPILE_OK));
		cases(&b, dr, r);
		sanitizer(&b, r);
		speed(&b, dr, r);
		if (r->output) {
			add(&b, "%s", tr(MSG_DR_PRINTED));
			add(&b, "%s", r->output);
		}
		add(&b, "%s", tr(r->verdict == DRILL_FAST   ? MSG_DR_VERDICT_FAST
				 : r->verdict == DRILL_PASS ? MSG_DR_VERDICT_PASS
							    : MSG_DR_VERDICT_FAIL));
	}
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	char *clean = text_sanitize(b.p ? b.p : "", (size_t)-1);
	free(b.p);
	return clean;
}
