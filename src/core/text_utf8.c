/* text_utf8: cleaning text on bytes (see text.h): the sanitizer, the
 * ASCII spellings and the UTF-8 check.  It has its own strict UTF-8
 * decoder, because it is fed untrusted input and must not depend on the
 * locale; measuring and wrapping in the locale are text.c. */
#include "text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- strict UTF-8 ---------------------------------------------------- */

/* Decodes one sequence at s[0..len), len >= 1.  Returns the bytes consumed
 * (>= 1).  *cp gets the code point, or -1 for an ill-formed sequence; an
 * ill-formed sequence is its maximal valid prefix (Unicode's "maximal
 * subpart"), so a truncated character costs one U+FFFD, not several.
 * Overlongs, surrogates and values above U+10FFFF are rejected through the
 * ranges allowed for the second byte. */
static size_t u8_next(const unsigned char *s, size_t len, long *cp)
{
	unsigned c = s[0], lo = 0x80, hi = 0xBF;
	size_t need;
	long v;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xC2 && c <= 0xDF) {
		need = 1;
		v = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		need = 2;
		v = c & 0x0F;
		if (c == 0xE0) lo = 0xA0; /* overlong */
		if (c == 0xED) hi = 0x9F; /* surrogates */
	} else if (c >= 0xF0 && c <= 0xF4) {
		need = 3;
		v = c & 0x07;
		if (c == 0xF0) lo = 0x90; /* overlong */
		if (c == 0xF4) hi = 0x8F; /* above U+10FFFF */
	} else {
		*cp = -1; /* C0, C1 lead, F5..FF, stray continuation */
		return 1;
	}
	size_t i;
	for (i = 1; i <= need && i < len; i++) {
		unsigned b = s[i];
		if (b < lo || b > hi)
			break;
		v = (v << 6) | (long)(b & 0x3F);
		lo = 0x80;
		hi = 0xBF;
	}
	if (i <= need) {
		*cp = -1;
		return i;
	}
	*cp = v;
	return need + 1;
}

static bool removed_cp(long cp)
{
	if (cp < 0x20)
		return cp != '\n' && cp != '\t';
	/* every bidi control of Unicode's UAX #9: ALM, LRM and RLM can
	 * reorder what follows as surely as the overrides can */
	return (cp >= 0x7F && cp <= 0x9F)          /* DEL and C1 */
		|| cp == 0x061C                    /* Arabic letter mark */
		|| cp == 0x200E || cp == 0x200F    /* LRM, RLM */
		|| (cp >= 0x202A && cp <= 0x202E)  /* bidi embeddings/overrides */
		|| (cp >= 0x2066 && cp <= 0x2069); /* bidi isolates */
}

static size_t u8_put(char *o, long cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

char *text_sanitize(const char *s, size_t len)
{
	if (!s)
		s = "";
	if (len == (size_t)-1)
		len = strlen(s);
	/* Worst case: every byte becomes a 3-byte U+FFFD. */
	if (len > (SIZE_MAX - 1) / 3)
		return NULL;
	char *out = malloc(len * 3 + 1);
	if (!out)
		return NULL;
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0;
	while (i < len) {
		long cp;
		i += u8_next(u + i, len - i, &cp);
		if (cp < 0)
			cp = 0xFFFD;
		if (!removed_cp(cp))
			o += u8_put(out + o, cp);
	}
	out[o] = '\0';
	return out;
}

/* The ASCII spellings text_asciify uses (see text.h). */
static const struct {
	long cp;
	const char *ascii;
} ascii_twins[] = {
	{ 0x00B7, "." },
	{ 0x00D7, "x" },
	{ 0x2248, "~" },
	{ 0x2212, "-" },
	{ 0x2016, "||" },
	{ 0x00B2, "^2" },
	{ 0x00B3, "^3" },
	{ 0x1D40, "^T" },
	{ 0x2192, "->" },
	{ 0x2190, "<-" },
	{ 0x2264, "<=" },
	{ 0x2265, ">=" },
	{ 0x2026, "..." },
	{ 0x201C, "\"" },
	{ 0x201D, "\"" },
	{ 0x2018, "'" },
	{ 0x2019, "'" },
	{ 0x2014, "-" },
	{ 0x2013, "-" },
	{ 0x00B5, "u" },
	{ 0x03BC, "u" },
};

char *text_asciify(const char *s)
{
	s = s ? s : "";
	size_t len = strlen(s);
	char *o = malloc(len * 3 + 1); /* "..." from a 3-byte "…" at most, ASCII 1:1 */
	if (!o)
		return NULL;
	size_t j = 0;
	for (size_t i = 0; i < len;) {
		long cp;
		i += u8_next((const unsigned char *)s + i, len - i, &cp);
		const char *twin = "?";
		if (cp >= 0 && cp < 0x80) {
			o[j++] = (char)cp;
			continue;
		}
		for (size_t k = 0; k < sizeof ascii_twins / sizeof *ascii_twins; k++)
			if (ascii_twins[k].cp == cp)
				twin = ascii_twins[k].ascii;
		size_t n = strlen(twin);
		memcpy(o + j, twin, n);
		j += n;
	}
	o[j] = '\0';
	return o;
}

bool text_valid_utf8(const char *s, size_t len, size_t *bad)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		long cp;
		size_t k = u8_next(u + i, len - i, &cp);
		if (cp <= 0) {
			if (bad)
				*bad = i;
			return false;
		}
		i += k;
	}
	return true;
}
