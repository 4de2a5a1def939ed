/* drill_progress: drills in the learner's progress (drill_progress.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drill_progress.h"
#include "i18n.h"

enum drill_state drill_state_in(const struct progress *p, const char *id)
{
	const struct drill_record *r = progress_drill_find(p, id);
	if (!r || (!r->attempts && !r->passed))
		return DRILL_NEW;
	return r->fast ? DRILL_PASSED_FAST : r->passed ? DRILL_PASSED : DRILL_FAILING;
}

const char *drill_state_word(enum drill_state s)
{
	static const enum msg m[] = { MSG_DR_STATE_NEW, MSG_DR_STATE_FAILING, MSG_DR_STATE_PASSED,
				      MSG_DR_STATE_FAST };
	return tr(m[s]);
}

int drill_points_left(const struct progress *p, const struct drill *dr)
{
	const struct drill_record *r = progress_drill_find(p, dr->id);
	if (r && r->gave_up)
		return 0;
	int left = dr->points - (r ? r->hints : 0) * dr->hint_cost;
	return left > 0 ? left : 0;
}

static int skill_index(const char *name)
{
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		if (!strcmp(skill_names[i], name))
			return i;
	return -1;
}

void drill_apply_check(struct progress *p, const struct drill *dr, const struct drill_result *res)
{
	struct drill_record *r = progress_drill(p, dr->id);
	if (!r || res->verdict == DRILL_CANNOT)
		return;
	r->attempts++;
	bool pass = res->verdict == DRILL_PASS || res->verdict == DRILL_FAST;
	if (!pass)
		return;
	if (!r->passed) {
		int got = drill_points_left(p, dr);
		for (int i = 0; i < dr->nskills; i++) {
			int k = skill_index(dr->skills[i]);
			if (k >= 0)
				p->skill_got[k] += got, p->skill_max[k] += dr->points;
		}
	}
	r->passed = true;
	if (res->backend == DRILL_GPU) {
		r->on_gpu = true;
		drill_copy(r->device, sizeof r->device, res->device);
		if (res->ms > 0 && (r->best_ms <= 0 || res->ms < r->best_ms))
			r->best_ms = res->ms;
		r->fast |= res->verdict == DRILL_FAST;
	}
}

void drill_apply_hint(struct progress *p, const struct drill *dr, int n)
{
	struct drill_record *r = progress_drill(p, dr->id);
	if (r && !r->passed && n > r->hints)
		r->hints = n;
}

void drill_apply_give_up(struct progress *p, const struct drill *dr)
{
	struct drill_record *r = progress_drill(p, dr->id);
	if (r && !r->passed)
		r->gave_up = true;
}

void drill_progress_open(struct drill_progress_file *f, bool write)
{
	struct diags d = { 0 };
	memset(f, 0, sizeof *f);
	f->lock_fd = -1;
	progress_init(&f->p);
	if (progress_locate(f->dir, sizeof f->dir, f->file, sizeof f->file) != PROGRESS_WHERE_OK)
		return;
	char why[256] = "";
	if (write && !progress_lock(f->dir, &f->lock_fd, why, sizeof why))
		fprintf(stderr, "cudakitchen: progress not recorded: %s\n", why);
	f->write = write && f->lock_fd >= 0;
	if (!progress_load(f->file, &f->p, &d))
		f->write = false;
	if (f->p.readonly)
		f->write = false;
	diags_free(&d);
}

void drill_progress_close(struct drill_progress_file *f)
{
	struct diags d = { 0 };
	if (f->write && !progress_save(f->file, &f->p, &d) && d.n)
		fprintf(stderr, "cudakitchen: progress not saved: %s\n", d.v[0].msg);
	diags_free(&d);
	progress_unlock(f->lock_fd);
	f->lock_fd = -1;
}

enum drill_state drill_state_of(const struct drill_progress_file *f, const char *id)
{
	return drill_state_in(&f->p, id);
}

void drill_progress_record(const struct drill *dr, const struct drill_result *r)
{
	struct drill_progress_file f;
	drill_progress_open(&f, true);
	drill_apply_check(&f.p, dr, r);
	drill_progress_close(&f);
}

int drill_progress_hints(const char *id)
{
	struct drill_progress_file f;
	drill_progress_open(&f, false);
	const struct drill_record *r = progress_drill_find(&f.p, id);
	int n = r ? r->hints : 0;
	drill_progress_close(&f);
	return n;
}

void drill_progress_hint(const struct drill *dr, int n)
{
	struct drill_progress_file f;
	drill_progress_open(&f, true);
	drill_apply_hint(&f.p, dr, n);
	drill_progress_close(&f);
}

bool drill_progress_passed(const char *id)
{
	struct drill_progress_file f;
	drill_progress_open(&f, false);
	bool passed = drill_state_in(&f.p, id) >= DRILL_PASSED;
	drill_progress_close(&f);
	return passed;
}

void drill_progress_give_up(const struct drill *dr)
{
	struct drill_progress_file f;
	drill_progress_open(&f, true);
	drill_apply_give_up(&f.p, dr);
	drill_progress_close(&f);
}

void drill_hands_on(const struct progress *p, const struct drill_set *s,
		    int pct[PROGRESS_SKILLS], int *passed)
{
	double pts[PROGRESS_SKILLS] = { 0 };
	*passed = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct drill *dr = &s->v[i];
		const struct drill_record *r = progress_drill_find(p, dr->id);
		if (!r || !r->passed)
			continue;
		(*passed)++;
		int got = r->gave_up ? 0 : dr->points - r->hints * dr->hint_cost;
		for (int k = 0; k < dr->nskills && got > 0; k++) {
			int x = skill_index(dr->skills[k]);
			if (x >= 0)
				pts[x] += got;
		}
	}
	for (int k = 0; k < PROGRESS_SKILLS; k++) {
		double all = p->skill_got[k];
		pct[k] = all > 0 ? (int)(100.0 * (pts[k] < all ? pts[k] : all) / all + 0.5) : -1;
	}
}
