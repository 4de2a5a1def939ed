/* progress_merge: two windows' progress made one (progress.h).  A second
 * cudakitchen runs without saving while the first holds progress.lock;
 * when the first quits, the second takes the lock and folds what the file
 * then holds into its own before saving, so neither window's work is lost.
 * Counts are not added (both windows started from the same file): each
 * record keeps the larger of the two. */
#include <stdio.h>
#include <string.h>
#include "progress.h"

/* The attempt further along wins (more attempts, then more questions
 * answered); the best score is the better of both. */
static void merge_level(struct level_progress *d, const struct level_progress *s)
{
	int best = d->best > s->best ? d->best : s->best;
	if (s->attempt > d->attempt || (s->attempt == d->attempt && s->question > d->question))
		*d = *s;
	d->best = best;
}

static void merge_lessons(struct progress *dst, const struct progress *src)
{
	for (size_t i = 0; i < src->nlessons; i++) {
		const struct lesson_progress *s = &src->lessons[i];
		bool had = false;
		for (size_t k = 0; k < dst->nlessons && !had; k++)
			had = !strcmp(dst->lessons[k].id, s->id);
		struct lesson_progress *d = progress_lesson(dst, s->id);
		if (!d)
			continue;
		if (!had)
			*d = *s;      /* read only in the other window: its place too */
		d->done |= s->done;
	}
}

/* A drill checked in both windows keeps the larger counts, a pass from
 * either (with its best time), and a reference shown in either. */
static void merge_drills(struct progress *dst, const struct progress *src)
{
	for (size_t i = 0; i < src->ndrills; i++) {
		const struct drill_record *s = &src->drills[i];
		const struct drill_record *had = progress_drill_find(dst, s->id);
		struct drill_record *d = had ? (struct drill_record *)had : progress_drill(dst, s->id);
		if (!d)
			continue;
		if (!had) {
			*d = *s;
			continue;
		}
		d->attempts = d->attempts > s->attempts ? d->attempts : s->attempts;
		d->hints = d->hints > s->hints ? d->hints : s->hints;
		if (s->passed && (!d->passed || (s->best_ms > 0 && (d->best_ms <= 0 || s->best_ms < d->best_ms)))) {
			d->best_ms = s->best_ms;
			d->on_gpu = s->on_gpu;
			snprintf(d->device, sizeof d->device, "%s", s->device);
		}
		d->passed |= s->passed;
		d->fast |= s->fast;
		d->gave_up |= s->gave_up;   /* the reference, once shown in either, was seen */
	}
}

/* Adds each space-separated name of from to the set in to (when it fits). */
static void merge_words(char *to, size_t size, const char *from)
{
	char word[128];
	for (const char *p = from; *p;) {
		size_t n = strcspn(p, " ");
		snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
		bool have = false;
		size_t wl = strlen(word);
		for (const char *q = to; *word && !have && (q = strstr(q, word)); q += wl)
			have = (q == to || q[-1] == ' ') && (q[wl] == ' ' || !q[wl]);
		size_t len = strlen(to);
		if (*word && !have && len + wl + 2 <= size)
			snprintf(to + len, size - len, "%s%s", len ? " " : "", word);
		p += n + (p[n] == ' ');
	}
}

/* A course's certificate: the one written later of both windows'. */
static void merge_certs(struct progress *dst, const struct progress *src)
{
	for (size_t i = 0; i < src->ncerts; i++) {
		const struct cert_record *d = progress_cert_find(dst, src->certs[i].course);
		if (!d || strcmp(src->certs[i].written, d->written) > 0)
			progress_cert_set(dst, &src->certs[i]);
	}
}

void progress_merge(struct progress *dst, struct progress *src)
{
	merge_lessons(dst, src);
	merge_certs(dst, src);
	merge_drills(dst, src);
	/* every level filed under its course on both sides, then merged there */
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		progress_course_levels(dst, dst->level_course[i])->levels[i] = dst->levels[i];
		progress_course_levels(src, src->level_course[i])->levels[i] = src->levels[i];
	}
	for (size_t c = 0; c < src->ncourses; c++) {
		struct course_levels *d = progress_course_levels(dst, src->courses[c].course);
		for (int i = 0; i < PROGRESS_LEVELS; i++)
			merge_level(&d->levels[i], &src->courses[c].levels[i]);
	}
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		dst->levels[i] = progress_course_levels(dst, dst->level_course[i])->levels[i];
	for (int k = 0; k < PROGRESS_SKILLS; k++)
		if (src->skill_max[k] > dst->skill_max[k]) {
			dst->skill_got[k] = src->skill_got[k];
			dst->skill_max[k] = src->skill_max[k];
		}
	if (src->gpumap_attempts > dst->gpumap_attempts) {
		dst->gpumap_attempts = src->gpumap_attempts;
		dst->gpumap_correct = src->gpumap_correct;
	}
	merge_words(dst->apis, sizeof dst->apis, src->apis);
	if (!dst->speedups[0])
		snprintf(dst->speedups, sizeof dst->speedups, "%s", src->speedups);
	if (!dst->last[0])
		snprintf(dst->last, sizeof dst->last, "%s", src->last);
}
