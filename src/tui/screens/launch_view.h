/* launch_view: the launch demo's pictures over ui.h, for screen_demo.c.
 * One series at a time: a memory-bound series as GB/s bars against the
 * block size with the occupancy the runtime reported as a second mark in
 * the same column, or the wave tail as time bars against the grid size
 * (the bar one block past each full wave stands out), or the graph
 * series as a table: microseconds per kernel launched one by one and as
 * one CUDA graph, at each kernel count. Draws from the
 * records it is given, into rows [y0, y1); nothing is computed that the
 * demo did not measure, except ratios of its numbers. */
#ifndef CK_LAUNCH_VIEW_H
#define CK_LAUNCH_VIEW_H
#include "demo_view.h"

#define LAUNCH_VIEWS 6 /* plain, vec4, regs, smem, wave, graph: the demo's rungs 1-6 */
extern const char *const launch_view_series[LAUNCH_VIEWS];

/* The first section with points of series `view`, drawn; a section
 * without any (the CPU fallback) says so and lists its CPU variants. */
void launch_view(const struct demo_section *s, int n, int view, int y0, int y1);
#endif
