/* app: the TUI command and its main loop.
 *
 * cmd_tui checks the terminal, loads the course and the learner's progress
 * and validates `open ID` before curses starts, so every refusal is a plain
 * line on stderr.  app_run owns the stack of screens: it draws the top one
 * from its state, waits for input with a timeout (never spinning), hands
 * keys to the screen and acts on what comes back.  Only this file switches
 * screens. */
#include <ctype.h>
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "drill.h"
#include "sweep.h"
#include "quiz_run.h"
#include "keymap.h"
#include "options.h"
#include "paths.h"
#include "screens.h"
#include "term.h"
#include "text.h"
#include "ui.h"
#include "i18n.h"

#define TICK_MS 100

struct frame {
	const struct screen *s;
	void *st;
};

struct stack {
	struct frame f[APP_STACK];
	int n;
};

static void say(struct app *app, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(app->status, sizeof app->status, fmt, ap);
	va_end(ap);
}

/* A message the learner must not miss: the status line now (two rows when
 * long) and the menu's notice box until acknowledged. */
static void notice(struct app *app, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(app->notice, sizeof app->notice, fmt, ap);
	va_end(ap);
	say(app, "%s", app->notice);
}

void app_progress_changed(struct app *app)
{
	if (!app->progress_file[0] || app->progress.readonly)
		return;
	struct diags d = { 0 };
	if (!progress_save(app->progress_file, &app->progress, &d)) {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", tr(MSG_PROGRESS_NOT_SAVED));
		if (d.n)
			diag_format(&d.v[0], msg, sizeof msg);
		notice(app, "%s", msg);
	}
	diags_free(&d);
}

static bool push(struct app *app, struct stack *k, const struct screen *s, const char *arg)
{
	if (k->n == APP_STACK) {
		say(app, "%s", tr(MSG_TOO_MANY_SCREENS));
		return false;
	}
	void *st = s->enter(app, arg);
	app->opened_from[0] = '\0';
	if (!st) {
		say(app, tr(MSG_CANNOT_OPEN), arg ? arg : s->name);
		return false;
	}
	k->f[k->n++] = (struct frame){ s, st };
	app->below = k->n >= 2 ? k->f[k->n - 2].s->name : NULL;
	return true;
}

static void pop(struct app *app, struct stack *k)
{
	struct frame *f = &k->f[--k->n];
	if (f->s->leave)
		f->s->leave(app, f->st);
	app->below = k->n >= 2 ? k->f[k->n - 2].s->name : NULL;
}

/* Opens a block/screen or a lesson by name; what the menu opens becomes
 * the learner's place to resume from. */
static void open_name(struct app *app, struct stack *k, const char *name)
{
	char id[sizeof app->open_id];
	snprintf(id, sizeof id, "%s", name);
	const struct screen *s = screen_find(id);
	bool ok;
	if (!strcmp(id, "/"))   /* the menu's search across the course */
		return (void)push(app, k, &screen_found, NULL);
	if (s)
		ok = push(app, k, s, id);
	else if (course_find(&app->course, id))
		ok = push(app, k, &screen_reader, id);
	else {
		say(app, tr(MSG_NO_SUCH_ID), id);
		ok = false;
	}
	if (ok && k->n == 2) {
		snprintf(app->progress.last, sizeof app->progress.last, "%s", id);
		app_progress_changed(app);
	}
}

/* While nothing is saved, a mark at the right of the title row says so. */
static void draw(struct app *app, const struct frame *f)
{
	erase();
	if (!ui_too_small()) {
		bool unsaved = !app->progress_file[0] || app->progress.readonly;
		ui_title_mark(unsaved ? tr(MSG_NOT_SAVED_MARK) : NULL);
		f->s->draw(app, f->st);
	}
	refresh();
}

/* Another window held the progress: when it has quit, take the lock, fold
 * what it saved into this window's progress, and save from now on. */
static void try_take_over(struct app *app)
{
	char why[256];
	int fd = -1;
	if (!app->wait_dir[0] || !progress_lock(app->wait_dir, &fd, why, sizeof why))
		return;
	struct progress *disk = malloc(sizeof *disk);
	struct diags d = { 0 };
	if (!disk || !progress_load(app->wait_file, disk, &d) || disk->readonly) {
		progress_unlock(fd);   /* unreadable or newer: stay unsaved */
		free(disk);
		diags_free(&d);
		app->wait_dir[0] = '\0';
		return;
	}
	progress_merge(&app->progress, disk);
	free(disk);
	diags_free(&d);
	app->lock_fd = fd;
	snprintf(app->progress_file, sizeof app->progress_file, "%s", app->wait_file);
	app->wait_dir[0] = '\0';
	app_progress_changed(app);
	notice(app, "%s", tr(MSG_PROGRESS_TAKEN_OVER));
}

/* The one driver for the keys no screen takes (tig's fall-through, htop's
 * "ignored"): back, help and quit, the same everywhere; a key of the
 * screen's table that does not work now says why. */
static enum act global_key(struct app *app, struct stack *k, const struct input *in,
			   const struct screen_key *off)
{
	if (off) {
		enum msg why;
		struct frame *top = &k->f[k->n - 1];
		keymap_on(top->s, app, top->st, off, &why);
		keymap_why(off, why, in, app->status, sizeof app->status);
		return ACT_NONE;
	}
	switch (keymap_global(in)) {
	case GK_QUIT: return ACT_QUIT;
	case GK_HELP: return ACT_HELP;
	case GK_BACK: return k->n > 1 ? ACT_BACK : ACT_NONE;   /* the menu stays */
	default: return ACT_NONE;
	}
}

static void open_help(struct app *app, struct stack *k)
{
	struct frame *top = &k->f[k->n - 1];
	if (top->s == &screen_help || k->n == APP_STACK)
		return;
	void *st = help_open(app, top->s, top->st, k->n > 1);
	if (!st)
		return;
	k->f[k->n++] = (struct frame){ &screen_help, st };
	app->below = top->s->name;
}

/* Acts on one input event; returns false when the program should end. */
static bool handle(struct app *app, struct stack *k, const struct input *in)
{
	if (in->is_key_code && in->key == KEY_RESIZE)
		return true;
	if (in->cmd == CMD_REDRAW) {
		term_redraw();
		return true;
	}
	if (COLS < 60 || LINES < 20)
		return in->cmd != CMD_QUIT;
	struct frame *top = &k->f[k->n - 1];
	if (in->mouse == MOUSE_NONE || in->mouse == MOUSE_PRESS)
		app->status[0] = '\0';
	struct input e = *in;
	const struct screen_key *off = NULL;
	const struct screen_key *row = top->s->keys ? keymap_find(top->s, app, top->st, in, &off) : NULL;
	e.id = row ? keymap_id(row) : 0;
	enum act a = top->s->key(app, top->st, &e);
	if (a == ACT_IGNORED)
		a = global_key(app, k, in, off);
	switch (a) {
	case ACT_QUIT:
		return false;
	case ACT_BACK:
		pop(app, k);
		return k->n > 0;
	case ACT_OPEN:
		open_name(app, k, app->open_id);
		return true;
	case ACT_REPLACE:
		pop(app, k);
		open_name(app, k, app->open_id);
		return k->n > 0;
	case ACT_HELP:
		open_help(app, k);
		return true;
	case ACT_NONE: case ACT_IGNORED:
		break;
	}
	return true;
}

int app_run(struct app *app, const char *start)
{
	char why[256];
	if (!term_start(&app->opt, why, sizeof why)) {
		fprintf(stderr, "cudakitchen: %s\n", why);
		return 1;
	}
	ui_init(&app->opt);
	struct stack k = { .n = 0 };
	if (!push(app, &k, &screen_menu, NULL)) {
		term_stop();
		fprintf(stderr, "cudakitchen: cannot start the menu\n");
		return 1;
	}
	if (start)
		open_name(app, &k, start);
	bool dirty = true, running = true;
	unsigned idle = 0;
	while (running && k.n > 0 && !term_quit_requested()) {
		struct frame *top = &k.f[k.n - 1];
		if (dirty)
			draw(app, top);
		dirty = false;
		struct input in;
		if (term_read(&in, TICK_MS)) {
			running = handle(app, &k, &in);
			dirty = true;
		} else if (top->s->tick) {
			top->s->tick(app, top->st);
			dirty = true;
		}
		if (app->wait_dir[0] && ++idle % 10 == 0) {   /* about once a second */
			try_take_over(app);
			dirty |= !app->wait_dir[0];
		}
	}
	while (k.n > 0)
		pop(app, &k);
	app_progress_changed(app);
	term_stop();
	return 0;
}

/* Where lessons/ and quizzes/ and the demo programs live (paths.h). */
static bool find_dirs(struct app *app)
{
	struct paths p;
	if (!paths_init(app->opt.cert_dir, &p)) {
		paths_free(&p);
		return false;
	}
	snprintf(app->datadir, sizeof app->datadir, "%s", p.data);
	snprintf(app->demodir, sizeof app->demodir, "%s", p.demos);
	paths_free(&p);
	return true;
}

/* The class's name for the menu: its directory's last component. */
static void class_name(struct app *app)
{
	char *real = realpath(app->opt.lessons_dir, NULL);
	const char *d = real ? real : app->opt.lessons_dir, *slash = strrchr(d, '/');
	const char *name = slash && slash[1] ? slash + 1 : d;
	char *clean = text_sanitize(name, (size_t)-1);
	snprintf(app->course_name, sizeof app->course_name, "%s", clean && clean[0] ? clean : "?");
	free(clean);
	free(real);
}

/* Loads the course; false (message printed) when there is nothing to show. */
static bool load_course(struct app *app)
{
	char dir[sizeof app->datadir + 32];
	const char *lang = app->opt.lang ? app->opt.lang : "en";
	if (app->opt.lessons_dir) {
		/* a class: one layout, as lessons/README.md documents (course_load_class) */
		course_load_class(app->opt.lessons_dir, lang, &app->course, &app->course_diags);
		snprintf(dir, sizeof dir, "%s", app->opt.lessons_dir);
		class_name(app);
	} else {
		snprintf(dir, sizeof dir, "%s/lessons", app->datadir);
		course_load_lang(dir, app->opt.lang ? app->opt.lang : "en", &app->course, &app->course_diags);
	}
	if (app->course.n > 0)
		return true;
	char *clean = text_sanitize(dir, (size_t)-1);
	fprintf(stderr, "cudakitchen: no lessons found in %s\n", clean ? clean : "?");
	free(clean);
	diags_print(&app->course_diags, stderr);
	return false;
}

/* Loads progress and takes the one-instance lock (*lock_fd, -1 if not
 * held).  Problems never stop the tutorial: they become the status line,
 * and progress that cannot be saved safely is not saved (progress_file ""). */
static void load_progress(struct app *app, int *lock_fd)
{
	char pdir[4096], why[256];
	struct diags d = { 0 };
	*lock_fd = -1;
	progress_init(&app->progress);
	enum progress_where where = progress_locate(pdir, sizeof pdir, app->progress_file,
						    sizeof app->progress_file);
	if (where != PROGRESS_WHERE_OK) {
		app->progress_file[0] = '\0';
		if (where == PROGRESS_NO_HOME)
			notice(app, "%s", tr(MSG_NO_HOME));
		else
			notice(app, tr(MSG_STATE_TOO_LONG), getenv("XDG_STATE_HOME") &&
			       getenv("XDG_STATE_HOME")[0] == '/' ? "XDG_STATE_HOME" : "HOME",
			       (int)sizeof pdir);
		return;
	}
	bool locked = progress_lock(pdir, lock_fd, why, sizeof why);
	if (!progress_load(app->progress_file, &app->progress, &d)) {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", tr(MSG_PROGRESS_UNREADABLE));
		if (d.n)
			diag_format(&d.v[0], msg, sizeof msg);
		notice(app, tr(MSG_NOT_SAVED_THIS_TIME), msg);
		app->progress_file[0] = '\0';
	} else if (!locked) {
		notice(app, tr(MSG_WILL_NOT_SAVE_YET), why);
		snprintf(app->wait_dir, sizeof app->wait_dir, "%s", pdir);
		snprintf(app->wait_file, sizeof app->wait_file, "%s", app->progress_file);
		app->progress_file[0] = '\0';
	} else if (app->progress.notice[0]) {
		notice(app, "%s", app->progress.notice);
	}
	diags_free(&d);
}

/* Each quiz level's progress is the progress of its own course: a class's
 * level 1 is not the built-in level 1 (progress.h). */
static void use_courses(struct app *app)
{
	char keys[PROGRESS_LEVELS][PROGRESS_COURSE_MAX];
	const char *k[PROGRESS_LEVELS];
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		quiz_run_level_course(app, i + 1, keys[i], sizeof keys[i]);
		k[i] = keys[i];
	}
	progress_use_courses(&app->progress, k);
	app->quiz_levels = quiz_run_course_levels(app, NULL);
	app->course_drills = drill_count(app->datadir, app->opt.lessons_dir);
}

/* `open N`: the menu's lesson number N (1-based), as its id; else NULL. */
static const char *lesson_by_number(const struct app *app, const char *id)
{
	if (!*id || strspn(id, "0123456789") != strlen(id) || strlen(id) > 6)
		return NULL;
	long n = strtol(id, NULL, 10);
	return n >= 1 && (size_t)n <= app->course.n ? app->course.lessons[n - 1].id : NULL;
}

/* The name with case, '-', '_' and spaces ignored ("gpumap", "GPU_Map"). */
static bool loosely_equal(const char *a, const char *b)
{
	for (;;) {
		while (*a == '-' || *a == '_' || *a == ' ')
			a++;
		while (*b == '-' || *b == '_' || *b == ' ')
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (tolower((unsigned char)*a++) != tolower((unsigned char)*b++))
			return false;
	}
}

/* A block or lesson id that id nearly spells, or NULL. */
static const char *near_id(const struct app *app, const char *id)
{
	for (size_t i = 0; screen_name(i); i++) {
		const char *name = screen_name(i);
		char one[32];   /* the name without a plural s ("drill" for "drills") */
		snprintf(one, sizeof one, "%s", name);
		size_t len = strlen(one);
		if (len > 1 && one[len - 1] == 's')
			one[len - 1] = '\0';
		if (loosely_equal(id, name) || loosely_equal(id, one))
			return name;
	}
	for (size_t i = 0; i < app->course.n; i++)
		if (app->course.lessons[i].id && loosely_equal(id, app->course.lessons[i].id))
			return app->course.lessons[i].id;
	return NULL;
}

/* `open ID` with an ID nobody knows: say so, suggest the id it nearly
 * spells, and list the ones that exist. */
static void unknown_id(const struct app *app, const char *id)
{
	char *clean = text_sanitize(id, (size_t)-1);
	const char *near = near_id(app, id);
	fprintf(stderr, "cudakitchen: no lesson or block named '%s'", clean ? clean : "?");
	if (near)
		fprintf(stderr, "; did you mean '%s'?", near);
	fprintf(stderr, " (a lesson opens by its id or its number, 1 to %zu)\n", app->course.n);
	free(clean);
	fputs("Blocks:", stderr);
	for (size_t i = 0; screen_name(i); i++)
		fprintf(stderr, " %s", screen_name(i));
	fputs("\nLessons:", stderr);
	for (size_t i = 0; i < app->course.n; i++) {
		const struct lesson *l = &app->course.lessons[i];
		if (l->id)
			fprintf(stderr, " %s", l->id);
	}
	fputs("\nTry 'cudakitchen --help'\n", stderr);
}

int cmd_tui(const struct options *opt, const char *start)
{
	const char *argv_start = start;
	char why[256];
	if (!term_usable(why, sizeof why)) {
		char *clean = text_sanitize(why, (size_t)-1); /* it may quote $TERM */
		fprintf(stderr, "cudakitchen: the tutorial needs an interactive terminal (%s); "
			"without one use 'cudakitchen lint', 'cudakitchen demo NAME' or 'cudakitchen --help'\n",
			clean ? clean : "?");
		free(clean);
		return 2;
	}
	struct app *app = calloc(1, sizeof *app);
	if (!app) {
		fputs("cudakitchen: out of memory\n", stderr);
		return 1;
	}
	app->opt = *opt;
	int rc = 2, lock_fd = -1;
	if (!find_dirs(app)) {
		fputs("cudakitchen: cannot find the program's data directory\n", stderr);
		goto out;
	}
	if (!load_course(app))
		goto out;
	if (start && !screen_find(start) && !course_find(&app->course, start)) {
		start = lesson_by_number(app, start);   /* `open 14`: the 14th lesson */
		if (!start) {
			unknown_id(app, argv_start);
			goto out;
		}
	}
	load_progress(app, &lock_fd);
	app->lock_fd = lock_fd;
	use_courses(app);
	if (app->opt.zh_in_ascii && !app->status[0])
		say(app, "%s", tr(MSG_ASCII_NO_ZH));
	rc = app_run(app, start);
	progress_unlock(app->lock_fd);
out:
	course_free(&app->course);
	diags_free(&app->course_diags);
	for (int i = 0; i < CK_NDEMOS; i++) {
		sweep_free(app->sweeps[i]);
		free(app->sweeps[i]);
	}
	free(app);
	return rc;
}
