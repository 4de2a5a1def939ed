/* Unit tests of lesson_find.c: substring search without case, the next and
 * previous place in a lesson (wrapping), counts and ranks, and the course-wide
 * search ("occupancy" finds lesson 3). */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include "lesson.h"
#include "lesson_find.h"
#include "tap.h"

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	ok(find_in("Shared Memory", "memory") && find_in("abc", "ABC") && !find_in("abc", "abd"),
	   "substrings, ASCII letters without case");
	ok(!find_in("abc", "") && !find_in(NULL, "a") && find_in("厨房里的厨师", "厨师"), "empty, NULL, CJK");
	const char *hay = "a Warp, a warp";
	ok(find_at(hay, "WARP") == hay + 2 && find_at(hay + 3, "warp") == hay + 10 && !find_at(hay, "x"),
	   "find_at: where the text first occurs, from any place on");

	struct lesson l;
	struct diags d = { 0 };
	ok(lesson_load("tests/fixtures/lessons-mini/01-pantry.yaml", &l, &d), "the fixture loads");
	struct lesson_spot s;
	bool f = lesson_find(&l, "paragraph", (struct lesson_spot){ 0, -1 }, 1, &s);
	ok(f && s.page == 0 && s.item == 1, "the first 'paragraph' after page 1's title: item 1");
	struct lesson_spot t;
	ok(lesson_find(&l, "paragraph", s, 1, &t) && (t.page > s.page || t.item > s.item), "n moves forward");
	struct lesson_spot u;
	ok(lesson_find(&l, "paragraph", t, -1, &u) && u.page == s.page && u.item == s.item, "N comes back");
	ok(lesson_find(&l, "PANTRY PAGE THREE", (struct lesson_spot){ 2, 0 }, 1, &s) && s.page == 2 && s.item == -1,
	   "a page title is found, wrapping around the end");
	ok(!lesson_find(&l, "no such words", (struct lesson_spot){ 0, -1 }, 1, &s), "absent text: not found");
	ok(lesson_count(&l, "paragraph") >= 3, "paragraph occurs on every page");
	/* which match a place is, 1-based in the lesson's order: n counts up to
	 * the count, then wraps back to 1 */
	size_t total = lesson_count(&l, "paragraph"), k = 0;
	struct lesson_spot at = { 0, -1 };
	bool ranks = true;
	for (size_t i = 1; i <= total + 1; i++) {
		lesson_find(&l, "paragraph", at, 1, &at);
		k = lesson_rank(&l, "paragraph", at);
		ranks &= k == (i > total ? 1 : i);
	}
	ok(ranks, "lesson_rank: the places found in turn are match 1, 2 ... %zu, then 1 again", total);
	ok(lesson_rank(&l, "paragraph", (struct lesson_spot){ 0, -1 }) == 0, "a place without the text is match 0");
	ok(lesson_mentions(&l, "shared memory of a station"), "the analogy counts for the course search");
	const char *st = lesson_spot_text(&l, s, "pantry page three");
	ok(st && find_in(st, "pantry page three"), "the text of a place that holds the search text");
	ok(!lesson_spot_text(&l, (struct lesson_spot){ 0, 0 }, "no such words"), "none for a place without it");
	lesson_free(&l);

	struct course c;
	struct diags cd = { 0 };
	course_load("lessons/en", &c, &cd);
	char found[64] = "";
	for (size_t i = 0; i < c.n; i++)
		if (lesson_mentions(&c.lessons[i], "occupancy")) {
			size_t k = strlen(found);
			snprintf(found + k, sizeof found - k, "%s%zu", k ? " " : "", i + 1);
		}
	ok(!strcmp(found, "3"), "'occupancy' is in lesson 3 of the built-in course, the only one naming it (found in: %s)", found);
	struct find_hit hits[64];
	size_t nh = course_find_all(&c, "occupancy", hits, 64);
	bool in3 = nh > 0;
	for (size_t i = 0; i < nh && i < 64; i++)
		in3 &= hits[i].lesson == 2 && hits[i].count > 0 && !hits[i].about &&
			lesson_spot_text(&c.lessons[2], (struct lesson_spot){ hits[i].page, hits[i].item }, "occupancy");
	ok(in3, "the course search lists lesson 3's pages that hold 'occupancy', each at its first place (%zu)", nh);
	size_t all = course_find_all(&c, "the", hits, 2);
	ok(all > 2, "more places than room: the count of all (%zu), the first two kept", all);
	ok(course_find_all(&c, "", hits, 64) == 0 && course_find_all(&c, "zzqqxx", hits, 64) == 0,
	   "nothing for an empty or absent text");
	course_free(&c);
	diags_free(&cd);
	diags_free(&d);
	return tap_done();
}
