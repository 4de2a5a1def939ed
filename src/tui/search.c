/* search: the search prompt and the finding in a list (see search.h). */
#include "search.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>
#include "i18n.h"
#include "lesson_find.h"
#include "ui.h"

void search_open(struct search *s)
{
	s->typing = true;
	s->typed[0] = '\0';
}

static void append(struct search *s, wchar_t wc)
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

static void backspace(struct search *s)
{
	size_t len = strlen(s->typed);
	while (len > 0 && ((unsigned char)s->typed[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	s->typed[len] = '\0';
}

int search_type(struct search *s, const struct input *in)
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

bool search_status(const struct search *s)
{
	if (!s->typing)
		return false;
	char left[96];
	snprintf(left, sizeof left, "/%s_", s->typed);
	ui_status(left, tr(MSG_RD_SEARCH_KEYS));
	return true;
}

static bool row_has(const struct search *s, int i, search_row_fn text, void *ctx)
{
	return find_in(text(ctx, i), s->query);
}

int search_rows(const struct search *s, int n, int from, int dir, search_row_fn text, void *ctx,
		bool *wrapped)
{
	*wrapped = false;
	if (!s->query[0] || n <= 0)
		return -1;
	if (from < -1 || from >= n)
		from = -1;
	int i = from;
	for (int k = 0; k < n; k++) {
		i += dir > 0 ? 1 : -1;
		if (i >= n || i < 0) {
			i = i >= n ? 0 : n - 1;
			*wrapped = from >= 0;   /* a search from the top is no wrap */
		}
		if (row_has(s, i, text, ctx))
			return i;
	}
	return -1;
}

int search_count(const struct search *s, int n, int i, search_row_fn text, void *ctx, int *rank)
{
	int count = 0;
	*rank = 0;
	for (int k = 0; k < n; k++)
		if (row_has(s, k, text, ctx)) {
			count++;
			if (k == i)
				*rank = count;
		}
	return count;
}

const char *search_wrap_note(bool wrapped, int dir)
{
	return !wrapped ? "" : tr(dir > 0 ? MSG_SEARCH_WRAP_TOP : MSG_SEARCH_WRAP_BOTTOM);
}

void search_say(const struct search *s, int found, int rank, int count, bool wrapped, int dir,
		char *buf, size_t size)
{
	if (found < 0) {
		snprintf(buf, size, tr(MSG_SEARCH_NOT_FOUND), s->query);
		return;
	}
	char where[160];
	snprintf(where, sizeof where, tr(MSG_SEARCH_MATCH), s->query, rank, count);
	snprintf(buf, size, "%s%s", where, search_wrap_note(wrapped, dir));
}
