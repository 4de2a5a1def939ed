/* radar: the learner's six skill axes as numbers and as a hexagonal radar
 * drawn with characters.  Pure: no ncurses, no files; the radar screen and
 * the certificate both draw from what this module returns.
 *
 * Scores.  An axis scores got/max over everything that fed it: quiz
 * answers and experiments add to progress.skill_got/skill_max; the gpu-map
 * adds only to gpumap_attempts/gpumap_correct, which count here as one
 * point of `architecture` each (so a screen must not add the gpu-map to
 * skill_got as well).  An axis with nothing possible yet is "unknown" and
 * is drawn at zero.
 *
 * Geometry.  Axis i sits at 90 - 60*i degrees (concepts at the top, then
 * clockwise), a regular hexagon on the terminal: braille dots (2x4 per
 * cell) are about square, ASCII cells are twice as tall as wide, and the
 * pixel aspect makes both come out regular.  Layers per cell: the frame
 * (outline and spokes) and the score polygon (filled, edges included).  A
 * zero score stays at the centre; a full one reaches the frame's corner. */
#ifndef CK_RADAR_H
#define CK_RADAR_H
#include <stdbool.h>
#include "progress.h"
#include "text.h"

struct radar_scores {
	double got[PROGRESS_SKILLS], max[PROGRESS_SKILLS];
	int pct[PROGRESS_SKILLS];     /* 0..100, rounded; 0 when unknown */
	bool known[PROGRESS_SKILLS];  /* max > 0 */
};

void radar_scores(const struct progress *p, struct radar_scores *out);

enum radar_style { RADAR_BRAILLE, RADAR_ASCII };

enum { RADAR_FRAME = 1, RADAR_SCORE = 2 };   /* layer bits of a cell */

struct radar_cell {
	char glyph[5];          /* UTF-8 (braille) or one ASCII byte; " " when empty */
	unsigned char layers;   /* RADAR_FRAME | RADAR_SCORE */
};

/* The plot: rows x cols cells, row-major.  Invariant: cell has rows*cols
 * entries.  The caller frees with radar_grid_free. */
struct radar_grid {
	int rows, cols;
	struct radar_cell *cell;
};

#define RADAR_MIN_ROWS 5
#define RADAR_MIN_COLS 9

/* Rasterises the radar for pct (0..100 each) into rows x cols cells.
 * False when out of memory or smaller than RADAR_MIN_ROWS x RADAR_MIN_COLS. */
bool radar_render(const int pct[PROGRESS_SKILLS], int rows, int cols,
		  enum radar_style style, struct radar_grid *out);
void radar_grid_free(struct radar_grid *g); /* accepts NULL */
/* The cell holding axis i's point at fraction f (0..1) of full score. */
void radar_point_cell(int rows, int cols, enum radar_style style, int axis, double f,
		      int *row, int *col);
/* The columns a plot of rows rows needs for a regular hexagon. */
int radar_cols_for_rows(int rows, enum radar_style style);

/* A label placed around the plot, in chart coordinates. */
struct radar_label {
	int row, col;
	char text[96];
};

/* The labelled chart: the plot at plot_y/plot_x and, for each axis, its
 * name and its percentage ("--" when unknown) beside its corner.
 * Invariant: every label and the plot lie inside rows x cols. */
struct radar_chart {
	int rows, cols;
	int plot_y, plot_x;
	struct radar_grid grid;
	struct radar_label label[PROGRESS_SKILLS * 2];
	int nlabels;
};

/* names: the six axis names to print (NULL: skill_names); each at most
 * 24 display columns.  False when out of memory or the plot is too small. */
bool radar_chart_make(const struct radar_scores *s, const char *const *names, int plot_rows,
		      int plot_cols, enum radar_style style, struct radar_chart *out);
void radar_chart_free(struct radar_chart *c); /* accepts NULL */
/* The chart as lines of text (no trailing spaces), e.g. for the
 * certificate; free with text_lines_free.  False when out of memory. */
bool radar_chart_lines(const struct radar_chart *c, struct text_lines *out);
#endif
