/* Unit tests for keys.c: the bindings come from the labels of the one key
 * table, so every single-character word of a label must map to its
 * command, and the named keys to theirs.  Characters only here (KEY_* codes
 * are checked end to end in tests/e2e). */
#include <string.h>
#include "tap.h"
#include "keys.h"

int main(void)
{
	is_int(keys_count(), CMD_COUNT - 1, "one help entry per command");
	for (int i = 0; i < keys_count(); i++) {
		const char *l = keys_label(i);
		ok(l && *l && keys_help(i) && *keys_help(i), "entry %d has keys and help", i);
		for (const char *p = l; *p;) {
			size_t n = strcspn(p, " ");
			if (n == 1)
				is_int(keys_cmd((unsigned char)*p, false), i + 1, "'%c' runs entry %d (%s)", *p, i, keys_help(i));
			p += n;
			p += strspn(p, " ");
		}
	}
	static const struct { int key; enum cmd cmd; const char *what; } named[] = {
		{ ' ', CMD_PGDN, "Space" }, { '\r', CMD_ENTER, "Enter (CR)" }, { '\n', CMD_ENTER, "Enter (LF)" },
		{ 27, CMD_BACK, "Esc" }, { 127, CMD_BACK, "Backspace (DEL)" }, { 8, CMD_BACK, "Backspace (BS)" },
		{ '\t', CMD_TAB, "Tab" }, { 12, CMD_REDRAW, "Ctrl-L" },
		{ 'x', CMD_NONE, "an unbound letter" }, { 'o', CMD_NONE, "o is left to the screens" },
		{ 0x4e2d, CMD_NONE, "a CJK character" },
	};
	for (size_t i = 0; i < sizeof named / sizeof *named; i++)
		is_int(keys_cmd(named[i].key, false), named[i].cmd, "%s", named[i].what);
	is_int(keys_cmd('q', true), CMD_NONE, "a key code with the value of 'q' is not q");
	is_int(keys_label(-1)[0], 0, "out-of-range label is empty");
	is_int(keys_help(keys_count())[0], 0, "out-of-range help is empty");
	return tap_done();
}
