/* xfer_view: the curve and timeline views' pictures with ui.h — bandwidth
 * against size with the link and HBM ceilings (bwchart.h), and a pipelined
 * run as a timeline (timeline.h) with its speedup and % of the ideal
 * bound.  Used by demo_ops.c, which owns the state; this file draws what
 * it is given, from scratch, into the rows it is given. */
#ifndef CK_XFER_VIEW_H
#define CK_XFER_VIEW_H
#include <stdbool.h>
#include "demo_view.h"

/* Which rows of transfer a chart shows. */
enum xf_filter { XF_ALL, XF_TO_DEVICE, XF_TO_HOST, XF_INSIDE, XF_NFILTERS };
/* Which streams runs a timeline shows (the CPU fallback shows its model). */
enum st_pick_mode { ST_PICK_PINNED, ST_PICK_PAGEABLE, ST_PICK_DEFAULT, ST_NPICK };

/* What the keys picked (the screen's state). */
struct xfer_pick {
	enum xf_filter filter;    /* transfer: the directions drawn */
	enum st_pick_mode mode;   /* streams: the memory kind shown */
	int streams;              /* streams: 1, 2, 4 or 8 */
};

/* The picture in rows [y0, y1): the bandwidth curve, or with timeline the
 * streams' timeline; what the keys picked at the right of row y0, and,
 * when no section is recorded and not mine_only, a last row saying so
 * (rec_note, or "no recorded run of this demo" when rec_note is NULL).
 * Each section's records are those of its demo. */
void xfer_view_draw(bool timeline, const struct demo_section *s, int n,
		    const struct xfer_pick *p, bool mine_only, const char *rec_note, int y0, int y1);

void xfer_view_transfer(const struct demo_section *s, int n, enum xf_filter f, int y0, int y1);
void xfer_view_streams(const struct demo_section *s, int n, enum st_pick_mode m, int streams,
		       int y0, int y1);
/* The sizes a section's curve spans: "4K .. 16M"; "" without records. */
void xfer_view_size_text(const struct results *r, const char *demo, char *buf, size_t size);
/* The setting a timeline ran: "256 MiB / 16, 1024 FLOP/B" (the total in
 * that many chunks); "" without records. */
void xfer_view_setting_text(const struct results *r, const char *demo, char *buf, size_t size);
/* What the picks show, for the size line: "all directions", "pinned, 4 streams". */
void xfer_view_pick_text(bool timeline, const struct xfer_pick *p, char *buf, size_t size);
#endif
