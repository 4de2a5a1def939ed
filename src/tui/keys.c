/* keys: the bindings are read from the same strings the help screen shows
 * ("Up k", "Space PgDn", "Ctrl-L"), so the two can never disagree.  Each
 * word of a label is a key name from the small table below or a single
 * printable character standing for itself. */
#include <curses.h>
#include <string.h>
#include "keys.h"
#include "i18n.h"

/* What the help screen shows for a command is its MSG_KEY_<cmd> message
 * in the learner's language (i18n_msgs.h). */
static const struct { enum cmd cmd; const char *keys; enum msg text; } table[] = {
#define X(c, k) { c, k, MSG_KEY_##c },
	CK_COMMANDS(X)
#undef X
};
#define NCMD ((int)(sizeof table / sizeof *table))

/* A key name and the raw keys it stands for; code marks curses KEY_* values
 * (as opposed to characters, which can share the same numbers). */
struct keyname {
	const char *name;
	int key[3];
	bool code[3];
	int n;
};

static const struct keyname names[] = {
	{ "Up",        { KEY_UP },                     { true },  1 },
	{ "Down",      { KEY_DOWN },                   { true },  1 },
	{ "Left",      { KEY_LEFT },                   { true },  1 },
	{ "Right",     { KEY_RIGHT },                  { true },  1 },
	{ "PgDn",      { KEY_NPAGE },                  { true },  1 },
	{ "PgUp",      { KEY_PPAGE },                  { true },  1 },
	{ "Home",      { KEY_HOME },                   { true },  1 },
	{ "End",       { KEY_END },                    { true },  1 },
	{ "Space",     { ' ' },                        { false }, 1 },
	{ "Tab",       { '\t' },                       { false }, 1 },
	{ "Shift-Tab", { KEY_BTAB },                   { true },  1 },
	{ "Esc",       { 27 },                         { false }, 1 },
	{ "Enter",     { '\r', '\n', KEY_ENTER },      { false, false, true }, 3 },
	{ "Backspace", { KEY_BACKSPACE, 127, 8 },      { true, false, false }, 3 },
	{ "Ctrl-L",    { 12 },                         { false }, 1 },
	{ "Ctrl-T",    { 20 },                         { false }, 1 },
};

static bool word_matches(const char *w, size_t len, int key, bool is_code)
{
	if (len == 1)
		return !is_code && key == (unsigned char)w[0];
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const struct keyname *k = &names[i];
		if (strlen(k->name) != len || strncmp(k->name, w, len))
			continue;
		for (int j = 0; j < k->n; j++)
			if (k->key[j] == key && k->code[j] == is_code)
				return true;
		return false;
	}
	return false;
}

bool keys_match(const char *names, int key, bool is_key_code)
{
	for (const char *p = names ? names : ""; *p;) {
		size_t len = strcspn(p, " ");
		if (len && word_matches(p, len, key, is_key_code))
			return true;
		p += len;
		p += strspn(p, " ");
	}
	return false;
}

enum cmd keys_cmd(int key, bool is_key_code)
{
	for (int i = 0; i < NCMD; i++)
		if (keys_match(table[i].keys, key, is_key_code))
			return table[i].cmd;
	return CMD_NONE;
}

/* Key names that are words, not what the keycap says: translated. */
static const struct { const char *name; enum msg text; } shown[] = {
	{ "Up", MSG_KN_UP }, { "Down", MSG_KN_DOWN }, { "Left", MSG_KN_LEFT },
	{ "Right", MSG_KN_RIGHT }, { "Space", MSG_KN_SPACE },
};

void keys_show(const char *names, bool first, char *buf, size_t size)
{
	size_t o = 0;
	if (size)
		buf[0] = '\0';
	for (const char *p = names ? names : ""; *p && o + 1 < size;) {
		size_t len = strcspn(p, " ");
		const char *w = p;
		int wl = (int)len;
		for (size_t i = 0; i < sizeof shown / sizeof *shown; i++)
			if (strlen(shown[i].name) == len && !strncmp(shown[i].name, p, len)) {
				w = tr(shown[i].text);
				wl = (int)strlen(w);
			}
		int n = snprintf(buf + o, size - o, "%s%.*s", o ? " " : "", wl, w);
		o = n < 0 || (size_t)n >= size - o ? size - 1 : o + (size_t)n;
		if (first)
			break;
		p += len;
		p += strspn(p, " ");
	}
}

int keys_count(void)
{
	return NCMD;
}

const char *keys_label(int i)
{
	return i >= 0 && i < NCMD ? table[i].keys : "";
}

const char *keys_help(int i)
{
	return i >= 0 && i < NCMD ? tr(table[i].text) : "";
}
