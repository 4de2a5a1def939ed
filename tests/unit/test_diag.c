/* test_diag: formatting and cleaning of positioned errors. */
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "tap.h"

int main(void)
{
	struct diags d = { 0 };
	diags_add(&d, "l.yaml", 3, 7, "unknown key '%s'", "titel");
	diags_add(&d, "gone.yaml", 0, 0, "cannot open: %s", "No such file");
	diags_add(&d, "x.yaml", 1, 1, "bad '%s'", "a\x1b[31mred\nnext\tcol\xc2\x9b\xe2\x80\xae!\xff");
	for (int i = 0; i < 20; i++)
		diags_add(&d, "many.yaml", i + 1, 1, "n%d", i);
	is_int(d.n, 23, "23 diags kept (the array grows)");
	char buf[256];
	const char *s = buf;
	diag_format(&d.v[0], buf, sizeof buf);
	is_str(s, "l.yaml:3:7: error: unknown key 'titel'", "FILE:LINE:COL: error: MSG");
	diag_format(&d.v[1], buf, sizeof buf);
	is_str(s, "gone.yaml:1:1: error: cannot open: No such file",
	       "no position: the file as a whole, FILE:1:1: error: MSG");
	diag_format(&d.v[2], buf, sizeof buf);
	is_str(s, "x.yaml:1:1: error: bad 'a[31mred next col!\xef\xbf\xbd'",
	       "ESC, C1, bidi override removed; newline and tab become spaces; a bad byte becomes U+FFFD");

	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	diags_print(&d, f);
	fclose(f);
	ok(mem && !strncmp(mem, "l.yaml:3:7: error: unknown key 'titel'\ngone.yaml:1:1: error: cannot open: No such file\n", 87),
	   "diags_print prints one line per entry");
	size_t lines = 0;
	for (const char *c = mem; c && *c; c++)
		lines += *c == '\n';
	is_int(lines, 23, "diags_print: a line for each of the 23 entries");
	ok(mem && strstr(mem, "many.yaml:20:1: error: n19\n"), "diags_print: the last entry too");
	free(mem);
	/* a long path is printed whole, not cut at some buffer size */
	struct diags longd = { 0 };
	char path[3001];
	memset(path, 'p', sizeof path - 1);
	path[sizeof path - 1] = '\0';
	diags_add(&longd, path, 2, 5, "long");
	mem = NULL;
	f = open_memstream(&mem, &len);
	diags_print(&longd, f);
	fclose(f);
	ok(mem && len == sizeof path - 1 + strlen(":2:5: error: long\n") && strstr(mem, ":2:5: error: long\n"),
	   "diags_print: a 3000-byte path is printed whole (%zu bytes)", len);
	free(mem);
	diags_free(&longd);
	diags_free(&d);
	ok(d.n == 0 && d.v == NULL, "diags_free leaves it empty");
	diags_add(&d, "again", 1, 2, "reused");
	is_int(d.n, 1, "and reusable");
	diags_free(&d);
	diags_free(NULL);
	return tap_done();
}
