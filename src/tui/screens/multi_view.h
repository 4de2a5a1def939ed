/* multi_view: the multigpu demo's picture (multi_view.c): the link grid,
 * NCCL's bus bandwidth by size, the split's scaling bars; without a GPU
 * the model and what was not run. */
#ifndef CK_MULTI_VIEW_H
#define CK_MULTI_VIEW_H
#include "demo_view.h"

/* Each section with multigpu records (the learner's, the recorded one),
 * one under the other, then `none` (NULL: nothing) when no recorded
 * section has any; the lines from `scroll` in rows [y0, y1).  Returns the
 * lines the whole picture takes. */
int multi_view_draw(const struct demo_section *s, int n, int y0, int y1, int scroll,
		    const char *none);
/* "4K .. 1G" (the sizes the records hold), "the model at 1G", or "". */
void multi_view_size_text(const struct results *r, char *buf, size_t size);
#endif
