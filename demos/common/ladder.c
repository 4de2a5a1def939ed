/* ladder.c: the host harness every ladder demo shares (see ladder.h). */
#include "ladder.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define CK_MAX_RUNGS 64

static int widest(const struct ck_rung *rungs, int n, size_t off, int floor)
{
    int w = floor;
    for (int i = 0; i < n; i++) {
        const char *s = *(const char *const *)((const char *)&rungs[i] + off);
        if ((int)strlen(s) + 1 > w)
            w = (int)strlen(s) + 1;
    }
    return w;
}

void ck_ladder_list(const struct ck_rung *rungs, int n, FILE *f)
{
    int wid = widest(rungs, n, offsetof(struct ck_rung, id), 14);
    int wlab = widest(rungs, n, offsetof(struct ck_rung, label), 26);
    for (int i = 0; i < n; i++)
        fprintf(f, "%-*s %-2d %-7s %-*s %s\n", wid, rungs[i].id, rungs[i].rung,
                rungs[i].kind, wlab, rungs[i].label, rungs[i].idea);
}

bool ck_demo_start(const struct ck_args *a, void (*usage)(FILE *f),
                   const struct ck_rung *rungs, int n, struct ck_device *dev)
{
    if (a->help || a->list) {
        if (a->help)
            usage(stdout);
        else
            ck_ladder_list(rungs, n, stdout);
        return false;
    }
    if (dev)
        ck_device_init(dev, !a->cpu);
    return true;
}

bool ck_ladder_known(const struct ck_rung *rungs, int n, const char *list)
{
    const char *ids[CK_MAX_RUNGS];
    if (n > CK_MAX_RUNGS)
        n = CK_MAX_RUNGS;
    for (int i = 0; i < n; i++)
        ids[i] = rungs[i].id;
    return ck_args_known(list, ids, n);
}

int ck_ladder_index(const struct ck_rung *rungs, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(rungs[i].id, id))
            return i;
    return -1;
}

void ck_ladder_init(struct ck_ladder *l, const char *demo,
                    const struct ck_rung *rungs, int n, struct ck_result *res,
                    const struct ck_args *args, const struct ck_device *dev)
{
    *l = (struct ck_ladder){.demo = demo, .rungs = rungs, .n = n, .res = res,
                            .args = args, .dev = dev};
    for (int i = 0; i < n; i++) {
        ck_result_init(&res[i], rungs[i].id, rungs[i].label, rungs[i].kind,
                       rungs[i].rung);
        res[i].tol = rungs[i].tol;
    }
}

bool ck_ladder_wants(const struct ck_ladder *l, int i)
{
    return i >= 0 && i < l->n && ck_args_selected(l->args->variants, l->rungs[i].id);
}

bool ck_rung_is(const struct ck_rung *r, const char *kind)
{
    return !strcmp(r->kind, kind);
}

bool ck_judge(struct ck_result *r, double rel_err, const char *checked)
{
    r->rel_err = rel_err;
    r->checked = checked;
    r->ok = ck_within(rel_err, r->tol);
    if (r->ok)
        r->error[0] = '\0';
    else if (!isfinite(rel_err))
        snprintf(r->error, sizeof r->error, "output holds NaN or Inf "
                 "(an element left unwritten, or overflow)");
    else
        snprintf(r->error, sizeof r->error, "relative error %.3g exceeds "
                 "tolerance %.3g (checked against %s)", rel_err, r->tol,
                 checked ? checked : "?");
    return r->ok;
}

bool ck_judge_exact(struct ck_result *r, double got, double want,
                    const char *what)
{
    r->ok = got == want;
    if (!r->ok)
        snprintf(r->error, sizeof r->error, "%s: got %.17g, the exact result "
                 "is %.17g (an element dropped or added twice?)", what, got, want);
    return r->ok;
}

bool ck_corrupt(const char *id, float *out, size_t n)
{
    if (!ck_corrupt_wanted(id) || n == 0)
        return false;
    out[n / 2] = NAN;
    return true;
}

bool ck_corrupt_plus_one(const char *id, float *out, size_t n)
{
    char want[96];
    snprintf(want, sizeof want, "%s+1", id);
    if (!n || !ck_corrupt_wanted(want))
        return false;
    out[n / 2] += 1.0f;
    return true;
}

int ck_input_copies(double copy_bytes, long long l2_bytes)
{
    if (!(copy_bytes > 0) || l2_bytes <= 0)
        return 1;
    double want = floor((double)CK_ROTATE_L2 * (double)l2_bytes / copy_bytes) + 1;
    return want > CK_MAX_COPIES ? CK_MAX_COPIES : (int)want;
}

int ck_pairs_for(double ms_rung, double ms_lib)
{
    double n = CK_PAIR_BUDGET_MS / (ms_rung + ms_lib);
    if (!(n >= 3))
        return 3;
    return n > CK_PAIRS ? CK_PAIRS : (int)n;
}

int ck_cpu_reps(const struct ck_args *a, double flops)
{
    if (a->reps > 0)
        return a->reps;
    return flops > CK_CPU_ONCE_FLOPS ? 1 : 0;
}

int ck_ladder_cpu(struct ck_ladder *l, int i, const struct ck_cpu_job *job)
{
    struct ck_result *r = &l->res[i];
    const char *checked = NULL;
    r->ran = true;
    r->flops = job->flops;
    r->bytes = job->bytes;
    ck_poison_nan(job->out, job->n);
    int rc = job->run(job->ctx, 0);
    if (rc != CK_OK)
        return rc;
    ck_corrupt(l->rungs[i].id, job->out, job->n);
    double err = job->err(job->ctx, job->out, &checked);
    if (!ck_judge(r, err, checked) || (job->exact && !job->exact(job->ctx, r)))
        return CK_ECHECK;
    return ck_time_cpu(job->run, job->ctx, 1, ck_cpu_reps(l->args, job->flops),
                       &r->t);
}

void ck_rec_unsupported(struct ck_rec *rec, const char *demo,
                        const struct ck_result *r, const char *reason)
{
    ck_rec_begin(rec);
    ck_rec_str(rec, "record", "unsupported");
    ck_rec_int(rec, "format", CK_FORMAT_VERSION);
    ck_rec_str(rec, "demo", demo);
    ck_rec_str(rec, "variant", r->id);
    ck_rec_int(rec, "rung", r->rung);
    ck_rec_str(rec, "kind", r->kind);
    ck_rec_str(rec, "label", r->label);
    ck_rec_str(rec, "reason", reason);
}

static void report_table(struct ck_ladder *l, FILE *f)
{
    const struct ck_ladder_ops *o = l->ops;
    if (o && o->title)
        o->title(l->ctx, f);
    ck_device_table(l->dev, f);
    if (o && o->problem)
        o->problem(l->ctx, f);
    fputc('\n', f);
    ck_table_variants(f, l->res, l->n, l->memory_roof);
    if (o && o->notes)
        o->notes(l->ctx, f);
}

static void report_yaml(struct ck_ladder *l, int argc, char **argv, FILE *f)
{
    const struct ck_ladder_ops *o = l->ops;
    ck_rec_device(l->dev, l->demo, argc, argv, f);
    for (int i = 0; i < l->n; i++) {
        if (o && o->before)
            o->before(l->ctx, i, f);
        if (!l->res[i].ran)
            continue;
        struct ck_rec rec;
        ck_rec_variant(&rec, l->demo, &l->res[i]);
        if (o && o->fields)
            o->fields(l->ctx, i, &rec);
        ck_rec_end(&rec, f);
    }
}

int ck_ladder_report(struct ck_ladder *l, int rc, int argc, char **argv,
                     FILE *f)
{
    ck_results_derive(l->res, l->n, l->dev->live ? l->dev->peak_gflops : NAN);
    for (int i = 0; i < l->n; i++) {
        struct ck_result *r = &l->res[i];
        if (l->memory_roof)
            r->pct_of_peak = l->dev->live ? 100.0 * r->gbs / l->dev->mem_gbs : NAN;
        if (ck_rung_is(&l->rungs[i], "cpu")) /* the peak is the GPU's */
            r->pct_of_peak = NAN;
    }
    if (ck_args_yaml(l->args))
        report_yaml(l, argc, argv, f);
    else
        report_table(l, f);
    for (int i = 0; rc == CK_OK && i < l->n; i++)
        if (l->res[i].ran && !l->res[i].ok)
            rc = CK_ECHECK;
    return rc;
}
