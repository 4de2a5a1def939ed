/* st_rungs.h: the streams table as an array (built from st_ladder.h), used
 * by main, --list and the records. */
#ifndef ST_RUNGS_H
#define ST_RUNGS_H

#include "st_ladder.h"

struct st_rung {
    const char *id, *label, *kind, *memory;
    enum st_mode mode;
    int streams;
    const char *idea;
};

#define ST_MAX_STREAMS 8
#define ST_MAX_CHUNKS 32
#define ST_STAGES 3 /* 0 copy in (h2d), 1 kernel, 2 copy out (d2h) */
extern const struct st_rung st_rungs[ST_NRUNGS];
extern const char *const st_mode_names[4];
extern const char *const st_stage_names[ST_STAGES];

#endif
