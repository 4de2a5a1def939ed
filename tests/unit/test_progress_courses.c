/* test_progress_courses: quiz progress belongs to a course (format 2).
 * A class's level 1 is not the built-in level 1; a level a class takes
 * from the built-in quiz is the built-in one; a format 1 file's levels are
 * the built-in course's; a file of format 2 keeps every course's levels
 * across a round trip, and a format 1 reader (any older binary) sees a
 * newer format and leaves it alone. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "progress.h"
#include "quiz.h"
#include "progress_text.h"
#include "tap.h"


static const char *const builtin[PROGRESS_LEVELS] = { "", "", "", "", "" };
static const char *const cls[PROGRESS_LEVELS] = { "/srv/class", "", "", "", "" };

static void test_separate(void)
{
	struct progress p;
	progress_init(&p);
	p.levels[0].best = 96;                 /* the built-in level 1, passed */
	progress_use_courses(&p, cls);         /* a class with its own level 1 */
	is_int(p.levels[0].best, -1, "a class's level 1 starts unseen, whatever the built-in one scored");
	is_int(p.levels[1].best, -1, "level 2 from the built-in quiz: the built-in's (never taken)");
	p.levels[0].best = 40;
	p.levels[1].best = 85;                 /* built-in level 2, taken during the class */
	progress_use_courses(&p, builtin);
	is_int(p.levels[0].best, 96, "back on the built-in course: its level 1 is as it was");
	is_int(p.levels[1].best, 85, "and built-in level 2 is the one taken during the class");
	progress_use_courses(&p, cls);
	is_int(p.levels[0].best, 40, "the class's level 1 kept its own score");

	size_t len;
	char *text = progress_text(&p, &len);
	ok(text && strstr(text, "format_version: 4\n"), "written in the current format (4)");
	ok(text && strstr(text, "courses:\n  - course: \"/srv/class\"\n    levels:\n"), "with the class's levels under its key");
	struct progress back;
	ok(text && progress_parse("mem", text, len, &back), "and reads back");
	is_int(back.levels[0].best, 96, "read back: levels are the built-in course's first");
	progress_use_courses(&back, cls);
	is_int(back.levels[0].best, 40, "read back: the class's level 1");
	is_int(back.levels[1].best, 85, "read back: built-in level 2");
	ok(!back.readonly, "our own format: writable");
	free(text);
}

static void test_old_and_new(void)
{
	static const char v1[] =
		"format_version: 1\nlast: \"\"\nlessons: []\n"
		"levels:\n  - {best: 96, attempt: 1, question: 0, seed: 1, points: 0, max_points: 0, in_progress: false}\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	struct progress p;
	ok(progress_parse("v1", v1, sizeof v1 - 1, &p), "a format 1 file loads");
	ok(!p.readonly, "and is ours to rewrite");
	is_int(p.levels[0].best, 96, "its levels are the built-in course's");
	progress_use_courses(&p, cls);
	is_int(p.levels[0].best, -1, "so a class's level 1 is not passed by them");
	size_t len;
	char *text = progress_text(&p, &len);
	ok(text && strstr(text, "format_version: 4\n") && strstr(text, "levels:\n  - {best: 96,"),
	   "saved in the current format, the built-in score kept");
	free(text);
	static const char v1_courses[] =
		"format_version: 1\nlast: \"\"\nlessons: []\nlevels: []\ncourses: []\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	ok(!progress_parse("v1c", v1_courses, sizeof v1_courses - 1, &p), "format 1 with courses: not a file we wrote");
	static const char v2_missing[] =
		"format_version: 2\nlast: \"\"\nlessons: []\nlevels: []\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	ok(!progress_parse("v2", v2_missing, sizeof v2_missing - 1, &p), "format 2 without courses: cut short, corrupt");
	static const char v3[] =
		"format_version: 99\nlast: \"\"\nlessons: []\nlevels: [{best: 90}]\n"
		"courses: [{course: \"/c\", levels: [{best: 70}], extra: 1}]\nwhatever: 1\n"
		"skills: {}\ngpumap: {attempts: 0, correct: 0}\napis: \"\"\nspeedups: \"\"\n";
	ok(progress_parse("v3", v3, sizeof v3 - 1, &p) && p.readonly, "a newer format: read, read-only");
	const char *const c[PROGRESS_LEVELS] = { "/c", "", "", "", "" };
	progress_use_courses(&p, c);
	is_int(p.levels[0].best, 70, "its class levels are read too");
}

static void test_many(void)
{
	struct progress p;
	char keys[PROGRESS_MAX_COURSES + 3][32];
	progress_init(&p);
	p.levels[0].best = 77;
	for (int k = 0; k < PROGRESS_MAX_COURSES + 3; k++) {
		snprintf(keys[k], sizeof keys[k], "/class/%d", k);
		const char *const ks[PROGRESS_LEVELS] = { keys[k], "", "", "", "" };
		progress_use_courses(&p, ks);
		p.levels[0].best = k;
	}
	progress_use_courses(&p, builtin);
	is_int(p.levels[0].best, 77, "many classes later: the built-in course is never forgotten");
	ok(p.ncourses <= PROGRESS_MAX_COURSES, "at most %d courses kept", PROGRESS_MAX_COURSES);
	size_t len;
	char *text = progress_text(&p, &len);
	struct progress back;
	ok(text && progress_parse("many", text, len, &back), "a full store reads back");
	free(text);
}

/* Counters are bounded on read and on increment: a file's huge attempt
 * count loads, and starting another attempt cannot overflow it. */
static void test_counters(void)
{
	static const char big[] =
		"format_version: 2\nlast: \"\"\nlessons: []\nlevels:\n"
		"  - {best: -1, attempt: 2147483647, question: 0, seed: 1, points: 0, max_points: 0, in_progress: false}\n"
		"courses: []\nskills: {}\ngpumap: {attempts: 2147483647, correct: 2147483647}\n"
		"apis: \"\"\nspeedups: \"\"\n";
	struct progress p;
	progress_init(&p);
	ok(progress_parse("big.yaml", big, sizeof big - 1, &p) && !p.notice[0], "INT_MAX counters load");
	is_int(p.levels[0].attempt, PROGRESS_COUNT_MAX, "an attempt count is taken at the bound");
	is_int(p.gpumap_attempts, PROGRESS_COUNT_MAX, "so is gpu-map's");
	quiz_start_attempt(&p.levels[0], 7);
	is_int(p.levels[0].attempt, PROGRESS_COUNT_MAX, "a new attempt keeps it at the bound");
	progress_count(&p.gpumap_attempts);
	is_int(p.gpumap_attempts, PROGRESS_COUNT_MAX, "a drop keeps gpu-map's at the bound");
}

/* Two windows' progress merged: nothing either did is lost. */
static void test_merge(void)
{
	struct progress *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	if (!a || !b) {
		free(a);
		free(b);
		return;
	}
	progress_init(a);
	progress_init(b);
	progress_lesson(a, "kitchen")->page = 3;
	progress_lesson(b, "kitchen")->done = true;
	progress_lesson(b, "stations")->page = 2;
	b->levels[0].best = 90;
	b->levels[0].attempt = 1;
	a->levels[1].attempt = 2;
	a->levels[1].question = 4;
	a->levels[1].in_progress = true;
	snprintf(a->apis, sizeof a->apis, "cublasSgemm");
	snprintf(b->apis, sizeof b->apis, "cudnnCreate cublasSgemm");
	b->skill_got[0] = 4, b->skill_max[0] = 6;
	progress_merge(a, b);
	struct lesson_progress *k = progress_lesson(a, "kitchen"), *st = progress_lesson(a, "stations");
	ok(k && k->page == 3 && k->done, "a lesson read in both: this window's place, done from the other");
	ok(st && st->page == 2, "a lesson read only in the other window is kept, with its place");
	is_int(a->levels[0].best, 90, "a level passed in the other window stays passed");
	ok(a->levels[1].in_progress && a->levels[1].question == 4, "this window's attempt under way stays");
	ok(strstr(a->apis, "cudnnCreate") && strstr(a->apis, "cublasSgemm") && strlen(a->apis) == 23,
	   "function names joined once: '%s'", a->apis);
	ok(a->skill_max[0] == 6 && a->skill_got[0] == 4, "the larger skill record is kept");
	progress_init(a);
	progress_init(b);
	struct drill_record *da = progress_drill(a, "vec-add"), *db = progress_drill(b, "vec-add");
	struct drill_record *only = progress_drill(b, "block-reduce");
	if (da && db && only) {
		da->attempts = 3;
		db->attempts = 2, db->passed = true, db->best_ms = 0.5;
		only->attempts = 1;
		progress_merge(a, b);
		const struct drill_record *m = progress_drill_find(a, "vec-add");
		ok(m && m->passed && m->attempts == 3 && m->best_ms == 0.5,
		   "a drill passed in the other window stays passed, with its time");
		ok(progress_drill_find(a, "block-reduce") != NULL, "a drill only the other window checked is kept");
	}
	free(a);
	free(b);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_counters();
	test_merge();
	test_separate();
	test_old_and_new();
	test_many();
	return tap_done();
}
