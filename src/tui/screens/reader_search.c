/* reader_search: the reader's search prompt (see reader_search.h). */
#include "reader_search.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>
#include "i18n.h"

void rsearch_open(struct rsearch *s)
{
	s->typing = true;
	s->typed[0] = '\0';
}

static void append(struct rsearch *s, wchar_t wc)
{
	char mb[MB_LEN_MAX + 1];
	mbstate_t ms;
	memset(&ms, 0, sizeof ms);
	size_t n = wcrtomb(mb, wc, &ms), len = strlen(s->typed);
	if (n == (size_t)-1 || len + n >= sizeof s->typed)
		return;
	memcpy(s->typed + len, mb, n);
	s->typed[len + n] = '\0';
}

static void backspace(struct rsearch *s)
{
	size_t len = strlen(s->typed);
	while (len > 0 && ((unsigned char)s->typed[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	s->typed[len] = '\0';
}

int rsearch_type(struct rsearch *s, const struct input *in)
{
	if (in->mouse != MOUSE_NONE)
		return 0;
	int k = in->key;
	if ((!in->is_key_code && (k == '\n' || k == '\r')) || (in->is_key_code && k == KEY_ENTER)) {
		s->typing = false;
		if (!s->typed[0])
			return -1;
		snprintf(s->query, sizeof s->query, "%s", s->typed);
		return 1;
	}
	if (!in->is_key_code && k == 27) {
		s->typing = false;
		return -1;
	}
	if ((in->is_key_code && k == KEY_BACKSPACE) || (!in->is_key_code && (k == 127 || k == 8))) {
		backspace(s);
		return 0;
	}
	if (!in->is_key_code && k >= 32 && iswprint((wint_t)k))
		append(s, (wchar_t)k);
	return 0;
}

void rsearch_prompt(const struct rsearch *s, char *left, size_t lsize, char *hints, size_t hsize)
{
	snprintf(left, lsize, "/%s_", s->typed);
	snprintf(hints, hsize, "%s", tr(MSG_RD_SEARCH_KEYS));
}
