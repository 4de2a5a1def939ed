/* keymap: the dispatch, status-line hints and help lines made from the
 * screens' key tables (keymap.h).  The global keys live here, in a table
 * of the same kind, so they are described exactly as a screen's own. */
#include <stdio.h>
#include <string.h>
#include "keymap.h"
#include "i18n.h"
#include "text.h"

static const struct screen_key globals[] = {
	{ .id = GK_BACK, .cmd = CMD_BACK, .label = MSG_ST_BACK },
	{ .id = GK_HELP, .cmd = CMD_HELP, .label = MSG_ST_HELP },
	{ .id = GK_QUIT, .cmd = CMD_QUIT, .label = MSG_ST_QUIT },
	{ .id = GK_REDRAW, .cmd = CMD_REDRAW },
};
#define NGLOBAL (sizeof globals / sizeof *globals)

int keymap_id(const struct screen_key *r)
{
	return r->id ? r->id : (int)r->cmd;
}

/* The key names of row r, as keys.c reads them. */
static const char *names_of(const struct screen_key *r)
{
	return r->keys ? r->keys : r->cmd ? keys_label((int)r->cmd - 1) : "";
}

static const char *help_of(const struct screen_key *r)
{
	return r->help != KEY_NO_MSG ? tr(r->help) : r->cmd ? keys_help((int)r->cmd - 1) : "";
}

bool keymap_on(const struct screen *s, struct app *app, void *st,
	       const struct screen_key *r, enum msg *why)
{
	enum msg w = KEY_NO_MSG;
	bool on = !s->key_on || s->key_on(app, st, keymap_id(r), &w);
	if (why)
		*why = on ? KEY_NO_MSG : w;
	return on;
}

static bool row_matches(const struct screen_key *r, const struct input *in)
{
	if (r->cmd && in->cmd == r->cmd)
		return true;   /* wheel events arrive as CMD_UP/CMD_DOWN */
	return in->mouse == MOUSE_NONE && r->keys && keys_match(r->keys, in->key, in->is_key_code);
}

const struct screen_key *keymap_find(const struct screen *s, struct app *app, void *st,
				     const struct input *in, const struct screen_key **off)
{
	*off = NULL;
	for (size_t i = 0; s->keys && i < s->nkeys; i++) {
		const struct screen_key *r = &s->keys[i];
		if (!row_matches(r, in))
			continue;
		enum msg why;
		if (keymap_on(s, app, st, r, &why))
			return r;
		if (why != KEY_NO_MSG && !*off)
			*off = r;
	}
	return NULL;
}

enum global_key keymap_global(const struct input *in)
{
	for (size_t i = 0; i < NGLOBAL; i++)
		if (row_matches(&globals[i], in))
			return (enum global_key)globals[i].id;
	return GK_NONE;
}

void keymap_why(const struct screen_key *r, enum msg why, const struct input *in,
		char *buf, size_t size)
{
	char keys[64];
	if (!in->is_key_code && in->key > ' ' && in->key < 127)   /* the key pressed */
		snprintf(keys, sizeof keys, "%c", in->key);
	else
		keys_show(names_of(r), true, keys, sizeof keys);
	snprintf(buf, size, tr(MSG_KEY_OFF_SAY), keys, tr(why));
}

/* Whether a row of s that works now names the key word w (len bytes). */
static bool claimed(const struct screen *s, struct app *app, void *st, const char *w, size_t len)
{
	for (size_t i = 0; s->keys && i < s->nkeys; i++) {
		const char *p = names_of(&s->keys[i]);
		bool has = false;
		while (*p && !has) {
			size_t n = strcspn(p, " ");
			has = n == len && !strncmp(p, w, len);
			p += n;
			p += strspn(p, " ");
		}
		if (has && keymap_on(s, app, st, &s->keys[i], NULL))
			return true;
	}
	return false;
}

/* The words of global row g that s leaves to the driver, into buf. */
static void global_names(const struct screen *s, struct app *app, void *st,
			 const struct screen_key *g, char *buf, size_t size)
{
	size_t o = 0;
	buf[0] = '\0';
	for (const char *p = names_of(g); *p;) {
		size_t n = strcspn(p, " ");
		if (!claimed(s, app, st, p, n) && o + n + 2 < size)
			o += (size_t)snprintf(buf + o, size - o, "%s%.*s", o ? " " : "", (int)n, p);
		p += n;
		p += strspn(p, " ");
	}
}

/* ---- the status line ---- */

#define MAXHINT 24

struct hint {
	char cap[64];     /* "n/p" */
	const char *label; /* "page" */
	int prio;   /* dropped lowest first when they do not fit */
	bool on;
};

static int add_hint(struct hint *h, int n, const char *cap, const struct screen_key *r, int prio)
{
	if (n >= MAXHINT + (int)NGLOBAL)
		return n;
	snprintf(h[n].cap, sizeof h[n].cap, "%s", cap);
	h[n].label = tr(r->label);
	h[n].prio = prio;
	h[n].on = true;
	return n + 1;
}

static void row_cap(const struct screen_key *r, char *buf, size_t size)
{
	if (r->cap != KEY_NO_MSG)
		snprintf(buf, size, "%s", tr(r->cap));
	else
		keys_show(names_of(r), true, buf, size);
}

static int own_hints(const struct screen *s, struct app *app, void *st, struct hint *h)
{
	int n = 0;
	enum msg prev = KEY_NO_MSG;
	for (size_t i = 0; s->keys && i < s->nkeys && n < MAXHINT; i++) {
		const struct screen_key *r = &s->keys[i];
		if (r->label == KEY_NO_MSG || !keymap_on(s, app, st, r, NULL))
			continue;
		char cap[48];
		row_cap(r, cap, sizeof cap);
		if (n && prev == r->label) {   /* "n p" under one label: "n/p page" */
			size_t l = strlen(h[n - 1].cap);
			snprintf(h[n - 1].cap + l, sizeof h[n - 1].cap - l, "/%s", cap);
			continue;
		}
		n = add_hint(h, n, cap, r, (r->needed ? 800 : 10) + (int)(s->nkeys - i));
		prev = r->label;
	}
	return n;
}

void keymap_hints(const struct screen *s, struct app *app, void *st, enum hints which,
		  bool can_back, int width, char *buf, size_t size)
{
	struct hint h[MAXHINT + NGLOBAL];
	int n = which == HINTS_GLOBAL ? 0 : own_hints(s, app, st, h);
	/* help and quit always stay (how to learn the rest, how to leave);
	 * the way back outlasts the screen's own keys, except those the state
	 * needs (screen_key.needed) */
	static const int gprio[] = { [GK_BACK] = 500, [GK_HELP] = 1000, [GK_QUIT] = 1000 };
	for (size_t i = 0; i < NGLOBAL; i++) {
		const struct screen_key *g = &globals[i];
		if (which == HINTS_OWN || g->label == KEY_NO_MSG || (g->id == GK_BACK && !can_back))
			continue;
		char names[64], cap[48];
		global_names(s, app, st, g, names, sizeof names);
		if (!names[0])
			continue;
		keys_show(names, true, cap, sizeof cap);
		n = add_hint(h, n, cap, g, gprio[g->id]);
	}
	for (;;) {   /* drop the least important until the rest fit */
		int w = 0, low = -1;
		for (int i = 0; i < n; i++)
			if (h[i].on) {
				w += (w ? 2 : 0) + text_width(h[i].cap) + 1 + text_width(h[i].label);
				if (low < 0 || h[i].prio < h[low].prio)
					low = i;
			}
		if (w <= width || low < 0 || h[low].prio >= 1000)
			break;
		h[low].on = false;
	}
	size_t o = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && o + 1 < size; i++)
		if (h[i].on) {
			int k = snprintf(buf + o, size - o, "%s%s %s", o ? "  " : "", h[i].cap, h[i].label);
			o = k < 0 || (size_t)k >= size - o ? size - 1 : o + (size_t)k;
		}
}

/* ---- the help page ---- */

static int add_line(struct key_line *out, int n, int max, const char *keys,
		    const char *what, enum msg why)
{
	if (n >= max)
		return n;
	keys_show(keys, false, out[n].keys, sizeof out[n].keys);
	out[n].what = what;
	out[n].why = why;
	out[n].heading = false;
	return n + 1;
}

static int add_heading(struct key_line *out, int n, int max, enum msg text)
{
	if (n + 1 >= max)
		return n;
	if (n > 0) {   /* a gap before it */
		out[n] = (struct key_line){ .what = "" };
		n++;
	}
	out[n] = (struct key_line){ .what = tr(text), .heading = true };
	return n + 1;
}

int keymap_lines(const struct screen *s, struct app *app, void *st, bool can_back,
		 struct key_line *out, int max)
{
	int n = add_heading(out, 0, max, MSG_HELP_HERE);
	for (size_t i = 0; i < s->nkeys; i++) {
		const struct screen_key *r = &s->keys[i];
		enum msg why;
		if (!keymap_on(s, app, st, r, &why) && why == KEY_NO_MSG)
			continue;
		n = add_line(out, n, max, names_of(r), help_of(r), why);
	}
	n = add_heading(out, n, max, MSG_HELP_EVERYWHERE);
	for (size_t i = 0; i < NGLOBAL; i++) {
		const struct screen_key *g = &globals[i];
		char names[64];
		global_names(s, app, st, g, names, sizeof names);
		if (!names[0] || (g->id == GK_BACK && !can_back))
			continue;
		n = add_line(out, n, max, names, help_of(g), KEY_NO_MSG);
	}
	if (n < max) {
		snprintf(out[n].keys, sizeof out[n].keys, "%s", tr(MSG_HELP_MOUSE_KEY));
		out[n].what = tr(MSG_HELP_MOUSE);
		out[n].why = KEY_NO_MSG;
		out[n].heading = false;
		n++;
	}
	if (s->help_notes[0] != KEY_NO_MSG)   /* how to read the screen: lines with no key */
		n = add_heading(out, n, max, MSG_HELP_READING);
	static char notes[SCREEN_NOTES][320];   /* written as formats: "%%lib" */
	for (int i = 0; i < SCREEN_NOTES && s->help_notes[i] != KEY_NO_MSG; i++) {
		text_unpercent(tr(s->help_notes[i]), notes[i], sizeof notes[i]);
		n = add_line(out, n, max, "", notes[i], KEY_NO_MSG);
	}
	return n;
}
