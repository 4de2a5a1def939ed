/* xfer_view: the curve and timeline views' pictures with ui.h — bandwidth
 * against size with the link and HBM ceilings (bwchart.h), and a pipelined
 * run as a timeline (timeline.h) with its speedup and % of the ideal
 * bound.  Used by demo_ops.c, which owns the state; this file draws what
 * it is given, from scratch, into the rows it is given. */
#ifndef CK_XFER_VIEW_H
#define CK_XFER_VIEW_H
#include <stdbool.h>
#include "demo_view.h"
#include "role.h"

/* Which rows of transfer a chart shows. */
enum xf_filter { XF_ALL, XF_TO_DEVICE, XF_TO_HOST, XF_INSIDE, XF_NFILTERS };
/* Which streams runs a timeline shows (the CPU fallback shows its model). */
enum st_pick_mode { ST_PICK_PINNED, ST_PICK_PAGEABLE, ST_PICK_DEFAULT, ST_NPICK };

/* Which lines a transfer chart draws: as the room allows (the main ones
 * on a small screen, every one on a big one), or as the learner chose. */
enum xf_lines { XF_LINES_AUTO, XF_LINES_MAIN, XF_LINES_ALL };
/* Chart or table: a table where the chart would not read (too small,
 * or too many marks in one cell), or as the learner chose. */
enum xf_form { XF_FORM_AUTO, XF_FORM_CHART, XF_FORM_TABLE };

/* What the keys picked (the screen's state).  lines and form hold what
 * the last draw showed once a key chose (xfer_view_toggle_*). */
struct xfer_pick {
	enum xf_filter filter;    /* transfer: the directions drawn */
	enum xf_lines lines;      /* transfer: main or all lines */
	enum xf_form form;        /* transfer: chart or table */
	bool shown_all, shown_table;   /* what the last draw showed */
	enum st_pick_mode mode;   /* streams: the memory kind shown */
	int streams;              /* streams: 1, 2, 4 or 8 */
};

/* The picture in rows [y0, y1): the bandwidth curve, or with timeline the
 * streams' timeline; what the keys picked at the right of row y0, and,
 * when no section is recorded and not mine_only, a last row saying so
 * (rec_note, or "no recorded run of this demo" when rec_note is NULL).
 * Each section's records are those of its demo. */
void xfer_view_draw(bool timeline, const struct demo_section *s, int n,
		    struct xfer_pick *p, bool mine_only, const char *rec_note, int y0, int y1);

/* The transfer chart (xfer_chart.c): p's filter, lines and form; what it
 * showed goes back in p's shown_* fields. */
void xfer_view_transfer(const struct demo_section *s, int n, struct xfer_pick *p, int y0,
			int y1);
/* The other of what the last draw showed: main <-> all lines, chart <-> table. */
void xfer_view_toggle_lines(struct xfer_pick *p);
void xfer_view_toggle_form(struct xfer_pick *p);
/* A section's title on one row, an ellipsis only when it is cut. */
void xfer_view_title_row(int y, enum role r, const char *t);
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
