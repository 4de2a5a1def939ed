/* mg_report.c: the multigpu demo's records and table (mg_report.h). */
#include "mg_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void head(struct ck_rec *r, const char *record, const char *variant)
{
    ck_rec_begin(r);
    ck_rec_str(r, "record", record);
    ck_rec_int(r, "format", CK_FORMAT_VERSION);
    ck_rec_str(r, "demo", "multigpu");
    if (variant)
        ck_rec_str(r, "variant", variant);
}

void mg_size_label(size_t b, char *out, size_t n)
{
    if (b >= ((size_t)1 << 30))
        snprintf(out, n, "%zuG", b >> 30);
    else if (b >= ((size_t)1 << 20))
        snprintf(out, n, "%zuM", b >> 20);
    else
        snprintf(out, n, "%zuK", b >> 10);
}

void mg_rec_topo(const struct mg_topo *t, FILE *f)
{
    struct ck_rec r;
    for (int i = 0; i < t->n; i++) {
        char cc[16];
        snprintf(cc, sizeof cc, "%d.%d", t->cc_major[i], t->cc_minor[i]);
        head(&r, "gpu", NULL);
        ck_rec_int(&r, "index", i);
        ck_rec_str(&r, "name", t->name[i]);
        ck_rec_str(&r, "bus", t->bus[i]);
        ck_rec_str(&r, "cc", cc);
        ck_rec_int(&r, "nvlinks", t->nvlinks[i]);
        ck_rec_int(&r, "nvlink_gen", mg_nvlink_gen(t->cc_major[i], t->cc_minor[i]));
        ck_rec_num(&r, "pcie_gbs", t->pcie_gbs[i] > 0 ? t->pcie_gbs[i] : NAN);
        ck_rec_str(&r, "nvml", t->nvml ? "ok" : t->nvml_why);
        ck_rec_end(&r, f);
    }
    for (int i = 0; i < t->n; i++)
        for (int j = 0; j < t->n; j++) {
            head(&r, "link", NULL);
            ck_rec_int(&r, "src", i);
            ck_rec_int(&r, "dst", j);
            ck_rec_str(&r, "kind", mg_link_kind_id[t->kind[i][j]]);
            ck_rec_int(&r, "links", t->links[i][j]);
            ck_rec_bool(&r, "peer", t->peer[i][j]);
            ck_rec_num(&r, "peak_gbs", t->peak_gbs[i][j]);
            ck_rec_end(&r, f);
        }
}

void mg_rec_peer(const struct mg_peer_row *p, FILE *f)
{
    struct ck_rec r;
    double moved = (double)p->bytes * (p->both ? 2 : 1);
    double gbs = p->ok ? mg_algbw(moved, p->ms) : NAN;
    head(&r, "peer", "peer-copy");
    ck_rec_int(&r, "src", p->src);
    ck_rec_int(&r, "dst", p->dst);
    ck_rec_int(&r, "bytes", (long long)p->bytes);
    ck_rec_str(&r, "access", p->on ? "on" : "off");
    ck_rec_str(&r, "direction", p->both ? "both" : "one");
    ck_rec_bool(&r, "ok", p->ok);
    ck_rec_num(&r, "ms", p->ok ? p->ms : NAN);
    ck_rec_num(&r, "gbs", gbs);
    double peak = p->peak * (p->both ? 2 : 1);
    ck_rec_num(&r, "peak_gbs", peak);
    ck_rec_num(&r, "pct_of_peak", 100 * gbs / peak);
    if (!p->ok)
        ck_rec_str(&r, "error", p->why);
    ck_rec_end(&r, f);
}

void mg_rec_coll(const struct mg_coll_row *c, FILE *f)
{
    struct ck_rec r;
    head(&r, "coll", mg_coll_id[c->op]);
    ck_rec_int(&r, "ranks", c->ranks);
    ck_rec_int(&r, "procs", c->procs);
    ck_rec_int(&r, "bytes", (long long)c->bytes);
    ck_rec_bool(&r, "ok", c->ok);
    ck_rec_str(&r, "checked", "exact");
    ck_rec_int(&r, "wrong", c->wrong);
    ck_rec_num(&r, "ms", c->ok ? c->ms : NAN);
    ck_rec_num(&r, "algbw", c->ok ? mg_algbw((double)c->bytes, c->ms) : NAN);
    ck_rec_num(&r, "busbw", c->ok ? mg_busbw(c->op, c->ranks, (double)c->bytes, c->ms) : NAN);
    ck_rec_num(&r, "factor", mg_bus_factor(c->op, c->ranks));
    const char *algo = getenv("NCCL_ALGO");
    ck_rec_str(&r, "algo", algo && *algo ? algo : "auto");
    if (!c->ok)
        ck_rec_str(&r, "error", c->why);
    ck_rec_end(&r, f);
}

void mg_rec_split(const struct mg_split_row *s, FILE *f)
{
    struct ck_rec r;
    head(&r, "split", s->reduce ? "split-reduce" : "split-matmul");
    ck_rec_int(&r, "gpus", s->gpus);
    if (s->reduce) {
        ck_rec_int(&r, "n", s->count);
    } else {
        ck_rec_int(&r, "m", s->m);
        ck_rec_int(&r, "n", s->n);
        ck_rec_int(&r, "k", s->k);
    }
    ck_rec_bool(&r, "ok", s->ok);
    ck_rec_str(&r, "checked", "exact");
    ck_rec_num(&r, "ms", s->ok ? s->ms : NAN);
    ck_rec_num(&r, "comm_ms", s->comm_ms);
    if (s->reduce)
        ck_rec_num(&r, "gbs", s->ok ? mg_algbw(4.0 * (double)s->count, s->ms) : NAN);
    else
        ck_rec_num(&r, "gflops", s->ok ? 2.0 * s->m * s->n * s->k / (s->ms * 1e6) : NAN);
    ck_rec_num(&r, "efficiency", s->eff);
    ck_rec_num(&r, "efficiency_comm", s->eff_comm);
    if (!s->ok)
        ck_rec_str(&r, "error", s->why);
    ck_rec_end(&r, f);
}

void mg_rec_needs(const char *variant, int gpus, const char *why, const char *reason, FILE *f)
{
    struct ck_rec r;
    head(&r, "needs", variant);
    ck_rec_int(&r, "needs", gpus);
    ck_rec_str(&r, "why", why);
    ck_rec_str(&r, "reason", reason);
    ck_rec_end(&r, f);
}

void mg_rec_model(FILE *f)
{
    static const int ranks[] = {2, 4, 8};
    struct ck_rec r;
    for (int op = 0; op < MG_NCOLL; op++)
        for (size_t i = 0; i < sizeof ranks / sizeof *ranks; i++) {
            head(&r, "model", mg_coll_id[op]);
            ck_rec_int(&r, "ranks", ranks[i]);
            ck_rec_int(&r, "bytes", (long long)MG_MAX_BYTES);
            ck_rec_num(&r, "factor", mg_bus_factor((enum mg_coll)op, ranks[i]));
            ck_rec_num(&r, "sent_per_rank", mg_bus_factor((enum mg_coll)op, ranks[i]) *
                                                (double)MG_MAX_BYTES);
            ck_rec_end(&r, f);
        }
}
