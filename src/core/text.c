/* text: measuring and wrapping text for the terminal (cleaning it, on
 * bytes and without the locale, is text_utf8.c).
 *
 * Widths and wrapping use mbrtowc + wcwidth in the current LC_CTYPE, so
 * the columns we count are the columns ncurses will draw.  This file is
 * deliberately not a full UAX #14 line breaker: it breaks at spaces and
 * around wide (CJK) characters, and applies the basic kinsoku rules of
 * text.h. */
#include "text.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* ---- widths in the current locale ------------------------------------ */

/* One character at s (NUL-terminated, *s != 0): returns its byte length,
 * sets *wc and its display width *w (tab 1, non-printable 0).  A byte the
 * locale cannot decode counts as one column, as U+FFFD would after
 * sanitizing. */
static size_t char_at(const char *s, wchar_t *wc, int *w)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	size_t k = mbrtowc(wc, s, strnlen(s, MB_LEN_MAX), &st);
	if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
		*wc = 0xFFFD;
		*w = 1;
		return 1;
	}
	if (*wc == L'\t') {
		*w = 1;
	} else {
		int cw = wcwidth(*wc);
		*w = cw < 0 ? 0 : cw;
	}
	return k;
}

size_t text_char(const char *s, int *w)
{
	wchar_t wc;
	int cw = 0;
	size_t n = s && *s ? char_at(s, &wc, &cw) : 0;
	if (w)
		*w = cw;
	return n;
}

int text_width(const char *s)
{
	int cols = 0;
	while (s && *s) {
		wchar_t wc;
		int w;
		s += char_at(s, &wc, &w);
		cols += w;
	}
	return cols;
}

size_t text_fit(const char *s, int cols, int *used)
{
	size_t i = 0;
	int u = 0;
	while (s && s[i]) {
		wchar_t wc;
		int w;
		size_t k = char_at(s + i, &wc, &w);
		if (u + w > cols)
			break;
		u += w;
		i += k;
	}
	if (used)
		*used = u;
	return i;
}

/* ---- wrapping -------------------------------------------------------- */

struct ch {
	size_t off;   /* byte offset in the paragraph */
	size_t len;   /* bytes */
	int w;        /* columns */
	wchar_t wc;
};

struct lines_buf {
	struct text_lines *l;
	size_t cap;
	bool failed;
};

static bool no_start(wchar_t c)
{
	return c && wcschr(L"\uFF0C\u3002\u3001\uFF1B\uFF1A\uFF1F\uFF01\uFF09\u300D\u300F\u300B\u201D\u2019,.;:?!)", c);
}

static bool no_end(wchar_t c)
{
	return c && wcschr(L"\uFF08\u300C\u300E\u300A\u201C\u2018(", c);
}

static bool is_digit(wchar_t c)
{
	return c >= L'0' && c <= L'9';
}

/* Whether the word at c[b] (up to a space, a wide character or c[n]) is a
 * unit that a number before it keeps, as with a non-breaking space:
 * "0.379 ms", "4814 GB/s", "87 %", "14.4 ms（6.14倍）" (a trailing
 * , . ; : ) after the unit does not count). */
static bool unit_word(const struct ch *c, size_t b, size_t n)
{
	static const wchar_t *const units[] = {
		L"ms", L"µs", L"us", L"ns", L"s", L"%", L"x", L"×", L"W", L"MHz", L"GHz",
		L"B", L"KB", L"MB", L"GB", L"TB", L"KiB", L"MiB", L"GiB", L"GB/s", L"MB/s", L"TB/s",
		L"FLOP", L"FLOP/s", L"GFLOP/s", L"TFLOP/s", L"FLOP/B", L"FLOP/byte", L"cycles",
	};
	wchar_t w[12];
	size_t k = 0;
	for (size_t i = b; i < n && c[i].wc != L' ' && c[i].w != 2; i++) {
		if (k == sizeof w / sizeof w[0] - 1)
			return false;
		w[k++] = c[i].wc;
	}
	while (k > 0 && wcschr(L",.;:)", w[k - 1]))
		k--;
	w[k] = L'\0';
	for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
		if (k && !wcscmp(w, units[u]))
			return true;
	return false;
}

/* Whether the word at c[b] is a unit a number keeps: it is a unit word,
 * or starts with a wide character ("3 课", "17 关", "12.5 倍"), and the
 * last character before the spaces ahead of it is a digit. */
static bool number_unit(const struct ch *c, size_t b, size_t n)
{
	size_t k = b;
	while (k > 0 && c[k - 1].wc == L' ')
		k--;
	return k > 0 && k < b && is_digit(c[k - 1].wc) && (unit_word(c, b, n) || c[b].w == 2);
}

/* May a line break just before c[b] (0 < b < n)?  At a word start after
 * spaces, or next to a wide character; never before a zero-width
 * (combining) character, before a closing mark or after an opening one,
 * nor between a number and the wide unit after it ("10.9倍", "4个") or the
 * unit word after a space ("0.379 ms"). */
static bool can_break_before(const struct ch *c, size_t b, size_t n, bool keep_units)
{
	if (c[b].wc == L' ' || c[b].w == 0 || no_start(c[b].wc))
		return false;
	if (c[b - 1].wc == L' ')
		return !(keep_units && number_unit(c, b, n));
	if (no_end(c[b - 1].wc))
		return false;
	if (c[b].w == 2 && c[b - 1].wc >= L'0' && c[b - 1].wc <= L'9')
		return false;
	return c[b - 1].w == 2 || c[b].w == 2;
}

/* The last break opportunity in (start, i] that leaves something other
 * than spaces on the line, or 0 when there is none; one between a number
 * and its unit word only when there is no other. */
static size_t last_break(const struct ch *c, size_t start, size_t i, size_t n)
{
	for (int keep = 1; keep >= 0; keep--)
		for (size_t b = i; b > start; b--) {
			if (!can_break_before(c, b, n, keep))
				continue;
			for (size_t k = start; k < b; k++)
				if (c[k].wc != L' ')
					return b;
			break;
		}
	return 0;
}

/* A forced break inside an overlong run, before c[i].  Moves the break
 * back while it would start a line with a closing mark or a combining
 * character, or end one with an opening mark (the previous character is
 * pulled down), as long as the line keeps at least one character. */
static size_t forced_break(const struct ch *c, size_t start, size_t i)
{
	size_t end = i;
	while (end > start + 1 && (no_start(c[end].wc) || c[end].w == 0 || no_end(c[end - 1].wc)))
		end--;
	return end;
}

static void emit(struct lines_buf *b, const char *p, const struct ch *c, size_t start, size_t end)
{
	while (end > start && c[end - 1].wc == L' ')
		end--;
	if (b->failed)
		return;
	if (b->l->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 16;
		char **v = realloc(b->l->line, cap * sizeof *v);
		if (!v) {
			b->failed = true;
			return;
		}
		b->l->line = v;
		b->cap = cap;
	}
	size_t from = end > start ? c[start].off : 0;
	size_t to = end > start ? c[end - 1].off + c[end - 1].len : 0;
	char *s = malloc(to - from + 1);
	if (!s) {
		b->failed = true;
		return;
	}
	memcpy(s, p + from, to - from);
	s[to - from] = '\0';
	b->l->line[b->l->n++] = s;
}

static bool only_spaces(const struct ch *c, size_t start, size_t end)
{
	for (size_t k = start; k < end; k++)
		if (c[k].wc != L' ')
			return false;
	return true;
}

static size_t skip_spaces(const struct ch *c, size_t i, size_t n)
{
	while (i < n && c[i].wc == L' ')
		i++;
	return i;
}

/* Where the line from c[start] ends when c[i] does not fit on it. */
static size_t line_end(const struct ch *c, size_t start, size_t i, size_t n)
{
	size_t end;
	if (c[i].wc == L' ') {
		/* the spaces overflow: break there, unless a number before them
		 * keeps the unit after them; then before the number */
		size_t j = skip_spaces(c, i, n);
		if (i > start && is_digit(c[i - 1].wc) && j < n && number_unit(c, j, n) &&
		    (end = last_break(c, start, i, n)))
			return end;
		return i;
	}
	if (i == start)
		return i + 1; /* one character wider than the line */
	if ((end = last_break(c, start, i, n)))
		return end;
	return forced_break(c, start, i);
}

/* Greedy wrap of one paragraph (no '\n' inside) of n characters. */
static void wrap_para(struct lines_buf *b, const char *p, const struct ch *c, size_t n, int width)
{
	size_t start = 0, i = 0;
	int cur = 0;
	bool emitted = false;

	while (i < n) {
		if (c[i].w == 0 || cur + c[i].w <= width) {
			cur += c[i].w;
			i++;
			continue;
		}
		size_t end = line_end(c, start, i, n);
		if (!only_spaces(c, start, end)) {
			emit(b, p, c, start, end);
			emitted = true;
		}
		start = i = skip_spaces(c, end, n);
		cur = 0;
	}
	if (start < n || !emitted)
		emit(b, p, c, start, n);
}

/* Details text.h leaves open, decided here:
 * - width < 1 is treated as 1;
 * - a character wider than the line (a wide character at width 1) gets a
 *   line of its own, the only case where a line is wider than width;
 * - a paragraph's leading spaces are kept (indentation); spaces at a wrap
 *   are dropped, and a line of only spaces becomes an empty line;
 * - tabs count one column and are not break points;
 * - "" gives no lines, and a final '\n' does not add an empty line;
 * - when the rules cannot all hold (a unit like 「文」 wider than the
 *   line), the line keeps at least one character and the rule gives way;
 * - on allocation failure, 0 lines (out is left empty). */
size_t text_wrap(const char *s, int width, struct text_lines *out)
{
	struct lines_buf b = { .l = out };
	struct ch *c = NULL;

	out->line = NULL;
	out->n = 0;
	if (!s)
		return 0;
	if (width < 1)
		width = 1;
	/* One paragraph per '\n'; a final '\n' ends the last line, it does not
	 * start an empty one. */
	while (*s && !b.failed) {
		size_t plen = strcspn(s, "\n");
		struct ch *nc = realloc(c, (plen ? plen : 1) * sizeof *c);
		if (!nc) {
			b.failed = true;
			break;
		}
		c = nc;
		size_t n = 0;
		for (size_t off = 0; off < plen; n++) {
			c[n].off = off;
			/* char_at stops at NUL, so it never crosses the '\n'. */
			c[n].len = char_at(s + off, &c[n].wc, &c[n].w);
			if (off + c[n].len > plen)
				c[n].len = plen - off;
			off += c[n].len;
		}
		wrap_para(&b, s, c, n, width);
		s += plen;
		if (*s == '\n')
			s++;
	}
	free(c);
	if (b.failed) {
		text_lines_free(out);
		return 0;
	}
	return out->n;
}

void text_lines_free(struct text_lines *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	l->line = NULL;
	l->n = 0;
}

/* 2 when the character starting at p is double-width (CJK), 3 when it is
 * also full-width punctuation (，。、：） etc.), else 0. */
static int wide_at(const char *p, size_t len)
{
	mbstate_t st = { 0 };
	wchar_t wc;
	size_t k = mbrtowc(&wc, p, len, &st);
	if (k == (size_t)-1 || k == (size_t)-2 || k == 0 || wcwidth(wc) != 2)
		return 0;
	return (wc >= 0x3000 && wc <= 0x303F) || (wc >= 0xFF00 && wc <= 0xFF65) ? 3 : 2;
}

/* The same for the character that ends just before s + i. */
static int wide_before(const char *s, size_t i)
{
	size_t j = i;
	while (j > 0 && ((unsigned char)s[j - 1] & 0xC0) == 0x80)
		j--;
	return j > 0 ? wide_at(s + j - 1, i - j + 1) : 0;
}

/* A single newline joins without a space between two wide characters, and
 * after full-width punctuation ("设备，\ncuDNN" reads "设备，cuDNN"). */
static bool join_tight(const char *s, size_t i, size_t n)
{
	int before = wide_before(s, i);
	return before == 3 || (before && wide_at(s + i + 1, n - i - 1));
}

/* Between two wide (CJK) characters a single newline joins them with
 * nothing: Chinese puts no spaces between words, so a paragraph written
 * over several source lines must read as one (lessons/README.md); after
 * full-width punctuation likewise (join_tight). */
char *text_reflow(const char *s)
{
	s = s ? s : "";
	size_t n = strlen(s), j = 0;
	while (n > 0 && s[n - 1] == '\n')
		n--;
	char *o = malloc(n + 1);
	if (!o)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		bool single = s[i] == '\n' && (i == 0 || s[i - 1] != '\n') && s[i + 1] != '\n';
		if (!single)
			o[j++] = s[i];
		else if (!join_tight(s, i, n))
			o[j++] = ' ';
	}
	o[j] = '\0';
	return o;
}

char *text_unfold(const char *s)
{
	s = s ? s : "";
	size_t n = strlen(s), j = 0, nl = 0;
	for (size_t i = 0; i < n; i++)
		nl += s[i] == '\n';
	char *o = malloc(n + nl + 1);
	if (!o)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			o[j++] = '\n', o[j++] = '\n';
		else if (s[i] == ' ' && i > 0 && s[i + 1] != ' ' && s[i - 1] != ' ' && join_tight(s, i, n))
			o[j++] = '\n';
		else
			o[j++] = s[i];
	}
	o[j] = '\0';
	return o;
}

void text_unpercent(const char *fmt, char *buf, size_t size)
{
	size_t n = 0;
	for (const char *p = fmt ? fmt : ""; *p && n + 1 < size; p++) {
		if (p[0] == '%' && p[1] == '%')
			p++;
		buf[n++] = *p;
	}
	if (size)
		buf[n] = '\0';
}
