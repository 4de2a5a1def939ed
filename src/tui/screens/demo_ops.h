/* demo_ops: what the demo screens share (screen_demo.c, the screen's life:
 * the run, the results, the frame) with the kinds of view that draw them
 * (demo_ops.c: bars, curve, timeline, launch, card), and the table of
 * functions each kind is, as tig's view_ops.  A demo's screen is its
 * registry row (demos/demos.h) with the ops of its view; no code asks
 * which demo it is. */
#ifndef CK_DEMO_OPS_H
#define CK_DEMO_OPS_H
#include <stdbool.h>
#include "chart.h"
#include "demo.h"
#include "demo_view.h"
#include "results.h"
#include "role.h"
#include "runner.h"
#include "screen.h"
#include "sweep.h"
#include "xfer_view.h"

/* One size a screen offers (demos/demos.h's CK_PRESETS_<id>). */
struct preset {
	bool cpu, gpu;         /* offered on the CPU fallback, on a GPU */
	bool start;            /* the size the screen first runs */
	const char *label;     /* the size, as the demo prints it */
	enum msg note;         /* what the size is (quick, benchmark...); MSG_COUNT: nothing */
	const char *args;      /* the demo's arguments, separated by spaces */
};

struct demo_ops;

/* A demo's screen as the registry makes it (demo_ops.c). */
struct demo_def {
	enum demo_id id;
	enum msg title;
	const struct preset *presets;
	int npresets;
	const struct demo_ops *ops;
	const struct screen *screen;
};

enum show { SHOW_AUTO, SHOW_MINE, SHOW_RECORDED };
#define DEMO_PRESETS_MAX 8

struct demo_st {
	const struct demo_def *def;
	const struct demo_row *row;
	/* the title row: the demo's title; in a class (whose lessons are not
	 * the built-in ones its title names) the class lesson that opened it,
	 * then what the demo shows */
	char title[320];
	char path[4352], recfile[4352];
	bool gpu;                 /* a GPU seems present: GPU size presets */
	const struct preset *pre[DEMO_PRESETS_MAX];   /* the sizes offered here */
	int npre, preset;         /* how many; the chosen one */
	char ran[64];             /* size label of the last run */
	struct runner run;
	bool running;
	struct results mine, rec; /* the learner's last run; the recorded H200 run */
	bool have_mine, have_rec;
	char note[512];           /* what went wrong with the last run, "" */
	char rec_note[512];       /* why there is no recorded reference, "" */
	bool roofline;
	int view;                 /* launch: which series (launch_view.h) */
	enum show show;
	int scroll, lines, rows;  /* rows: the bars' last height, for scrolling */
	unsigned spin;
	struct chart_roof roof;   /* the roofline's layout, redone each draw */
	struct xfer_pick pick;    /* curve and timeline: what the keys picked */
	/* bars with a recorded sweep: time against size (c); the learner's
	 * side is app->sweeps[row] */
	bool sweep_view;
	struct sweep rec_sweep;   /* the recorded size sweep, or the recorded run */
	char sweep_note[512];     /* why there is no recorded sweep, "" */
	struct sweep_plot sweep_plot;
};

/* The ids of the demo screens' own keys (screen.h's KEY_OWN and up). */
enum {
	DK_STOP = KEY_OWN, DK_RUN, DK_BIGGER, DK_SMALLER, DK_VIEW, DK_SHOW, DK_DEV_SHOW,
	DK_DIRECTION, DK_STREAMS, DK_MEMORY, DK_LAUNCH_VIEW, DK_SIZES, DK_LINES, DK_FORM,
};

/* A kind of view.  draw() fills rows [y0, y1) from the sections (the
 * learner's run, the recorded one; none for the card); key_on() and key()
 * serve the rows of keys that are the view's own, after the screen's
 * shared ones (stop, run, sizes, show); more: the bars' "lines a-b of n". */
struct demo_ops {
	void (*draw)(struct app *app, struct demo_st *st, const struct demo_section *s, int n,
		     int y0, int y1);
	const struct screen_key *keys;   /* the table each screen of the view is made with */
	size_t nkeys;
	bool (*key_on)(struct app *app, struct demo_st *st, int id, enum msg *why);
	enum act (*key)(struct app *app, struct demo_st *st, const struct input *in);
	enum msg size_word;       /* "size:" or "setting:" on the size line */
	bool sections;            /* false: draw() reads the device records itself */
	bool more;                /* the rule above the status line says which lines show */
	/* the size a section ran, for its title ("" when the records say none) */
	void (*size_text)(const struct demo_st *st, const struct results *r, char *buf, size_t size);
};

/* screen_demo.c: the screen functions every demo's screen is made of. */
void *demo_enter(struct app *app, const struct demo_def *def);
void demo_draw(struct app *app, void *st);
enum act demo_key(struct app *app, void *st, const struct input *in);
bool demo_on(struct app *app, void *st, int id, enum msg *why);
void demo_tick(struct app *app, void *st);
void demo_leave(struct app *app, void *st);
/* s wrapped into at most max rows from y; returns the next row. */
int demo_wrapped(int y, int max, enum role r, const char *s);
#endif
