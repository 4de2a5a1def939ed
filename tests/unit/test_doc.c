/* test_doc: the YAML loader, its limits and the typed access helpers.
 * Table-driven: each case is an input and the expected line:col and a
 * fragment of the message (or success). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "doc.h"
#include "tap.h"

struct bad_case {
	const char *what, *in;
	size_t len;             /* 0: strlen(in) */
	int line, col;
	const char *msg;        /* a fragment of the message */
};

static const struct bad_case bad_cases[] = {
	{ "syntax error: unclosed flow sequence", "a: 1\nb: [1, 2\n", 0, 3, 1, "did not find expected ',' or ']'" },
	{ "syntax error: bad indentation", "a:\n  b: 1\n c: 2\n", 0, 3, 2, "did not find expected key" },
	{ "duplicate key", "a: 1\nb: 2\na: 3\n", 0, 3, 1, "duplicate key 'a' (first at line 1, column 1)" },
	{ "duplicate key in a nested map", "x:\n  k: 1\n  k: 2\n", 0, 3, 3, "duplicate key 'k'" },
	{ "anchor on a scalar", "a: &x 1\n", 0, 1, 4, "anchors (&name) are not allowed" },
	{ "anchor on a mapping", "a: &m\n  b: 1\n", 0, 1, 4, "anchors" },
	{ "alias", "a: 1\nb: *x\n", 0, 2, 4, "aliases (*name) are not allowed" },
	{ "self-referencing alias", "a: &a [*a]\n", 0, 1, 4, "anchors" },
	{ "billion laughs",
	  "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	  "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
	  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
	  "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
	  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
	  "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
	  "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
	  "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
	  "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n", 0, 1, 4, "anchors" },
	{ "a second document", "a: 1\n---\nb: 2\n", 0, 2, 1, "only one YAML document" },
	{ "a sequence as a key", "? [a, b]\n: 1\n", 0, 1, 3, "mapping key must be a plain value" },
	{ "a mapping as a key", "? {a: 1}\n: 1\n", 0, 1, 3, "mapping key must be a plain value" },
	{ "NUL byte", "a: 1\nb: x\0y\n", 12, 2, 5, "NUL byte" },
	{ "NUL from an escape", "a: \"x\\0y\"\n", 0, 1, 4, "NUL character" },
	{ "invalid UTF-8 after a multibyte char", "a: 1\nb\xc3\xa9: \xff\n", 0, 2, 5, "invalid UTF-8 (byte 0xFF)" },
	{ "invalid UTF-8 after CRLF", "a: 1\r\nb: \xc3\x28\n", 0, 2, 4, "invalid UTF-8 (byte 0xC3)" },
	{ "overlong UTF-8", "a: \xc0\xaf\n", 0, 1, 4, "invalid UTF-8" },
	{ "UTF-8 surrogate", "a: \xed\xa0\x80\n", 0, 1, 4, "invalid UTF-8" },
	{ "truncated UTF-8 at the end", "a: \xe4\xb8", 0, 1, 4, "invalid UTF-8" },
	{ "control character", "a: x\x01y\n", 0, 1, 5, "control characters are not allowed" },
	{ "after a byte-order mark, positions as an editor shows them",
	  "\xef\xbb\xbf" "a: 1\nb: [1, 2\n", 0, 3, 1, "did not find expected ',' or ']'" },
};

/* A generated input: "[" * 33 etc.  Returns a malloc'd buffer. */
static char *repeat(const char *head, const char *unit, size_t times, const char *tail, size_t *len)
{
	size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
	*len = hl + ul * times + tl;
	char *b = malloc(*len + 1), *p = b;
	memcpy(p, head, hl); p += hl;
	for (size_t i = 0; i < times; i++, p += ul)
		memcpy(p, unit, ul);
	memcpy(p, tail, tl);
	b[*len] = '\0';
	return b;
}

/* This process's CPU time, not the wall clock: the speed checks below
 * guard against a parser that goes quadratic (seconds of CPU where a
 * linear one takes milliseconds), and a machine busy with other work
 * stretches the wall clock of a test, never its CPU time. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Loads buf and checks the first diag: position and message fragment. */
static void expect_bad(const char *what, const char *buf, size_t len, int line, int col,
		       const char *msg)
{
	struct doc doc;
	struct diags d = { 0 };
	bool ok = doc_load_buffer("t.yaml", buf, len, &doc, &d);
	ok(!ok && d.n >= 1 && doc.root == NULL, "%s: rejected", what);
	if (d.n >= 1) {
		char want[64];
		snprintf(want, sizeof want, "%d:%d", line, col);
		char got[64];
		snprintf(got, sizeof got, "%d:%d", d.v[0].line, d.v[0].col);
		const char *g = got, *w = want;
		is_str(g, w, "%s: at %s", what, want);
		if (!ok(strstr(d.v[0].msg, msg) != NULL, "%s: message", what))
			diag("got '%s', want '%s'", d.v[0].msg, msg);
	}
	diags_free(&d);
	doc_free(&doc);
}

/* A file saved with a UTF-8 byte-order mark loads as without it. */
static void test_bom(void)
{
	static const char in[] = "\xef\xbb\xbf" "id: x\ntitle: T\n";
	struct doc doc;
	struct diags d = { 0 };
	bool loaded = doc_load_buffer("t.yaml", in, sizeof in - 1, &doc, &d);
	ok(loaded && d.n == 0 && doc.root && doc.root->n == 2, "a byte-order mark at the start is accepted");
	const struct doc_node *id = loaded ? doc_get(doc.root, "id") : NULL;
	ok(id && !strcmp(id->str, "x") && id->line == 1 && id->col == 5, "its first key is 'id', value at 1:5");
	diags_free(&d);
	doc_free(&doc);
}

static void test_bad_table(void)
{
	test_bom();
	for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
		const struct bad_case *c = &bad_cases[i];
		expect_bad(c->what, c->in, c->len ? c->len : strlen(c->in), c->line, c->col, c->msg);
	}
}

static void test_limits(void)
{
	size_t len;
	char *b = repeat("", "[", 33, "", &len);
	expect_bad("depth 33", b, len, 1, 33, "nesting too deep (the limit is 32 levels)");
	free(b);
	b = repeat("", "[", 32, "", &len);
	/* 32 open levels are allowed: the error is then libyaml's, at the end. */
	struct doc doc;
	struct diags d = { 0 };
	doc_load_buffer("t", b, len, &doc, &d);
	ok(d.n == 1 && !strstr(d.v[0].msg, "nesting"), "depth 32 is within the limit");
	diags_free(&d);
	free(b);
	char *open = repeat("", "[", 32, "", &len);
	char *close = repeat(open, "]", 32, "\n", &len);
	ok(doc_load_buffer("t", close, len, &doc, &d) && d.n == 0, "32 nested sequences load");
	doc_free(&doc);
	free(open);
	free(close);

	b = repeat("a: ", "x", DOC_MAX_SCALAR + 1, "\n", &len);
	expect_bad("scalar over 64 KiB", b, len, 1, 4, "scalar too long (65537 bytes; the limit is 65536)");
	free(b);
	b = repeat("a: ", "x", DOC_MAX_SCALAR, "\n", &len);
	ok(doc_load_buffer("t", b, len, &doc, &d) && doc.root->items[1]->len == DOC_MAX_SCALAR,
	   "a scalar of exactly 64 KiB loads");
	doc_free(&doc);
	free(b);

	b = repeat("[", "1,", 100000, "1]\n", &len);
	/* Events: stream, document, sequence start, then scalars; the
	 * 100 001st event is scalar number 99 998, at column 2 + 2 * 99 997. */
	expect_bad("more than 100 000 events", b, len, 1, 199996, "too many YAML nodes");
	free(b);
	b = repeat("[", "1,", 99993, "1]\n", &len);
	ok(doc_load_buffer("t", b, len, &doc, &d) && doc.root->n == 99994, "exactly 100 000 events load");
	doc_free(&doc);
	free(b);

	b = repeat("", " ", DOC_MAX_BYTES + 1, "", &len);
	expect_bad("buffer over 1 MiB", b, len, 1, 1, "file too large");
	free(b);
}

static void test_pathological_speed(void)
{
	size_t len;
	char *b = repeat("", "[", 100000, "", &len);
	double t0 = now();
	expect_bad("100 000-deep flow nest", b, len, 1, 33, "nesting too deep");
	double dt = now() - t0;
	ok(dt < 1.0, "100 000-deep flow nest fails in %.4f s (< 1 s)", dt);
	free(b);

	b = repeat("a: &a [", "\"lol\",", 10000, "\"lol\"]\n", &len);
	t0 = now();
	expect_bad("long billion-laughs seed", b, len, 1, 4, "anchors");
	dt = now() - t0;
	ok(dt < 1.0, "billion laughs fails in %.4f s (< 1 s)", dt);
	free(b);

	char path[] = "/tmp/ck-test-doc-XXXXXX";
	int fd = mkstemp(path);
	ok(fd >= 0 && ftruncate(fd, 20 << 20) == 0, "made a 20 MB file");
	close(fd);
	struct doc doc;
	struct diags d = { 0 };
	t0 = now();
	bool r = doc_load_file(path, &doc, &d);
	dt = now() - t0;
	ok(!r && d.n == 1 && strstr(d.v[0].msg, "file too large (20971520 bytes"),
	   "a 20 MB file is refused by size");
	ok(dt < 0.05, "a 20 MB file fails in %.6f s, without being read", dt);
	diags_free(&d);
	unlink(path);
}

static void test_duplicates(void)
{
	struct doc doc;
	struct diags d = { 0 };
	const char *in = "b: 1\na: 1\nb: 2\na: 2\nb: 3\n";
	ok(!doc_load_buffer("d", in, strlen(in), &doc, &d) && d.n == 3, "three duplicates reported");
	ok(d.n == 3 && d.v[0].line == 3 && d.v[1].line == 4 && d.v[2].line == 5 &&
	   strstr(d.v[2].msg, "'b' (first at line 1, column 1)"), "in file order, each naming the first");
	diags_free(&d);
	size_t len;
	char *b = malloc(50000 * 12), *p = b;
	for (int i = 0; i < 49000; i++)
		p += sprintf(p, "k%d: 1\n", i % 30000);
	len = (size_t)(p - b);
	double t0 = now();
	ok(!doc_load_buffer("d", b, len, &doc, &d) && d.n == 19000, "19 000 duplicates among 49 000 keys");
	double dt = now() - t0;
	/* a search of every key against every other (49 000^2 / 2 = 1.2e9
	 * comparisons) takes several CPU-seconds; the hash takes 0.15 */
	ok(dt < 1.0, "found in %.3f s of CPU (< 1 s)", dt);
	diags_free(&d);
	free(b);
}

static void test_good(void)
{
	struct doc doc;
	struct diags d = { 0 };
	const char *in = "# comment\nid: kitchen\nlist: [a, 'b', ~]\nmap:\n  k: \"v\"\n";
	ok(doc_load_buffer("g.yaml", in, strlen(in), &doc, &d) && d.n == 0, "a good document loads");
	const struct doc_node *r = doc.root;
	ok(r && r->type == DOC_MAP && r->n == 3 && r->line == 2 && r->col == 1, "root is a 3-key map at 2:1");
	const struct doc_node *list = doc_get(r, "list");
	ok(list && list->type == DOC_SEQ && list->n == 3 && list->line == 3 && list->col == 7,
	   "list is a sequence of 3 at 3:7");
	ok(list && list->items[0]->plain && !list->items[1]->plain && doc_is_null(list->items[2]),
	   "plain, quoted and null scalars are told apart");
	const struct doc_node *v = doc_get(doc_get(r, "map"), "k");
	ok(v && !strcmp(v->str, "v") && v->line == 5 && v->col == 6, "nested value at 5:6");
	ok(doc_get(r, "nope") == NULL, "doc_get of a missing key is NULL");
	is_str(doc.file, "g.yaml", "doc keeps the file name");
	doc_free(&doc);
	doc_free(NULL);
	ok(doc_load_buffer("e.yaml", "", 0, &doc, &d) && doc.root == NULL, "an empty document has no root");
	doc_free(&doc);
	ok(doc_load_buffer("c.yaml", "# only a comment\n", 17, &doc, &d) && doc.root == NULL,
	   "a comment-only document has no root");
	doc_free(&doc);
	struct doc missing;
	ok(!doc_load_file("/nonexistent/x.yaml", &missing, &d) && d.n == 1 && d.v[0].line == 0 &&
	   strstr(d.v[0].msg, "cannot open"), "a missing file: no position, 'cannot open'");
	diags_free(&d);
	ok(!doc_load_file("/tmp", &missing, &d) && d.n == 1 && strstr(d.v[0].msg, "not a regular file"),
	   "a directory is not a regular file");
	diags_free(&d);
}

static const struct doc_field fields[] = {
	{ "id", DOC_SCALAR, true },
	{ "title", DOC_SCALAR, true },
	{ "pages", DOC_SEQ, true },
	{ "see", DOC_SEQ, false },
};

struct schema_case {
	const char *what, *in;
	int line, col;
	const char *msg;        /* NULL: valid */
};

static const struct schema_case schema_cases[] = {
	{ "valid", "id: a\ntitle: T\npages: []\n", 0, 0, NULL },
	{ "unknown key with did-you-mean", "id: a\ntitel: T\npages: []\n", 2, 1,
	  "unknown key 'titel'; did you mean 'title'?" },
	{ "transposition is distance 1", "id: a\ntitle: T\npgaes: []\npages: []\n", 3, 1,
	  "did you mean 'pages'?" },
	{ "unknown key, nothing close", "id: a\ntitle: T\npages: []\ncolour: red\n", 4, 1,
	  "unknown key 'colour'" },
	{ "missing required key", "id: a\npages: []\n", 1, 1, "missing required key 'title'" },
	{ "wrong type", "id: a\ntitle: T\npages:\n  x: 1\n", 4, 3,
	  "'pages': expected a sequence, got a mapping" },
	{ "empty value for a sequence", "id: a\ntitle: T\npages:\n", 3, 7,
	  "'pages': expected a sequence, got an empty value" },
	{ "not a mapping at all", "- a\n- b\n", 1, 1, "expected a mapping, got a sequence" },
};

static void test_schema(void)
{
	for (size_t i = 0; i < sizeof schema_cases / sizeof *schema_cases; i++) {
		const struct schema_case *c = &schema_cases[i];
		struct doc doc;
		struct diags d = { 0 };
		doc_load_buffer("s.yaml", c->in, strlen(c->in), &doc, &d);
		bool r = doc_check_map("s.yaml", doc.root, fields, 4, &d);
		if (!c->msg) {
			ok(r && d.n == 0, "schema %s: no error", c->what);
		} else {
			ok(!r && d.n >= 1, "schema %s: error", c->what);
			if (d.n >= 1) {
				is_int(d.v[0].line * 1000 + d.v[0].col, c->line * 1000 + c->col,
				       "schema %s: at %d:%d", c->what, c->line, c->col);
				if (!ok(strstr(d.v[0].msg, c->msg) != NULL, "schema %s: message", c->what))
					diag("got '%s'", d.v[0].msg);
			}
		}
		diags_free(&d);
		doc_free(&doc);
	}
}

static void test_access(void)
{
	static const char *const words[] = { "heading", "text", "analogy", "note", "code" };
	ok(doc_suggest("headign", words, 5) && !strcmp(doc_suggest("headign", words, 5), "heading"),
	   "suggest: transposed letters");
	ok(doc_suggest("txt", words, 5) && !strcmp(doc_suggest("txt", words, 5), "text"), "suggest: deletion");
	ok(doc_suggest("paragraph", words, 5) == NULL, "suggest: nothing near");
	ok(doc_suggest("x", words, 5) == NULL, "suggest: a single letter suggests nothing");

	const char *in = "n: 7\nbig: 99\nneg: -3\nf: 2.5\nb: true\nw: x7\ns: hi\nnul: ~\nq: 'true'\n"
			 "tab: \"\\t5\"\nnl: \"\\n2.5\"\n";
	struct doc doc;
	struct diags d = { 0 };
	doc_load_buffer("a.yaml", in, strlen(in), &doc, &d);
	const struct doc_node *r = doc.root;
	long v = 0;
	ok(doc_int("a", doc_get(r, "n"), 1, 60, &v, &d) && v == 7, "doc_int reads 7");
	ok(!doc_int("a", doc_get(r, "big"), 1, 60, &v, &d) && strstr(d.v[d.n - 1].msg, "99 is out of range (1 to 60)"),
	   "doc_int range");
	ok(!doc_int("a", doc_get(r, "w"), 1, 60, &v, &d) && d.v[d.n - 1].line == 6 && d.v[d.n - 1].col == 4,
	   "doc_int rejects x7 at 6:4");
	ok(doc_int("a", doc_get(r, "neg"), -5, 5, &v, &d) && v == -3, "doc_int reads -3");
	double f = 0;
	ok(doc_double("a", doc_get(r, "f"), &f, &d) && f == 2.5, "doc_double reads 2.5");
	ok(!doc_int("a", doc_get(r, "tab"), 0, 60, &v, &d), "doc_int rejects a leading tab (\"\\t5\")");
	ok(!doc_double("a", doc_get(r, "nl"), &f, &d), "doc_double rejects a leading newline (\"\\n2.5\")");
	ok(!doc_double("a", doc_get(r, "s"), &f, &d), "doc_double rejects text");
	bool b = false;
	ok(doc_bool("a", doc_get(r, "b"), &b, &d) && b, "doc_bool reads true");
	ok(doc_bool("a", doc_get(r, "q"), &b, &d) && b, "doc_bool reads a quoted 'true'");
	ok(!doc_bool("a", doc_get(r, "s"), &b, &d), "doc_bool rejects 'hi'");
	const char *s = NULL;
	ok(doc_str("a", doc_get(r, "s"), &s, &d) && !strcmp(s, "hi"), "doc_str reads hi");
	size_t before = d.n;
	ok(!doc_str("a", doc_get(r, "nul"), &s, &d) && d.n == before + 1 &&
	   strstr(d.v[d.n - 1].msg, "expected text, got an empty value"), "doc_str rejects ~");
	ok(!doc_str("a", NULL, &s, &d), "doc_str of a missing node fails");
	is_str(doc_type_name(DOC_SEQ), "sequence", "doc_type_name");
	doc_free(&doc);
	diags_free(&d);
	diags_free(NULL);
}

int main(void)
{
	test_schema();
	test_access();
	test_bad_table();
	test_limits();
	test_pathological_speed();
	test_duplicates();
	test_good();
	return tap_done();
}
