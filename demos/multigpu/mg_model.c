/* mg_model.c: bus bandwidth, the split and the link peaks (mg_model.h). */
#include "mg_model.h"

#include <math.h>

const char *const mg_coll_id[MG_NCOLL] = {
    [MG_ALL_REDUCE] = "all-reduce",
    [MG_ALL_GATHER] = "all-gather",
    [MG_REDUCE_SCATTER] = "reduce-scatter",
    [MG_BROADCAST] = "broadcast",
};

double mg_bus_factor(enum mg_coll c, int n)
{
    if (n < 1)
        return 0;
    switch (c) {
    case MG_ALL_REDUCE: return 2.0 * (n - 1) / n;
    case MG_ALL_GATHER:
    case MG_REDUCE_SCATTER: return (double)(n - 1) / n;
    case MG_BROADCAST: return 1;
    default: return 0;
    }
}

double mg_algbw(double bytes, double ms)
{
    return ms > 0 ? bytes / (ms * 1e6) : NAN;
}

double mg_busbw(enum mg_coll c, int n, double bytes, double ms)
{
    return mg_algbw(bytes, ms) * mg_bus_factor(c, n);
}

void mg_coll_counts(enum mg_coll c, int n, size_t bytes, size_t elem, size_t *send,
                    size_t *recv)
{
    size_t count = n > 0 && elem > 0 ? bytes / elem / (size_t)n * (size_t)n : 0;
    *send = *recv = count;
    if (c == MG_ALL_GATHER)
        *send = n > 0 ? count / (size_t)n : 0;
    else if (c == MG_REDUCE_SCATTER)
        *recv = n > 0 ? count / (size_t)n : 0;
}

void mg_split(size_t total, int parts, int i, size_t *off, size_t *len)
{
    if (parts < 1 || i < 0 || i >= parts) {
        *off = *len = 0;
        return;
    }
    size_t p = (size_t)parts, k = (size_t)i, base = total / p, rem = total % p;
    *len = base + (k < rem);
    *off = k * base + (k < rem ? k : rem);
}

double mg_efficiency(double t1_ms, double tn_ms, int n)
{
    if (!(t1_ms > 0) || !(tn_ms > 0) || n < 1)
        return NAN;
    return t1_ms / (n * tn_ms);
}

double mg_nvlink_gbs(int gen)
{
    /* NVIDIA's figures per GPU, divided by its links and by the two
     * directions: P100 160 GB/s over 4 links (NVLink 1), V100 300 over 6
     * (2), A100 600 over 12 (3), H100/H200 900 over 18 (4), B200 1800
     * over 18 (5). */
    static const double per_dir[] = {20, 25, 25, 25, 50};
    if (gen < 1 || gen > (int)(sizeof per_dir / sizeof *per_dir))
        return 0;
    return per_dir[gen - 1];
}

int mg_sizes(size_t max, size_t *out, int cap)
{
    int n = 0;
    for (size_t b = MG_MIN_BYTES; b <= max && n < cap; b *= 4)
        out[n++] = b;
    return n;
}
