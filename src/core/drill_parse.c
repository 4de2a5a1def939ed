/* drill_parse: reads what the programs of a drill check print (the
 * harness's protocol, the compilers, AddressSanitizer, UBSan,
 * ThreadSanitizer, compute-sanitizer, the emulator's deadlock report) into
 * the cases and findings of a drill_result, in CUDA's terms: which block
 * and thread, which line of the learner's file.  Pure string work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drill_check.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

/* the line at p, without its newline, into buf */
static const char *line_at(const char *p, char *buf, size_t size)
{
	const char *e = strchr(p, '\n');
	size_t n = e ? (size_t)(e - p) : strlen(p);
	if (n >= size)
		n = size - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return e ? e + 1 : p + strlen(p);
}

static const char *field(const char *line, const char *key, char *out, size_t size)
{
	const char *p = strstr(line, key);
	out[0] = '\0';
	if (!p)
		return NULL;
	p += strlen(key);
	size_t n = strcspn(p, " ");
	if (n >= size)
		n = size - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	return out;
}

static struct drill_case *case_named(struct drill_result *r, const char *name)
{
	for (int i = 0; i < r->ncases; i++)
		if (!strcmp(r->cases[i].name, name))
			return &r->cases[i];
	return NULL;
}

void drill_parse_protocol(const char *out, struct drill_result *r)
{
	char line[512], name[48], num[40];
	for (const char *p = out ? out : ""; *p;) {
		p = line_at(p, line, sizeof line);
		struct drill_case *c;
		if (sscanf(line, "begin %47s", name) == 1 && (c = case_named(r, name)))
			COPY(c->state, "stopped");
		else if (sscanf(line, "case %47s", name) == 1 && (c = case_named(r, name))) {
			bool pass = strstr(line, " pass") != NULL;
			COPY(c->state, pass ? "pass" : "fail");
			if (pass)
				continue;
			c->index = field(line, "index=", num, sizeof num) ? atol(num) : -1;
			field(line, "expected=", c->expected, sizeof c->expected);
			field(line, "got=", c->got, sizeof c->got);
			field(line, "cause=", c->cause, sizeof c->cause);
		} else if (!strncmp(line, "time ", 5)) {
			double ms = 0, b = 0, f = 0;
			if (sscanf(line, "time %47s %lf bytes=%lf flops=%lf", name, &ms, &b, &f) == 4 && ms > 0) {
				r->ms = ms;
				r->gbs = b / ms / 1e6;
				r->gflops = f / ms / 1e6;
			}
		}
	}
}

/* "    #3 0x55 in FUNC FILE:LINE:COL" or "    #0 FUNC FILE:LINE:COL (exe+0x1)":
 * the location when FILE is the learner's file */
static bool frame_in(const char *line, const char *learner, char *where, size_t size)
{
	const char *p = strstr(line, learner);
	if (!p || !strstr(line, "#"))
		return false;
	size_t n = strcspn(p, " )\n");
	if (n >= size)
		n = size - 1;
	memcpy(where, p, n);
	where[n] = '\0';
	return strchr(where + strlen(learner), ':') != NULL;
}

/* the first frame in the learner's file at or after p, up to a blank line */
static void first_frame(const char *p, const char *learner, char *where, size_t size)
{
	char line[1024];
	where[0] = '\0';
	while (*p) {
		p = line_at(p, line, sizeof line);
		if (!line[0] || !strstr(line, "#"))
			break;
		if (frame_in(line, learner, where, size))
			return;
	}
}

static void lower_first(char *s, size_t size, const char *from)
{
	drill_copy(s, size, from);
	for (char *q = s; *q && *q != ' '; q++)
		if (*q >= 'A' && *q <= 'Z')
			*q = (char)(*q - 'A' + 'a');
}

/* the emulator's "simt: in block (...) thread (...)" line */
static void who_of(const char *err, char *who, size_t size)
{
	const char *p = strstr(err, "simt: in block ");
	who[0] = '\0';
	if (p) {
		char line[160];
		line_at(p + 9, line, sizeof line);
		drill_copy(who, size, line);
	}
}

int drill_parse_asan(const char *err, const char *learner, struct drill_finding *f)
{
	const char *p;
	char line[1024];
	memset(f, 0, sizeof *f);
	if ((p = strstr(err, "ERROR: AddressSanitizer: "))) {
		line_at(p + 25, line, sizeof line);
		bool segv = !strncmp(line, "SEGV", 4) || !strncmp(line, "stack-overflow", 14);
		COPY(f->kind, segv ? "crash" : "out-of-bounds");
		snprintf(f->detail, sizeof f->detail, "%.*s", (int)strcspn(line, " "), line);
		const char *a = strstr(p, "\nREAD of size");
		if (!a)
			a = strstr(p, "\nWRITE of size");
		if (a) {
			line_at(a + 1, line, sizeof line);
			char *t = strstr(line, " at ");
			if (t)
				*t = '\0';
			lower_first(f->access, sizeof f->access, line);
		}
		first_frame(strstr(p, "    #") ? strstr(p, "    #") : p, learner, f->where, sizeof f->where);
		const char *loc = strstr(p, " is located ");
		if (loc) {
			line_at(loc + 12, line, sizeof line);
			drill_copy(f->memory, sizeof f->memory, line);
		}
		who_of(err, f->who, sizeof f->who);
		return 1;
	}
	if ((p = strstr(err, ": runtime error: "))) {
		const char *s = p;
		while (s > err && s[-1] != '\n')
			s--;
		COPY(f->kind, "undefined");
		line_at(p + 17, line, sizeof line);
		COPY(f->detail, line);
		snprintf(f->where, sizeof f->where, "%.*s", (int)(p - s), s);
		who_of(err, f->who, sizeof f->who);
		return 1;
	}
	if ((p = strstr(err, "simt: deadlock in "))) {
		COPY(f->kind, "deadlock");
		const char *b = strstr(p, "block (");
		if (b) {
			line_at(b, line, sizeof line);
			char *c = strchr(line, ':');
			if (c)
				*c = '\0';
			COPY(f->who, line);
		}
		size_t n = 0;
		for (const char *q = strchr(p, '\n'); q && *q && n + 2 < sizeof f->detail;) {
			q = line_at(q + (*q == '\n'), line, sizeof line);
			if (strncmp(line, "simt:   ", 8))
				break;
			n += (size_t)snprintf(f->detail + n, sizeof f->detail - n, "%s%s", n ? "\n" : "",
					      line + 8);
			if (q[-1] != '\n')
				break;
			q--;
		}
		return 1;
	}
	if ((p = strstr(err, "simt: ")) && strstr(err, "CUDA allows")) {
		COPY(f->kind, DRILL_KIND_LAUNCH);
		line_at(p + 6, line, sizeof line);
		COPY(f->detail, line);
		return 1;
	}
	return 0;
}

/* "Thread T5 'block (0, 0, 0) thread (5, 0, 0)'": the name of thread tid */
static void thread_name(const char *err, const char *tid, char *out, size_t size)
{
	char key[48];
	snprintf(key, sizeof key, "Thread %s '", tid);
	const char *p = strstr(err, key);
	out[0] = '\0';
	if (p) {
		p += strlen(key);
		size_t n = strcspn(p, "'\n");
		snprintf(out, size, "%.*s", (int)n, p);
	}
}

/* "  Write of size 4 at 0x7f by thread T5:" -> access, thread id, frames */
static const char *access_at(const char *p, const char *err, const char *learner, char *access,
			     size_t asz, char *who, size_t wsz, char *where, size_t wesz)
{
	char line[512], tid[24] = "";
	const char *next = line_at(p, line, sizeof line);
	char *s = line;
	while (*s == ' ')
		s++;
	if (!strncmp(s, "Previous ", 9))
		s += 9;
	char *t = strstr(s, " at ");
	const char *by = strstr(line, "by thread ");
	if (by)
		sscanf(by + 10, "%23[^: ]", tid);
	else if (strstr(line, "by main thread"))
		snprintf(tid, sizeof tid, "main");
	if (t)
		*t = '\0';
	lower_first(access, asz, s);
	if (strcmp(tid, "main"))
		thread_name(err, tid, who, wsz);
	else
		snprintf(who, wsz, "the host");
	first_frame(next, learner, where, wesz);
	return next;
}

int drill_parse_tsan(const char *err, const char *learner, struct drill_finding *f)
{
	const char *p = strstr(err, "WARNING: ThreadSanitizer: data race");
	memset(f, 0, sizeof *f);
	if (!p)
		return 0;
	COPY(f->kind, "race");
	const char *a = strchr(p, '\n');
	if (!a)
		return 1;
	a = access_at(a + 1, err, learner, f->access, sizeof f->access, f->who, sizeof f->who,
		      f->where, sizeof f->where);
	const char *b = strstr(a, "  Previous ");
	if (b)
		access_at(b, err, learner, f->access2, sizeof f->access2, f->who2, sizeof f->who2,
			  f->where2, sizeof f->where2);
	const char *loc = strstr(p, "Location is ");
	if (loc) {
		char line[512];
		line_at(loc + 12, line, sizeof line);
		const char *q = strchr(line, '\'');
		if (!strncmp(line, "global", 6) && q) {
			const char *name = q + 1, *end = strchr(name, '\'');
			const char *colons = NULL;
			for (const char *s = name; end && s < end; s++)
				if (s[0] == ':' && s[1] == ':')
					colons = s + 2;
			if (colons)
				name = colons;
			snprintf(f->memory, sizeof f->memory, "shared:%.*s", end ? (int)(end - name) : 0, name);
		} else {
			snprintf(f->memory, sizeof f->memory, "global");
		}
	}
	return 1;
}

/* compute-sanitizer: "Invalid __global__ write of size 4 bytes" ... "at
 * K+0x70 in /path/f.cu:7" ... "by thread (255,0,0) in block (3,0,0)";
 * racecheck: "Race reported between Write access at K+0x1 in F:12" ...
 * "and Read access at K+0x2 in F:15" */
int drill_parse_gpu_sanitizer(const char *out, const char *learner, bool race,
			      struct drill_finding *f)
{
	char line[1024];
	memset(f, 0, sizeof *f);
	const char *p = strstr(out, race ? "Race reported between " : "Invalid __");
	if (!p && !race && (p = strstr(out, "========= Program hit ")))
		COPY(f->kind, DRILL_KIND_LAUNCH);
	if (!p)
		return 0;
	if (!f->kind[0])
		COPY(f->kind, race ? "race" : "out-of-bounds");
	line_at(p, line, sizeof line);
	COPY(f->detail, line);
	const char *in = strstr(p, learner);
	if (in) {
		line_at(in, line, sizeof line);
		snprintf(f->where, sizeof f->where, "%.*s", (int)strcspn(line, " \n"), line);
	}
	if (race) {   /* "between Write access at ... and Read access at ..." */
		char w1[16] = "", w2[16] = "";
		sscanf(p + 22, "%15s access", w1);
		const char *and = strstr(p, "and ");
		if (and)
			sscanf(and + 4, "%15s access", w2);
		lower_first(f->access, sizeof f->access, w1);
		lower_first(f->access2, sizeof f->access2, w2);
		const char *in2 = and ? strstr(and, learner) : NULL;
		if (in2) {
			line_at(in2, line, sizeof line);
			snprintf(f->where2, sizeof f->where2, "%.*s", (int)strcspn(line, " \n"), line);
		}
		COPY(f->memory, "shared:");
	} else {
		const char *by = strstr(p, "by thread ");
		if (by) {
			int tx, ty, tz, bx, by_, bz;
			if (sscanf(by, "by thread (%d,%d,%d) in block (%d,%d,%d)", &tx, &ty, &tz, &bx, &by_,
				   &bz) == 6)
				snprintf(f->who, sizeof f->who, "block (%d, %d, %d) thread (%d, %d, %d)", bx,
					 by_, bz, tx, ty, tz);
		}
	}
	return 1;
}

/* compute-sanitizer synccheck: "Barrier error detected. Divergent thread(s)
 * in block" ... "at K+0x90 in /path/f.cu:12" ... "by thread (3,0,0) in
 * block (0,0,0)": a barrier that not every thread of the block reaches */
int drill_parse_gpu_synccheck(const char *out, const char *learner, struct drill_finding *f)
{
	char line[1024];
	memset(f, 0, sizeof *f);
	const char *p = strstr(out, "Barrier error");
	if (!p)
		return 0;
	COPY(f->kind, "barrier");
	line_at(p, line, sizeof line);
	COPY(f->detail, line);
	const char *in = strstr(p, learner);
	if (in) {
		line_at(in, line, sizeof line);
		snprintf(f->where, sizeof f->where, "%.*s", (int)strcspn(line, " \n"), line);
	}
	const char *by = strstr(p, "by thread ");
	int tx, ty, tz, bx, by_, bz;
	if (by && sscanf(by, "by thread (%d,%d,%d) in block (%d,%d,%d)", &tx, &ty, &tz, &bx, &by_,
			 &bz) == 6)
		snprintf(f->who, sizeof f->who, "block (%d, %d, %d) thread (%d, %d, %d)", bx, by_, bz,
			 tx, ty, tz);
	return 1;
}

bool drill_parse_compile(const char *log, const char *learner, char *where, size_t size)
{
	char line[1024];
	where[0] = '\0';
	for (const char *p = log ? log : ""; *p;) {
		p = line_at(p, line, sizeof line);
		const char *e = strstr(line, ": error");
		if (!e)
			e = strstr(line, ": fatal error");
		if (!e)
			continue;
		if (!strncmp(line, learner, strlen(learner)) || !where[0])
			snprintf(where, size, "%.*s", (int)(e - line), line);
		if (!strncmp(line, learner, strlen(learner)))
			return true;
	}
	return where[0] != '\0';
}
