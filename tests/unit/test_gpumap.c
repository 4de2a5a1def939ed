/* Unit tests for gpumap.c: the layout at 80x24, 60x20 and larger (every
 * component, label slot and tab on the screen, nothing overlapping), hit
 * tests and keyboard moves between components, the game's drops, and the
 * figures taken from a device record (a devinfo line measured on an H200
 * for this test). */
#include <locale.h>
#include <string.h>
#include "tap.h"
#include "gpumap.h"
#include "results.h"
#include "text.h"

static const char h200_line[] =
	"- {record: \"device\", format: 1, demo: \"devinfo\", live: true, reason: ~, date: \"2026-11-29T21:38:39Z\", "
	"command: \"build/demos/devinfo --format yaml\", cpu_name: \"Intel(R) Xeon(R) Processor\", cpu_threads: 16, "
	"name: \"NVIDIA H200\", cc: \"9.0\", sms: 132, fp32_lanes_per_sm: 128, clock_mhz: 1980, mem_bytes: 150109880320, "
	"mem_bus_bits: 6016, mem_clock_mhz: 3201, mem_gbs: 4814.3, l2_bytes: 62914560, smem_per_sm: 233472, "
	"smem_per_block: 49152, smem_per_block_optin: 232448, regs_per_sm: 65536, max_threads_per_sm: 2048, "
	"max_threads_per_block: 1024, warp_size: 32, peak_gflops: 66908.2, driver: \"13.0\", runtime: \"13.0\", "
	"compat: \"ok: driver supports CUDA 13.0, runtime is 13.0\", cublas: \"13.1.0\", cudnn: \"9.14.0\"}\n";
static const char cpu_line[] =
	"- {record: \"device\", format: 1, demo: \"devinfo\", live: false, reason: \"built without CUDA\", "
	"date: \"2026-11-29T21:33:49Z\", command: \"devinfo\", cpu_name: \"AMD EPYC\", cpu_threads: 2}\n";

static void check_layout(int lines, int cols)
{
	struct gm_layout l;
	gpumap_layout(lines, cols, &l);
	struct gm_rect screen = { 0, 0, lines, cols };
	struct gm_rect body = { 1, 0, lines - 2, cols };  /* between title and status */
	ok(l.ok, "%dx%d: a layout", cols, lines);
	int outside = 0, overlaps = 0, small = 0, hits = 0;
	for (int c = 0; c < GM_NCOMP; c++) {
		const struct gm_rect *r = &l.comp[c];
		bool off_board = c == GM_HOST || c == GM_LINK;  /* drawn beside the board */
		outside += !gm_rect_inside(r, &l.map);
		outside += off_board ? gm_rect_overlap(r, &l.frame[GM_OVERVIEW]) : !gm_rect_inside(r, &l.frame[gpumap_view_of(c)]);
		small += r->w < (int)text_width(gpumap_tag(c)) || r->h < 1;
		overlaps += gm_rect_overlap(r, &l.tray) + gm_rect_overlap(r, &l.info);
		for (int d = c + 1; d < GM_NCOMP; d++)
			overlaps += gpumap_view_of(c) == gpumap_view_of(d) && gm_rect_overlap(r, &l.comp[d]);
		hits += gpumap_hit(&l, gpumap_view_of(c), r->y + r->h / 2, r->x + r->w / 2) == c;
		hits += gpumap_hit(&l, gpumap_view_of(c), r->y, r->x) == c;
		hits += gpumap_hit(&l, gpumap_view_of(c), r->y + r->h - 1, r->x + r->w - 1) == c;
	}
	is_int(outside, 0, "%dx%d: every component inside the map, on the board or the SM (host and link beside the board)", cols, lines);
	is_int(small, 0, "%dx%d: every component holds at least its short tag", cols, lines);
	is_int(overlaps, 0, "%dx%d: no component overlaps another of its view, the tray or the info panel", cols, lines);
	is_int(hits, 3 * GM_NCOMP, "%dx%d: a hit inside each component finds it", cols, lines);
	ok(gm_rect_inside(&l.map, &body) && gm_rect_inside(&l.tray, &body) && gm_rect_inside(&l.info, &body),
	   "%dx%d: map, tray and info between title and status bars", cols, lines);
	ok(!gm_rect_overlap(&l.map, &l.tray) && !gm_rect_overlap(&l.map, &l.info) && !gm_rect_overlap(&l.tray, &l.info),
	   "%dx%d: map, tray and info do not overlap", cols, lines);
	int slots_bad = 0;
	for (int i = 0; i < GM_NCOMP; i++) {
		slots_bad += !gm_rect_inside(&l.slot[i], &l.tray) || gpumap_hit_slot(&l, l.slot[i].y, l.slot[i].x) != i;
		slots_bad += (int)text_width(gpumap_label(gpumap_tray(i))) > l.slot[i].w;
		for (int j = i + 1; j < GM_NCOMP; j++)
			slots_bad += gm_rect_overlap(&l.slot[i], &l.slot[j]);
	}
	is_int(slots_bad, 0, "%dx%d: every label fits its tray slot, inside the tray, none overlapping", cols, lines);
	ok(gm_rect_inside(&l.tab[0], &screen) && gm_rect_inside(&l.tab[1], &body) && !gm_rect_overlap(&l.tab[0], &l.tab[1]) &&
	   !gm_rect_overlap(&l.tab[1], &l.tray) && !gm_rect_overlap(&l.tab[1], &l.map), "%dx%d: view tabs on the screen", cols, lines);
	is_int(gpumap_hit_tab(&l, l.tab[1].y, l.tab[1].x + 1), GM_ZOOM, "%dx%d: the SM tab hits", cols, lines);
	is_int(gpumap_hit(&l, GM_OVERVIEW, l.tray.y + 1, l.tray.x + 2), -1, "%dx%d: the tray is no component", cols, lines);
	/* Every component of a view is reachable by arrow keys from every other. */
	int unreachable = 0;
	for (int from = 0; from < GM_NCOMP; from++) {
		bool seen[GM_NCOMP] = { false };
		int queue[GM_NCOMP], qh = 0, qt = 0;
		seen[from] = true;
		queue[qt++] = from;
		while (qh < qt) {
			int c = queue[qh++];
			static const int dirs[4][2] = { { -1, 0 }, { 1, 0 }, { 0, -1 }, { 0, 1 } };
			for (int k = 0; k < 4; k++) {
				int n = gpumap_neighbour(&l, c, dirs[k][0], dirs[k][1]);
				if (!seen[n]) {
					seen[n] = true;
					queue[qt++] = n;
				}
			}
		}
		for (int c = 0; c < GM_NCOMP; c++)
			unreachable += gpumap_view_of(c) == gpumap_view_of(from) && !seen[c];
	}
	is_int(unreachable, 0, "%dx%d: arrows reach every component of a view", cols, lines);
	/* Down from the warp schedulers stops at the row below them (the FP32
	 * cores or the Tensor Cores), not at the register file further down */
	int below = gpumap_neighbour(&l, GM_SCHED, 1, 0);
	ok(below == GM_CORES || below == GM_TENSOR, "%dx%d: Down from the warp schedulers reaches the next row", cols, lines);
	int up = gpumap_neighbour(&l, GM_REGS, -1, 0);
	ok(up == GM_CORES || up == GM_TENSOR, "%dx%d: Up from the register file reaches the row above", cols, lines);
	/* sideways in the SM's middle row: the FP32 cores and the Tensor Cores are neighbours */
	is_int(gpumap_neighbour(&l, GM_CORES, 0, 1), GM_TENSOR, "%dx%d: Right from the FP32 cores is the Tensor Cores", cols, lines);
	is_int(gpumap_neighbour(&l, GM_TENSOR, 0, -1), GM_CORES, "%dx%d: Left from the Tensor Cores is the FP32 cores", cols, lines);
}

static void layouts(void)
{
	check_layout(24, 80);
	check_layout(20, 60);
	check_layout(40, 100);
	check_layout(60, 200);
	check_layout(21, 61);
	struct gm_layout l;
	gpumap_layout(19, 80, &l);
	ok(!l.ok, "below 20 lines: no layout");
	gpumap_layout(24, 59, &l);
	ok(!l.ok, "below 60 columns: no layout");
}

static void game(void)
{
	struct gm_game g;
	gpumap_game_init(&g);
	is_int(g.carry, -1, "nothing carried at first");
	enum gm_comp first = gpumap_tray(0);
	ok(gpumap_take(&g) && g.carry == (int)first && g.target == GM_HOST, "Enter takes the first label; it hovers over the host");
	int wrong = first == GM_HOST ? GM_LINK : GM_HOST;
	is_int(gpumap_drop(&g, wrong), GM_WRONG, "a drop on another component is wrong");
	ok(g.carry == -1 && !g.placed[first] && g.hint == (int)first && g.wrong_on == wrong && g.attempts == 1 && g.correct == 0,
	   "the label goes back with a hint; one attempt");
	gpumap_take(&g);
	is_int(gpumap_drop(&g, -1), GM_MISS, "a drop on nothing is a miss");
	ok(g.carry == -1 && g.attempts == 1, "a miss is no attempt");
	gpumap_take(&g);
	is_int(gpumap_drop(&g, first), GM_RIGHT, "a drop on its own component is right");
	ok(g.placed[first] && g.shown == (int)first && g.correct == 1 && g.attempts == 2 && g.hint == -1,
	   "placed, its role shown; 2 attempts, 1 correct");
	is_int(g.sel, 1, "the selection moves to the next label");
	ok(!gpumap_grab(&g, 0, 5, 5), "a placed label cannot be grabbed");
	gpumap_select(&g, -1);
	is_int(g.sel, GM_NCOMP - 1, "selecting backwards skips the placed label and wraps");
	ok(gpumap_grab(&g, 3, 7, 9) && g.by_mouse && g.carry == (int)gpumap_tray(3) && g.my == 7 && g.mx == 9,
	   "the mouse grabs slot 3 where it is");
	ok(gpumap_hold(&g, -1) && !g.by_mouse && g.carry == (int)gpumap_tray(3) && g.target == GM_HOST,
	   "a click that took it: carried as by keys, over the view's first part");
	ok(!gpumap_hold(&g, GM_L2), "held by keys already: nothing to hand over");
	gpumap_cancel(&g);
	gpumap_grab(&g, 3, 7, 9);
	ok(gpumap_hold(&g, GM_L2) && g.target == GM_L2, "a key pressed while dragging over L2: it hovers over L2");
	gpumap_cancel(&g);
	gpumap_grab(&g, 3, 7, 9);
	ok(gpumap_hold(&g, GM_CORES) && g.target == GM_HOST, "over a part of the other view: the first part of this one");
	gpumap_cancel(&g);
	is_int(g.carry, -1, "Esc puts it back");
	gpumap_set_view(&g, GM_ZOOM);
	g.sel = 0;
	gpumap_take(&g);
	is_int(g.target, GM_SCHED, "in the SM view a taken label hovers over the schedulers");
	gpumap_cancel(&g);
	for (int i = 0; i < GM_NCOMP; i++) {
		if (g.placed[gpumap_tray(i)])
			continue;
		g.sel = i;
		gpumap_take(&g);
		gpumap_drop(&g, g.carry);
	}
	ok(gpumap_done(&g) && gpumap_placed(&g) == GM_NCOMP && g.correct == GM_NCOMP, "every label placed");
	ok(!gpumap_take(&g), "nothing left to take");
	int bad = 0;
	bool seen[GM_NCOMP] = { false };
	for (int i = 0; i < GM_NCOMP; i++) {
		seen[gpumap_tray(i)] = true;
		bad += !*gpumap_role(i) || !*gpumap_hint(i) || !*gpumap_label(i);
	}
	for (int c = 0; c < GM_NCOMP; c++)
		bad += !seen[c];
	is_int(bad, 0, "the tray holds each label once; every component has a role and a hint");
}

static void figures(void)
{
	struct results r = { 0 }, cpu = { 0 };
	struct diags d = { 0 };
	ok(results_parse("h200", h200_line, strlen(h200_line), &r, &d), "the H200 device record parses");
	const struct res_device *dev = results_device(&r, NULL);
	char buf[256];
	static const struct { enum gm_comp c; const char *want; } want[] = {
		{ GM_SMS, "132 SMs at up to 1980 MHz: 66.9 TFLOP/s FP32 peak" },
		{ GM_HBM, "139.8 GiB of device memory, 4814 GB/s" },
		{ GM_L2, "60.0 MiB of L2 cache" },
		{ GM_L1, "228 KiB shared memory per SM, 48 KiB per block by default" },
		{ GM_REGS, "65536 32-bit registers per SM (256 KiB)" },
		{ GM_CORES, "128 FP32 lanes per SM, 16896 on the chip, at up to 1980 MHz" },
		{ GM_SCHED, "warps of 32 threads; up to 2048 threads (64 warps) resident per SM" },
		{ GM_HOST, "Intel(R) Xeon(R) Processor, 16 hardware threads" },
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		ok(gpumap_figure(want[i].c, dev, buf, sizeof buf), "%s has a figure", gpumap_label(want[i].c));
		const char *got = buf;
		is_str(got, want[i].want, "  %s", want[i].want);
	}
	ok(!gpumap_figure(GM_LINK, dev, buf, sizeof buf) && !buf[0], "devinfo does not measure the link: no figure");
	ok(results_parse("cpu", cpu_line, strlen(cpu_line), &cpu, &d), "a CPU fallback record parses");
	dev = results_device(&cpu, NULL);
	ok(!gpumap_figure(GM_SMS, dev, buf, sizeof buf) && !buf[0], "no GPU figure from a CPU fallback record");
	ok(gpumap_figure(GM_HOST, dev, buf, sizeof buf) && strstr(buf, "AMD EPYC"), "but the host's CPU");
	ok(!gpumap_figure(GM_SMS, NULL, buf, sizeof buf), "no record, no figure");
	results_free(&r);
	results_free(&cpu);
	diags_free(&d);
}

static void sources(void)
{
	struct gm_source s;
	struct diags d = { 0 };
	memset(&s, 0, sizeof s);
	s.have_rec = results_parse("rec", h200_line, strlen(h200_line), &s.rec, &d);
	s.have_live = results_parse("live", cpu_line, strlen(cpu_line), &s.live, &d);
	gpumap_source_pick(&s);
	ok(s.dev && s.dev->sms == 132 && !s.measured, "no GPU here: the figures come from the recorded H200");
	is_str(s.label, "recorded on NVIDIA H200, 2026-11-29", "and say so");
	is_str(s.why, "no GPU here: built without CUDA", "with the reason");
	ok(s.host && !strcmp(s.host->cpu_name, "AMD EPYC"), "the host figure is this machine's CPU");
	results_free(&s.live);
	s.have_live = results_parse("live", h200_line, strlen(h200_line), &s.live, &d);
	gpumap_source_pick(&s);
	ok(s.dev == &s.live.dev[0] && s.measured, "a live GPU record wins");
	is_str(s.label, "measured on this machine: NVIDIA H200", "labelled as measured here");
	gpumap_source_free(&s);
	memset(&s, 0, sizeof s);
	gpumap_source_pick(&s);
	ok(!s.dev && strstr(s.label, "no GPU figures"), "neither: no figures, and the label says so");
	gpumap_source_start(&s, "/nonexistent/devinfo", "/nonexistent/h200.yaml");
	ok(!s.running && !s.dev && strstr(s.why, "devinfo did not start"), "a missing devinfo and recording: no figures, a reason");
	ok(!gpumap_source_poll(&s), "nothing to poll");
	gpumap_source_free(&s);
	gpumap_source_free(NULL);
	diags_free(&d);
}

/* QA P2.14: once the map was completed, replays are practice. */
static void practice(void)
{
	ok(!gpumap_practice(0), "a new learner: drops are recorded");
	ok(!gpumap_practice(GM_NCOMP - 1), "one label short of a completed map: still recorded");
	ok(gpumap_practice(GM_NCOMP), "completed once: practice");
	ok(gpumap_practice(GM_NCOMP + 3), "more right drops than labels: practice");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	practice();
	layouts();
	game();
	figures();
	sources();
	return tap_done();
}
