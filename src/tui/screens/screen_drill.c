/* screen_drill: the kernel drills (`open drills`).  A list of the drills
 * with their state (not started, failing, passed, passed fast); Enter
 * opens one: its statement, then what the learner asks for, scrollable:
 *
 *   e  the learner's copy in $VISUAL, $EDITOR or vi, the TUI suspended
 *      (drill_edit.c)
 *   c  the check: `cudakitchen drill check ID --format yaml` as a child
 *      (the runner: time limit, capped output), read back and shown in
 *      the learner's language; a crash of anything the learner wrote
 *      stays in that child
 *   h  the next hint, at its cost in points
 *   s  the reference after a pass, or after a second s that gives up the
 *      points
 *   r  the starter again after a second r, the old copy kept as a backup
 *
 * The page itself (wrapping, scrolling, the verdict kept in sight) is
 * drill_view.c's. */
#include <curses.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "app.h"
#include "drill.h"
#include "drill_check.h"
#include "drill_edit.h"
#include "drill_progress.h"
#include "drill_view.h"
#include "i18n.h"
#include "runner.h"
#include "screen.h"
#include "screens.h"
#include "text.h"
#include "ui.h"

extern const struct screen screen_drill;

enum dk { DK_OPEN = KEY_OWN, DK_EDIT, DK_CHECK, DK_HINT, DK_SOLUTION, DK_RESET, DK_BACK };
enum confirm { CF_NONE, CF_SOLUTION, CF_RESET };

struct drill_view {
	struct drill_set set;
	int sel;                  /* the list's row */
	const struct drill *cur;  /* the drill open, or NULL: the list */
	struct drill_page page;   /* what the drill view shows */
	enum confirm confirm;
	struct runner run;
	bool checking;
};

static void set_body(struct drill_view *v, char *text)
{
	drill_page_set(&v->page, DRILL_BODY_TEXT, text, NULL);
}

/* s without the line breaks and spaces it ends with (YAML's folded and
 * literal scalars end in one) */
static int trimmed(const char *s)
{
	size_t n = s ? strlen(s) : 0;
	while (n && (s[n - 1] == '\n' || s[n - 1] == ' '))
		n--;
	return (int)n;
}

/* the learner's copy's path, with ~ for the home directory */
static void copy_shown(const struct drill *dr, char *out, size_t size)
{
	char path[4200];
	if (drill_copy_path(dr, path, sizeof path))
		drill_path_shown(path, out, size);
	else
		snprintf(out, size, "?");
}

/* the statement: the kitchen, the task, the signature, where the copy is */
static char *statement(const struct drill *dr)
{
	char where[4300], mine[4400];
	copy_shown(dr, where, sizeof where);
	snprintf(mine, sizeof mine, tr(MSG_DR_YOUR_COPY), where);
	const char *k = dr->kitchen ? dr->kitchen : "", *t = dr->task ? dr->task : "",
		   *g = dr->signature ? dr->signature : "";
	size_t n = strlen(k) + strlen(t) + strlen(g) + strlen(mine) + 16;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "%.*s\n\n%.*s\n\n%.*s\n\n%s", trimmed(k), k, trimmed(t), t, trimmed(g),
			 g, mine);
	return s;
}

static void *drill_enter(struct app *app, const char *arg)
{
	struct drill_view *v = calloc(1, sizeof *v);
	struct diags d = { 0 };
	if (!v)
		return NULL;
	drill_set_load(&v->set, app->datadir, app->opt.lessons_dir, app->opt.lang, &d);
	if (d.n)
		snprintf(app->status, sizeof app->status, "%s", d.v[0].msg);
	diags_free(&d);
	runner_init(&v->run);
	const struct drill *dr = arg ? drill_find(&v->set, arg) : NULL;
	if (dr) {
		v->cur = dr;
		v->sel = (int)(dr - v->set.v);
		set_body(v, statement(dr));
	}
	return v;
}

static void drill_leave(struct app *app, void *st)
{
	(void)app;
	struct drill_view *v = st;
	if (v->checking) {   /* its SIGTERM lets the check stop what it started */
		runner_cancel(&v->run);
		while (runner_poll(&v->run, 50))
			;
	}
	runner_free(&v->run);
	drill_page_free(&v->page);
	drill_set_free(&v->set);
	free(v);
}

/* a list row's words: number, title, the GPU mark */
static void list_line(const struct drill *dr, char *out, size_t size)
{
	snprintf(out, size, "%02d %s%s", dr->num, dr->title, dr->gpu_only ? tr(MSG_DR_GPU_MARK) : "");
}

static void draw_list(struct app *app, struct drill_view *v, int bottom)
{
	ui_title(tr(MSG_DR_LIST_TITLE), "");
	int y = 2, rows = bottom - 3, tw = 0, sw = 0;
	char line[256];
	if (!v->set.n)
		ui_wrap(y, y + 3, 2, COLS - 4, C_NOTE, tr(MSG_DR_NONE));
	for (size_t i = 0; i < v->set.n; i++) {   /* the states in a column after the titles */
		list_line(&v->set.v[i], line, sizeof line);
		int w = ui_width(line);
		tw = w > tw ? w : tw;
	}
	for (int k = DRILL_NEW; k <= DRILL_PASSED_FAST; k++) {   /* it never moves */
		int w = ui_width(drill_state_word((enum drill_state)k));
		sw = w > sw ? w : sw;
	}
	int right = 2 + tw + 4 + sw < COLS - 2 ? 2 + tw + 4 + sw : COLS - 2;   /* the states' right edge */
	int first = v->sel >= rows ? v->sel - rows + 1 : 0;
	for (int i = first; i < (int)v->set.n && y < 2 + rows; i++, y++) {
		const struct drill *dr = &v->set.v[i];
		enum drill_state s = drill_state_in(&app->progress, dr->id);
		list_line(dr, line, sizeof line);
		const char *word = drill_state_word(s);
		int ww = ui_width(word);
		enum role r = i == v->sel ? C_SELECT : C_NORMAL;
		if (i == v->sel)
			ui_fill(y, 1, 1, right, C_SELECT);
		ui_text_fit(y, 2, right - 4 - ww, r, line);
		ui_text(y, right - ww, ww, i == v->sel ? C_SELECT
					 : s >= DRILL_PASSED ? C_OK
					 : s == DRILL_FAILING ? C_WRONG : C_DIM, word);
	}
}

static void draw_drill(struct app *app, struct drill_view *v, int bottom)
{
	const struct drill *dr = v->cur;
	char pos[64], right[160];
	drill_page_draw(&v->page, bottom, pos, sizeof pos);
	snprintf(right, sizeof right, "%s%s%s", pos, pos[0] ? "  " : "",
		 drill_state_word(drill_state_in(&app->progress, dr->id)));
	ui_title(dr->title, right);
}

static void drill_draw(struct app *app, void *st)
{
	struct drill_view *v = st;
	char hints[HINTS_MAX];
	screen_hints(&screen_drill, app, st, hints, sizeof hints);
	int bottom = LINES - ui_status_rows(app->status, hints);
	if (v->cur)
		draw_drill(app, v, bottom);
	else
		draw_list(app, v, bottom);
	ui_status(app->status, hints);
}

static void edit(struct app *app, struct drill_view *v)
{
	char path[4200];
	bool made;
	int e = drill_start(v->cur, &made);
	if (e || !drill_copy_path(v->cur, path, sizeof path))
		snprintf(app->status, sizeof app->status, tr(MSG_DR_CANNOT_COPY), strerror(e ? e : ENOENT));
	else
		drill_edit(path, app->status, sizeof app->status);
}

static void start_check(struct app *app, struct drill_view *v)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return;
	exe[n] = '\0';
	char *argv[12];
	int k = 0;
	argv[k++] = exe;
	argv[k++] = "--lang";
	argv[k++] = (char *)app->opt.lang;
	if (app->opt.lessons_dir) {
		argv[k++] = "--lessons";
		argv[k++] = (char *)app->opt.lessons_dir;
	}
	argv[k++] = "drill", argv[k++] = "check", argv[k++] = "--no-record";
	argv[k++] = "--format", argv[k++] = "yaml";
	argv[k++] = v->cur->id;
	argv[k] = NULL;
	struct runner_opts o = { .timeout_ms = 600000, .max_output = 1 << 20 };
	runner_free(&v->run);
	runner_init(&v->run);
	if (!runner_start(&v->run, exe, argv, &o)) {
		drill_copy(app->status, sizeof app->status, v->run.error);
		return;
	}
	v->checking = true;
	snprintf(app->status, sizeof app->status, "%s", tr(MSG_DR_CHECKING));
	set_body(v, strdup(tr(MSG_DR_CHECKING)));
}

static void check_done(struct app *app, struct drill_view *v)
{
	struct drill_result r;
	v->checking = false;
	if (v->run.out.p && drill_result_parse(v->run.out.p, v->run.out.len, &r)) {
		drill_apply_check(&app->progress, v->cur, &r);
		app_progress_changed(app);
		char path[4200], dir[PATH_MAX];
		char *body = drill_result_body(v->cur, &r), *slash;
		if (drill_copy_path(v->cur, path, sizeof path) && (slash = strrchr(path, '/'))) {
			*slash = '\0';   /* the copy by its name alone: a long path wraps */
			if (realpath(path, dir))
				drill_short_paths(body, dir);
			drill_short_paths(body, path);
		}
		drill_page_set(&v->page, DRILL_BODY_REPORT, body, drill_result_verdict(&r));
		drill_result_free(&r);
		app->status[0] = '\0';
		return;
	}
	char how[256];
	runner_describe(&v->run, how, sizeof how);
	char *s = malloc(600 + (v->run.err.p ? v->run.err.len : 0));
	if (s)
		sprintf(s, "%s: %s\n%s", tr(MSG_DR_CHECK_BROKE), how, v->run.err.p ? v->run.err.p : "");
	set_body(v, s ? text_sanitize(s, (size_t)-1) : NULL);
	free(s);
}

static void drill_tick(struct app *app, void *st)
{
	struct drill_view *v = st;
	if (v->checking && !runner_poll(&v->run, 0))
		check_done(app, v);
	else if (v->checking)   /* the seconds so far: it is not stuck */
		snprintf(app->status, sizeof app->status, tr(MSG_DR_CHECKING_FOR),
			 (int)(runner_elapsed_ms(&v->run) / 1000));
}

/* the hints shown so far, then the statement they help with */
static void hint(struct app *app, struct drill_view *v)
{
	const struct drill *dr = v->cur;
	const struct drill_record *r = progress_drill_find(&app->progress, dr->id);
	int shown = r ? r->hints : 0;
	int next = shown < dr->nhints ? shown + 1 : dr->nhints;
	if (shown < dr->nhints && drill_state_in(&app->progress, dr->id) < DRILL_PASSED) {
		drill_apply_hint(&app->progress, dr, next);
		app_progress_changed(app);
		snprintf(app->status, sizeof app->status, tr(MSG_DR_HINT_COST), dr->hint_cost,
			 drill_points_left(&app->progress, dr));
	}
	char *st = statement(dr);
	size_t n = 64 + (st ? strlen(st) : 0);
	for (int i = 0; i < next; i++)
		n += strlen(dr->hints[i]) + 64;
	char *s = malloc(n);
	if (s) {
		s[0] = '\0';
		for (int i = 0; i < next; i++)
			sprintf(s + strlen(s), tr(MSG_DR_HINT_N), i + 1, dr->nhints, dr->hints[i]);
		strcat(s, st ? st : "");
	}
	free(st);
	set_body(v, s);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *buf = malloc(65536 + 1);
	size_t n = buf ? fread(buf, 1, 65536, f) : 0;
	fclose(f);
	if (buf)
		buf[n] = '\0';
	char *clean = buf ? text_sanitize(buf, n) : NULL;
	free(buf);
	return clean;
}

static void solution(struct app *app, struct drill_view *v)
{
	const struct drill *dr = v->cur;
	bool passed = drill_state_in(&app->progress, dr->id) >= DRILL_PASSED;
	if (!passed && v->confirm != CF_SOLUTION && drill_points_left(&app->progress, dr) > 0) {
		v->confirm = CF_SOLUTION;
		snprintf(app->status, sizeof app->status, tr(MSG_DR_CONFIRM_SOLUTION),
			 drill_points_left(&app->progress, dr));
		return;
	}
	v->confirm = CF_NONE;
	if (!passed) {
		drill_apply_give_up(&app->progress, dr);
		app_progress_changed(app);
	}
	char *path = drill_file(dr, "reference.cu");
	set_body(v, path ? slurp(path) : NULL);
	free(path);
	app->status[0] = '\0';
}

static void reset(struct app *app, struct drill_view *v)
{
	if (v->confirm != CF_RESET) {
		v->confirm = CF_RESET;
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_DR_CONFIRM_RESET));
		return;
	}
	v->confirm = CF_NONE;
	char bak[4400];
	int e = drill_reset(v->cur, bak, sizeof bak);
	if (e)
		snprintf(app->status, sizeof app->status, tr(MSG_DR_CANNOT_COPY), strerror(e));
	else if (bak[0])
		snprintf(app->status, sizeof app->status, tr(MSG_DR_RESET_KEPT),
			 strrchr(bak, '/') ? strrchr(bak, '/') + 1 : bak);
	else
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_DR_RESET_DONE));
	if (!e)   /* a fresh start: the task again */
		set_body(v, statement(v->cur));
}

static enum act drill_key(struct app *app, void *st, const struct input *in)
{
	struct drill_view *v = st;
	enum confirm was = v->confirm;
	v->confirm = CF_NONE;
	int page = LINES - 4 > 1 ? LINES - 4 : 1;
	switch (in->id) {
	case CMD_UP:
		if (v->cur)
			v->page.top--;
		else if (v->sel > 0)
			v->sel--;
		return ACT_NONE;
	case CMD_DOWN:
		if (v->cur)
			v->page.top++;
		else if (v->sel + 1 < (int)v->set.n)
			v->sel++;
		return ACT_NONE;
	case CMD_PGDN:
		v->page.top += page;
		return ACT_NONE;
	case CMD_PGUP:
		v->page.top -= page;
		return ACT_NONE;
	case CMD_TOP:
		v->page.top = 0;
		return ACT_NONE;
	case CMD_BOTTOM:
		v->page.top = 1 << 20;
		return ACT_NONE;
	case DK_OPEN:
		v->cur = &v->set.v[v->sel];
		set_body(v, statement(v->cur));
		app->status[0] = '\0';
		return ACT_NONE;
	case DK_BACK:
		if (v->checking)
			runner_cancel(&v->run);
		v->checking = false;
		v->cur = NULL;
		app->status[0] = '\0';
		return ACT_NONE;
	case DK_EDIT:
		edit(app, v);
		return ACT_NONE;
	case DK_CHECK:
		start_check(app, v);
		return ACT_NONE;
	case DK_HINT:
		hint(app, v);
		return ACT_NONE;
	case DK_SOLUTION:
		v->confirm = was;
		solution(app, v);
		return ACT_NONE;
	case DK_RESET:
		v->confirm = was;
		reset(app, v);
		return ACT_NONE;
	}
	return ACT_IGNORED;
}

static bool drill_on(struct app *app, void *st, int id, enum msg *why)
{
	(void)app, (void)why;
	struct drill_view *v = st;
	switch (id) {
	case DK_OPEN:
		return !v->cur && v->set.n;
	case DK_BACK:
		return v->cur != NULL;
	case DK_EDIT: case DK_HINT: case DK_SOLUTION: case DK_RESET:
		return v->cur && !v->checking;
	case DK_CHECK:
		return v->cur && !v->checking;
	case CMD_PGDN: case CMD_PGUP: case CMD_TOP: case CMD_BOTTOM:
		return v->cur != NULL;
	}
	return true;
}

static const struct screen_key drill_keys[] = {
	{ .id = DK_OPEN, .keys = "Enter", .label = MSG_DR_K_OPEN, .help = MSG_DR_H_OPEN },
	{ .cmd = CMD_UP }, { .cmd = CMD_DOWN },
	{ .cmd = CMD_PGDN }, { .cmd = CMD_PGUP }, { .cmd = CMD_TOP }, { .cmd = CMD_BOTTOM },
	{ .id = DK_EDIT, .keys = "e", .label = MSG_DR_K_EDIT, .help = MSG_DR_H_EDIT },
	{ .id = DK_CHECK, .keys = "c", .label = MSG_DR_K_CHECK, .help = MSG_DR_H_CHECK },
	{ .id = DK_HINT, .keys = "h", .label = MSG_DR_K_HINT, .help = MSG_DR_H_HINT },
	{ .id = DK_SOLUTION, .keys = "s", .label = MSG_DR_K_SOLUTION, .help = MSG_DR_H_SOLUTION },
	{ .id = DK_RESET, .keys = "r", .label = MSG_DR_K_RESET, .help = MSG_DR_H_RESET },
	{ .id = DK_BACK, .keys = "Esc Backspace", .label = MSG_DR_K_LIST, .help = MSG_DR_H_LIST },
};

const struct screen screen_drill = {
	.name = "drills", .enter = drill_enter, .draw = drill_draw, .key = drill_key,
	.tick = drill_tick, .leave = drill_leave, SCREEN_KEYS(drill_keys), .key_on = drill_on,
};
