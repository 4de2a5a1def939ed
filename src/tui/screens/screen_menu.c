/* screen_menu: the lesson list, with completion marks, the learner's place
 * in each lesson, broken lessons shown with their first error, and the quiz
 * and skills radar, certificate and drills at the end.  `/` searches every lesson (screen_found.c).  A notice that matters (progress will not be
 * saved, the file was unreadable) is boxed above the list until a key
 * acknowledges it.  The cursor starts where the learner last
 * was.  The menu only chooses; the reader and blocks are other screens. */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "quiz.h"
#include "quiz_run.h"
#include "screens.h"
#include "text.h"
#include "ui.h"
#include "lesson.h"
#include "lesson_find.h"
#include "search.h"
#include "i18n.h"

/* Entries after the lessons: a screen name and how the menu shows it. */
static const struct { const char *name; enum msg title, about; } extras[] = {
	{ "quiz", MSG_MENU_QUIZ, MSG_MENU_QUIZ_ABOUT },
	{ "radar", MSG_MENU_RADAR, MSG_MENU_RADAR_ABOUT },
	{ "cert", MSG_MENU_CERT, MSG_MENU_CERT_ABOUT },
	{ "drills", MSG_MENU_DRILLS, MSG_MENU_DRILLS_ABOUT },
};
#define NEXTRA_ALL ((int)(sizeof extras / sizeof *extras))
/* The entries shown: the drills (the last) only in a course that has
 * drills (a class has none unless it adds its own). */
static int nextra(const struct app *app)
{
	return app->course_drills > 0 || !app->opt.lessons_dir ? NEXTRA_ALL : NEXTRA_ALL - 1;
}

struct menu {
	int cursor, top;
	int typed;          /* a lesson number being typed, 0 for none */
	char seen[64];      /* progress.last when the cursor last followed it */
	struct search search;   /* `/`: the prompt of the search across lessons */
};

static int menu_rows(const struct app *app)
{
	return (int)app->course.n + nextra(app);
}

#define NOTICE_MAX 6 /* text rows of the notice box at most */

/* A notice that matters (app->notice) sits boxed above the list until a
 * key acknowledges it; these are its rows, 0 without one. */
static int notice_rows(const struct app *app)
{
	if (!app->notice[0])
		return 0;
	struct text_lines tl = { 0 };
	int n = (int)text_wrap(app->notice, ui_cols() - 6, &tl);
	text_lines_free(&tl);
	return (n < NOTICE_MAX ? n : NOTICE_MAX) + 2;
}

/* The list occupies rows list_y .. list_y+list_h-1; the detail pane sits below it. */
static int list_y(const struct app *app) { return 2 + notice_rows(app); }
static int list_h(const struct app *app) { return LINES - 7 - notice_rows(app); }
/* When the rows do not all fit, the quiz, radar and certificate stay
 * pinned at the list's foot and only the lessons scroll above them (at
 * 80x24 they were below the fold).  The lessons' rows: */
static int lessons_h(const struct app *app)
{
	int h = list_h(app);
	return menu_rows(app) > h && h > nextra(app) ? h - nextra(app) : h;
}
static bool pinned(const struct app *app) { return lessons_h(app) < list_h(app); }

static void draw_notice(const struct app *app)
{
	int rows = notice_rows(app);
	if (!rows)
		return;
	struct text_lines tl = { 0 };
	int w = ui_cols();
	text_wrap(app->notice, w - 6, &tl);
	ui_box(1, 1, rows, w - 2, C_WRONG);
	char label[96];
	snprintf(label, sizeof label, " %s ", tr(MSG_MENU_NOTICE_ACK));
	int lw = ui_width(label);
	ui_text(rows, w - 3 - lw, lw, C_WRONG, label);
	for (int i = 0; i < rows - 2 && i < (int)tl.n; i++)
		ui_text(2 + i, 3, w - 6, C_NORMAL, tl.line[i]);
	text_lines_free(&tl);
}

static void *menu_enter(struct app *app, const char *arg)
{
	(void)arg;
	struct menu *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	const char *last = app->progress.last;
	for (int i = 0; i < menu_rows(app); i++) {
		const char *id = i < (int)app->course.n ? app->course.lessons[i].id
			: extras[i - (int)app->course.n].name;
		if (id && last[0] && !strcmp(id, last))
			m->cursor = i;
	}
	snprintf(m->seen, sizeof m->seen, "%s", last);
	return m;
}

static bool lesson_done(const struct app *app, const char *id);

/* Back from a lesson: the cursor goes to it, or past it to the next one
 * when it is done (reading on is what comes next). */
static void follow_last(struct app *app, struct menu *m)
{
	const char *last = app->progress.last;
	if (!strcmp(m->seen, last))
		return;
	snprintf(m->seen, sizeof m->seen, "%s", last);
	for (int i = 0; i < (int)app->course.n; i++) {
		const struct lesson *l = &app->course.lessons[i];
		if (!l->id || strcmp(l->id, last))
			continue;
		m->cursor = i;
		const struct lesson *n = lesson_done(app, l->id) ? course_next(&app->course, l) : NULL;
		if (n)
			m->cursor = (int)(n - app->course.lessons);
	}
}

/* The right-hand column: the learner's place, or the reading time. */
static void lesson_place(struct app *app, const struct lesson *l, char *buf, size_t size)
{
	struct lesson_progress *lp = NULL;
	for (size_t i = 0; i < app->progress.nlessons; i++)
		if (!strcmp(app->progress.lessons[i].id, l->id))
			lp = &app->progress.lessons[i];
	if (lp && lp->done)
		snprintf(buf, size, "%s", tr(MSG_MENU_DONE));
	else if (lp && lp->unread[0] && (size_t)lp->page + 1 >= l->npages) /* at its end, pages
										   skipped: why it is not done */
		snprintf(buf, size, tr(progress_unread_many(lp->unread) ? MSG_MENU_UNREAD_MANY : MSG_MENU_UNREAD_ONE),
			 lp->unread);
	else if (lp && l->npages > 0)
		snprintf(buf, size, tr(MSG_MENU_PAGE), lp->page + 1, l->npages);
	else
		snprintf(buf, size, tr(MSG_MENU_MINUTES), l->minutes);
}

static bool lesson_done(const struct app *app, const char *id)
{
	for (size_t i = 0; i < app->progress.nlessons; i++)
		if (!strcmp(app->progress.lessons[i].id, id))
			return app->progress.lessons[i].done;
	return false;
}

static void draw_lesson_row(struct app *app, int y, int i, bool sel)
{
	const struct lesson *l = &app->course.lessons[i];
	enum role base = sel ? C_SELECT : C_NORMAL;
	int w = ui_cols();   /* a readable row on a wide terminal */
	ui_fill(y, 0, 1, w, base);
	bool ascii = ui_ascii();
	const char *mark = l->broken ? (ascii ? "[!]" : ui_glyph(G_CROSS))
		: lesson_done(app, l->id) ? (ascii ? "[x]" : ui_glyph(G_CHECK))
		: (ascii ? "[ ]" : " ");
	ui_text(y, 2, 3, sel ? base : l->broken ? C_WRONG : C_OK, mark);
	char num[16];
	snprintf(num, sizeof num, "%2d", i + 1);
	ui_text(y, 6, 2, sel ? base : C_DIM, num);
	char right[64];
	if (l->broken)
		snprintf(right, sizeof right, "%s", tr(MSG_MENU_BROKEN));
	else
		lesson_place(app, l, right, sizeof right);
	int rw = ui_width(right);
	ui_text(y, w - 2 - rw, rw, sel ? base : C_DIM, right);
	int tw = w - 2 - rw - 2 - 10;
	if (l->broken) {
		/* the row shows the message; the detail pane the whole FILE:LINE:COL line */
		const char *e = l->error ? l->error : tr(MSG_MENU_CANNOT_LOAD);
		const char *msg = strstr(e, "error: ");
		char line[600];
		snprintf(line, sizeof line, "%s: %s", l->id ? l->id : "?", msg ? msg + 7 : e);
		ui_text(y, 10, tw, sel ? base : C_WRONG, line);
	} else {
		int used = ui_text(y, 10, tw, base, l->title);
		if (l->fallback)   /* an English lesson in a translated course */
			ui_text(y, 10 + used + 1, tw - used - 1, sel ? base : C_DIM, tr(MSG_FALLBACK_MARK));
	}
}

/* The quiz row counts the running course's levels (a class may end its
 * quiz early with `last: true`). */
static void draw_extra_row(const struct app *app, int y, int e, bool sel)
{
	enum role base = sel ? C_SELECT : C_NORMAL;
	char title[96];
	snprintf(title, sizeof title, "%s", tr(extras[e].title));
	int n = app->quiz_levels;
	if (!strcmp(extras[e].name, "quiz") && n > 0 && n != QUIZ_LEVELS)
		snprintf(title, sizeof title, tr(n == 1 ? MSG_MENU_QUIZ_1 : MSG_MENU_QUIZ_N), n);
	ui_fill(y, 0, 1, ui_cols(), base);
	ui_text(y, 6, 2, sel ? base : C_ACCENT, ui_glyph(G_ARROW));
	ui_text(y, 10, ui_cols() - 12, base, title);
}

/* s as one paragraph in buf: reflowed as a page's prose is (text.h: a
 * line break inside Chinese joins with nothing), then the paragraph breaks
 * and runs of spaces one space. */
static const char *one_paragraph(const char *s, char *buf, size_t size)
{
	char *flow = text_reflow(s);
	snprintf(buf, size, "%s", flow ? flow : s ? s : "");
	free(flow);
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
	for (char *p = buf, *q = buf; ; p++) {
		if (!(*p == ' ' && q > buf && q[-1] == ' '))
			*q++ = *p;
		if (!*p)
			break;
	}
	return buf;
}

/* The quiz entry's line: the built-in course's, or for a class whose
 * levels are (some of them) its own, how many are. */
static const char *quiz_about(const struct app *app, const char *builtin, char *buf, size_t size)
{
	if (!app->opt.lessons_dir)
		return builtin;
	int own = 0, n = app->quiz_levels > 0 ? app->quiz_levels : QUIZ_LEVELS;
	for (int level = 1; level <= n; level++) {
		char key[4200];   /* set for a level the class has itself */
		quiz_run_level_course(app, level, key, sizeof key);
		own += key[0] != '\0';
	}
	if (own == 0)
		return builtin;
	if (own == QUIZ_LEVELS && n == QUIZ_LEVELS)
		return tr(MSG_MENU_QUIZ_ABOUT_CLASS);
	if (own == n)
		snprintf(buf, size, tr(n == 1 ? MSG_MENU_QUIZ_ABOUT_CLASS_1 : MSG_MENU_QUIZ_ABOUT_CLASS_N), n);
	else if (n == QUIZ_LEVELS)
		snprintf(buf, size, tr(MSG_MENU_QUIZ_ABOUT_MIXED), own);
	else
		snprintf(buf, size, tr(MSG_MENU_QUIZ_ABOUT_MIXED_N), n, own);
	return buf;
}

/* Below the list: the selected entry's summary and, on the pane's last
 * rows, its kitchen analogy (the summary gets two rows of three when both
 * will not fit, so the analogy is always seen); or a broken lesson's
 * error. */
static void draw_detail(struct app *app, const struct menu *m)
{
	int y = list_y(app) + list_h(app), w = ui_cols();
	int shown = lessons_h(app) < (int)app->course.n ? lessons_h(app) : (int)app->course.n;
	/* the lessons in view (the quiz, radar and certificate rows are pinned
	 * below them when they do not all fit) */
	ui_scroll_pos(y, m->top + 1, m->top + shown, (int)app->course.n, POS_LESSONS);
	const char *text;
	char summary[1024], analogy[1024] = "";
	enum role r = C_NORMAL;
	if (m->cursor < (int)app->course.n) {
		const struct lesson *l = &app->course.lessons[m->cursor];
		text = l->broken ? l->error : l->summary;
		if (l->broken) {
			r = C_WRONG;
		} else if (l->analogy) {
			text = one_paragraph(l->summary, summary, sizeof summary);
			char a[1024];
			snprintf(analogy, sizeof analogy, tr(MSG_MENU_ANALOGY),
				 one_paragraph(l->analogy, a, sizeof a));
		}
	} else {
		text = tr(extras[m->cursor - (int)app->course.n].about);
	}
	char quiz[1400], own[200];   /* the quiz entry adds each level's state */
	if (m->cursor >= (int)app->course.n && !strcmp(extras[m->cursor - (int)app->course.n].name, "quiz")) {
		text = quiz_about(app, text, own, sizeof own);
		char states[320];
		quiz_summary_n(&app->progress, app->quiz_levels, states, sizeof states);
		snprintf(quiz, sizeof quiz, "%s%s%s", text, i18n_lang() == LANG_ZH ? "" : " ", states);
		text = quiz;
	}
	char cert[400];   /* the certificate row names the course's last level */
	if (m->cursor >= (int)app->course.n && !strcmp(extras[m->cursor - (int)app->course.n].name, "cert")
	    && app->quiz_levels > 0 && app->quiz_levels != QUIZ_LEVELS) {
		snprintf(cert, sizeof cert, tr(MSG_MENU_CERT_ABOUT_N), app->quiz_levels);
		text = cert;
	}
	if (!analogy[0]) {
		ui_wrap(y + 1, y + 4, 2, w - 4, r, text);   /* three lines at most */
		return;
	}
	int need = ui_wrap_rows(text, w - 4);
	int next = ui_wrap(y + 1, y + 1 + (need >= 3 ? 2 : need), 2, w - 4, r, text);
	ui_wrap(next, y + 4, 2, w - 4, C_ANALOGY, analogy);
}

static void menu_draw(struct app *app, void *st)
{
	struct menu *m = st;
	int n = menu_rows(app), h = lessons_h(app);
	bool pin = pinned(app);
	int scrolled = pin ? (int)app->course.n : n;   /* the rows that scroll */
	follow_last(app, m);
	if (m->cursor >= n)
		m->cursor = n - 1;
	if (m->cursor < 0)
		m->cursor = 0;
	if (m->cursor < scrolled && m->cursor < m->top)
		m->top = m->cursor;
	if (m->cursor < scrolled && m->cursor >= m->top + h)
		m->top = m->cursor - h + 1;
	int done = 0;
	for (size_t i = 0; i < app->course.n; i++)
		done += !app->course.lessons[i].broken && lesson_done(app, app->course.lessons[i].id);
	char right[48];
	snprintf(right, sizeof right, tr(MSG_MENU_DONE_COUNT), done, app->course.n);
	char title[256];   /* a class says which course is running */
	if (app->course_name[0])
		snprintf(title, sizeof title, tr(MSG_MENU_TITLE_CLASS), app->course_name);
	ui_title(app->course_name[0] ? title : tr(MSG_MENU_TITLE), right);
	for (int r = 0; r < h && m->top + r < scrolled; r++) {
		int i = m->top + r;
		if (i < (int)app->course.n)
			draw_lesson_row(app, list_y(app) + r, i, i == m->cursor);
		else
			draw_extra_row(app, list_y(app) + r, i - (int)app->course.n, i == m->cursor);
	}
	for (int e = 0; pin && e < nextra(app); e++)
		draw_extra_row(app, list_y(app) + h + e, e, (int)app->course.n + e == m->cursor);
	draw_notice(app);
	draw_detail(app, m);
	if (search_status(&m->search))   /* the prompt takes the status line */
		return;
	bool same = app->notice[0] && !strcmp(app->status, app->notice); /* already in the box */
	char hints[HINTS_MAX];
	screen_hints(&screen_menu, app, m, hints, sizeof hints);
	ui_status(app->status[0] && !same ? app->status : "", hints);
}

static enum act menu_open(struct app *app, struct menu *m)
{
	if (m->cursor < (int)app->course.n) {
		const struct lesson *l = &app->course.lessons[m->cursor];
		if (l->broken) {
			snprintf(app->status, sizeof app->status, tr(MSG_MENU_BROKEN_OPEN), l->id ? l->id : tr(MSG_MENU_THIS_LESSON));
			return ACT_NONE;
		}
		snprintf(app->open_id, sizeof app->open_id, "%s", l->id);
	} else {
		snprintf(app->open_id, sizeof app->open_id, "%s", extras[m->cursor - (int)app->course.n].name);
	}
	return ACT_OPEN;
}

enum { MK_OPEN = KEY_OWN, MK_NUMBER, MK_SEARCH };

/* The menu's keys (screen.h). */
static const struct screen_key menu_keys[] = {
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN }, { .cmd = CMD_PGDN }, { .cmd = CMD_PGUP },
	{ .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
	{ .id = MK_OPEN, .keys = "Enter Right", .label = MSG_ST_OPEN, .help = MSG_HELP_MENU_OPEN },
	{ .id = MK_NUMBER, .keys = "0 1 2 3 4 5 6 7 8 9", .cap = MSG_CAP_DIGITS, .label = MSG_ST_GO_TO,
	  .help = MSG_HK_MENU_NUMBER },
	{ .id = MK_SEARCH, .keys = "/", .label = MSG_ST_SEARCH, .help = MSG_HK_MENU_SEARCH },
};

/* Enter on the prompt: the list of places (screen_found.c), or "not
 * found" here. */
static enum act search_lessons(struct app *app, struct menu *m)
{
	const char *q = m->search.query;
	if (!course_find_all(&app->course, q, NULL, 0)) {
		snprintf(app->status, sizeof app->status, tr(MSG_FOUND_NONE), q);
		return ACT_NONE;
	}
	snprintf(app->open_find.query, sizeof app->open_find.query, "%s", q);
	snprintf(app->open_id, sizeof app->open_id, "/");
	return ACT_OPEN;
}

/* A digit typed: the number so far (12 after 1 then 2) selects that
 * lesson; a number past the last lesson starts again from this digit. */
static void type_digit(struct app *app, struct menu *m, int d)
{
	int n = (int)app->course.n, v = m->typed * 10 + d;
	if (v < 1 || v > n)
		v = d;
	m->typed = v >= 1 && v <= n ? v : 0;
	if (m->typed)
		m->cursor = m->typed - 1;
}

static enum act menu_key(struct app *app, void *st, const struct input *in)
{
	struct menu *m = st;
	int n = menu_rows(app), h = list_h(app);
	if (app->notice[0] && in->cmd != CMD_QUIT && in->mouse != MOUSE_WHEEL_UP && in->mouse != MOUSE_WHEEL_DOWN) {
		app->notice[0] = '\0';   /* the key (or click) acknowledges the notice */
		return ACT_NONE;
	}
	if (m->search.typing)   /* the prompt takes every key */
		return search_type(&m->search, in) > 0 ? search_lessons(app, m) : ACT_NONE;
	if (in->mouse == MOUSE_PRESS) {
		int row = in->my - list_y(app), lh = lessons_h(app);
		int i = pinned(app) && row >= lh ? (int)app->course.n + row - lh : m->top + row;
		if (in->my < list_y(app) || in->my >= list_y(app) + h || i >= n)
			return ACT_NONE;
		if (i == m->cursor)
			return menu_open(app, m);
		m->cursor = i;
		return ACT_NONE;
	}
	if (in->id != MK_NUMBER)
		m->typed = 0;
	switch (in->id) {
	case MK_NUMBER: type_digit(app, m, in->key - '0'); break;
	case CMD_UP: m->cursor--; break;
	case CMD_DOWN: m->cursor++; break;
	case CMD_PGUP: m->cursor -= h; break;
	case CMD_PGDN: m->cursor += h; break;
	case CMD_TOP: m->cursor = 0; break;
	case CMD_BOTTOM: m->cursor = n - 1; break;
	case MK_OPEN: return menu_open(app, m);
	case MK_SEARCH: search_open(&m->search); break;
	default: return ACT_IGNORED;
	}
	if (m->cursor < 0)
		m->cursor = 0;
	if (m->cursor >= n)
		m->cursor = n - 1;
	return ACT_NONE;
}

static void menu_leave(struct app *app, void *st)
{
	(void)app;
	free(st);
}

const struct screen screen_menu = {
	.name = "menu", .enter = menu_enter, .draw = menu_draw, .key = menu_key, .leave = menu_leave,
	SCREEN_KEYS(menu_keys),
};
