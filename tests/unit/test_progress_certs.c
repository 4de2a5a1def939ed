/* test_progress_certs: the certificate a learner wrote is in their own
 * progress (format 4): one record per course (path, SHA-256, time) that
 * survives a round trip, replaces the course's earlier record, forgets the
 * oldest when full, merges to the later of two windows; a format 3 file
 * (before certificates) loads with none, and a format 4 file without the
 * list is not one we wrote. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "progress.h"
#include "progress_text.h"
#include "tap.h"

static const char hexa[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";


static struct cert_record rec(const char *course, const char *path, const char *when)
{
	struct cert_record r = { .course = "" };
	snprintf(r.course, sizeof r.course, "%s", course);
	snprintf(r.path, sizeof r.path, "%s", path);
	snprintf(r.sha256, sizeof r.sha256, "%s", hexa);
	snprintf(r.written, sizeof r.written, "%s", when);
	return r;
}

static void test_round_trip(void)
{
	static struct progress p, back;
	progress_init(&p);
	ok(progress_cert_find(&p, "") == NULL, "fresh: no certificate of this learner");
	struct cert_record r = rec("", "/home/ann/certs/cudakitchen-certificate-ann \"q\".txt", "2026-12-03T19:30:00Z");
	progress_cert_set(&p, &r);
	r = rec("/srv/class", "/srv/class/certs/c.txt", "2026-12-03T19:31:00Z");
	progress_cert_set(&p, &r);
	size_t len;
	char *text = progress_text(&p, &len);
	ok(text && strstr(text, "format_version: 4\n"), "written as format 4");
	ok(text && strstr(text, "certificates:\n  - {course: \"\", path: \"/home/ann/"), "with a certificates list");
	ok(text && progress_parse("mem", text, len, &back), "reads back");
	const struct cert_record *b = progress_cert_find(&back, "");
	ok(b && !strcmp(b->path, "/home/ann/certs/cudakitchen-certificate-ann \"q\".txt") && !strcmp(b->sha256, hexa) && !strcmp(b->written, "2026-12-03T19:30:00Z"),
	   "the built-in course's record, path quoted and back");
	b = progress_cert_find(&back, "/srv/class");
	ok(b && !strcmp(b->path, "/srv/class/certs/c.txt"), "the class's own record");
	free(text);
}

static void test_replace_and_full(void)
{
	static struct progress p;
	progress_init(&p);
	struct cert_record r = rec("", "/a/1.txt", "2026-12-01T00:00:00Z");
	progress_cert_set(&p, &r);
	r = rec("", "/a/2.txt", "2026-12-02T00:00:00Z");
	progress_cert_set(&p, &r);
	is_int((int)p.ncerts, 1, "writing again replaces the course's record");
	ok(!strcmp(progress_cert_find(&p, "")->path, "/a/2.txt"), "with the newer certificate");
	for (int i = 0; i < PROGRESS_MAX_COURSES; i++) {
		char key[32];
		snprintf(key, sizeof key, "/class/%d", i);
		r = rec(key, "/a/c.txt", "2026-12-03T00:00:00Z");
		progress_cert_set(&p, &r);
	}
	is_int((int)p.ncerts, PROGRESS_MAX_COURSES, "full: kept at the limit");
	ok(progress_cert_find(&p, "") == NULL && progress_cert_find(&p, "/class/15"), "the oldest record went");
}

static void test_merge(void)
{
	static struct progress a, b;
	progress_init(&a);
	progress_init(&b);
	struct cert_record r = rec("", "/a/old.txt", "2026-12-01T00:00:00Z");
	progress_cert_set(&a, &r);
	r = rec("", "/a/new.txt", "2026-12-02T00:00:00Z");
	progress_cert_set(&b, &r);
	r = rec("/srv/class", "/a/class.txt", "2026-12-02T00:00:00Z");
	progress_cert_set(&b, &r);
	progress_merge(&a, &b);
	ok(!strcmp(progress_cert_find(&a, "")->path, "/a/new.txt"), "merge: the later certificate of a course");
	ok(progress_cert_find(&a, "/srv/class") != NULL, "merge: one written only in the other window");
}

static void test_formats(void)
{
	static struct progress p;
	const char *v3 = "format_version: 3\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
			 "skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\ndrills: []\nspeedups: \"\"\n";
	ok(progress_parse("v3", v3, strlen(v3), &p) && p.ncerts == 0 && !p.readonly,
	   "a format 3 file loads, with no certificate");
	const char *v4 = "format_version: 4\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
			 "skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\ndrills: []\nspeedups: \"\"\n";
	ok(!progress_parse("v4", v4, strlen(v4), &p), "format 4 without certificates: not ours, corrupt");
	const char *bad = "format_version: 4\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
			  "skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\ndrills: []\n"
			  "certificates:\n  - {course: \"\", path: \"relative.txt\", sha256: \"00\", written: \"x\"}\n"
			  "speedups: \"\"\n";
	ok(!progress_parse("bad", bad, strlen(bad), &p), "a record with a relative path or short digest: corrupt");
}

int main(void)
{
	test_round_trip();
	test_replace_and_full();
	test_merge();
	test_formats();
	return tap_done();
}
