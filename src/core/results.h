/* results: the demos' YAML result lines as typed records.
 *
 * A demo run with --format yaml prints one flow mapping per line, each line
 * starting with "- ", so its whole output is one YAML sequence (DESIGN.md,
 * demos/README.md).  demos/results/h200.yaml is such an output for both
 * demos, one after the other.  Each record has `record: device` (the GPU or
 * the CPU fallback and why) or `record: variant` (one rung of the ladder).
 *
 * Parsing goes through the project's loader (doc.h), so the input limits
 * hold and every problem has a line:col.  Documented fields are checked for
 * presence and type; fields we do not know are ignored (a newer demo may
 * add some); records of an unknown kind are skipped.  A number written `~`
 * (not measured) reads as NAN; a text written `~` as "".  Every string is
 * sanitized (text.h) before it is stored, ready to draw.  No ncurses. */
#ifndef CK_RESULTS_H
#define CK_RESULTS_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

struct doc_node;

#define RESULTS_FORMAT 1  /* the newest record format we know */

enum res_kind { RES_CPU, RES_HAND, RES_LIBRARY };

struct res_device {
	int line;                   /* where the record starts, 1-based */
	long format;
	char demo[32];
	bool live;                  /* measured on a GPU now */
	char reason[256];           /* why not live ("" when live) */
	char date[48], command[512];
	char cpu_name[128];
	long cpu_threads;
	/* The GPU: set when live (0, "" or NAN otherwise). */
	char name[128], cc[16];
	long sms, fp32_lanes_per_sm, clock_mhz;
	long mem_bytes, l2_bytes, smem_per_sm, smem_per_block, regs_per_sm;
	long max_threads_per_sm, max_threads_per_block, warp_size;
	double mem_gbs, peak_gflops;
	char driver[16], runtime[16], compat[192], cublas[32], cudnn[32];
	/* The host link (NVML): "" / -1 / NAN when absent. */
	char link[192];             /* "PCIe Gen5 x16 ..." or "unknown: why" */
	long pcie_gen_max, pcie_width_max, nvlinks, async_engines;
	double link_gbs;            /* peak per direction, GB/s */
};

/* Sizes: matmul uses m, n, k; conv n (batch), c, h, w, k (filters), r, s,
 * pad, stride, dil and the output p, q.  -1 when absent. */
struct res_sizes {
	long m, n, k, c, h, w, r, s, pad, stride, dil, p, q;
	long b, d, causal;          /* attention: batch, head dimension, 0 or 1 */
};

struct res_variant {
	int line;
	long format;
	char demo[32], variant[48], label[128];
	long rung;                  /* 1-based position in the ladder */
	enum res_kind kind;
	bool ok, baseline;          /* baseline: the '% of library' reference */
	char checked[16];           /* "fp64", "library", "sampled", "cross" or "" */
	double rel_err, tol;
	double ms, ms_min, ms_max;  /* NAN when not timed */
	long reps;
	double gflops, pct_of_library, pct_of_peak, intensity, gbs;
	char paired_with[48];       /* the library rung it was paired with, or "" */
	char shape[64];             /* the demo's own words for its size (fusion's
	                               conv chain: "N32 C64 56x56 K64 3x3 pad 1"), or "" */
	char error[256];            /* "" unless !ok */
	struct res_sizes size;
	long workspace;             /* bytes, -1 when absent */
	char math[16];              /* cuDNN math type, "" when absent */
	char algo[48];              /* cuDNN algorithm, "" when absent */
	char precision[8];          /* "fp32", "tf32", "fp16", "bf16"; "" when
	                               absent (read as fp32) */
	char layout[8];             /* conv's tensors: "NCHW", "NHWC"; "" when
	                               absent */
	bool supported;             /* false: the library has no such algorithm
	                               for this shape here (not a failure) */
	/* transfer: one record per row and size ("" / -1 / NAN when absent) */
	char memory[16];            /* pageable, pinned, managed, device, host... */
	char direction[8];          /* h2d, d2h, both, d2d, h2h */
	char peak[8];               /* the ceiling: "link", "hbm" or "" */
	long bytes, moved;          /* copied; counted for GB/s */
	double peak_gbs;
	/* streams: one record per row and setting */
	char mode[12];              /* streams, default, model */
	long streams, chunks, chunk_bytes, total_bytes, flops_per_byte;
	bool modelled;              /* the CPU model, not a measurement */
	double h2d_ms, kernel_ms, d2h_ms, serial_ms, ideal_ms, speedup, pct_of_ideal;
	double link_ideal_ms, pct_of_link_ideal; /* the link-aware bound (pinned GPU
	                               rows; NAN elsewhere and in older records) */
	size_t span0, nspan;        /* its timeline: results.span[span0 ..+nspan) */
	/* the rung's own traffic model (demos/matmul/mm_traffic.h,
	 * demos/conv/conv_traffic.h): NAN / "" in older records, where the
	 * roofline falls back to the minimum-traffic `intensity` */
	double model_bytes, model_intensity;
	char model[64];             /* what was counted: "global loads of 32x32 tiles" */
	char config[24];            /* matmul best: its block tile, "128x64" ("" when absent) */
	long split;                 /* ... and K's slices, -1 when absent */
	bool parts;                 /* ... summed apart and added up after (false when absent) */
	bool streamk;               /* ... or dealt out stream-K (false when absent) */
	double pct_of_hbm;          /* reduce: % of the device's HBM bandwidth */
	/* how it was timed (demos/common/timing.h; "" / -1 / NAN when absent) */
	char cache[8];              /* "cold" (L2 flushed per run) or "warm" */
	bool queued;                /* runs queued behind a blocking kernel */
	bool latency_bound;         /* median under 20 us */
	double noise;               /* relative standard deviation of the runs */
	double sm_mhz, sm_mhz_min, power_w; /* NVML during the runs */
	long throttle, throttled, samples;  /* reasons OR'd; samples held down */
	double paired_pct_of_library; /* side by side with its library (NAN absent) */
	long pairs;
	/* conv: on integer inputs (demos/conv/conv_exact.h); false / NAN absent */
	bool exact;                    /* every element exact to the bit */
	double max_err, max_err_bound; /* largest error over the value scale, its bound */
	char fused_of[24];          /* a fused rung: its unfused twin's id, whose
	                               model_bytes and ms it saves against (the
	                               fusion demo; "" when absent) */
	/* ... and the speed-up over it, twin ms / fused ms, the median of
	 * interleaved pairs in one process with the lowest and highest pair
	 * (NAN / -1 when absent); a benchmark's merge of several processes
	 * adds the lowest and highest of their medians */
	double paired_speedup, paired_speedup_lo, paired_speedup_hi;
	long speedup_pairs;
	double processes_speedup_min, processes_speedup_max;
	long processes;
};

/* One stage of one chunk of a streams run, ms after the run's start. */
enum res_stage { RES_H2D, RES_KERNEL, RES_D2H };
struct res_span {
	int chunk, stream;
	enum res_stage stage;
	double start, end;
};

/* The launch demo: what the runtime says of one series' kernel
 * (`record: series`) ... */
struct res_series {
	int line;
	long format;
	char demo[32], series[16], label[128];
	long rung, regs, smem;      /* registers per thread, shared bytes per block */
	long suggest_block, suggest_grid; /* cudaOccupancyMaxPotentialBlockSize */
	long per_sm, wave;          /* wave series: blocks per SM, one wave's blocks */
};

/* ... and one measured launch shape (`record: point`): a block size of a
 * memory-bound series, or a grid size of the wave series; in the graph
 * series, `kernels` tiny kernels launched one by one (mode "plain") or as
 * one CUDA graph (mode "graph"). */
struct res_point {
	int line;
	long format;
	char demo[32], series[16], mode[16]; /* mode: "" outside the graph series */
	long block, grid, per_sm, reps, kernels; /* kernels: -1 when absent */
	double occupancy;           /* % of the SM's thread slots */
	bool fits, ok;              /* fits: the shape can run at all */
	double ms, ms_min, ms_max, gbs, pct_of_hbm, waves; /* NAN when absent */
	double us_per_kernel, host_us_per_kernel, setup_ms; /* graph; NAN absent */
	char error[160];
};

/* Invariant: dev[0..ndev), var[0..nvar), ser[0..nser), pt[0..npt) each
 * in input order. */
struct results {
	struct res_device *dev;
	size_t ndev;
	struct res_variant *var;
	size_t nvar;
	struct res_span *span;      /* every variant's timeline, in order */
	size_t nspan;
	struct res_series *ser;
	size_t nser;
	struct res_point *pt;
	size_t npt;
	struct res_mg *mg; /* the multigpu demo's records (results_mg.h) */
	size_t nmg;
};

/* Parses a whole output (name is used in messages).  On any error returns
 * false with diags and leaves *out empty.  Empty output is valid (no
 * records).  The caller frees with results_free. */
bool results_parse(const char *name, const char *buf, size_t len,
		   struct results *out, struct diags *d);
bool results_load_file(const char *path, struct results *out, struct diags *d);
void results_free(struct results *r); /* accepts NULL; leaves r empty */
/* Copies s into dst (size bytes) with control and bidi characters dropped
 * (text_sanitize), cut at a character boundary to fit. */
void results_put_str(char *dst, size_t size, const char *s);
/* Reads a streams record's `timeline` ([[chunk, stream, stage, start,
 * end], ...]) into out->span and v->span0/nspan (results_span.c); a record
 * without one gets none.  False with a diag on a malformed entry. */
bool results_read_timeline(const char *file, const struct doc_node *map,
			   struct results *out, struct res_variant *v, struct diags *d);

const char *res_kind_name(enum res_kind k);
/* Whether v computes in the ladder's own precision, FP32: the naive,
 * fastest and library picks below compare only those (a TF32 or FP16 rung
 * is another trade, shown beside them, never "the best hand-written"). */
bool res_fp32(const struct res_variant *v);
/* The first device record of demo (NULL demo: the first), or NULL. */
const struct res_device *results_device(const struct results *r, const char *demo);
/* The three picks below compare records at one size, the demo's first
 * timed baseline's (else its first timed record's): a run that holds the
 * ladder at two sizes (reduce's) never pits a small-size time against a
 * large one. */
/* The naive reference of demo for speedups: the lowest-rung hand-written
 * variant with a time, else the lowest-rung CPU one; NULL if none. */
const struct res_variant *results_naive(const struct results *r, const char *demo);
/* The fastest timed variant of demo of a kind; NULL if none. */
const struct res_variant *results_fastest(const struct results *r, const char *demo,
					  enum res_kind kind);
/* The library reference: the timed baseline record, else the fastest
 * library variant; NULL if none. */
const struct res_variant *results_library(const struct results *r, const char *demo);
/* v's speed as a percent of lib's: the median of their interleaved pairs
 * where v was paired with lib (paired_with), else the record's
 * pct_of_library; NAN when neither. */
double results_pct_of(const struct res_variant *v, const struct res_variant *lib);
/* The learner's speedups line for progress, e.g. "matmul 512x512x512, CPU
 * fallback: naive 210 ms -> best CPU 12.5 ms (16.8x)" or with hand-written
 * and library steps on a GPU.  False (buf "") when demo has no timings. */
bool results_speedups_line(const struct results *r, const char *demo,
			   char *buf, size_t size);
/* "512x512x512" for matmul, "N32 C64 H56 W56 K64 3x3" for conv,
 * "N=1048583" for reduce and launch. */
void results_size_text(const struct res_variant *v, char *buf, size_t size);
/* Puts demo's speedups line into dst (progress.speedups), replacing that
 * demo's earlier segment and keeping the other demos' ("A | B"); when it
 * does not fit, the oldest segments go first. */
/* The series record of demo/series, or NULL. */
const struct res_series *results_series(const struct results *r, const char *demo,
					const char *series);
void results_merge_speedups(char *dst, size_t size, const char *demo, const char *line);
/* A demo's rung label and its fallback reason in the learner's language
 * (i18n.h): the demos print English; the known labels and reasons have a
 * translation, anything else comes back as it is.  The label is the
 * table's string, label itself, or (a known label's words before a name
 * the demo found) a buffer good for the next three calls; the reason is
 * written into buf. */
const char *results_label_text(const char *label);
const char *results_reason_text(const char *reason, char *buf, size_t size);
/* A ladder rung's label in the learner's language, keyed by its demo and
 * id: the zh column of its row (the demo's ladder header) in Chinese, else
 * results_label_text(label). */
const char *results_rung_label(const char *demo, const char *id, const char *label);
/* results_rung_label of a variant record. */
const char *results_variant_label(const struct res_variant *v);
/* The device record's compatibility verdict ("ok: driver supports CUDA
 * 13.0, runtime is 13.0") and host link ("PCIe Gen5 x16 (now Gen5 x16),
 * 63.0 GB/s per direction; 0 NVLink links active") in the learner's
 * language, written into buf; an unknown form comes back as it is. */
const char *results_compat_text(const char *compat, char *buf, size_t size);
const char *results_link_text(const char *link, char *buf, size_t size);
#endif
