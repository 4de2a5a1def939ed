/* Unit tests of text.c and text_utf8.c: the sanitizer, UTF-8 validation,
 * widths, text_fit and word wrapping (ASCII, CJK, kinsoku, edges).
 * Table-driven; wrap results are written as lines joined by '|'. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "text.h"

#define FFFD "\xef\xbf\xbd"

struct san_case {
	const char *name, *in;
	size_t len;          /* (size_t)-1: NUL-terminated */
	const char *want;
};

static const struct san_case san_cases[] = {
	{ "plain text unchanged", "hello, world", (size_t)-1, "hello, world" },
	{ "newline and tab kept", "a\tb\nc", (size_t)-1, "a\tb\nc" },
	{ "ESC removed from a CSI", "\x1b[31mred\x1b[0m", (size_t)-1, "[31mred[0m" },
	{ "CR, BEL, BS removed", "a\rb\ac\bd", (size_t)-1, "abcd" },
	{ "DEL removed", "a\x7f" "b", (size_t)-1, "ab" },
	{ "C1 CSI U+009B removed", "a\xc2\x9b" "31mb", (size_t)-1, "a31mb" },
	{ "C1 U+0080 removed", "a\xc2\x80" "b", (size_t)-1, "ab" },
	{ "NBSP U+00A0 kept", "a\xc2\xa0" "b", (size_t)-1, "a\xc2\xa0" "b" },
	{ "bidi override U+202E removed", "abc\xe2\x80\xae" "def", (size_t)-1, "abcdef" },
	{ "bidi embedding U+202A removed", "\xe2\x80\xaax", (size_t)-1, "x" },
	{ "bidi marks LRM U+200E, RLM U+200F, ALM U+061C removed",
	  "a\xe2\x80\x8e" "b\xe2\x80\x8f" "c\xd8\x9c" "d", (size_t)-1, "abcd" },
	{ "C1 controls U+0080..U+009F removed", "a\xc2\x80" "b\xc2\x9b" "c\xc2\x9f", (size_t)-1, "abc" },
	{ "bidi isolates U+2066..U+2069 removed", "\xe2\x81\xa6" "a\xe2\x81\xa9", (size_t)-1, "a" },
	{ "CJK kept", "\xe4\xb8\xad\xe6\x96\x87", (size_t)-1, "\xe4\xb8\xad\xe6\x96\x87" },
	{ "4-byte emoji kept", "\xf0\x9f\x98\x80", (size_t)-1, "\xf0\x9f\x98\x80" },
	{ "invalid byte 0xff", "a\xff" "b", (size_t)-1, "a" FFFD "b" },
	{ "stray continuation", "\x80" "a", (size_t)-1, FFFD "a" },
	{ "overlong slash C0 AF", "\xc0\xaf", (size_t)-1, FFFD FFFD },
	{ "overlong E0 80 AF", "\xe0\x80\xaf", (size_t)-1, FFFD FFFD FFFD },
	{ "surrogate ED A0 80", "\xed\xa0\x80", (size_t)-1, FFFD FFFD FFFD },
	{ "above U+10FFFF", "\xf4\x90\x80\x80", (size_t)-1, FFFD FFFD FFFD FFFD },
	{ "F5 lead", "\xf5\x80", (size_t)-1, FFFD FFFD },
	{ "truncated at end", "ab\xe4\xb8", (size_t)-1, "ab" FFFD },
	{ "truncated before ASCII", "\xe4\xb8" "a", (size_t)-1, FFFD "a" },
	{ "NUL removed with explicit len", "a\0b", 3, "ab" },
	{ "explicit len stops early", "abcdef", 3, "abc" },
	{ "explicit len cuts a character", "\xe4\xb8\xad", 2, FFFD },
	{ "empty", "", 0, "" },
};

static void test_sanitize(void)
{
	for (size_t i = 0; i < sizeof san_cases / sizeof *san_cases; i++) {
		const struct san_case *c = &san_cases[i];
		char *got = text_sanitize(c->in, c->len);
		is_str(got, c->want, "sanitize: %s", c->name);
		free(got);
	}
}

/* Whatever the bytes, the output is valid UTF-8 with no removed code
 * point left: every 1- and 2-byte string, then pseudo-random ones. */
static bool clean_output(const char *s)
{
	static const char *const banned[] = { "\x1b", "\x7f", "\xc2\x9b", "\xe2\x80\xae", "\xe2\x81\xa6", "\r" };
	if (!text_valid_utf8(s, strlen(s), NULL))
		return false;
	for (size_t i = 0; i < sizeof banned / sizeof *banned; i++)
		if (strstr(s, banned[i]))
			return false;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 && *p != '\n' && *p != '\t')
			return false;
	return true;
}

static void test_sanitize_exhaustive(void)
{
	unsigned char buf[8];
	int bad = 0;
	for (unsigned a = 0; a < 256; a++) {
		for (unsigned b = 0; b < 257 && !bad; b++) {
			buf[0] = (unsigned char)a;
			buf[1] = (unsigned char)b;
			char *s = text_sanitize((const char *)buf, b < 256 ? 2 : 1);
			bad += !s || !clean_output(s);
			free(s);
		}
	}
	ok(!bad, "sanitize: every 1- and 2-byte input gives clean UTF-8");
	unsigned x = 12345;
	for (int i = 0; i < 200000 && !bad; i++) {
		size_t n = 1 + i % 8;
		for (size_t k = 0; k < n; k++) {
			x = x * 1103515245u + 12345u;
			unsigned v = x >> 16;
			/* bias towards lead and continuation bytes */
			buf[k] = (unsigned char)(v & 1 ? 0x80 | (v >> 1 & 0x7f) : v >> 8);
		}
		char *s = text_sanitize((const char *)buf, n);
		bad += !s || !clean_output(s);
		free(s);
	}
	ok(!bad, "sanitize: 200000 random byte strings give clean UTF-8");
}

static void test_valid(void)
{
	size_t bad = 99;
	ok(text_valid_utf8("abc", 3, &bad), "valid: ASCII");
	ok(text_valid_utf8("\xe4\xb8\xad", 3, &bad), "valid: CJK");
	ok(!text_valid_utf8("a\0b", 3, &bad) && bad == 1, "valid: NUL at 1");
	ok(!text_valid_utf8("ab\xc0", 3, &bad) && bad == 2, "valid: bad lead at 2");
	ok(!text_valid_utf8("\xe4\xb8\xad\xed\xa0\x80", 6, &bad) && bad == 3, "valid: surrogate at 3");
	ok(!text_valid_utf8("\xe4\xb8", 2, &bad) && bad == 0, "valid: truncated at 0");
	ok(text_valid_utf8("", 0, NULL), "valid: empty, NULL bad");
}

static void test_width(void)
{
	is_int(text_width("abc"), 3, "width: ASCII");
	is_int(text_width("\xe4\xb8\xad\xe6\x96\x87"), 4, "width: two CJK");
	is_int(text_width("a\tb"), 3, "width: tab counts 1");
	is_int(text_width("e\xcc\x81"), 1, "width: combining accent is 0");
	is_int(text_width(""), 0, "width: empty");
	is_int(text_width(NULL), 0, "width: NULL");
	is_int(text_width("\xef\xbc\x8c"), 2, "width: fullwidth comma");
}

struct fit_case {
	const char *s;
	int cols;
	size_t bytes;
	int used;
};

static const struct fit_case fit_cases[] = {
	{ "abc", 2, 2, 2 },
	{ "ab", 10, 2, 2 },
	{ "abc", 0, 0, 0 },
	{ "abc", -3, 0, 0 },
	{ "\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97", 5, 6, 4 },  /* third wide char would straddle */
	{ "\xe4\xb8\xad", 1, 0, 0 },
	{ "a\xe4\xb8\xad", 2, 1, 1 },
	{ "a\xe4\xb8\xad", 3, 4, 3 },
	{ "e\xcc\x81x", 1, 3, 1 },                           /* combining mark stays with its base */
};

static void test_fit(void)
{
	for (size_t i = 0; i < sizeof fit_cases / sizeof *fit_cases; i++) {
		const struct fit_case *c = &fit_cases[i];
		int used = -1;
		size_t got = text_fit(c->s, c->cols, &used);
		ok(got == c->bytes && used == c->used, "fit %zu: %d cols -> %zu bytes, %d used (got %zu, %d)",
		   i, c->cols, c->bytes, c->used, got, used);
	}
	is_int(text_fit("abc", 2, NULL), 2, "fit: used may be NULL");
}

/* Joins wrapped lines with '|' (caller frees). */
static char *wrap_joined(const char *s, int width, size_t *n)
{
	struct text_lines l;
	*n = text_wrap(s, width, &l);
	size_t len = 1;
	for (size_t i = 0; i < l.n; i++)
		len += strlen(l.line[i]) + 1;
	char *out = calloc(1, len);
	for (size_t i = 0; i < l.n; i++) {
		if (i)
			strcat(out, "|");
		strcat(out, l.line[i]);
	}
	text_lines_free(&l);
	return out;
}

struct wrap_case {
	const char *name, *in;
	int width;
	const char *want;
};

#define ZH "\xe4\xb8\xad"      /* 中 */
#define WEN "\xe6\x96\x87"     /* 文 */
#define ZI "\xe5\xad\x97"      /* 字 */
#define FU "\xe7\xac\xa6"      /* 符 */
#define CE "\xe6\xb5\x8b"      /* 测 */
#define SHI "\xe8\xaf\x95"     /* 试 */
#define COMMA "\xef\xbc\x8c"   /* ， */
#define STOP "\xe3\x80\x82"    /* 。 */
#define LPAR "\xef\xbc\x88"    /* （ */
#define RPAR "\xef\xbc\x89"    /* ） */
#define LQ "\xe3\x80\x8c"      /* 「 */
#define RQ "\xe3\x80\x8d"      /* 」 */

static const struct wrap_case wrap_cases[] = {
	{ "ASCII words", "the quick brown fox", 10, "the quick|brown fox" },
	{ "exact fit", "abcde fghij", 5, "abcde|fghij" },
	{ "exact fit, one line", "abcde", 5, "abcde" },
	{ "long word broken", "abcdefghij", 4, "abcd|efgh|ij" },
	{ "short word then long word", "ab abcdefgh", 4, "ab|abcd|efgh" },
	{ "CJK between characters", ZH WEN ZI FU CE SHI, 6, ZH WEN ZI "|" FU CE SHI },
	{ "CJK odd width", ZH WEN ZI FU CE SHI, 5, ZH WEN "|" ZI FU "|" CE SHI },
	{ "mixed CJK/Latin", ZH WEN "GPU" ZI FU, 7, ZH WEN "GPU|" ZI FU },
	{ "Latin word kept whole next to CJK", ZH WEN "GPU" ZI FU, 5, ZH WEN "|GPU" ZI "|" FU },
	{ "kinsoku: comma pulls a char down", ZH WEN ZH WEN COMMA ZH WEN, 8, ZH WEN ZH "|" WEN COMMA ZH WEN },
	{ "kinsoku: full stop pulls a char down", ZH WEN STOP, 4, ZH "|" WEN STOP },
	{ "kinsoku: closing paren", ZH WEN ZH WEN RPAR, 8, ZH WEN ZH "|" WEN RPAR },
	{ "kinsoku: closing quote", LQ ZH WEN RQ, 6, LQ ZH "|" WEN RQ },
	{ "kinsoku: opener pushed down", ZH WEN ZH LPAR WEN RPAR, 8, ZH WEN ZH "|" LPAR WEN RPAR },
	{ "kinsoku: a title's opener 《 pushed down", ZH WEN ZH "\xe3\x80\x8a" WEN "\xe3\x80\x8b", 8,
	  ZH WEN ZH "|" "\xe3\x80\x8a" WEN "\xe3\x80\x8b" },
	{ "kinsoku: a title's closer 》 pulls a char down", ZH WEN ZH WEN "\xe3\x80\x8b", 8,
	  ZH WEN ZH "|" WEN "\xe3\x80\x8b" },
	{ "kinsoku: ASCII comma after forced break", "abcd,efg", 4, "abc|d,ef|g" },
	{ "kinsoku: ASCII opener after forced break", "abc(defg", 4, "abc|(def|g" },
	{ "kinsoku: ASCII period after CJK", ZH WEN ".", 4, ZH "|" WEN "." },
	{ "blank line kept", "a\n\nb", 10, "a||b" },
	{ "final newline adds no line", "a\n", 10, "a" },
	{ "lone newline is one empty line", "\n", 10, "" },
	{ "trailing spaces dropped", "ab   ", 10, "ab" },
	{ "spaces at a wrap dropped", "ab    cd", 4, "ab|cd" },
	{ "paragraph indent kept", "  ab cd", 10, "  ab cd" },
	{ "indent kept, wrapped lines not indented", "  ab cd ef", 6, "  ab|cd ef" },
	{ "width 0 treated as 1", "ab", 0, "a|b" },
	{ "negative width treated as 1", "ab", -5, "a|b" },
	{ "wide char wider than width 1 alone", ZH "a", 1, ZH "|a" },
	{ "combining mark stays with its base", "e\xcc\x81" "e\xcc\x81", 1, "e\xcc\x81|e\xcc\x81" },
	{ "all spaces -> empty line", "   ", 10, "" },
};

static void test_wrap_table(void)
{
	for (size_t i = 0; i < sizeof wrap_cases / sizeof *wrap_cases; i++) {
		const struct wrap_case *c = &wrap_cases[i];
		size_t n;
		char *got = wrap_joined(c->in, c->width, &n);
		is_str(got, c->want, "wrap: %s", c->name);
		free(got);
	}
	struct text_lines l;
	is_int(text_wrap("", 10, &l), 0, "wrap: empty string gives no lines");
	text_lines_free(&l);
	text_lines_free(NULL);
	ok(1, "text_lines_free(NULL) is harmless");
}

/* n copies of s, concatenated (caller frees). */
static char *rep(const char *pre, const char *s, int n)
{
	char *out = calloc(1, strlen(pre) + strlen(s) * (size_t)n + 1);
	strcpy(out, pre);
	for (int i = 0; i < n; i++)
		strcat(out, s);
	return out;
}

/* A wide character at the last column, at the widths the golden screens use. */
static void test_wrap_edges(void)
{
	static const struct { const char *pre; int width; size_t lines; int first, last; } t[] = {
		{ "", 79, 2, 78, 2 },    /* 40 wide chars: 39 fit in 78 columns */
		{ "", 80, 1, 80, 80 },
		{ "", 41, 2, 40, 40 },
		{ "a", 80, 2, 79, 2 },   /* "a" + 39 wide = 79; the 40th would straddle */
		{ "a", 79, 2, 79, 2 },
		{ "a", 41, 2, 41, 40 },
	};
	for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
		char *s = rep(t[i].pre, ZH, 40);
		struct text_lines l;
		size_t n = text_wrap(s, t[i].width, &l);
		ok(n == t[i].lines && text_width(l.line[0]) == t[i].first &&
		   text_width(l.line[n - 1]) == t[i].last,
		   "wrap: \"%s\"+40 wide at width %d -> %zu lines, %d..%d cols (got %zu, %d..%d)",
		   t[i].pre, t[i].width, t[i].lines, t[i].first, t[i].last, n,
		   text_width(l.line[0]), text_width(l.line[n - 1]));
		text_lines_free(&l);
		free(s);
	}
}

/* Property: for generated text at widths 1..20, every line fits (or is one
 * character), has no trailing space, and no character is lost or split. */
static void test_wrap_property(void)
{
	static const char *const atoms[] = { "a", "bc", "def", " ", " ", ZH, WEN, COMMA, STOP, LPAR, RPAR, ",", "(", "\n", "e\xcc\x81" };
	const size_t natoms = sizeof atoms / sizeof *atoms;
	unsigned x = 7;
	int bad = 0;
	for (int round = 0; round < 400 && !bad; round++) {
		char s[512] = "";
		for (int k = 0; k < 60; k++) {
			x = x * 1103515245u + 12345u;
			strcat(s, atoms[(x >> 16) % natoms]);
		}
		int width = 1 + round % 20;
		struct text_lines l;
		text_wrap(s, width, &l);
		char joined[512], want[512];
		size_t nj = 0, nw = 0;
		for (size_t i = 0; i < l.n; i++) {
			const char *ln = l.line[i];
			size_t len = strlen(ln);
			if (text_width(ln) > width && text_fit(ln, 2, NULL) != len)
				bad++, diag("line too wide: \"%s\" at %d", ln, width);
			if (len && ln[len - 1] == ' ')
				bad++, diag("trailing space: \"%s\"", ln);
			for (const char *p = ln; *p; p++)
				if (*p != ' ' && nj < sizeof joined - 1)
					joined[nj++] = *p;
		}
		for (const char *p = s; *p; p++)
			if (*p != ' ' && *p != '\n' && nw < sizeof want - 1)
				want[nw++] = *p;
		joined[nj] = want[nw] = '\0';
		if (strcmp(joined, want) != 0)
			bad++, diag("lost text at width %d: \"%s\"", width, s);
		text_lines_free(&l);
	}
	ok(!bad, "wrap: 400 generated paragraphs keep every character and fit");
}

/* Property: CJK text where each punctuation mark sits next to a character,
 * at widths 6..30: no line starts with a closing mark or ends with an
 * opening one. */
static bool starts_with_any(const char *s, const char *const *set, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncmp(s, set[i], strlen(set[i])))
			return true;
	return false;
}

static bool ends_with_any(const char *s, const char *const *set, size_t n)
{
	size_t len = strlen(s);
	for (size_t i = 0; i < n; i++)
		if (len >= strlen(set[i]) && !strcmp(s + len - strlen(set[i]), set[i]))
			return true;
	return false;
}

static void test_kinsoku_property(void)
{
	/* “” as Chinese text quotes them: no line ends with “ nor starts with ” */
	static const char *const atoms[] = { ZH, WEN, ZI, ZH COMMA, WEN STOP, LPAR ZH RPAR, LQ WEN RQ, "GPU", ZH ",",
					     "\xe2\x80\x9c" ZH "\xe2\x80\x9d" };
	static const char *const closers[] = { COMMA, STOP, RPAR, RQ, ",", ".", ")", "\xe2\x80\x9d" };
	static const char *const openers[] = { LPAR, LQ, "(", "\xe2\x80\x9c" };
	unsigned x = 99;
	int bad = 0;
	for (int round = 0; round < 300 && !bad; round++) {
		char s[1024] = "";
		for (int k = 0; k < 40; k++) {
			x = x * 1103515245u + 12345u;
			strcat(s, atoms[(x >> 16) % (sizeof atoms / sizeof *atoms)]);
		}
		int width = 6 + round % 25;   /* the widest unbreakable unit, 「文」, is 6 */
		struct text_lines l;
		text_wrap(s, width, &l);
		for (size_t i = 0; i < l.n; i++) {
			if ((i > 0 && starts_with_any(l.line[i], closers, sizeof closers / sizeof *closers)) ||
			    (i + 1 < l.n && ends_with_any(l.line[i], openers, sizeof openers / sizeof *openers)) ||
			    text_width(l.line[i]) > width)
				bad++, diag("width %d line %zu: \"%s\"", width, i, l.line[i]);
		}
		text_lines_free(&l);
	}
	ok(!bad, "wrap: 300 generated CJK paragraphs keep the line-breaking rules");
}

/* --ascii: every symbol of the table has its ASCII spelling; anything
 * else non-ASCII is one '?', and the result is pure ASCII. */
static void test_asciify(void)
{
	static const struct { const char *in, *want; } cases[] = {
		{ "a·b × c ≈ d − e", "a.b x c ~ d - e" },
		{ "‖x‖² + y³, Aᵀ", "||x||^2 + y^3, A^T" },
		{ "→ ← ≤ ≥ …", "-> <- <= >= ..." },
		{ "“q” ‘s’ a—b c–d 5 µs", "\"q\" 's' a-b c-d 5 us" },
		{ "GPU 显存 ✓", "GPU ?? ?" },
		{ "bad \xff byte", "bad ? byte" },
		{ "plain ASCII stays", "plain ASCII stays" },
		{ "", "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *got = text_asciify(cases[i].in);
		is_str(got, cases[i].want, "asciify: \"%s\"", cases[i].want);
		ok(got && text_width(got) == (int)strlen(got), "asciify: width is its byte count");
		free(got);
	}
	char *n = text_asciify(NULL);
	is_str(n, "", "asciify: NULL is the empty string");
	free(n);
}

/* A number stays with the wide unit after it: the certificate's "（10.9倍）"
 * was cut as "10.9" / "倍）". */
static void test_number_unit(void)
{
	struct text_lines tl = { 0 };
	text_wrap("aaaa 10.9\u500d\uff09", 9, &tl);   /* "aaaa 10.9倍）" */
	is_int((int)tl.n, 2, "number+unit: two lines");
	if (tl.n == 2) {
		is_str(tl.line[0], "aaaa", "number+unit: the break is before the number");
		is_str(tl.line[1], "10.9\u500d\uff09", "number+unit: the number keeps its unit");
	}
	text_lines_free(&tl);
	text_wrap("\u5171 4\u4e2a", 4, &tl);   /* "共 4个" at 4: the space is the break */
	is_int((int)tl.n, 2, "number+unit after a space: two lines");
	if (tl.n == 2)
		is_str(tl.line[1], "4\u4e2a", "and 4个 stays whole");
	text_lines_free(&tl);
	/* a unit word after a space stays with its number, whether the space
	 * or the unit is what overflows; other words do not */
	static const struct {
		const char *s;
		int w;
		const char *l0, *l1;
	} u[] = {
		{ "it took 0.379 ms", 13, "it took", "0.379 ms" }, /* the space overflows */
		{ "it took 0.379 ms", 15, "it took", "0.379 ms" }, /* the unit overflows */
		{ "HBM 4814 GB/s, 88%", 12, "HBM", "4814 GB/s," },
		{ "\u7528\u65f6 0.379 ms", 10, "\u7528\u65f6", "0.379 ms" },  /* 用时 0.379 ms */
		{ "\u8bfb\u5b8c 12 \u8bfe", 8, "\u8bfb\u5b8c", "12 \u8bfe" }, /* 读完 12 课: a wide unit after a space */
		/* 最佳 CPU 14.4 ms（6.14倍）: the unit ends at the wide bracket */
		{ "\u6700\u4f73 CPU 14.4 ms\uff086.14\u500d\uff09", 14, "\u6700\u4f73 CPU", "14.4 ms" },
		{ "rung 5 library", 8, "rung 5", "library" }, /* not a unit: breaks */
		{ "0.379 ms", 6, "0.379", "ms" },             /* no earlier break: breaks */
		{ "0.379 ms", 7, "0.379", "ms" },             /* ... at the space, not in "ms" */
	};
	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
		text_wrap(u[i].s, u[i].w, &tl);
		char what[96];
		snprintf(what, sizeof what, "number+unit word: \"%s\" at %d", u[i].s, u[i].w);
		ok(tl.n >= 2 && !strcmp(tl.line[0], u[i].l0) && !strcmp(tl.line[1], u[i].l1), what);
		if (tl.n >= 2 && (strcmp(tl.line[0], u[i].l0) || strcmp(tl.line[1], u[i].l1)))
			diag("got \"%s\" / \"%s\"", tl.line[0], tl.line[1]);
		text_lines_free(&tl);
	}
}

/* text_reflow: the lesson prose rules; text_unfold: a folded (`>`) value
 * as libyaml hands it over, read back to the same prose as the literal one */
static void test_reflow_unfold(void)
{
	static const struct { const char *in, *want; } r[] = {
		{ "one\ntwo", "one two" },
		{ "one\n\ntwo\n", "one\n\ntwo" },
		{ "\xe8\xae\xbe\xe5\xa4\x87\n\xe5\x8e\xa8", "\xe8\xae\xbe\xe5\xa4\x87\xe5\x8e\xa8" },       /* 设备\n厨 */
		{ "\xe8\xae\xbe\xe5\xa4\x87\xef\xbc\x8c\ncuDNN", "\xe8\xae\xbe\xe5\xa4\x87\xef\xbc\x8c" "cuDNN" }, /* 设备，\ncuDNN */
		{ "GPU\n\xe6\x98\xaf", "GPU \xe6\x98\xaf" },                                   /* GPU\n是 */
	};
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
		char *got = text_reflow(r[i].in);
		ok(got && !strcmp(got, r[i].want), "reflow %zu", i);
		if (got && strcmp(got, r[i].want))
			diag("got \"%s\"", got);
		free(got);
	}
	/* literal and folded forms of one paragraph pair: the same prose */
	static const struct { const char *literal, *folded; } u[] = {
		{ "one\ntwo\n\nthree\n", "one two\nthree\n" },
		/* 慢，\n以及\n\n货架上、\n要先 / folded: 慢， 以及\n货架上、 要先 */
		{ "\xe6\x85\xa2\xef\xbc\x8c\n\xe4\xbb\xa5\xe5\x8f\x8a\n\n\xe8\xb4\xa7\xe6\x9e\xb6\xe4\xb8\x8a\xe3\x80\x81\n\xe8\xa6\x81\xe5\x85\x88",
		  "\xe6\x85\xa2\xef\xbc\x8c \xe4\xbb\xa5\xe5\x8f\x8a\n\xe8\xb4\xa7\xe6\x9e\xb6\xe4\xb8\x8a\xe3\x80\x81 \xe8\xa6\x81\xe5\x85\x88" },
		/* GPU\n是 stays "GPU 是"; two spaces an author typed stay */
		{ "GPU\n\xe6\x98\xaf", "GPU \xe6\x98\xaf" },
		{ "a  b", "a  b" },
	};
	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
		char *a = text_reflow(u[i].literal), *f = text_unfold(u[i].folded);
		char *b = f ? text_reflow(f) : NULL;
		ok(a && b && !strcmp(a, b), "unfold %zu: the folded form reads as the literal one", i);
		if (a && b && strcmp(a, b))
			diag("literal \"%s\", folded \"%s\"", a, b);
		free(a), free(f), free(b);
	}
}

/* A message written as a format with no argument, shown as text. */
static void test_unpercent(void)
{
	char b[16];
	const char *got = b;
	text_unpercent("%%lib", b, sizeof b);
	is_str(got, "%lib", "%%%% becomes %%");
	text_unpercent("库%% 100%%", b, sizeof b);
	is_str(got, "库% 100%", "in Chinese too");
	text_unpercent("abcdefghijklmnopqrstuvwxyz", b, sizeof b);
	ok(strlen(b) == 15, "cut to the buffer");
}

int main(void)
{
	if (!setlocale(LC_ALL, "C.UTF-8"))
		diag("C.UTF-8 locale missing");
	test_sanitize();
	test_unpercent();
	test_sanitize_exhaustive();
	test_valid();
	test_width();
	test_fit();
	test_wrap_table();
	test_wrap_edges();
	test_wrap_property();
	test_kinsoku_property();
	test_asciify();
	test_number_unit();
	test_reflow_unfold();
	return tap_done();
}
