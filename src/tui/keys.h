/* keys: one table of key bindings (an X-macro) that produces both the
 * dispatch from raw keys to commands and the help screen.  Mouse events are
 * mapped into the same commands where they mean the same thing (wheel ->
 * CMD_UP/CMD_DOWN, click -> a struct input with mouse set). */
#ifndef CK_KEYS_H
#define CK_KEYS_H
#include <stdbool.h>

/* X(cmd, "keys as shown in help", "what it does") */
#define CK_COMMANDS(X) \
	X(CMD_QUIT,    "q",             "quit (progress is saved)") \
	X(CMD_HELP,    "?",             "this help") \
	X(CMD_UP,      "Up k",          "move up / scroll up") \
	X(CMD_DOWN,    "Down j",        "move down / scroll down") \
	X(CMD_LEFT,    "Left h",        "left / step back") \
	X(CMD_RIGHT,   "Right l",       "right / step forward") \
	X(CMD_PGDN,    "Space PgDn",    "page down") \
	X(CMD_PGUP,    "b PgUp",        "page up") \
	X(CMD_TOP,     "g Home",        "go to top") \
	X(CMD_BOTTOM,  "G End",         "go to bottom") \
	X(CMD_NEXT,    "n",             "next page") \
	X(CMD_PREV,    "p",             "previous page") \
	X(CMD_ENTER,   "Enter",         "open / choose / drop") \
	X(CMD_BACK,    "Esc Backspace", "back") \
	X(CMD_TAB,     "Tab",           "next item / label") \
	X(CMD_REDRAW,  "Ctrl-L",        "redraw the screen")

enum cmd {
	CMD_NONE = 0,
#define X(c, k, h) c,
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
};

/* Maps a raw key to a command. */
enum cmd keys_cmd(int key, bool is_key_code);
/* The help table: count and the i-th entry's keys and description. */
int keys_count(void);
const char *keys_label(int i);
const char *keys_help(int i);
#endif
