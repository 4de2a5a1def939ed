/* roof_models: the honest roofline's legend lines (see roof_models.h). */
#include "roof_models.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"
#include "text.h"
#include "traffic.h"
#include "ui.h"

/* The honest roofline's words: where the marks sit (each rung's own traffic
 * model, demos/matmul/mm_traffic.h, demos/conv/conv_traffic.h) and what
 * the dotted columns are (a problem's minimum traffic, each input read
 * once); then, in the rows left, each model and the marks placed by it. */
static bool any_min(const struct roof_marks *in)
{
	for (int i = 0; i < in->n; i++)
		if (in->pt[i].xmin > 0)
			return true;
	return false;
}

/* One line when both fit side by side, else two. */
static bool head_one_line(int w)
{
	return text_width(tr(MSG_RF_AT_MODEL)) + 2 + text_width(tr(MSG_RF_MIN)) <= w;
}

int roof_models_head_rows(const struct roof_marks *in, int w)
{
	return any_min(in) ? 2 - head_one_line(w) : 0;
}

int roof_models_head(const struct roof_marks *in, int y, int x, int w)
{
	if (!any_min(in))
		return y;
	if (head_one_line(w)) {
		char line[256];
		snprintf(line, sizeof line, "%s  %s", tr(MSG_RF_AT_MODEL), tr(MSG_RF_MIN));
		ui_text_fit(y++, x, w, C_DIM, line);
		return y;
	}
	ui_text_fit(y++, x, w, C_DIM, tr(MSG_RF_AT_MODEL));
	ui_text_fit(y++, x, w, C_DIM, tr(MSG_RF_MIN));
	return y;
}

static const char *model_of(const struct roof_marks *in, int i)
{
	return traffic_known(in->var[i]) ? in->var[i]->model : "unknown: minimum traffic";
}

/* Rows the model list would take: one per distinct model. */
int roof_models_count(const struct roof_marks *in)
{
	int n = 0;
	for (int i = 0; any_min(in) && i < in->n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(model_of(in, i), model_of(in, j));
		n += !seen;
	}
	return n;
}

/* One row per model, the rungs' own first (in the order their marks
 * come), "unknown" last: where rows run out, what is cut sits at the
 * dotted minimum the head already names. */
void roof_models_list(const struct roof_marks *in, int y, int y1, int x, int w, bool one_set)
{
	if (!any_min(in))
		return;
	int total = roof_models_count(in);
	if (total > y1 - y && y < y1) {   /* cut: say how to see them all */
		char line[96];
		/* with both sets, t shows one with room for its models; with
		 * one, only a taller window does */
		if (one_set)
			snprintf(line, sizeof line, tr(MSG_DV_MORE_MARKS), total - (y1 - 1 - y));
		ui_text_fit(--y1, x, w, C_DIM, one_set ? line : tr(MSG_RF_MORE));
	}
	for (int pass = 0; pass < 2; pass++)
	for (int i = 0; i < in->n && y < y1; i++) {
		const char *m = model_of(in, i);
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(m, model_of(in, j));
		if (seen || traffic_known(in->var[i]) != (pass == 0))
			continue;
		char line[256], words[128];
		size_t len = 0;
		/* the marks apart by commas: "3,4 no reuse", never "34" */
		for (int j = i; j < in->n && len + 3 < sizeof line; j++)
			if (!strcmp(m, model_of(in, j)))
				len += (size_t)snprintf(line + len, sizeof line - len, "%s%c",
							len ? "," : "", in->pt[j].mark);
		snprintf(line + len, sizeof line - len, " %s", traffic_model_words(m, words, sizeof words));
		ui_text_fit(y++, x, w, C_DIM, line);
	}
}

