/* test_progress_pages: the pages of a lesson not yet on screen, as kept
 * in progress.yaml (`unread: "2-4, 6"`) and shown by the menu and the
 * reader: formatted in ranges, read back page by page, cut with "..."
 * when too long, and kept across a round trip of the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "progress.h"
#include "tap.h"

int main(void)
{
	bool seen[8] = { true, false, false, false, true, false, true, true };
	char outb[64], *out = outb;
	progress_unread_format(seen, 8, out, sizeof outb);
	is_str(out, "2-4, 6", "ranges and single pages, 1-based");
	ok(progress_unread_many(out), "more than one page");
	progress_unread_format(seen, 2, out, sizeof outb);
	is_str(out, "2", "only the pages before the given one");
	ok(!progress_unread_many(out), "one page");
	progress_unread_format(seen, 1, out, sizeof outb);
	is_str(out, "", "none skipped: empty");
	ok(progress_unread_has("2-4, 6", 1) && progress_unread_has("2-4, 6", 3) && progress_unread_has("2-4, 6", 5),
	   "pages 2, 4 and 6 are in the list");
	ok(!progress_unread_has("2-4, 6", 0) && !progress_unread_has("2-4, 6", 4) && !progress_unread_has("", 0),
	   "pages 1 and 5 are not");
	bool alt[200];
	for (int i = 0; i < 200; i++)
		alt[i] = i % 2;
	progress_unread_format(alt, 200, out, 32);
	ok(strlen(out) < 32 && strstr(out, "..."), "a list too long ends with ...");

	static struct progress p, back;
	progress_init(&p);
	struct lesson_progress *l = progress_lesson(&p, "five");
	l->page = 4;
	snprintf(l->unread, sizeof l->unread, "2-4");
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ok(f && progress_format(f, &p), "written");
	if (f)
		fclose(f);
	ok(buf && strstr(buf, "done: false, unread: \"2-4\"}"), "the lesson's unread pages are in the file");
	ok(buf && progress_parse("mem", buf, len, &back) && !strcmp(back.lessons[0].unread, "2-4"), "and read back");
	free(buf);
	return tap_done();
}
