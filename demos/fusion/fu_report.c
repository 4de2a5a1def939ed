/* fu_report.c: the fusion demo's output through the harness's report
 * (ck_ladder_report): the hooks that add its title, its sizes and traffic
 * fields to each record, a record for each rung that does not apply, and
 * the table's note of the bytes and time each fused rung saves against
 * its unfused twin (fu_ladder.h): the speed-up paired, side by side in
 * this process (fu_run.c), with its spread. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fu_state.h"
#include "fu_traffic.h"
#include "report.h"

static const char *op_name(int op) { return op == FU_GEMM ? "gemm" : "conv"; }
static const char *act_name(int op) { return op == FU_GEMM ? "gelu" : "relu"; }

/* "N4 C32 28x28 K32 3x3 pad 1" for `rows` rows of a conv; "" for a GEMM */
static void shape_text(const struct fu_shape *s, long long rows, char *buf, size_t n)
{
    buf[0] = '\0';
    if (s->op == FU_CONV)
        snprintf(buf, n, "N%lld C%d %dx%d K%d %dx%d pad %d", rows / ((long long)s->p * s->q),
                 s->c, s->h, s->w, s->kf, s->r, s->s, s->pad);
}

static void title(void *ctx, FILE *f)
{
    const struct fu_state *s = ctx;
    const struct fu_shape *sh = &s->p.s;
    char shape[96];
    shape_text(sh, sh->m, shape, sizeof shape);
    fprintf(f, "fusion  %s %s + bias + %s: the GEMM %lldx%dx%d (%s, tol %.0e)\n",
            op_name(sh->op), shape, sh->op == FU_GEMM ? "GELU" : "ReLU", sh->m, sh->n, sh->k,
            s->p.nchk == (size_t)sh->m * sh->n ? "every output checked" : "sampled and cross-checked",
            s->l.res[0].tol);
}

/* the bytes rung i moves by the model, at the rows it ran */
static double model_bytes(const struct fu_state *s, int i)
{
    return fu_model_bytes(&s->p.s, (double)s->rows[i], fu_is_fused(i));
}

/* whether fused rung i and its twin both ran, passed and were timed, at
 * the same rows */
static bool pair_ok(const struct fu_state *s, int i)
{
    int t = fu_twin(i);
    const struct ck_result *r = s->l.res;
    return t >= 0 && r[i].ran && r[i].ok && r[t].ran && r[t].ok && s->rows[i] == s->rows[t] &&
           r[i].t.ms > 0 && r[t].t.ms > 0;
}

static void notes(void *ctx, FILE *f)
{
    const struct fu_state *s = ctx;
    for (int i = 0; i < FU_NRUNGS; i++)
        if (s->declined[i][0])
            fprintf(f, "%-12s unsupported: %s\n", s->table[i].id, s->declined[i]);
    fprintf(f, "\ntraffic (fu_traffic.h): unfused moves inputs + 5 y, fused inputs + y\n");
    for (int i = 0; i < FU_NRUNGS; i++) {
        if (!pair_ok(s, i))
            continue;
        int t = fu_twin(i);
        double saved = model_bytes(s, t) - model_bytes(s, i);
        const struct ck_timing *a = &s->l.res[t].t, *b = &s->l.res[i].t;
        const struct ck_pair *p = &s->speedup[i];
        char how[96];
        if (p->pairs > 0)
            snprintf(how, sizeof how, "x%.2f paired [%.2f-%.2f, %d pairs]", p->pct / 100,
                     p->lo / 100, p->hi / 100, p->pairs);
        else
            snprintf(how, sizeof how, "x%.2f of the medians", a->ms / b->ms);
        fprintf(f, "%-10s vs %-12s %9.1f MB -> %9.1f MB: %8.1f MB saved (%.0f%%), "
                   "%.4f -> %.4f ms (%s)\n",
                s->table[i].id, s->table[t].id, model_bytes(s, t) / 1e6, model_bytes(s, i) / 1e6,
                saved / 1e6, 100 * saved / model_bytes(s, t), a->ms, b->ms, how);
    }
    if (s->algo[0])
        fprintf(f, "cuDNN's algorithm (FMA math, both library rungs): %s\n", s->algo);
}

/* the sizes and the traffic: every record, ran or declined */
static void sizes(const struct fu_state *s, int i, struct ck_rec *rec)
{
    const struct fu_shape *sh = &s->p.s;
    long long rows = s->rows[i] ? s->rows[i] : sh->m;
    char shape[96];
    ck_rec_int(rec, "m", rows);
    ck_rec_int(rec, "n", sh->n);
    ck_rec_int(rec, "k", sh->k);
    ck_rec_str(rec, "op", op_name(sh->op));
    ck_rec_str(rec, "act", act_name(sh->op));
    shape_text(sh, rows, shape, sizeof shape);
    if (shape[0])
        ck_rec_str(rec, "shape", shape);
}

static void fields(void *ctx, int i, struct ck_rec *rec)
{
    const struct fu_state *s = ctx;
    sizes(s, i, rec);
    double bytes = model_bytes(s, i);
    ck_rec_str(rec, "precision", "fp32");
    ck_rec_num(rec, "model_bytes", bytes);
    ck_rec_num(rec, "model_intensity", fu_flops(&s->p.s, (double)s->rows[i]) / bytes);
    ck_rec_str(rec, "model", fu_model_name(fu_is_fused(i)));
    ck_rec_num(rec, "y_bytes", fu_y_bytes(&s->p.s, (double)s->rows[i]));
    if (fu_is_fused(i)) {
        int t = fu_twin(i);
        ck_rec_str(rec, "fused_of", s->table[t].id);
        ck_rec_num(rec, "saved_bytes", fu_model_bytes(&s->p.s, (double)s->rows[i], false) - bytes);
        const struct ck_pair *p = &s->speedup[i];
        if (p->pairs > 0) {   /* twin ms / fused ms, the median of the pairs */
            ck_rec_num(rec, "paired_speedup", p->pct / 100);
            ck_rec_num(rec, "paired_speedup_lo", p->lo / 100);
            ck_rec_num(rec, "paired_speedup_hi", p->hi / 100);
            ck_rec_int(rec, "speedup_pairs", p->pairs);
        }
    }
    if (s->api[i][0])
        ck_rec_str(rec, "api", s->api[i]);
    if (s->api[i][0] && s->algo[0])
        ck_rec_str(rec, "algo", s->algo);
}

static void before(void *ctx, int i, FILE *f)
{
    const struct fu_state *s = ctx;
    if (!s->declined[i][0])
        return;
    struct ck_rec rec;
    ck_rec_unsupported(&rec, "fusion", &s->l.res[i], s->declined[i]);
    sizes(s, i, &rec);
    ck_rec_end(&rec, f);
}

int fu_report(struct fu_state *s, int status, int argc, char **argv)
{
    static const struct ck_ladder_ops ops = {
        .title = title, .notes = notes, .fields = fields, .before = before,
    };
    s->l.ops = &ops;
    s->l.ctx = s;
    return ck_ladder_report(&s->l, status, argc, argv, stdout);
}
