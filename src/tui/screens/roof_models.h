/* roof_models: the roofline legend's words about the traffic models —
 * that each mark sits at its rung's own traffic model (demos/matmul/
 * mm_traffic.h, demos/conv/conv_traffic.h) and the dotted columns at a
 * problem's minimum traffic; then one line per model with the marks it
 * placed, in the learner's language.  demo_view.c's legend calls these;
 * nothing here when no point has a model of its own. */
#ifndef CK_ROOF_MODELS_H
#define CK_ROOF_MODELS_H
#include "chart.h"
#include "results.h"

/* The roofline's points: var[i] placed as pt[i] (its mark, its xmin). */
struct roof_marks {
	const struct res_variant *const *var;
	const struct chart_point *pt;
	int n;
};

/* Rows the head takes in w columns (0, 1 or 2), and draws it from y;
 * returns the next row. */
int roof_models_head_rows(const struct roof_marks *m, int w);
int roof_models_head(const struct roof_marks *m, int y, int x, int w);
/* Rows the list of models would take (one per distinct model). */
int roof_models_count(const struct roof_marks *m);
/* The list in rows [y, y1): the rungs' own models first, "unknown" last;
 * when they do not all fit, the last row says t shows one set, or, when
 * one set is all there is (one_set), how many a taller window would add. */
void roof_models_list(const struct roof_marks *m, int y, int y1, int x, int w, bool one_set);
#endif
