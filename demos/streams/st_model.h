/* st_model.h: the arithmetic of the pipeline, plain C: the ideal bound of a
 * run from its stage totals, and a schedule model for the CPU fallback.
 *
 * A span is one stage of one chunk: when it started and ended, in ms after
 * the run's start event. */
#ifndef ST_MODEL_H
#define ST_MODEL_H

#include "st_rungs.h"

struct st_span {
    int chunk, stream, stage; /* stage: 0 copy in, 1 kernel, 2 copy out */
    double start, end;        /* ms from the run's start */
};

/* Serial sum and ideal bound of a pipeline whose stages take total[0..3)
 * ms over all chunks, the shortest chunk of stage d shortest[d]: serial is
 * the totals' sum; ideal is the slowest stage's total plus the fill (the
 * stages before it) and drain (those after it) of the shortest chunks:
 * before the slowest stage starts some chunk has passed the stages before
 * it, and after it ends some chunk passes those after, so no schedule of
 * these chunks is faster, however unequal they are. With kernel_alone > 0
 * (one launch over all the data, ms), the ideal takes the kernel stage's
 * total at most that: chunked kernels leave a partly idle last wave each,
 * which another stream's kernel can fill. */
void st_bound(const double total[ST_STAGES], const double shortest[ST_STAGES],
              double kernel_alone, double *serial, double *ideal);

/* Each stage's total over spans[0..n), and its shortest span (0 for a
 * stage with none): what st_bound takes. */
void st_stage_times(const struct st_span *s, int n, double total[ST_STAGES],
                    double shortest[ST_STAGES]);

/* The schedule a GPU with `engines` copy engines (1: one for both
 * directions; 2 or more: one each way) and one compute queue gives chunks
 * issued in order, chunk c in stream c % streams, stage d of chunk c
 * taking dur[c][d] ms: each stage starts when its stream's previous stage
 * and its engine's previous stage have ended. Writes chunks*3 spans;
 * returns the end of the last. */
double st_model_schedule(const double (*dur)[ST_STAGES], int chunks, int streams,
                         int engines, struct st_span *out);

#endif
