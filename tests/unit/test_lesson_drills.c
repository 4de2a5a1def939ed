/* test_lesson_drills: a lesson that sends the learner to a drill (a code
 * block of `$ cudakitchen drill ...` lines, lessons 19-21) first points to
 * the menu's Drills row, named as the menu names it in the lesson's
 * language (MSG_MENU_DRILLS), with the drill's number in the list; the
 * shell commands stay as the alternative, and each names a subcommand and
 * a drill that exist.  Run from the repository root (make test does). */
#include <dirent.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"
#include "lesson.h"
#include "tap.h"

/* The drill's number in the list ("03" for transpose-tiled: its folder is
 * drills/03-transpose-tiled), "" when there is no such drill. */
static void drill_number(const char *id, char num[3])
{
	num[0] = '\0';
	DIR *d = opendir("drills");
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (strlen(e->d_name) > 3 && e->d_name[2] == '-' && !strcmp(e->d_name + 3, id))
			snprintf(num, 3, "%.2s", e->d_name);
	if (d)
		closedir(d);
}

/* Checks one `$ cudakitchen drill SUB [--gpu|--cpu] ID` line; the drill's
 * id into id. */
static bool command_ok(const char *line, char *id, size_t size)
{
	static const char *const subs[] = { "start", "check", "hint", "solution", "reset" };
	char one[256], sub[32], a[64], b[64];
	snprintf(one, sizeof one, "%.*s", (int)strcspn(line, "\n"), line);
	int n = sscanf(one, "$ cudakitchen drill %31s %63s %63s", sub, a, b);
	bool known = false;
	for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
		known |= n >= 2 && !strcmp(sub, subs[i]);
	const char *d = n == 3 && (!strcmp(a, "--gpu") || !strcmp(a, "--cpu")) ? b : a;
	snprintf(id, size, "%s", n >= 2 ? d : "");
	return known && (n == 2 || d == b);
}

/* Every page of the course in dir with a drill code block. */
static int check_course(const char *dir, enum lang lang)
{
	struct course c;
	struct diags d = { 0 };
	ok(course_load(dir, &c, &d), "%s loads", dir);
	const char *row = i18n_text(lang, MSG_MENU_DRILLS);
	int blocks = 0;
	for (size_t k = 0; k < c.n; k++)
		for (size_t p = 0; p < c.lessons[k].npages; p++) {
			const struct page *pg = &c.lessons[k].pages[p];
			for (size_t i = 0; i < pg->n; i++) {
				const char *code = pg->items[i].text;
				if (pg->items[i].kind != ITEM_CODE || !code || !strstr(code, "$ cudakitchen drill "))
					continue;
				blocks++;
				char id[64], num[3];
				bool cmds = true;
				for (const char *l = code; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
					cmds &= *l == '\n' || !*l || command_ok(l, id, sizeof id);
				drill_number(id, num);
				bool pointed = false; /* a text before the block names the row and the drill */
				for (size_t t = 0; t < i; t++)
					pointed |= pg->items[t].kind == ITEM_TEXT && pg->items[t].text && strstr(pg->items[t].text, row) && num[0] && strstr(pg->items[t].text, num);
				ok(cmds && num[0], "%s: %s, %s: the shell commands name a drill that exists (%s)",
				   dir, c.lessons[k].id, pg->title, id);
				ok(pointed, "%s: %s, %s: the page points to the menu's \"%s\" row, drill %s, first",
				   dir, c.lessons[k].id, pg->title, row, num);
			}
		}
	course_free(&c);
	diags_free(&d);
	return blocks;
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	is_int(check_course("lessons/en", LANG_EN), 4, "English: four drill blocks (lessons 19, 20, 21 twice)");
	is_int(check_course("lessons/zh", LANG_ZH), 4, "Chinese: the same four");
	return tap_done();
}
