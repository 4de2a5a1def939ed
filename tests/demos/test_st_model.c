/* test_st_model.c: the streams demo's arithmetic (demos/streams/st_model.c)
 * without a GPU: the serial sum and the ideal bound, stage totals from
 * spans, and the schedule model (one stream is serial; two copy engines let
 * copy in, kernel and copy out of different chunks overlap; one engine
 * serializes the two directions; chunks go to stream c mod N). Built by
 * `make test-unit` (tests/tests.mk) and run there. */
#include <math.h>
#include <stdio.h>

#include "st_model.h"
#include "tap.h"

static void test_bound(void)
{
    double serial, ideal, t[3] = {8, 4, 8}, t1[3] = {2, 1, 2};
    st_bound(t, t1, 0, &serial, &ideal);
    ok(serial == 20, "serial: the sum of the stage totals");
    ok(ideal == 8 + 1 + 2, "ideal: the slowest total plus one chunk of the others (%g)", ideal);
    double k[3] = {1, 10, 1}, k1[3] = {0.1, 1, 0.1};
    st_bound(k, k1, 0, &serial, &ideal);
    ok(fabs(ideal - 10.2) < 1e-12, "compute-bound: kernel total plus one copy in and out");
    /* one launch over all the data (the GPU rows): the kernel stage at
     * most that in the ideal, serial still the measured totals */
    st_bound(k, k1, 6, &serial, &ideal);
    ok(serial == 12 && fabs(ideal - 6.2) < 1e-12, "kernel alone 6 ms: ideal 6 + one copy in and out (%g)",
       ideal);
    st_bound(k, k1, 14, &serial, &ideal);
    ok(fabs(ideal - 10.2) < 1e-12, "  a slower launch alone does not raise it (%g)", ideal);
    st_bound(t, t1, 2, &serial, &ideal);
    ok(ideal == 8 + 1 + 2, "  copy-bound: the slowest copy stays the bound (%g)", ideal);
}

/* Unequal chunks: no schedule the model makes is faster than the bound
 * (with each stage's average chunk as fill and drain, a run whose first
 * copy in and last copy out are short beat it: "101% of the ideal"). */
static void test_bound_holds(void)
{
    unsigned seed = 12345;
    int worst = 0;
    double dur[16][ST_STAGES];
    struct st_span sp[16 * ST_STAGES];
    for (int trial = 0; trial < 2000; trial++) {
        int chunks = 2 + trial % 15, streams = 1 << (trial % 4);
        for (int c = 0; c < chunks; c++)
            for (int d = 0; d < ST_STAGES; d++) {
                seed = seed * 1103515245u + 12345u;
                dur[c][d] = 0.1 + (seed >> 16) % 1000 / 100.0;
            }
        double end = st_model_schedule((const double (*)[ST_STAGES])dur, chunks, streams, 2, sp);
        double tot[ST_STAGES], sh[ST_STAGES], serial, ideal;
        st_stage_times(sp, chunks * ST_STAGES, tot, sh);
        st_bound(tot, sh, 0, &serial, &ideal);
        worst += end < ideal * (1 - 1e-12);
    }
    ok(worst == 0, "2000 uneven pipelines: the model never beats the ideal bound (%d did)", worst);
}

static void test_schedule(void)
{
    double dur[4][ST_STAGES] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    struct st_span sp[12];
    double end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 1, 2, sp);
    ok(end == 12, "1 stream: serial, 12 (%g)", end);
    end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 4, 2, sp);
    ok(end == 6, "4 streams, 2 copy engines: a 3-stage pipeline, 4 + 2 (%g)", end);
    ok(sp[3].start == 1 && sp[3].stream == 1 && sp[4].start == 2,
       "chunk 1 copies in under chunk 0's kernel, on stream 1");
    double tot[3], sh[3];
    st_stage_times(sp, 12, tot, sh);
    ok(tot[0] == 4 && tot[1] == 4 && tot[2] == 4, "stage totals from the spans");
    ok(sh[0] == 1 && sh[1] == 1 && sh[2] == 1, "and each stage's shortest span");
    end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 4, 1, sp);
    ok(end > 6, "one copy engine for both directions: copies wait for each other (%g)", end);
    end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 2, 2, sp);
    ok(end == 7 && sp[6].stream == 0 && sp[6].start == 3,
       "2 streams: chunk 2 (stream 0) waits for chunk 0's copy out, 7 (%g)", end);
}

int main(void)
{
    test_bound();
    test_bound_holds();
    test_schedule();
    return tap_done();
}
