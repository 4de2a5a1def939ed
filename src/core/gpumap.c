/* gpumap: the components, their layout on the screen and the labelling
 * game of gpumap.h.  The roles follow lesson 2's analogy; the figures come
 * only from a devinfo device record, never from this file. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "demo.h"
#include "gpumap.h"
#include "i18n.h"

struct comp_info {
	enum msg label;
	const char *tag;
	enum msg role, hint;
	enum gm_view view;
};

/* Labels, roles and hints are messages (i18n_msgs.h, the MSG_GM_* block of
 * the parts), so both languages sit in the one table the translation test
 * checks; tags stay as they are: the abbreviations are what Chinese
 * material uses too. */
static const struct comp_info info[GM_NCOMP] = {
	[GM_HOST] = { MSG_GM_HOST_LABEL, "CPU", MSG_GM_HOST_ROLE, MSG_GM_HOST_HINT, GM_OVERVIEW },
	[GM_LINK] = { MSG_GM_LINK_LABEL, "link", MSG_GM_LINK_ROLE, MSG_GM_LINK_HINT, GM_OVERVIEW },
	[GM_HBM] = { MSG_GM_HBM_LABEL, "HBM", MSG_GM_HBM_ROLE, MSG_GM_HBM_HINT, GM_OVERVIEW },
	[GM_MC] = { MSG_GM_MC_LABEL, "MC", MSG_GM_MC_ROLE, MSG_GM_MC_HINT, GM_OVERVIEW },
	[GM_L2] = { MSG_GM_L2_LABEL, "L2", MSG_GM_L2_ROLE, MSG_GM_L2_HINT, GM_OVERVIEW },
	[GM_SMS] = { MSG_GM_SMS_LABEL, "SMs", MSG_GM_SMS_ROLE, MSG_GM_SMS_HINT, GM_OVERVIEW },
	[GM_SCHED] = { MSG_GM_SCHED_LABEL, "sched", MSG_GM_SCHED_ROLE, MSG_GM_SCHED_HINT, GM_ZOOM },
	[GM_CORES] = { MSG_GM_CORES_LABEL, "FP32", MSG_GM_CORES_ROLE, MSG_GM_CORES_HINT, GM_ZOOM },
	[GM_TENSOR] = { MSG_GM_TENSOR_LABEL, "TC", MSG_GM_TENSOR_ROLE, MSG_GM_TENSOR_HINT, GM_ZOOM },
	[GM_REGS] = { MSG_GM_REGS_LABEL, "regs", MSG_GM_REGS_ROLE, MSG_GM_REGS_HINT, GM_ZOOM },
	[GM_L1] = { MSG_GM_L1_LABEL, "L1/sh", MSG_GM_L1_ROLE, MSG_GM_L1_HINT, GM_ZOOM },
};


static bool zh(void)
{
	return i18n_lang() == LANG_ZH;
}

/* Slot order of the tray: mixed, so the list does not read like the map. */
static const enum gm_comp tray_order[GM_NCOMP] = {
	GM_L2, GM_CORES, GM_HOST, GM_REGS, GM_SMS, GM_TENSOR,
	GM_HBM, GM_SCHED, GM_LINK, GM_L1, GM_MC,
};

static bool valid(int c)
{
	return c >= 0 && c < GM_NCOMP;
}

const char *gpumap_label(enum gm_comp c) { return valid(c) ? tr(info[c].label) : ""; }
const char *gpumap_tag(enum gm_comp c)
{
	if (c == GM_LINK && zh())   /* the others are names in either language */
		return "链路";
	return valid(c) ? info[c].tag : "";
}
const char *gpumap_role(enum gm_comp c) { return valid(c) ? tr(info[c].role) : ""; }
const char *gpumap_hint(enum gm_comp c) { return valid(c) ? tr(info[c].hint) : ""; }
enum gm_view gpumap_view_of(enum gm_comp c) { return valid(c) ? info[c].view : GM_OVERVIEW; }
enum gm_comp gpumap_tray(int i) { return i >= 0 && i < GM_NCOMP ? tray_order[i] : GM_HOST; }

static double mib(long bytes) { return (double)bytes / (1024.0 * 1024.0); }

bool gpumap_figure(enum gm_comp c, const struct res_device *d, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!d || !valid(c))
		return false;
	if (c == GM_HOST && d->cpu_name[0]) {
		snprintf(buf, size, tr(MSG_GM_FIG_HOST), d->cpu_name, d->cpu_threads);
		return true;
	}
	if (!d->live || d->sms <= 0)
		return false;
	switch (c) {
	case GM_HBM:
		snprintf(buf, size, tr(MSG_GM_FIG_HBM), mib(d->mem_bytes) / 1024.0, d->mem_gbs);
		break;
	case GM_MC:
		snprintf(buf, size, tr(MSG_GM_FIG_MC), d->mem_gbs);
		break;
	case GM_L2:
		snprintf(buf, size, tr(MSG_GM_FIG_L2), mib(d->l2_bytes));
		break;
	case GM_SMS:
		snprintf(buf, size, tr(MSG_GM_FIG_SMS), d->sms, d->clock_mhz,
			 d->peak_gflops / 1000.0);
		break;
	case GM_SCHED:
		snprintf(buf, size, tr(MSG_GM_FIG_SCHED), d->warp_size,
			 d->max_threads_per_sm, d->warp_size > 0 ? d->max_threads_per_sm / d->warp_size : 0);
		break;
	case GM_CORES:
		snprintf(buf, size, tr(MSG_GM_FIG_CORES), d->fp32_lanes_per_sm,
			 d->fp32_lanes_per_sm * d->sms, d->clock_mhz);
		break;
	case GM_TENSOR:
		snprintf(buf, size, tr(MSG_GM_FIG_TENSOR), d->cc);
		break;
	case GM_REGS:
		snprintf(buf, size, tr(MSG_GM_FIG_REGS), d->regs_per_sm, d->regs_per_sm * 4 / 1024);
		break;
	case GM_L1:
		snprintf(buf, size, tr(MSG_GM_FIG_L1), d->smem_per_sm / 1024,
			 d->smem_per_block / 1024);
		break;
	default:
		return false;  /* the link: devinfo does not measure it */
	}
	return true;
}

/* A device record that describes a GPU. */
static const struct res_device *gpu_record(const struct results *r)
{
	for (size_t i = 0; i < r->ndev; i++)
		if (r->dev[i].live && r->dev[i].sms > 0)
			return &r->dev[i];
	return NULL;
}

void gpumap_source_pick(struct gm_source *s)
{
	const struct res_device *live = s->have_live ? results_device(&s->live, NULL) : NULL;
	const struct res_device *rec = s->have_rec ? gpu_record(&s->rec) : NULL;
	s->host = live;
	s->measured = live && live->live && live->sms > 0;
	if (s->measured) {
		s->dev = live;
		snprintf(s->label, sizeof s->label, tr(MSG_GM_MEASURED), live->name);
		s->why[0] = '\0';
		return;
	}
	char why[256];
	if (live)
		snprintf(s->why, sizeof s->why, tr(MSG_GM_NO_GPU), results_reason_text(live->reason, why, sizeof why));
	else if (s->running)
		snprintf(s->why, sizeof s->why, "%s", tr(MSG_GM_STILL_RUNNING));
	s->dev = rec;
	if (!s->host)
		s->host = rec;
	if (rec)
		snprintf(s->label, sizeof s->label, tr(MSG_GM_RECORDED), rec->name, rec->date);
	else
		snprintf(s->label, sizeof s->label, "%s", tr(MSG_GM_NO_FIGURES));
}

void gpumap_source_start(struct gm_source *s, const char *devinfo_path, const char *recorded_path)
{
	memset(s, 0, sizeof *s);
	runner_init(&s->run);
	struct diags d = { 0 };
	if (recorded_path)
		s->have_rec = results_load_file(recorded_path, &s->rec, &d);
	diags_free(&d);
	if (devinfo_path) {
		char *argv[] = { (char *)demo_name(CK_DEMO_devinfo), "--format", "yaml", NULL };
		struct runner_opts o = { .timeout_ms = 30000 };
		s->running = runner_start(&s->run, devinfo_path, argv, &o);
		if (!s->running)
			snprintf(s->why, sizeof s->why, tr(MSG_GM_NOT_STARTED), s->run.error);
	}
	gpumap_source_pick(s);
}

bool gpumap_source_poll(struct gm_source *s)
{
	if (!s->running || runner_poll(&s->run, 0))
		return false;
	s->running = false;
	struct diags d = { 0 };
	if (s->run.state == RUNNER_EXITED && s->run.exit_code == 0)
		s->have_live = results_parse(demo_name(CK_DEMO_devinfo), s->run.out.p ? s->run.out.p : "", s->run.out.len, &s->live, &d);
	diags_free(&d);
	if (!s->have_live)
		runner_describe(&s->run, s->why, sizeof s->why);
	runner_free(&s->run);
	gpumap_source_pick(s);
	return true;
}

void gpumap_source_free(struct gm_source *s)
{
	if (!s)
		return;
	runner_free(&s->run);
	results_free(&s->live);
	results_free(&s->rec);
	s->dev = s->host = NULL;
}

bool gm_rect_has(const struct gm_rect *r, int y, int x)
{
	return y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w;
}

bool gm_rect_overlap(const struct gm_rect *a, const struct gm_rect *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

bool gm_rect_inside(const struct gm_rect *a, const struct gm_rect *b)
{
	return a->h > 0 && a->w > 0 && a->y >= b->y && a->x >= b->x && a->y + a->h <= b->y + b->h &&
	       a->x + a->w <= b->x + b->w;
}

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The host, the link and the board with HBM, memory controllers, L2 and
 * the SMs, in the map rectangle m. */
static void layout_overview(struct gm_layout *l, const struct gm_rect *m)
{
	int hw = clampi(m->w / 7, 7, 12), lw = clampi(m->w / 12, 4, 6), hh = m->h < 7 ? m->h : 5;
	int hy = m->y + (m->h - hh) / 2;
	l->comp[GM_HOST] = (struct gm_rect){ hy, m->x, hh, hw };
	l->comp[GM_LINK] = (struct gm_rect){ hy + 1, m->x + hw, hh - 2, lw };
	struct gm_rect b = { m->y, m->x + hw + lw, m->h, m->w - hw - lw };
	l->frame[GM_OVERVIEW] = b;
	int ix = b.x + 1, iy = b.y + 1, iw = b.w - 2, ih = b.h - 2;
	int hbw = clampi(iw / 6, 5, 8), mcw = clampi(iw / 10, 3, 5), l2h = ih >= 12 ? 3 : 2;
	l->comp[GM_HBM] = (struct gm_rect){ iy, ix + iw - hbw, ih, hbw };
	l->comp[GM_MC] = (struct gm_rect){ iy, ix + iw - hbw - 1 - mcw, ih, mcw };
	int sw = l->comp[GM_MC].x - 1 - ix;
	l->comp[GM_L2] = (struct gm_rect){ iy + ih - l2h, ix, l2h, sw };
	l->comp[GM_SMS] = (struct gm_rect){ iy, ix, ih - l2h - 1, sw };
}

/* One SM: schedulers on top, CUDA cores and Tensor Cores, the register
 * file, L1/shared memory at the bottom. */
static void layout_zoom(struct gm_layout *l, const struct gm_rect *m)
{
	l->frame[GM_ZOOM] = *m;
	int ix = m->x + 2, iy = m->y + 1, iw = m->w - 4, ih = m->h - 2;
	int gap = ih >= 14 ? 1 : 0, sh = ih >= 16 ? 3 : 2;
	int tw = clampi(iw / 4, 6, 14);
	int ch = ih - 3 * sh - 3 * gap;
	l->comp[GM_SCHED] = (struct gm_rect){ iy, ix, sh, iw };
	l->comp[GM_CORES] = (struct gm_rect){ iy + sh + gap, ix, ch, iw - tw - 1 };
	l->comp[GM_TENSOR] = (struct gm_rect){ iy + sh + gap, ix + iw - tw, ch, tw };
	l->comp[GM_REGS] = (struct gm_rect){ iy + sh + ch + 2 * gap, ix, sh, iw };
	l->comp[GM_L1] = (struct gm_rect){ iy + 2 * sh + ch + 3 * gap, ix, sh, iw };
}

void gpumap_layout(int lines, int cols, struct gm_layout *l)
{
	memset(l, 0, sizeof *l);
	l->lines = lines;
	l->cols = cols;
	l->ok = lines >= GM_MIN_LINES && cols >= GM_MIN_COLS;
	if (!l->ok)
		return;
	l->info = (struct gm_rect){ lines - 1 - GM_INFO_H, 0, GM_INFO_H, cols };
	l->tray = (struct gm_rect){ 1, cols - GM_TRAY_W, l->info.y - 1, GM_TRAY_W };
	for (int i = 0; i < GM_NCOMP; i++)
		l->slot[i] = (struct gm_rect){ l->tray.y + 1 + i, l->tray.x + 1, 1, GM_TRAY_W - 2 };
	l->map = (struct gm_rect){ 2, 0, l->info.y - 2, cols - GM_TRAY_W - 1 };
	l->tab[GM_OVERVIEW] = (struct gm_rect){ 1, 0, 1, 11 };    /* "[ the GPU ]" */
	l->tab[GM_ZOOM] = (struct gm_rect){ 1, 12, 1, 12 };       /* "[ one SM z ]" */
	layout_overview(l, &l->map);
	layout_zoom(l, &l->map);
}

int gpumap_hit(const struct gm_layout *l, enum gm_view v, int y, int x)
{
	for (int c = 0; c < GM_NCOMP; c++)
		if (info[c].view == v && gm_rect_has(&l->comp[c], y, x))
			return c;
	return -1;
}

int gpumap_hit_slot(const struct gm_layout *l, int y, int x)
{
	for (int i = 0; i < GM_NCOMP; i++)
		if (gm_rect_has(&l->slot[i], y, x))
			return i;
	return -1;
}

int gpumap_hit_tab(const struct gm_layout *l, int y, int x)
{
	for (int v = 0; v < GM_NVIEWS; v++)
		if (gm_rect_has(&l->tab[v], y, x))
			return v;
	return -1;
}

/* Centres in half cells, so a 1-wide box still has an exact middle. */
static void centre2(const struct gm_rect *r, int *y, int *x)
{
	*y = 2 * r->y + r->h;
	*x = 2 * r->x + r->w;
}

int gpumap_neighbour(const struct gm_layout *l, int from, int dy, int dx)
{
	if (!valid(from))
		return from;
	int fy, fx, best = from;
	long best_score = 0;
	centre2(&l->comp[from], &fy, &fx);
	for (int c = 0; c < GM_NCOMP; c++) {
		if (c == from || info[c].view != info[from].view)
			continue;
		int cy, cx;
		centre2(&l->comp[c], &cy, &cx);
		int along = (cy - fy) * dy + (cx - fx) * dx;   /* distance that way */
		/* sideways: the gap between the two boxes' extents, 0 when they
		 * overlap, so Down from a wide box stops at the next row even if
		 * that row's boxes are off its centre */
		const struct gm_rect *a = &l->comp[from], *b = &l->comp[c];
		int a0 = dx ? a->y : a->x, a1 = a0 + (dx ? a->h : a->w);
		int b0 = dx ? b->y : b->x, b1 = b0 + (dx ? b->h : b->w);
		int across = b0 >= a1 ? b0 - a1 + 1 : a0 >= b1 ? a0 - b1 + 1 : 0;
		if (along <= 0)
			continue;
		/* a box in the same lane (overlapping sideways) beats any other */
		long score = (long)along + 2L * across + (across ? 100000L : 0);
		if (best == from || score < best_score) {
			best = c;
			best_score = score;
		}
	}
	return best;
}

void gpumap_game_init(struct gm_game *g)
{
	memset(g, 0, sizeof *g);
	g->carry = g->shown = g->hint = g->wrong_on = -1;
	g->target = GM_HOST;
}

int gpumap_placed(const struct gm_game *g)
{
	int n = 0;
	for (int c = 0; c < GM_NCOMP; c++)
		n += g->placed[c];
	return n;
}

bool gpumap_done(const struct gm_game *g)
{
	return gpumap_placed(g) == GM_NCOMP;
}

void gpumap_select(struct gm_game *g, int step)
{
	for (int i = 1; i <= GM_NCOMP; i++) {
		int s = ((g->sel + step * i) % GM_NCOMP + GM_NCOMP) % GM_NCOMP;
		if (!g->placed[tray_order[s]]) {
			g->sel = s;
			return;
		}
	}
}

/* The first component of view v, where a label taken by keys appears. */
static int first_of(enum gm_view v)
{
	return v == GM_ZOOM ? GM_SCHED : GM_HOST;
}

bool gpumap_take(struct gm_game *g)
{
	if (g->placed[tray_order[g->sel]])
		gpumap_select(g, 1);
	if (g->placed[tray_order[g->sel]])
		return false;
	g->carry = tray_order[g->sel];
	g->by_mouse = false;
	g->target = first_of(g->view);
	g->hint = -1;
	return true;
}

bool gpumap_grab(struct gm_game *g, int slot, int y, int x)
{
	if (slot < 0 || slot >= GM_NCOMP || g->placed[tray_order[slot]])
		return false;
	g->sel = slot;
	g->carry = tray_order[slot];
	g->by_mouse = true;
	g->my = y;
	g->mx = x;
	g->hint = -1;
	return true;
}

bool gpumap_hold(struct gm_game *g, int over)
{
	if (g->carry < 0 || !g->by_mouse)
		return false;
	g->by_mouse = false;
	g->target = valid(over) && gpumap_view_of(over) == g->view ? over : first_of(g->view);
	return true;
}

void gpumap_set_view(struct gm_game *g, enum gm_view v)
{
	g->view = v;
	if (g->carry >= 0 && !g->by_mouse)
		g->target = first_of(v);
}

void gpumap_cancel(struct gm_game *g)
{
	g->carry = -1;
}

enum gm_result gpumap_drop(struct gm_game *g, int on)
{
	int c = g->carry;
	if (c < 0)
		return GM_MISS;
	g->carry = -1;
	if (!valid(on))
		return g->last = GM_MISS;
	if (g->attempts < INT_MAX)
		g->attempts++;
	if (on == c) {
		g->placed[c] = true;
		g->correct++;
		g->shown = c;
		g->hint = -1;
		if (!gpumap_done(g))
			gpumap_select(g, 1);
		return g->last = GM_RIGHT;
	}
	g->hint = c;
	g->wrong_on = on;
	return g->last = GM_WRONG;
}

bool gpumap_practice(int saved_correct)
{
	return saved_correct >= GM_NCOMP;
}
