/* report.h: the demo result lines (an API: demos/README.md documents every
 * field; the tutorial parses them) and the terminal table.
 *
 * YAML: one flow mapping per line, "- {key: value, ...}", so the whole output
 * is one YAML sequence. Strings are always double-quoted, unknown numbers
 * (NaN) are written ~, booleans true/false.
 *
 *   struct ck_rec r; ck_rec_begin(&r);
 *   ck_rec_str(&r, "record", "variant"); ck_rec_int(&r, "m", m); ...
 *   ck_rec_end(&r, stdout);
 *
 * A variant record is ck_rec_variant() (the common fields, in the documented
 * order) followed by the demo's own size fields and ck_rec_end(). */
#ifndef CK_REPORT_H
#define CK_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "timing.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CK_FORMAT_VERSION 1

struct ck_rec {
    char buf[4096];
    size_t len; /* bytes used in buf; a record that overflows is cut */
    int n;      /* fields so far */
};

void ck_rec_begin(struct ck_rec *r);
void ck_rec_str(struct ck_rec *r, const char *key, const char *val); /* NULL -> ~ */
void ck_rec_int(struct ck_rec *r, const char *key, long long val);
void ck_rec_num(struct ck_rec *r, const char *key, double val);      /* NaN -> ~ */
void ck_rec_bool(struct ck_rec *r, const char *key, bool val);
void ck_rec_end(struct ck_rec *r, FILE *f);
/* A value already written as YAML flow text (a sequence, "[[0, 1], ...]");
 * false, and nothing added, when it does not fit in the record. */
bool ck_rec_raw(struct ck_rec *r, const char *key, const char *yaml);

/* One variant's outcome. The demo fills the first block; ck_results_derive()
 * fills the derived block. Numbers not known are NAN. */
struct ck_result {
    const char *id, *label, *kind; /* static strings from the rung table */
    int rung;                      /* 1-based position in the ladder */
    bool ran;                      /* selected and attempted */
    bool ok;                       /* checked and within tol */
    const char *checked;           /* "fp64" | "library" | NULL */
    double rel_err, tol;
    struct ck_timing t;            /* ms NAN when not timed */
    double flops;                  /* floating-point operations of one run */
    double bytes;                  /* fewest bytes one run must move */
    bool baseline;                 /* the '% of library' reference */
    char error[256];               /* when !ok */
    double gflops, pct_of_library, pct_of_peak, intensity, gbs; /* derived */
    struct ck_pair pair;           /* side by side with its library (pairs 0: not) */
    const char *paired_with;       /* that library rung's id */
};

void ck_result_init(struct ck_result *r, const char *id, const char *label,
                    const char *kind, int rung);
/* gflops, gbs from ms; pct_of_library against the ran+ok baseline record;
 * pct_of_peak against peak_gflops (NAN when not known). */
void ck_results_derive(struct ck_result *r, int n, double peak_gflops);
void ck_rec_variant(struct ck_rec *rec, const char *demo,
                    const struct ck_result *r);
/* The timing's own fields (demos/README.md): cache, queued,
 * latency_bound, noise, and with NVML samples sm_mhz, sm_mhz_min,
 * power_w, throttle, throttled, samples; nothing for a run not timed. */
void ck_rec_timing(struct ck_rec *rec, const struct ck_timing *t);
/* The aligned table of the variants that ran, plus failures' errors;
 * GB/s and % HBM in place of GFLOP/s and % peak when memory. */
void ck_table_variants(FILE *f, const struct ck_result *r, int n, bool memory);

#ifdef __cplusplus
}
#endif

#endif
