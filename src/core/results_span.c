/* results_span: a streams record's timeline -> spans (see results.h).
 *
 * `timeline: [[chunk, stream, stage, start_ms, end_ms], ...]`, stage 0
 * copy in, 1 kernel, 2 copy out; offsets in ms after the run's start
 * event, end >= start >= 0.  Spans of every record go into one array of
 * struct results, each variant naming its slice, so a variant stays a
 * plain value. */
#include "results.h"

#include <stdlib.h>
#include <string.h>
#include "doc.h"

#define SPANS_MAX 4096 /* per record: 32 chunks x 3 stages fit many times */

static bool read_span(const char *file, const struct doc_node *t, struct res_span *sp,
		      struct diags *d)
{
	long c, s, st;
	if (t->type != DOC_SEQ || t->n != 5) {
		diags_add(d, file, t->line, t->col,
			  "a timeline entry is [chunk, stream, stage, start_ms, end_ms]");
		return false;
	}
	if (!doc_int(file, t->items[0], 0, 1L << 20, &c, d) ||
	    !doc_int(file, t->items[1], 0, 1L << 20, &s, d) ||
	    !doc_int(file, t->items[2], 0, 2, &st, d) ||
	    !doc_double(file, t->items[3], &sp->start, d) ||
	    !doc_double(file, t->items[4], &sp->end, d))
		return false;
	if (!(sp->start >= 0 && sp->end >= sp->start)) {
		diags_add(d, file, t->line, t->col,
			  "a timeline entry must end after it starts, both >= 0");
		return false;
	}
	sp->chunk = (int)c, sp->stream = (int)s, sp->stage = (enum res_stage)st;
	return true;
}

bool results_read_timeline(const char *file, const struct doc_node *map,
			   struct results *out, struct res_variant *v, struct diags *d)
{
	const struct doc_node *tl = doc_get(map, "timeline");
	v->span0 = out->nspan;
	v->nspan = 0;
	if (!tl || doc_is_null(tl))
		return true;
	if (tl->type != DOC_SEQ || tl->n > SPANS_MAX) {
		diags_add(d, file, tl->line, tl->col,
			  "timeline must be a list of at most %d entries", SPANS_MAX);
		return false;
	}
	struct res_span *p = realloc(out->span, (out->nspan + tl->n + 1) * sizeof *p);
	if (!p) {
		diags_add(d, file, tl->line, tl->col, "out of memory");
		return false;
	}
	out->span = p;
	for (size_t i = 0; i < tl->n; i++)
		if (!read_span(file, tl->items[i], &out->span[out->nspan + i], d))
			return false;
	v->nspan = tl->n;
	out->nspan += tl->n;
	return true;
}
