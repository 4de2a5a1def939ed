/* xfer_view: draws the transfer and streams results with ui.h — bandwidth
 * against size with the link and HBM ceilings (bwchart.h), and a streams
 * run as a timeline (timeline.h) with its speedup and % of the ideal
 * bound.  Used by screen_demo.c, which owns the state; this file draws what
 * it is given, from scratch, into the rows it is given. */
#ifndef CK_XFER_VIEW_H
#define CK_XFER_VIEW_H
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

/* The picture of demo ("transfer" or "streams") in rows [y0, y1), what the
 * keys picked at the right of row y0, and, when no section is recorded and
 * not mine_only, a last row saying so (rec_note, or "no recorded run of
 * this demo" when rec_note is NULL). */
void xfer_view_draw(const char *demo, const struct demo_section *s, int n,
		    const struct xfer_pick *p, bool mine_only, const char *rec_note, int y0, int y1);
/* The screens' own keys (d; 1 2 4 8, m); true when the key was theirs. */
bool xfer_view_key(const char *demo, struct xfer_pick *p, int key);
/* The help hooks of the two screens (screen.h). */
bool xfer_view_help_transfer(int i, const char **keys, const char **what);
bool xfer_view_help_streams(int i, const char **keys, const char **what);

void xfer_view_transfer(const struct demo_section *s, int n, enum xf_filter f, int y0, int y1);
void xfer_view_streams(const struct demo_section *s, int n, enum st_pick_mode m, int streams,
		       int y0, int y1);
/* The size a section ran: "4K .. 16M" (transfer), "256 MiB / 16, 1024
 * FLOP/B" (streams: the total in that many chunks); "" without records. */
void xfer_view_size_text(const struct results *r, const char *demo, char *buf, size_t size);
/* What the picks show, for the size line: "all directions", "pinned, 4 streams". */
void xfer_view_pick_text(const char *demo, enum xf_filter f, enum st_pick_mode m, int streams,
			 char *buf, size_t size);
#endif
