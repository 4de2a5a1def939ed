/* gpumap: the pure model behind the "gpu-map" screen, where the learner
 * labels a drawing of a GPU.  No ncurses: the screen (screen_gpumap.c)
 * draws what this module computes and turns keys and mouse events into the
 * calls below.
 *
 * What is here: the components and their kitchen roles, hints and figures
 * (from a devinfo device record, results.h); the layout of the whole
 * screen for a terminal size — two views of the drawing (the GPU and its
 * host; one SM zoomed in), the tray of labels, the info panel — with hit
 * tests; and the game: which label is carried, what a drop does, attempts.
 * Label i belongs to component i; the tray shows them in another order.
 *
 * The layout needs at least GM_MIN_COLS x GM_MIN_LINES (the program's own
 * minimum, 60x20) and grows with the terminal. */
#ifndef CK_GPUMAP_H
#define CK_GPUMAP_H
#include <stdbool.h>
#include <stddef.h>
#include "results.h"
#include "runner.h"

#define GM_MIN_COLS 60
#define GM_MIN_LINES 20
#define GM_TRAY_W 22    /* the tray's columns, border included */
#define GM_INFO_H 5     /* rows of the info panel above the status bar */

enum gm_comp {
	GM_HOST, GM_LINK, GM_HBM, GM_MC, GM_L2, GM_SMS,          /* the GPU view */
	GM_SCHED, GM_CORES, GM_TENSOR, GM_REGS, GM_L1,           /* the SM view */
	GM_NCOMP
};
enum gm_view { GM_OVERVIEW, GM_ZOOM, GM_NVIEWS };

struct gm_rect {
	int y, x, h, w;
};
bool gm_rect_has(const struct gm_rect *r, int y, int x);
bool gm_rect_overlap(const struct gm_rect *a, const struct gm_rect *b);
/* a lies wholly inside b */
bool gm_rect_inside(const struct gm_rect *a, const struct gm_rect *b);

/* The static facts of a component.  Strings are constant. */
const char *gpumap_label(enum gm_comp c);  /* the tray label, <= GM_TRAY_W-2 columns */
const char *gpumap_tag(enum gm_comp c);    /* a short form for narrow boxes */
const char *gpumap_role(enum gm_comp c);   /* its kitchen role, one or two sentences */
const char *gpumap_hint(enum gm_comp c);   /* where it is, after a wrong drop */
enum gm_view gpumap_view_of(enum gm_comp c);
/* The tray's order: the component whose label sits in slot i. */
enum gm_comp gpumap_tray(int i);
/* The figure of c on the device d describes ("132 SMs at up to 1980 MHz").
 * False (buf "") when the record has no GPU (not live) or devinfo does not
 * report that part. */
bool gpumap_figure(enum gm_comp c, const struct res_device *d, char *buf, size_t size);

/* Where the figures come from: devinfo run now as a child (runner.h),
 * asynchronously; until it answers, or when it finds no GPU, the device
 * record of the recorded H200 run (demos/results/h200.yaml), labelled as
 * recorded.  dev and host point into live or rec (NULL when none). */
struct gm_source {
	struct runner run;
	bool running;
	bool have_live, have_rec;
	struct results live, rec;
	const struct res_device *dev;   /* GPU figures, or NULL */
	bool measured;                  /* dev was measured here now (not recorded) */
	const struct res_device *host;  /* this machine's CPU, else dev */
	char label[320];                /* "measured on this machine: ...", "recorded on ..." */
	char why[256];                  /* why not live, "" */
};
/* Loads recorded_path (may be missing) and starts devinfo_path (may be
 * NULL or missing: then only the recorded figures). */
void gpumap_source_start(struct gm_source *s, const char *devinfo_path, const char *recorded_path);
/* Polls the run without blocking; true when it just finished. */
bool gpumap_source_poll(struct gm_source *s);
/* Chooses dev, host and label from live and rec (called by the two above). */
void gpumap_source_pick(struct gm_source *s);
void gpumap_source_free(struct gm_source *s);  /* stops a run still going */

/* The screen cut into regions for lines x cols.  frame[v] is the outline
 * drawn around view v's drawing (the GPU board; the SM); tab[v] is the
 * clickable name of view v; slot[i] is tray slot i. */
struct gm_layout {
	bool ok;                         /* false below the minimum size */
	int lines, cols;
	struct gm_rect map, tray, info;
	struct gm_rect tab[GM_NVIEWS], frame[GM_NVIEWS];
	struct gm_rect comp[GM_NCOMP];   /* in its own view */
	struct gm_rect slot[GM_NCOMP];
};
void gpumap_layout(int lines, int cols, struct gm_layout *l);
/* The component of view v under (y, x), or -1. */
int gpumap_hit(const struct gm_layout *l, enum gm_view v, int y, int x);
/* The tray slot or the view tab under (y, x), or -1. */
int gpumap_hit_slot(const struct gm_layout *l, int y, int x);
int gpumap_hit_tab(const struct gm_layout *l, int y, int x);
/* From component `from`, the nearest component of the same view in the
 * direction (dy, dx) (one of them -1 or 1, the other 0), or from itself
 * when there is none that way. */
int gpumap_neighbour(const struct gm_layout *l, int from, int dy, int dx);

/* The game.  Invariants: carry is -1 or an unplaced component; target is a
 * component of `view` while a label is carried by keys; sel is a slot. */
enum gm_result { GM_MISS, GM_WRONG, GM_RIGHT };
struct gm_game {
	enum gm_view view;
	bool placed[GM_NCOMP];
	int sel;           /* selected tray slot */
	int carry;         /* component whose label is carried, or -1 */
	bool by_mouse;     /* carried by a drag: at (my, mx); else over target */
	int my, mx;
	int target;
	int attempts, correct;
	int shown;         /* component whose role and figure are shown, or -1 */
	int hint;          /* label sent back with a hint, or -1 */
	int wrong_on;      /* where it was dropped */
	enum gm_result last;
};
void gpumap_game_init(struct gm_game *g);
int gpumap_placed(const struct gm_game *g);
bool gpumap_done(const struct gm_game *g);
/* Moves the selection to the next (step 1) or previous (-1) unplaced slot. */
void gpumap_select(struct gm_game *g, int step);
/* Picks up the selected label (by keys: it hovers over the first component
 * of the current view).  False when nothing is left to pick. */
bool gpumap_take(struct gm_game *g);
/* Picks up the label in slot i with the mouse at (y, x). */
bool gpumap_grab(struct gm_game *g, int slot, int y, int x);
/* A label carried by the mouse goes on as one carried by keys (a click
 * that took it, or a key pressed while dragging): it hovers over `over`
 * when that is a part of the current view, else over the view's first
 * part.  False when nothing is carried by the mouse. */
bool gpumap_hold(struct gm_game *g, int over);
/* Switches the view; a label carried by keys hovers over the new view. */
void gpumap_set_view(struct gm_game *g, enum gm_view v);
/* Drops the carried label on component `on` (-1: nowhere, the label goes
 * back without counting an attempt).  A right drop places it; a wrong one
 * sends it back and sets the hint.  Attempts count drops on a component. */
enum gm_result gpumap_drop(struct gm_game *g, int on);
/* Puts the carried label back in the tray. */
void gpumap_cancel(struct gm_game *g);
/* True when saved progress says the map was completed before (as many
 * right drops as labels): replays are then practice, and their drops are
 * not recorded, so reviewing the map never lowers the architecture skill. */
bool gpumap_practice(int saved_correct);
#endif
