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

/* "write of size 4" or "write" (the sanitizers' words, lowered) in the
 * learner's language; anything else as found */
static const char *access_words(const char *a, char *out, size_t size)
{
	static const struct {
		const char *verb;
		enum msg m;
	} t[] = { { "read", MSG_DR_ACC_READ }, { "write", MSG_DR_ACC_WRITE },
		  { "atomic read", MSG_DR_ACC_AREAD }, { "atomic write", MSG_DR_ACC_AWRITE } };
	const char *of = strstr(a, " of size ");
	int n;
	for (size_t i = 0; !of && i < sizeof t / sizeof *t; i++)
		if (!strcmp(a, t[i].verb))
			return tr(t[i].m);
	if (!of || sscanf(of + 9, "%d", &n) != 1)
		return a;
	for (size_t i = 0; i < sizeof t / sizeof *t; i++)
		if ((size_t)(of - a) == strlen(t[i].verb) && !strncmp(a, t[i].verb, strlen(t[i].verb))) {
			snprintf(out, size, tr(MSG_DR_ACCESS), tr(t[i].m), n);
			return out;
		}
	return a;
}

static const char *who_words(const char *who)
{
	return !who[0] ? "?" : !strcmp(who, "the host") ? tr(MSG_DR_HOST) : who;
}

static void race(struct buf *b, const struct drill_finding *f)
{
	char acc[96];
	bool shared = !strncmp(f->memory, "shared:", 7);
	if (shared && f->memory[7])
		add(b, tr(MSG_DR_RACE_SHARED), f->memory + 7);
	else
		add(b, "%s", tr(MSG_DR_RACE_GLOBAL));
	const char *access[2] = { f->access, f->access2 }, *where[2] = { f->where, f->where2 },
		   *who[2] = { f->who, f->who2 };
	for (int i = 0; i < 2; i++) {
		add(b, tr(MSG_DR_RACE_ONE),
		    access[i][0] ? access_words(access[i], acc, sizeof acc) : tr(MSG_DR_ACC_ANY),
		    where[i][0] ? where[i] : "?");
		if (who[i][0])   /* racecheck on a GPU names no thread */
			add(b, tr(MSG_DR_RACE_BY), who_words(who[i]));
	}
	add(b, "%s", tr(MSG_DR_RACE_NOSYNC));
}

static void finding(struct buf *b, const struct drill_finding *f)
{
	char acc[96];
	if (!strcmp(f->kind, "out-of-bounds")) {
		add(b, tr(MSG_DR_OOB), f->access[0] ? access_words(f->access, acc, sizeof acc) : f->detail,
		    f->where[0] ? f->where : "?");
		if (f->who[0])
			add(b, tr(MSG_DR_BY), who_words(f->who));
		if (f->memory[0])
			add(b, "    %s", f->memory);
	} else if (!strcmp(f->kind, "race")) {
		race(b, f);
	} else if (!strcmp(f->kind, "undefined")) {
		add(b, tr(MSG_DR_UB), f->where, f->detail);
		if (f->who[0])
			add(b, tr(MSG_DR_BY), who_words(f->who));
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
			add(b, tr(MSG_DR_BY), who_words(f->who));
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

/* the log without its last line break (add ends every line) */
static void add_log(struct buf *b, const char *log)
{
	size_t n = strlen(log);
	while (n && log[n - 1] == '\n')
		n--;
	add(b, "%.*s", (int)n, log);
}

/* r->cannot's code (drill_check.h) in the learner's words */
static void cannot_words(const char *code, char *out, size_t size)
{
	static const struct {
		const char *code;
		enum msg m;
		int fields;
	} t[] = { { "no-place", MSG_DR_NO_PLACE, 0 }, { "read", MSG_DR_NO_READ, 2 }, { "tmp", MSG_DR_NO_TMP, 1 }, { "no-cxx", MSG_DR_NO_CXX, 0 }, { "no-nvcc", MSG_DR_NO_NVCC, 0 }, { "harness", MSG_DR_NO_HARNESS, 1 }, { "no-gpu", MSG_DR_NO_GPU, 0 }, { "cache", MSG_DR_NO_CACHE, 2 } };
	size_t k = strcspn(code, "|");
	if ((k == 6 && !strncmp(code, "no-cxx", 6) && code[k] && code[k + 1]) ||
	    (k == 7 && !strncmp(code, "no-nvcc", 7) && code[k] && code[k + 1])) {
		snprintf(out, size, tr(k == 6 ? MSG_DR_NO_CXX_SET : MSG_DR_NO_NVCC_SET), code + k + 1);
		return;   /* the variable names a compiler that is not there */
	}
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		if (strlen(t[i].code) != k || strncmp(code, t[i].code, k))
			continue;
		const char *a = code[k] ? code + k + 1 : "", *last = strrchr(a, '|');
		char one[256];
		if (t[i].fields == 2 && last) {   /* the first field may hold a '|' */
			snprintf(one, sizeof one, "%.*s", (int)(last - a), a);
			snprintf(out, size, tr(t[i].m), one, last + 1);
		} else if (t[i].fields == 2) {
			snprintf(out, size, tr(t[i].m), a, "?");
		} else if (t[i].fields == 1) {
			snprintf(out, size, tr(t[i].m), a);
		} else {
			snprintf(out, size, "%s", tr(t[i].m));
		}
		return;
	}
	snprintf(out, size, "%s", code);   /* an older program's own words */
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
		char why[512];
		cannot_words(r->cannot, why, sizeof why);
		add(b, tr(MSG_DR_CANNOT), why);
		if (r->compile_log)
			add_log(b, r->compile_log);
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
		add(b, tr(MSG_DR_RACE_SKIPPED),
		    !strcmp(r->race_note, "timeout")   ? tr(MSG_DR_RACE_TIMEOUT)
		    : !strcmp(r->race_note, "stopped") ? tr(MSG_DR_RACE_STOPPED)
						       : r->race_note);
}

/* why a check failed, in a few words: how many sizes were wrong and what
 * the sanitizers found ("2 of 5 sizes wrong; a race") */
static void fail_why(const struct drill_result *r, char *out, size_t size)
{
	static const struct {
		const char *kind;
		enum msg m;
	} t[] = { { "race", MSG_DR_WHY_RACE },	      { "out-of-bounds", MSG_DR_WHY_OOB },
		  { "undefined", MSG_DR_WHY_UB },     { "deadlock", MSG_DR_WHY_DEADLOCK },
		  { "timeout", MSG_DR_WHY_TIMEOUT },  { "output", MSG_DR_WHY_OUTPUT },
		  { "crash", MSG_DR_WHY_CRASH },      { DRILL_KIND_LAUNCH, MSG_DR_WHY_LAUNCH },
		  { "order", MSG_DR_WHY_RACE },	      { "barrier", MSG_DR_WHY_BARRIER } };
	int wrong = 0;
	size_t n = 0;
	out[0] = '\0';
	for (int i = 0; i < r->ncases; i++)
		wrong += strcmp(r->cases[i].state, "pass") != 0;
	if (wrong)
		n += (size_t)snprintf(out, size, tr(MSG_DR_WHY_CASES), wrong, r->ncases);
	for (int i = 0; i < r->nfindings && n < size; i++) {
		const char *w = NULL;
		for (size_t k = 0; k < sizeof t / sizeof *t && !w; k++)
			if (!strcmp(r->findings[i].kind, t[k].kind))
				w = tr(t[k].m);
		if (w && !strstr(out, w))   /* each word once */
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? tr(MSG_DR_WHY_SEP) : "", w);
	}
}

char *drill_result_verdict(const struct drill_result *r)
{
	char why[256], line[400];
	switch (r->verdict) {
	case DRILL_PASS: return strdup(tr(MSG_DR_VERDICT_PASS));
	case DRILL_FAST: return strdup(tr(MSG_DR_VERDICT_FAST));
	case DRILL_COMPILE: return strdup(tr(MSG_DR_VERDICT_COMPILE));
	case DRILL_CANNOT: return strdup(tr(MSG_DR_VERDICT_CANNOT));
	case DRILL_FAIL: break;
	}
	fail_why(r, why, sizeof why);
	if (!why[0])
		return strdup(tr(MSG_DR_VERDICT_FAIL));
	snprintf(line, sizeof line, tr(MSG_DR_VERDICT_WHY), why);
	return strdup(line);
}

static void report(struct buf *b, const struct drill *dr, const struct drill_result *r)
{
	const char *id = dr ? dr->id : "drill";
	if (r->verdict == DRILL_CANNOT)
		add(b, tr(MSG_DR_HEAD_NOT), id);
	else if (r->backend == DRILL_GPU)
		add(b, tr(MSG_DR_HEAD_GPU), id, r->device[0] ? r->device : "GPU", r->seconds);
	else
		add(b, tr(MSG_DR_HEAD_CPU), id, r->seconds);
	if (r->verdict == DRILL_CANNOT) {
		cannot(b, dr, r);
	} else if (r->verdict == DRILL_COMPILE) {
		if (!strcmp(r->compile_where, "link")) {
			add(b, "%s", tr(MSG_DR_LINK));
			if (dr && dr->signature)
				add(b, "  %s", dr->signature);
		} else {
			add(b, tr(MSG_DR_COMPILE_AT), r->compile_where[0] ? r->compile_where : "?");
		}
		if (r->compile_log)
			add_log(b, r->compile_log);
	} else {
		add(b, "%s", tr(MSG_DR_COMPILE_OK));
		cases(b, dr, r);
		sanitizer(b, r);
		speed(b, dr, r);
		if (r->output) {
			add(b, "%s", tr(MSG_DR_PRINTED));
			add_log(b, r->output);
		}
	}
}

static char *finish(struct buf *b)
{
	if (b->oom) {
		free(b->p);
		return NULL;
	}
	char *clean = text_sanitize(b->p ? b->p : "", (size_t)-1);
	free(b->p);
	return clean;
}

char *drill_result_body(const struct drill *dr, const struct drill_result *r)
{
	struct buf b = { 0 };
	report(&b, dr, r);
	return finish(&b);
}

char *drill_result_text(const struct drill *dr, const struct drill_result *r)
{
	struct buf b = { 0 };
	report(&b, dr, r);
	char *v = drill_result_verdict(r);
	if (v)
		add(&b, "%s", v);
	else
		b.oom = true;
	free(v);
	return finish(&b);
}

char *drill_short_paths(char *text, const char *dir)
{
	size_t dn = dir ? strlen(dir) : 0;
	if (!text || !dn)
		return text;
	char *w = text;
	for (const char *r = text; *r;) {
		if (!strncmp(r, dir, dn) && r[dn] == '/')
			r += dn + 1;
		else
			*w++ = *r++;
	}
	*w = '\0';
	return text;
}

void drill_path_shown(const char *path, char *out, size_t size)
{
	const char *home = getenv("HOME");
	size_t hn = home ? strlen(home) : 0;
	if (hn > 1 && !strncmp(path, home, hn) && path[hn] == '/')
		snprintf(out, size, "~%s", path + hn);
	else
		snprintf(out, size, "%s", path);
}
