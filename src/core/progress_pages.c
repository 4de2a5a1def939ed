/* progress_pages: the pages of a lesson not yet on screen, as the short
 * list progress.yaml keeps (`unread: "2-4, 6"`, 1-based, ascending) and
 * the menu and the reader's end marker show.  A lesson counts as read only
 * when every page was on screen; this says which ones were not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "progress.h"

void progress_unread_format(const bool *seen, size_t before, char *out, size_t size)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; i < before; i++) {
		if (seen[i])
			continue;
		size_t j = i;
		while (j + 1 < before && !seen[j + 1])
			j++;
		char part[48];
		int n = j > i ? snprintf(part, sizeof part, "%s%zu-%zu", len ? ", " : "", i + 1, j + 1)
			      : snprintf(part, sizeof part, "%s%zu", len ? ", " : "", i + 1);
		if (len + (size_t)n + 4 >= size) { /* no room: the list says it goes on */
			snprintf(out + len, size - len, "%s", len + 4 < size ? "..." : "");
			return;
		}
		memcpy(out + len, part, (size_t)n + 1);
		len += (size_t)n;
		i = j;
	}
}

bool progress_unread_has(const char *unread, size_t page)
{
	const char *p = unread;
	while (*p) {
		char *end;
		unsigned long a = strtoul(p, &end, 10), b = a;
		if (end == p) {
			p++;
			continue;
		}
		p = end;
		if (*p == '-') {
			b = strtoul(p + 1, &end, 10);
			p = end;
		}
		if (page + 1 >= a && page + 1 <= b)
			return true;
	}
	return false;
}

bool progress_unread_many(const char *unread)
{
	return strpbrk(unread, "-,.") != NULL;
}
