/* mg_table.c: the multigpu demo's readable table (mg_report.h): the link
 * matrix, the peer copies by size, the collectives' bus bandwidth by
 * size, the split's scaling; the model without a GPU. */
#include <math.h>
#include <string.h>

#include "mg_report.h"

void mg_table_topo(const struct mg_topo *t, FILE *f)
{
    fprintf(f, "\nGPUs and links (NVn: n NVLink links between the pair, SWn: through "
               "NVSwitch, n links; PCIe)\n");
    for (int i = 0; i < t->n; i++)
        fprintf(f, "  GPU%d  %s  %s  cc %d.%d  %d NVLink links\n", i, t->name[i], t->bus[i],
                t->cc_major[i], t->cc_minor[i], t->nvlinks[i]);
    if (!t->nvml)
        fprintf(f, "  links unknown: %s\n", t->nvml_why);
    fprintf(f, "      ");
    for (int j = 0; j < t->n; j++)
        fprintf(f, " %7s%d", "GPU", j);
    fputc('\n', f);
    for (int i = 0; i < t->n; i++) {
        fprintf(f, "  GPU%d", i);
        for (int j = 0; j < t->n; j++) {
            char c[16], cell[24];
            mg_topo_cell(t, i, j, c, sizeof c);
            snprintf(cell, sizeof cell, "%s%s", c, i != j && !t->peer[i][j] ? "-np" : "");
            fprintf(f, " %8s", cell);
        }
        fputc('\n', f);
    }
    fprintf(f, "  (-np: no peer access between the pair)\n");
}

void mg_table_peer(const struct mg_peer_row *p, int n, FILE *f)
{
    if (!n)
        return;
    fprintf(f, "\nPeer copies, GB/s (median; both: the two directions added)\n");
    fprintf(f, "  %-6s %-7s %-4s %-4s", "pair", "access", "dir", "");
    size_t last = 0;
    for (int i = 0; i < n; i++) {
        if (p[i].bytes <= last)
            break;
        char lab[16];
        mg_size_label(p[i].bytes, lab, sizeof lab);
        fprintf(f, " %7s", lab);
        last = p[i].bytes;
    }
    fprintf(f, "  peak\n");
    for (int i = 0; i < n; i++) {
        if (i == 0 || p[i].bytes <= p[i - 1].bytes) {
            if (i)
                fputc('\n', f);
            char pair[16];
            snprintf(pair, sizeof pair, "%d->%d", p[i].src, p[i].dst);
            fprintf(f, "  %-6s %-7s %-4s %-4s", pair, p[i].on ? "peer" : "staged",
                    p[i].both ? "both" : "one", "");
        }
        double gbs = mg_algbw((double)p[i].bytes * (p[i].both ? 2 : 1), p[i].ms);
        if (p[i].ok)
            fprintf(f, " %7.1f", gbs);
        else
            fprintf(f, " %7s", "FAIL");
        bool end = i + 1 == n || p[i + 1].bytes <= p[i].bytes;
        if (end && isfinite(p[i].peak))
            fprintf(f, "  %.0f", p[i].peak * (p[i].both ? 2 : 1));
    }
    fputc('\n', f);
    for (int i = 0; i < n; i++)
        if (!p[i].ok)
            fprintf(f, "  %d->%d at %zu bytes failed: %s\n", p[i].src, p[i].dst, p[i].bytes,
                    p[i].why);
}

void mg_table_coll(const struct mg_coll_row *c, int n, FILE *f)
{
    if (!n)
        return;
    fprintf(f, "\nCollectives through NCCL over %d rank%s (%d process%s): bus bandwidth, GB/s "
               "(nccl-tests' busbw)\n", c[0].ranks, c[0].ranks == 1 ? "" : "s", c[0].procs,
            c[0].procs == 1 ? "" : "es");
    fprintf(f, "  %-15s", "op");
    for (int i = 0; i < n && c[i].op == c[0].op; i++) {
        char lab[16];
        mg_size_label(c[i].bytes, lab, sizeof lab);
        fprintf(f, " %7s", lab);
    }
    for (int i = 0; i < n; i++) {
        if (i == 0 || c[i].op != c[i - 1].op)
            fprintf(f, "\n  %-15s", mg_coll_id[c[i].op]);
        if (c[i].ok)
            fprintf(f, " %7.1f", mg_busbw(c[i].op, c[i].ranks, (double)c[i].bytes, c[i].ms));
        else
            fprintf(f, " %7s", "FAIL");
    }
    fputc('\n', f);
    if (c[0].ranks == 1)
        fprintf(f, "  one rank: nothing crosses a link, so every factor but broadcast's is 0 "
                   "(nccl-tests' definition); the collectives need two GPUs to mean more\n");
    for (int i = 0; i < n; i++)
        if (!c[i].ok)
            fprintf(f, "  %s at %zu bytes failed: %s\n", mg_coll_id[c[i].op], c[i].bytes,
                    c[i].why);
}

void mg_table_split(const struct mg_split_row *s, int n, FILE *f)
{
    for (int i = 0; i < n; i++) {
        if (i == 0 || s[i].reduce != s[i - 1].reduce) {
            if (s[i].reduce)
                fprintf(f, "\nSum of %lld integers split by ranges, partial sums all-reduced\n",
                        s[i].count);
            else
                fprintf(f, "\nMatmul %dx%dx%d split by rows (FP32, cuBLAS), data parallel\n",
                        s[i].m, s[i].n, s[i].k);
            fprintf(f, "  %-5s %9s %9s %10s %8s %13s\n", "GPUs", "ms", "comm ms",
                    s[i].reduce ? "GB/s" : "GFLOP/s", "scaling", "with comm");
        }
        if (!s[i].ok) {
            fprintf(f, "  %-5d failed: %s\n", s[i].gpus, s[i].why);
            continue;
        }
        double rate = s[i].reduce ? mg_algbw(4.0 * (double)s[i].count, s[i].ms)
                                  : 2.0 * s[i].m * s[i].n * s[i].k / (s[i].ms * 1e6);
        fprintf(f, "  %-5d %9.3f %9.3f %10.0f %7.0f%% %12.0f%%\n", s[i].gpus, s[i].ms,
                s[i].comm_ms, rate, 100 * s[i].eff, 100 * s[i].eff_comm);
    }
}

void mg_table_model(FILE *f)
{
    fprintf(f, "\nThe model (arithmetic, not a measurement): what each rank sends for 1 GiB\n");
    fprintf(f, "  %-15s %10s %10s %10s\n", "op", "2 GPUs", "4 GPUs", "8 GPUs");
    for (int op = 0; op < MG_NCOLL; op++) {
        fprintf(f, "  %-15s", mg_coll_id[op]);
        for (int n = 2; n <= 8; n *= 2)
            fprintf(f, " %6.3f GiB", mg_bus_factor((enum mg_coll)op, n));
        fputc('\n', f);
    }
    fprintf(f, "  bus bandwidth = algorithm bandwidth x that factor, so it can be set against "
               "one link's peak\n  no several-GPU run is recorded in demos/results/\n");
}
