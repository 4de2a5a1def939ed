/* test_st_model.c: the streams demo's arithmetic (demos/streams/st_model.c)
 * without a GPU: the serial sum and the ideal bound, stage totals from
 * spans, and the schedule model (one stream is serial; two copy engines let
 * copy in, kernel and copy out of different chunks overlap; one engine
 * serializes the two directions; chunks go to stream c mod N). Built and
 * run by tests/e2e/demos_xfer.sh. */
#include <math.h>
#include <stdio.h>

#include "st_model.h"
#include "tap.h"

static void test_bound(void)
{
    double serial, ideal, t[3] = {8, 4, 8};
    st_bound(t, 4, &serial, &ideal);
    ok(serial == 20, "serial: the sum of the stage totals");
    ok(ideal == 8 + 4.0 / 4 + 8.0 / 4, "ideal: the slowest total plus one chunk of the others (%g)",
       ideal);
    double k[3] = {1, 10, 1};
    st_bound(k, 10, &serial, &ideal);
    ok(fabs(ideal - 10.2) < 1e-12, "compute-bound: kernel total plus one copy in and out");
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
    double tot[3];
    st_stage_totals(sp, 12, tot);
    ok(tot[0] == 4 && tot[1] == 4 && tot[2] == 4, "stage totals from the spans");
    end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 4, 1, sp);
    ok(end > 6, "one copy engine for both directions: copies wait for each other (%g)", end);
    end = st_model_schedule((const double (*)[ST_STAGES])dur, 4, 2, 2, sp);
    ok(end == 7 && sp[6].stream == 0 && sp[6].start == 3,
       "2 streams: chunk 2 (stream 0) waits for chunk 0's copy out, 7 (%g)", end);
}

int main(void)
{
    test_bound();
    test_schedule();
    return tap_done();
}
