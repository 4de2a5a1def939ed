/* Unit tests for quiz_attempt.c: rows of each question type, choosing and
 * swapping, never-solved starting orders, and UTF-8 text editing. */
#include <stdio.h>
#include <string.h>
#include "quiz.h"
#include "i18n.h"
#include "tap.h"

/* is_str for arrays (tap.h's NULL checks warn on an array's address). */
#define is_s(got, want, ...) do { const char *g_ = (got), *w_ = (want); \
	is_str(g_, w_, __VA_ARGS__); } while (0)

static struct quiz ex;

static const struct quiz_question *q_of(const char *id)
{
	for (size_t i = 0; i < ex.n; i++)
		if (!strcmp(ex.q[i].id, id))
			return &ex.q[i];
	return NULL;
}

static void test_rows(void)
{
	int map[QUIZ_MAX_ITEMS], map2[QUIZ_MAX_ITEMS];
	struct quiz_response r, r2;
	const struct quiz_question *q = q_of("kernel-keyword");
	is_int(quiz_rows_init(q, 77, 1, map, &r), 4, "single: four rows");
	quiz_rows_init(q, 77, 1, map2, &r2);
	ok(!memcmp(map, map2, 4 * sizeof *map), "same seed and question: same rows (resume)");
	is_int(r.choice, -1, "nothing chosen yet");
	int right = -1;
	for (int i = 0; i < 4; i++)
		if (map[i] == q->answer)
			right = i;
	ok(right >= 0, "the right option is on some row");
	quiz_row_choose(q, map, right, &r);
	ok(quiz_grade(q, &r) && quiz_row_chosen(q, map, right, &r), "choosing its row is right");
	quiz_row_choose(q, map, (right + 1) % 4, &r);
	ok(!quiz_grade(q, &r) && !quiz_row_chosen(q, map, right, &r), "choosing another row is wrong");

	q = q_of("block-limits");
	quiz_rows_init(q, 3, 2, map, &r);
	for (int i = 0; i < 4; i++)
		if (map[i] < 3)
			quiz_row_choose(q, map, i, &r);
	ok(quiz_grade(q, &r), "multi: ticking the right rows is right");
	quiz_row_choose(q, map, 0, &r);
	quiz_row_choose(q, map, 0, &r);
	ok(quiz_grade(q, &r), "multi: ticking twice unticks");

	q = q_of("launch-async");
	is_int(quiz_rows_init(q, 1, 4, map, &r), 2, "truefalse: two rows");
	quiz_row_choose(q, map, 1, &r);
	ok(quiz_grade(q, &r), "truefalse: row 1 is false, which is right");

	q = q_of("tiled-speedup");
	is_int(quiz_rows_init(q, 9, 6, map, &r), 3, "predict: one row per band");
	ok(map[0] == 0 && map[1] == 1 && map[2] == 2, "bands keep the author's order");

	q = q_of("warp-size");
	is_int(quiz_rows_init(q, 9, 0, map, &r), 0, "fill: no rows");
	ok(quiz_text_entry(q) && !quiz_text_entry(q_of("tiled-speedup")), "text entry: fill, not bands");
}

static void test_swaps(void)
{
	int map[QUIZ_MAX_ITEMS];
	struct quiz_response r;
	const struct quiz_question *q = q_of("cublas-steps");
	int solved = 0;
	for (unsigned seed = 0; seed < 200; seed++) {
		quiz_rows_init(q, seed, 5, map, &r);
		solved += quiz_grade(q, &r);
	}
	is_int(solved, 0, "order never starts solved (200 seeds)");
	/* solve by selection sort with swaps, as a learner would */
	for (int i = 0; i < 4; i++)
		for (int j = i + 1; j < 4; j++)
			if (r.seq[j] == i)
				quiz_row_swap(&r, i, j);
	ok(quiz_grade(q, &r), "swapping rows into order solves it");
	q = q_of("where-data-lives");
	quiz_rows_init(q, 1234, 3, map, &r);
	ok(!quiz_grade(q, &r), "match starts unsolved");
	for (int i = 0; i < 3; i++)
		for (int j = i + 1; j < 3; j++)
			if (r.seq[j] == i)
				quiz_row_swap(&r, i, j);
	ok(quiz_grade(q, &r), "swapping right sides solves it");
	quiz_row_swap(&r, 0, 99);
	ok(quiz_grade(q, &r), "an out-of-range swap is ignored");
}

static void test_text(void)
{
	struct quiz_response r = { .choice = -1 };
	ok(quiz_text_put(&r, "a", 1) && quiz_text_put(&r, "\xc3\xa9", 2) && quiz_text_put(&r, "\xe4\xb8\xad", 3),
	   "ASCII, 2-byte and 3-byte characters go in");
	is_s(r.text, "a\xc3\xa9\xe4\xb8\xad", "text is their UTF-8");
	ok(!quiz_text_put(&r, "\n", 1) && !quiz_text_put(&r, "\x7f", 1), "controls are refused");
	quiz_text_backspace(&r);
	is_s(r.text, "a\xc3\xa9", "backspace removes the 3-byte character whole");
	quiz_text_backspace(&r);
	is_s(r.text, "a", "and the 2-byte one");
	quiz_text_backspace(&r);
	quiz_text_backspace(&r);
	is_int(r.text[0], 0, "backspace on empty text is harmless");
	int n = 0;
	while (quiz_text_put(&r, "x", 1))
		n++;
	is_int(n, QUIZ_TEXT_MAX - 1, "the field holds QUIZ_TEXT_MAX - 1 bytes");
	ok(!quiz_text_put(&r, "\xc3\xa9", 2), "a character that does not fit is refused whole");
}

static void test_states(void)
{
	struct progress p;
	char buf[64];
	progress_init(&p);
	quiz_level_state(&p, 0, 10, buf, sizeof buf);
	is_s(buf, "open", "a fresh level 1 is open");
	quiz_level_state(&p, 1, 10, buf, sizeof buf);
	is_s(buf, "locked", "level 2 is locked");
	quiz_level_state(&p, 0, 0, buf, sizeof buf);
	is_s(buf, "cannot be loaded", "a broken level says so");
	quiz_start_attempt(&p.levels[0], 5);
	p.levels[0].question = 2;
	quiz_level_state(&p, 0, 10, buf, sizeof buf);
	is_s(buf, "question 3/10", "in progress: the next question");
	p.levels[0].question = 10;
	quiz_level_state(&p, 0, 10, buf, sizeof buf);
	is_s(buf, "all answered: see your score", "all answered before the score");
	p.levels[0].in_progress = false;
	p.levels[0].best = 60;
	quiz_level_state(&p, 0, 10, buf, sizeof buf);
	is_s(buf, "best 60%: try again", "below 80%");
	p.levels[0].best = 80;
	quiz_level_state(&p, 0, 10, buf, sizeof buf);
	is_s(buf, "passed, best 80%", "passed");
	quiz_level_state(&p, 1, 10, buf, sizeof buf);
	is_s(buf, "open", "and level 2 opens");
	char line[200];
	progress_init(&p);
	quiz_summary(&p, line, sizeof line);
	is_s(line, "Level 1 open. Levels 2 to 5 locked.", "summary of a fresh start");
	p.levels[0].best = 90;
	p.levels[1].best = 40;
	quiz_start_attempt(&p.levels[1], 3);
	quiz_summary(&p, line, sizeof line);
	is_s(line, "Level 1 passed (best 90%). Level 2 in progress (best 40%). Levels 3 to 5 locked.",
	     "summary with a pass and a level under way");
	quiz_summary_n(&p, 3, line, sizeof line);
	is_s(line, "Level 1 passed (best 90%). Level 2 in progress (best 40%). Level 3 locked.",
	     "a class's quiz of three levels stops at its last");
	for (int i = 0; i < QUIZ_LEVELS; i++)
		p.levels[i] = (struct level_progress){ .best = 100 };
	p.levels[4].best = 70;
	quiz_summary(&p, line, 60);
	ok(strlen(line) < 60, "summary fits its buffer");
	quiz_summary(&p, line, sizeof line);
	ok(strstr(line, "Level 5 tried (best 70%).") != NULL, "a level tried but not passed");
	i18n_set_lang("zh");
	progress_init(&p);
	quiz_summary(&p, line, sizeof line);
	ok(strstr(line, "。第") != NULL && strstr(line, "。 ") == NULL,
	   "in Chinese the sentences join without a space (%s)", line);
	i18n_set_lang("en");
	for (int t = 0; t < QT_COUNT; t++) {
		struct quiz_question q = { .type = (enum quiz_type)t };
		ok(quiz_instruction(&q)[0] != '\0', "an instruction for %s", quiz_type_names[t]);
	}
}

int main(void)
{
	struct diags d = { 0 };
	if (!quiz_load("tests/fixtures/quiz/example/level1.yaml", &ex, &d))
		return 1;
	test_rows();
	test_swaps();
	test_text();
	test_states();
	quiz_free(&ex);
	diags_free(&d);
	return tap_done();
}
