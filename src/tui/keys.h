/* keys: the shared vocabulary of commands (an X-macro): the key names of
 * moving, paging, choosing and the global keys, each with its help text.
 * Every screen declares its own keys in a table of struct screen_key
 * (screen.h) that names these commands or its own keys; the status line,
 * the help page and the dispatch are made from those tables (keymap.h).
 * Mouse events are mapped into the same commands where they mean the same
 * thing (wheel -> CMD_UP/CMD_DOWN, click -> a struct input with mouse set). */
#ifndef CK_KEYS_H
#define CK_KEYS_H
#include <stdbool.h>
#include <stddef.h>

/* X(cmd, "keys as shown in help"); what a command does, in both languages,
 * is its MSG_KEY_<cmd> message (src/core/i18n_msgs.h), its only text. */
#define CK_COMMANDS(X) \
	X(CMD_QUIT,    "q") \
	X(CMD_HELP,    "?") \
	X(CMD_UP,      "Up k") \
	X(CMD_DOWN,    "Down j") \
	X(CMD_LEFT,    "Left h") \
	X(CMD_RIGHT,   "Right l") \
	X(CMD_PGDN,    "Space PgDn") \
	X(CMD_PGUP,    "b PgUp") \
	X(CMD_TOP,     "g Home") \
	X(CMD_BOTTOM,  "G End") \
	X(CMD_NEXT,    "n") \
	X(CMD_PREV,    "p") \
	X(CMD_ENTER,   "Enter") \
	X(CMD_BACK,    "Esc Backspace") \
	X(CMD_TAB,     "Tab") \
	X(CMD_REDRAW,  "Ctrl-L")

enum cmd {
	CMD_NONE = 0,
#define X(c, k) c,
	CK_COMMANDS(X)
#undef X
	CMD_COUNT
};

enum mouse_kind { MOUSE_NONE, MOUSE_PRESS, MOUSE_DRAG, MOUSE_RELEASE, MOUSE_WHEEL_UP, MOUSE_WHEEL_DOWN };

/* One input event as screens see it.  key is the raw curses key (a wide
 * character for text entry, or KEY_*); cmd is what the table made of it
 * (CMD_NONE when the key is not bound, e.g. letters typed into a quiz).
 * Screens with text entry look at key first; others at cmd. */
struct input {
	int key;          /* wint_t value or KEY_* code */
	bool is_key_code; /* true for KEY_* from get_wch */
	enum cmd cmd;
	enum mouse_kind mouse;
	int my, mx;       /* mouse position, 0-based screen cell */
	int id;           /* the row of the screen's key table that matched
	                     (struct screen_key's id), 0 for none; set by app.c */
};

/* Maps a raw key to a command. */
enum cmd keys_cmd(int key, bool is_key_code);
/* The help table: count and the i-th entry's keys and description. */
int keys_count(void);
const char *keys_label(int i);
const char *keys_help(int i);
/* Whether the raw key is one of the key names in names ("Up k", "+ =",
 * "Space PgDn": the words of a label, as above). */
bool keys_match(const char *names, int key, bool is_key_code);
/* names as the learner reads them: each word in the learner's language
 * (Up -> 上, Space -> 空格 in Chinese; keys printed on the keycap, Enter,
 * Esc, Tab, PgDn, and letters stay as they are).  The first word only when
 * first is true (the status line names one key per action). */
void keys_show(const char *names, bool first, char *buf, size_t size);
#endif
