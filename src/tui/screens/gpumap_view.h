/* gpumap_view: the gpu-map screen's drawing of the GPU, for
 * screen_gpumap.c, which keeps the game, the layout and the input.
 * ncurses through ui.h; no state. */
#ifndef CK_GPUMAP_VIEW_H
#define CK_GPUMAP_VIEW_H
#include "gpumap.h"

/* The map of game g in layout l (gpumap_layout): the view's frame and
 * tabs, its parts, the label being carried, and the tray.  dev is the GPU
 * whose SMs are shown (one mark per SM at most), NULL when none is known. */
void gpumap_view_draw(const struct gm_game *g, const struct gm_layout *l,
		      const struct res_device *dev);
#endif
