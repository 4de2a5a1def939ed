/* report.c: YAML result records and the aligned terminal table. */
#include "report.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

static void put(struct ck_rec *r, const char *fmt, ...)
{
    if (r->len >= sizeof r->buf)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(r->buf + r->len, sizeof r->buf - r->len, fmt, ap);
    va_end(ap);
    if (w > 0)
        r->len += (size_t)w;
    if (r->len >= sizeof r->buf)
        r->len = sizeof r->buf - 1;
}

static void key(struct ck_rec *r, const char *k)
{
    put(r, "%s%s: ", r->n++ ? ", " : "", k);
}

void ck_rec_begin(struct ck_rec *r)
{
    r->len = 0;
    r->n = 0;
    r->buf[0] = '\0';
}

void ck_rec_str(struct ck_rec *r, const char *k, const char *val)
{
    key(r, k);
    if (!val) {
        put(r, "~");
        return;
    }
    put(r, "\"");
    for (const unsigned char *p = (const unsigned char *)val; *p; p++) {
        if (*p == '"' || *p == '\\')
            put(r, "\\%c", *p);
        else if (*p < 0x20 || *p == 0x7f)
            put(r, "\\x%02x", *p);
        else
            put(r, "%c", *p);
    }
    put(r, "\"");
}

void ck_rec_int(struct ck_rec *r, const char *k, long long val)
{
    key(r, k);
    put(r, "%lld", val);
}

void ck_rec_num(struct ck_rec *r, const char *k, double val)
{
    key(r, k);
    if (isfinite(val))
        put(r, "%.6g", val);
    else
        put(r, "~");
}

void ck_rec_bool(struct ck_rec *r, const char *k, bool val)
{
    key(r, k);
    put(r, val ? "true" : "false");
}

bool ck_rec_raw(struct ck_rec *r, const char *k, const char *yaml)
{
    if (r->len + strlen(k) + strlen(yaml) + 8 >= sizeof r->buf)
        return false;
    key(r, k);
    put(r, "%s", yaml);
    return true;
}

void ck_rec_end(struct ck_rec *r, FILE *f)
{
    fprintf(f, "- {%s}\n", r->buf);
    fflush(f);
}

void ck_result_init(struct ck_result *r, const char *id, const char *label,
                    const char *kind, int rung)
{
    memset(r, 0, sizeof *r);
    r->id = id;
    r->label = label;
    r->kind = kind;
    r->rung = rung;
    r->rel_err = r->tol = r->flops = r->bytes = NAN;
    r->t = (struct ck_timing){.ms = NAN, .ms_min = NAN, .ms_max = NAN};
    r->gflops = r->pct_of_library = r->pct_of_peak = NAN;
    r->intensity = r->gbs = NAN;
    r->pair = (struct ck_pair){NAN, NAN, NAN, 0};
}

void ck_results_derive(struct ck_result *r, int n, double peak_gflops)
{
    double base = NAN;
    for (int i = 0; i < n; i++) {
        r[i].gflops = r[i].flops / (r[i].t.ms * 1e6);
        r[i].gbs = r[i].bytes / (r[i].t.ms * 1e6);
        r[i].intensity = r[i].flops / r[i].bytes;
        if (r[i].baseline && r[i].ran && r[i].ok)
            base = r[i].gflops;
    }
    for (int i = 0; i < n; i++) {
        r[i].pct_of_library = 100.0 * r[i].gflops / base;
        r[i].pct_of_peak = 100.0 * r[i].gflops / peak_gflops;
    }
}

void ck_rec_timing(struct ck_rec *rec, const struct ck_timing *t)
{
    if (t->reps <= 0)
        return;
    ck_rec_str(rec, "cache", t->cold ? "cold" : "warm");
    ck_rec_bool(rec, "queued", t->queued);
    ck_rec_bool(rec, "latency_bound", t->ms < CK_LATENCY_MS);
    ck_rec_num(rec, "noise", t->noise);
    const struct ck_clocks *c = &t->clk;
    if (c->samples <= 0)
        return;
    ck_rec_num(rec, "sm_mhz", c->sm_mhz_sum / c->samples);
    ck_rec_num(rec, "sm_mhz_min", c->sm_mhz_min);
    ck_rec_num(rec, "power_w", c->power_w_max);
    ck_rec_int(rec, "throttle", (long long)c->reasons);
    ck_rec_int(rec, "throttled", c->throttled);
    ck_rec_int(rec, "samples", c->samples);
}

void ck_rec_variant(struct ck_rec *rec, const char *demo,
                    const struct ck_result *r)
{
    ck_rec_begin(rec);
    ck_rec_str(rec, "record", "variant");
    ck_rec_int(rec, "format", CK_FORMAT_VERSION);
    ck_rec_str(rec, "demo", demo);
    ck_rec_str(rec, "variant", r->id);
    ck_rec_int(rec, "rung", r->rung);
    ck_rec_str(rec, "kind", r->kind);
    ck_rec_str(rec, "label", r->label);
    ck_rec_bool(rec, "ok", r->ok);
    ck_rec_str(rec, "checked", r->checked);
    ck_rec_num(rec, "rel_err", r->rel_err);
    ck_rec_num(rec, "tol", r->tol);
    ck_rec_num(rec, "ms", r->t.ms);
    ck_rec_num(rec, "ms_min", r->t.ms_min);
    ck_rec_num(rec, "ms_max", r->t.ms_max);
    ck_rec_int(rec, "reps", r->t.reps);
    ck_rec_num(rec, "gflops", r->gflops);
    ck_rec_num(rec, "pct_of_library", r->pct_of_library);
    ck_rec_num(rec, "pct_of_peak", r->pct_of_peak);
    ck_rec_num(rec, "intensity", r->intensity);
    ck_rec_num(rec, "gbs", r->gbs);
    ck_rec_bool(rec, "baseline", r->baseline);
    ck_rec_timing(rec, &r->t);
    if (r->pair.pairs > 0) {
        ck_rec_str(rec, "paired_with", r->paired_with);
        ck_rec_num(rec, "paired_pct_of_library", r->pair.pct);
        ck_rec_num(rec, "paired_lo", r->pair.lo);
        ck_rec_num(rec, "paired_hi", r->pair.hi);
        ck_rec_int(rec, "pairs", r->pair.pairs);
    }
    if (!r->ok)
        ck_rec_str(rec, "error", r->error);
}

static void cell(FILE *f, double v, const char *fmt, int width)
{
    if (isfinite(v))
        fprintf(f, fmt, width, v);
    else
        fprintf(f, "%*s", width, "-");
}

void ck_table_variants(FILE *f, const struct ck_result *r, int n, bool memory)
{
    fprintf(f, "%2s  %-14s %-7s %-5s %9s %10s %10s %7s %7s  %s\n", "#",
            "variant", "kind", "check", "rel_err", "ms", memory ? "GB/s" : "GFLOP/s",
            "% lib", memory ? "% HBM" : "% peak", "label");
    for (int i = 0; i < n; i++) {
        if (!r[i].ran)
            continue;
        fprintf(f, "%2d  %-14s %-7s %-5s ", r[i].rung, r[i].id, r[i].kind,
                r[i].ok ? "ok" : "FAIL");
        cell(f, r[i].rel_err, "%*.2e", 9);
        cell(f, r[i].t.ms, " %*.3f", 10);
        cell(f, memory ? r[i].gbs : r[i].gflops, " %*.1f", 10);
        cell(f, r[i].pct_of_library, " %*.1f", 7);
        cell(f, r[i].pct_of_peak, " %*.1f", 7);
        fprintf(f, "  %s%s\n", r[i].label, r[i].baseline ? " (baseline)" : "");
    }
    for (int i = 0; i < n; i++)
        if (r[i].ran && !r[i].ok)
            fprintf(f, "%s failed: %s\n", r[i].id, r[i].error);
}
