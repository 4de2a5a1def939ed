/* demo_view: draws demo results with ui.h — the bars of each variant's
 * time, the roofline, and the device table.  Used by screen_demo.c, which
 * owns the state and decides what is shown; this file only draws what it
 * is given, from scratch, into the rows it is given (so a resize is a
 * redraw).  The arithmetic lives in chart.c. */
#ifndef CK_DEMO_VIEW_H
#define CK_DEMO_VIEW_H
#include "chart.h"
#include "results.h"
#include "role.h"

/* One block of results: the learner's run or the recorded one. */
struct demo_section {
	const struct results *r;
	const char *demo;        /* which demo's records */
	char title[224];         /* "Yours: CPU fallback (...)", "Reference: recorded on ..." */
	bool recorded;
};

/* Bars in rows [y0, y1), skipping the first `scroll` lines of the whole
 * picture.  Returns the number of lines the picture needs. */
int demo_view_bars(const struct demo_section *s, int n, int y0, int y1, int scroll);
/* The roofline of the sections' variants in rows [y0, y1); the ceilings come
 * from the first section whose device has a peak and a bandwidth.  grid is
 * the caller's scratch space for the layout (too big for a draw's stack).
 * In roof_view.c. */
void demo_view_roofline(const struct demo_section *s, int n, int y0, int y1,
			struct chart_roof *grid);
/* The device table under a title, from row y; returns the next free row. */
int demo_view_device(const struct res_device *dev, const char *title, int y, int y1);
/* The role a variant's bar and mark are drawn in, by its kind. */
enum role demo_view_kind_role(enum res_kind k);
/* Whether two variants were measured at the same sizes. */
bool demo_view_same_size(const struct res_variant *a, const struct res_variant *b);
/* "12.3 ms", "0.045 ms", "2.31 s" into buf. */
void demo_view_ms(double ms, char *buf, int size);
/* A small non-negative number in one digit ("4e-7", "0") into e. */
void demo_view_sci(double v, char *e, size_t n);
#endif
