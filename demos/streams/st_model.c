/* st_model.c: the pipeline's ideal bound and schedule model (st_model.h). */
#include <stdbool.h>
#include "st_model.h"

void st_bound(const double total[ST_STAGES], const double shortest[ST_STAGES],
              double kernel_alone, double *serial, double *ideal)
{
    double t[ST_STAGES];
    int slow = 0;
    *serial = 0;
    for (int d = 0; d < ST_STAGES; d++) {
        *serial += total[d];
        t[d] = d == 1 && kernel_alone > 0 && kernel_alone < total[d] ? kernel_alone : total[d];
        if (t[d] > t[slow])
            slow = d;
    }
    *ideal = t[slow];
    for (int d = 0; d < ST_STAGES; d++)
        if (d != slow)
            *ideal += shortest[d];
}

void st_stage_times(const struct st_span *s, int n, double total[ST_STAGES],
                    double shortest[ST_STAGES])
{
    bool seen[ST_STAGES] = {false};
    for (int d = 0; d < ST_STAGES; d++)
        total[d] = shortest[d] = 0;
    for (int i = 0; i < n; i++) {
        int d = s[i].stage;
        double t = s[i].end - s[i].start;
        if (d < 0 || d >= ST_STAGES)
            continue;
        total[d] += t;
        if (!seen[d] || t < shortest[d])
            shortest[d] = t, seen[d] = true;
    }
}

double st_model_schedule(const double (*dur)[ST_STAGES], int chunks, int streams,
                         int engines, struct st_span *out)
{
    double stream_free[ST_MAX_STREAMS] = {0}, engine_free[3] = {0}, last = 0;
    if (streams < 1)
        streams = 1;
    if (streams > ST_MAX_STREAMS)
        streams = ST_MAX_STREAMS;
    for (int c = 0; c < chunks; c++) {
        int s = c % streams;
        for (int d = 0; d < ST_STAGES; d++) {
            /* engine 0 copies in, 1 computes, 2 copies out (0 with one engine) */
            int e = d == 2 && engines < 2 ? 0 : d;
            double t = stream_free[s] > engine_free[e] ? stream_free[s] : engine_free[e];
            struct st_span *sp = &out[c * ST_STAGES + d];
            *sp = (struct st_span){c, s, d, t, t + dur[c][d]};
            stream_free[s] = engine_free[e] = sp->end;
            if (sp->end > last)
                last = sp->end;
        }
    }
    return last;
}
