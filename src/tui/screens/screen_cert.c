/* screen_cert: the certificate.  Three states: locked (level 5 not passed:
 * what remains, Enter opens the quiz), name entry (1-64 columns of
 * printable UTF-8 typed with get_wch, Backspace, Enter), and written (the
 * certificate as saved, scrollable, with its path).
 *
 * Existing certificates: never overwritten.  Every certificate gets its
 * own file (cert_write picks a new name, -2, -3 ...), so writing again,
 * with the same name or another, keeps the earlier ones; the screen says
 * so before the learner types.  The learner's progress records the
 * certificate they wrote for the running course (path, SHA-256, time:
 * progress_cert_set); the screen opens on that one (n writes another),
 * says so when it has changed since, and asks for a name when it is gone.
 * It never shows another file of the certificate folder, which a
 * classroom may share. */
#include <curses.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include <wctype.h>
#include "app.h"
#include "cert.h"
#include "drill.h"
#include "paths.h"
#include "quiz_run.h"
#include "screen.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

extern const struct screen screen_cert;

enum cert_state { CS_LOCKED, CS_NAME, CS_DONE };

struct cert_view {
	enum cert_state state;
	char name[CERT_NAME_MAX_BYTES + 8];   /* typed so far, UTF-8 */
	char error[600];
	char path[4096];
	struct text_lines text;               /* the written certificate */
	int top;
	char heading[200]; /* above the path: written now, or when */
	char note[4400];   /* the recorded certificate is gone ("" none) */
	bool changed;      /* the file differs from what was written */
};

static void load_text(struct cert_view *v);

/* The SHA-256 of the whole file at path into hex; false when it cannot
 * be read (gone, unreadable, larger than a certificate can be). */
static bool file_sha256(const char *path, char hex[65])
{
	FILE *f = fopen(path, "rb");
	char *buf = f ? malloc(CERT_MAX_FILE + 1) : NULL;
	size_t n = buf ? fread(buf, 1, CERT_MAX_FILE + 1, f) : 0;
	bool good = buf && !ferror(f) && n <= CERT_MAX_FILE && cert_sha256_hex(buf, n, hex);
	free(buf);
	if (f)
		fclose(f);
	return good;
}

/* "YYYY-MM-DD HH:MM UTC" of a record's time ("2026-12-03T19:30:00Z"). */
static void when_of(const struct cert_record *r, char *out, size_t size)
{
	if (strlen(r->written) >= 16 && r->written[10] == 'T')
		snprintf(out, size, "%.10s %.5s UTC", r->written, r->written + 11);
	else
		snprintf(out, size, "%s", r->written);
}

static void *cert_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct cert_view *v = calloc(1, sizeof *v);
	if (!v)
		return NULL;
	v->state = cert_earned_in(&app->progress, app->quiz_levels) ? CS_NAME : CS_LOCKED;
	char key[PROGRESS_COURSE_MAX], hex[65], when[64];
	quiz_run_course_key(app, key, sizeof key);
	const struct cert_record *r = progress_cert_find(&app->progress, key);
	if (v->state != CS_NAME || !r)
		return v;
	when_of(r, when, sizeof when);
	if (!file_sha256(r->path, hex)) { /* gone: the learner writes a new one */
		snprintf(v->note, sizeof v->note, tr(MSG_CERT_GONE), when, r->path);
		return v;
	}
	snprintf(v->path, sizeof v->path, "%s", r->path);
	snprintf(v->heading, sizeof v->heading, tr(MSG_CERT_EXISTING), when);
	v->changed = strcmp(hex, r->sha256) != 0;
	v->state = CS_DONE;
	load_text(v);
	return v;
}

static void draw_locked(const struct app *app)
{
	const struct cert_strings *s = cert_strings_for(app->opt.lang);
	char titles[PROGRESS_LEVELS][160];
	int n = quiz_run_course_levels(app, titles), y = 2;
	char how[200];
	snprintf(how, sizeof how, tr(MSG_CERT_HOW), n);
	ui_text(y++, 2, COLS - 4, C_HEADING, how);
	y++;
	ui_text(y++, 2, COLS - 4, C_NORMAL, tr(MSG_CERT_REMAINS));
	for (int i = 0; i < n; i++) {
		int best = app->progress.levels[i].best;
		if (best >= CERT_PASS_PERCENT)
			continue;
		char line[400];
		const char *name = titles[i][0] ? titles[i] : s->level_name[i];
		if (best < 0)
			snprintf(line, sizeof line, tr(MSG_CERT_NOT_TAKEN), i + 1, name);
		else
			snprintf(line, sizeof line, tr(MSG_CERT_NEEDS), i + 1, name, best, CERT_PASS_PERCENT);
		ui_text(y, 4, 1, C_ACCENT, ui_glyph(G_BULLET));
		ui_text(y++, 6, COLS - 8, C_NORMAL, line);
	}
}

static void draw_name(const struct app *app, const struct cert_view *v)
{
	char ready[200];
	snprintf(ready, sizeof ready, tr(MSG_CERT_READY), app->quiz_levels);
	int y = 2, w = CERT_NAME_MAX_COLS + 4;
	if (w > COLS - 4)
		w = COLS - 4;
	if (v->note[0])
		y = ui_wrap(y, y + 3, 2, COLS - 4, C_WRONG, v->note) + 1;
	y = ui_wrap(y, y + 2, 2, COLS - 4, C_OK, ready);
	y++;
	y = ui_wrap(y, y + 2, 2, COLS - 4, C_NORMAL, tr(MSG_CERT_ASK_NAME));
	ui_box(y, 2, 3, w, C_DIM);
	/* the end of a long name stays visible */
	const char *shown = v->name;
	while (*shown && text_width(shown) > w - 5)
		do
			shown++;
		while (((unsigned char)*shown & 0xC0) == 0x80);
	int used = ui_text(y + 1, 4, w - 5, C_HEADING, shown);
	ui_text(y + 1, 4 + used, 1, C_SELECT, " ");
	y += 4;
	if (v->error[0])
		ui_text(y, 2, COLS - 4, C_WRONG, v->error);
	y += 2;
	struct text_lines tl = { 0 };
	text_wrap(tr(MSG_CERT_ABOUT), COLS - 4, &tl);
	for (size_t i = 0; i < tl.n && y < LINES - 2; i++)
		ui_text(y++, 2, COLS - 4, C_DIM, tl.line[i]);
	text_lines_free(&tl);
}

/* The column a wrapped certificate line goes on at: where its last column
 * starts (after the last run of two or more spaces in the part on the
 * first row: a table's text column), else its own indent; so a table row
 * wraps within its last column and the columns stay aligned. */
static int hang_col(const char *s, size_t first, int w)
{
	int lead = 0, col = 0, hang = -1, spaces = 0;
	while (s[lead] == ' ')
		lead++;
	for (size_t i = 0; i < first;) {
		int cw = 0;
		size_t k = text_char(s + i, &cw);
		if (!k)
			break;
		spaces = s[i] == ' ' ? spaces + 1 : 0;
		col += cw;
		i += k;
		if (spaces >= 2 && (int)i > lead && i < first && s[i] != ' ')
			hang = col;
	}
	return hang > 0 && hang <= w * 2 / 3 ? hang : lead <= w / 2 ? lead
								    : 0;
}

/* The certificate's lines on rows of w columns (the verification line is
 * wider than 80, a skill's text at 60 columns too): a line too wide is
 * wrapped on a word boundary, its further rows at its hang_col, drawing
 * rows top..top+n-1 from row y0; returns how many rows there are in all. */
static int draw_rows(const struct text_lines *t, int w, int top, int y0, int n)
{
	int row = 0;
	for (size_t i = 0; i < t->n; i++) {
		const char *s = t->line[i];
		size_t k = text_width(s) <= w ? strlen(s) : text_shorten(s, w, NULL);
		int x = 0, hang = k < strlen(s) ? hang_col(s, k, w) : 0;
		do {
			if (!k && *s)   /* a character wider than the view: skip it */
				k = text_char(s, NULL);
			if (row >= top && row < top + n) {
				char *part = strndup(s, k);
				if (part)
					ui_text(y0 + row - top, 2 + x, w - x, C_NORMAL, part);
				free(part);
			}
			row++;
			s += k;
			while (*s == ' ')
				s++;
			x = hang;
			k = text_width(s) <= w - x ? strlen(s) : text_shorten(s, w - x, NULL);
		} while (*s);
	}
	return row;
}

/* A path on rows of w columns, broken after a '/' so no name is split
 * (only a single name wider than a row is cut); returns the next row. */
static int draw_path(int y, int w, const char *path)
{
	while (*path) {
		size_t fit = text_fit(path, w, NULL), cut = fit;
		if (path[fit])
			for (size_t k = fit; k > 0; k--)
				if (path[k - 1] == '/') {
					cut = k;
					break;
				}
		if (!cut)
			cut = strlen(path);
		char *part = strndup(path, cut);
		if (part)
			ui_text(y++, 2, w, C_HEADING, part);
		free(part);
		path += cut;
	}
	return y;
}

/* The written certificate, scrolled, above a status bar of bar_rows rows. */
static void draw_done(struct cert_view *v, int bar_rows)
{
	int y = 2, w = COLS - 4;
	ui_text(y++, 2, w, C_OK, v->heading);
	y = draw_path(y, w, v->path);
	if (v->changed)
		y = ui_wrap(y, y + 2, 2, w, C_WRONG, tr(MSG_CERT_CHANGED));
	ui_hline(y++, 0, ui_cols(), C_DIM); /* the page's readable width, as the menu's */
	int view = LINES - bar_rows - y, rows = draw_rows(&v->text, w, 0, y, 0);
	if (v->top > rows - view)
		v->top = rows - view;
	if (v->top < 0)
		v->top = 0;
	draw_rows(&v->text, w, v->top, y, view);
}

static void cert_draw(struct app *app, void *st)
{
	struct cert_view *v = st;
	ui_title(tr(MSG_CERT_TITLE), "");
	char hints[HINTS_MAX];
	screen_hints(&screen_cert, app, v, hints, sizeof hints);
	const char *left = app->status[0] ? app->status : v->state == CS_DONE ? tr(MSG_CERT_CHECK)
									      : "";
	if (v->state == CS_LOCKED)
		draw_locked(app);
	else if (v->state == CS_NAME)
		draw_name(app, v);
	else
		draw_done(v, ui_status_rows(left, hints));
	ui_status(left, hints);
}

/* Reads the written file back, so the screen shows exactly what was
 * saved, line by line as written (ui_text crops what is too wide). */
static void load_text(struct cert_view *v)
{
	FILE *f = fopen(v->path, "rb");
	char *line = NULL;
	size_t cap = 0, room = 0;
	ssize_t n;
	while (f && (n = getline(&line, &cap, f)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (v->text.n == room) {
			size_t nroom = room ? room * 2 : 64;
			char **l = realloc(v->text.line, nroom * sizeof *l);
			if (!l)
				break;
			v->text.line = l;
			room = nroom;
		}
		char *copy = strdup(line);
		if (!copy)
			break;
		v->text.line[v->text.n++] = copy;
	}
	free(line);
	if (f)
		fclose(f);
}

/* Files the certificate just written at path in the learner's progress,
 * as theirs for the running course, and saves it. */
static void record_cert(struct app *app, const char *path, time_t date)
{
	struct cert_record *r = calloc(1, sizeof *r);
	struct tm tm;
	if (!r)
		return;
	quiz_run_course_key(app, r->course, sizeof r->course);
	snprintf(r->path, sizeof r->path, "%s", path);
	if (gmtime_r(&date, &tm))
		strftime(r->written, sizeof r->written, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (file_sha256(path, r->sha256) && strlen(path) < sizeof r->path) {
		progress_cert_set(&app->progress, r);
		app_progress_changed(app);
	}
	free(r);
}

/* The course's drills (a class's own only) into set, and their ids
 * (caller frees; NULL when there are none). */
static const char **course_drills(const struct app *app, struct drill_set *set)
{
	struct diags d = { 0 };
	drill_set_load_course(set, app->datadir, app->opt.lessons_dir, "en", &d);
	diags_free(&d);
	const char **ids = set->n ? calloc(set->n, sizeof *ids) : NULL;
	for (size_t i = 0; ids && i < set->n; i++)
		ids[i] = set->v[i].id;
	return ids;
}

static void write_cert(struct app *app, struct cert_view *v)
{
	char *name, gpu[256], why[512];
	const char *bad;
	if (!cert_name_clean(v->name, &name, &bad)) {
		snprintf(v->error, sizeof v->error, tr(MSG_CERT_NAME_IS),
			 !strcmp(bad, "empty") ? tr(MSG_CERT_NAME_EMPTY) : !strncmp(bad, "too long", 8) ? tr(MSG_CERT_NAME_TOO_LONG) : bad);
		return;
	}
	struct paths p;
	cert_gpu_from_speedups(app->progress.speedups, gpu, sizeof gpu);
	struct cert_info ci = { .name = name, .date = time(NULL), .version = CK_VERSION, .gpu = gpu,
				.progress = &app->progress, .s = cert_strings_for(app->opt.lang) };
	char title[256];   /* a class's certificate names the class, not the built-in course */
	if (app->course_name[0]) {
		snprintf(title, sizeof title, tr(MSG_CW_TITLE_CLASS), app->course_name);
		ci.title = title;
	}
	char titles[PROGRESS_LEVELS][160];   /* a class's own levels by their titles */
	ci.nlevels = quiz_run_course_levels(app, titles);
	struct drill_set set;
	const char **ids = course_drills(app, &set);
	ci.drills_total = ids ? (int)set.n : 0;
	ci.drill_ids = ids;
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		ci.level_title[i] = titles[i];
	for (size_t i = 0; i < app->course.n; i++) {   /* lessons read, of the course taken */
		const struct lesson *l = &app->course.lessons[i];
		if (l->broken || !l->id)
			continue;
		ci.lessons_total++;
		for (size_t k = 0; k < app->progress.nlessons; k++)
			ci.lessons_read += !strcmp(app->progress.lessons[k].id, l->id) && app->progress.lessons[k].done;
	}
	if (!paths_init(app->opt.cert_dir, &p) || !p.certs)
		snprintf(v->error, sizeof v->error, "%s", tr(MSG_CERT_NO_DIR));
	else if (!cert_write(p.certs, &ci, v->path, sizeof v->path, why, sizeof why))
		snprintf(v->error, sizeof v->error, tr(MSG_CERT_NOT_WRITTEN), why);
	else {
		record_cert(app, v->path, ci.date);
		snprintf(v->heading, sizeof v->heading, "%s", tr(MSG_CERT_WRITTEN));
		v->state = CS_DONE;
		v->changed = false;
		v->note[0] = v->error[0] = '\0';
		text_lines_free(&v->text);
		v->top = 0;
		load_text(v);
	}
	paths_free(&p);
	free(ids);
	drill_set_free(&set);
	free(name);
}

/* Appends a typed character when the name stays within 64 columns. */
static void type_char(struct cert_view *v, wchar_t wc)
{
	char mb[MB_LEN_MAX + 1];
	mbstate_t ms;
	memset(&ms, 0, sizeof ms);
	size_t n = wcrtomb(mb, wc, &ms);
	size_t len = strlen(v->name);
	if (n == (size_t)-1 || len + n >= CERT_NAME_MAX_BYTES)
		return;
	mb[n] = '\0';
	memcpy(v->name + len, mb, n + 1);
	if (text_width(v->name) > CERT_NAME_MAX_COLS) {
		v->name[len] = '\0';
		snprintf(v->error, sizeof v->error, tr(MSG_CERT_AT_MOST), CERT_NAME_MAX_COLS);
	} else {
		v->error[0] = '\0';
	}
}

static void backspace(struct cert_view *v)
{
	size_t len = strlen(v->name);
	while (len > 0 && ((unsigned char)v->name[len - 1] & 0xC0) == 0x80)
		len--;
	if (len > 0)
		len--;
	v->name[len] = '\0';
	v->error[0] = '\0';
}

enum { CK_QUIZ = KEY_OWN, CK_WRITE, CK_DELETE, CK_TYPE, CK_NEW };

/* The certificate's keys (screen.h), by state. */
static const struct screen_key cert_keys[] = {
	{ .id = CK_QUIZ, .keys = "Enter", .label = MSG_ST_QUIZ, .help = MSG_HK_CERT_QUIZ },
	{ .id = CK_WRITE, .keys = "Enter", .label = MSG_ST_WRITE, .help = MSG_HK_CERT_WRITE },
	{ .id = CK_DELETE, .keys = "Backspace", .label = MSG_ST_DELETE, .help = MSG_HK_QZ_DELETE },
	{ .id = CK_TYPE, .keys = "q ?", .help = MSG_HK_CERT_TYPE },
	{ .id = CK_NEW, .keys = "n", .label = MSG_ST_NEW_CERT, .help = MSG_HK_CERT_NEW },
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, { .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
};

static bool cert_on(struct app *app, void *st, int id, enum msg *why)
{
	(void)app; (void)why;
	struct cert_view *v = st;
	switch (id) {
	case CK_QUIZ: return v->state == CS_LOCKED;
	case CK_WRITE: case CK_DELETE: case CK_TYPE: return v->state == CS_NAME;
	case CK_NEW: return v->state == CS_DONE;
	default: return v->state == CS_DONE;   /* scrolling the certificate */
	}
}

static enum act name_key(struct app *app, struct cert_view *v, const struct input *in)
{
	if (in->mouse != MOUSE_NONE)
		return ACT_NONE;
	if (in->id == CK_DELETE) {
		backspace(v);
		return ACT_NONE;
	}
	if (in->id == CK_WRITE) {
		write_cert(app, v);
		return ACT_NONE;
	}
	if (!in->is_key_code && in->key >= 32 && iswprint((wint_t)in->key)) {
		type_char(v, (wchar_t)in->key);
		return ACT_NONE;
	}
	return ACT_IGNORED;   /* Esc goes back */
}

static enum act cert_key(struct app *app, void *st, const struct input *in)
{
	struct cert_view *v = st;
	if (v->state == CS_NAME)
		return name_key(app, v, in);
	switch (in->id) {
	case CMD_UP: v->top--; break;
	case CMD_DOWN: v->top++; break;
	case CMD_PGUP: v->top -= LINES / 2; break;
	case CMD_PGDN: v->top += LINES / 2; break;
	case CMD_TOP: v->top = 0; break;
	case CMD_BOTTOM: v->top = (int)v->text.n; break;
	case CK_QUIZ:
		snprintf(app->open_id, sizeof app->open_id, "quiz");
		return ACT_OPEN;
	case CK_NEW:
		v->state = CS_NAME;
		v->note[0] = '\0';
		break;
	default: return ACT_IGNORED;
	}
	return ACT_NONE;
}

static void cert_leave(struct app *app, void *st)
{
	(void)app;
	struct cert_view *v = st;
	text_lines_free(&v->text);
	free(v);
}

const struct screen screen_cert = {
	.name = "cert", .enter = cert_enter, .draw = cert_draw, .key = cert_key, .leave = cert_leave,
	SCREEN_KEYS(cert_keys), .key_on = cert_on,
};
