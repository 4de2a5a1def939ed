/* sweep_view: the matmul screen's GFLOP/s-against-size view (key c): one
 * line per rung, the learner's own runs at the sizes they picked this
 * session and the recorded size sweep (sweep.h has the data and the
 * layout).  Draws into rows [y0, y1) from scratch, so a resize is a
 * redraw. */
#ifndef CK_SWEEP_VIEW_H
#define CK_SWEEP_VIEW_H
#include "sweep.h"

/* The sweeps of demo (its rungs' labels are its ladder's); mine and rec
 * may be empty, or NULL: not shown (the t key); rec_note says why there is
 * no recorded sweep ("" when there is one).  pl is the caller's scratch
 * space (too big for a draw's stack). */
void sweep_view_draw(const char *demo, const struct sweep *mine, const struct sweep *rec,
		     const char *rec_note, int y0, int y1, struct sweep_plot *pl);
#endif
