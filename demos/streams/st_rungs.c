/* st_rungs.c: the streams table as an array (see st_ladder.h). */
#include "st_rungs.h"

const char *const st_mode_names[4] = {"streams", "streams", "default", "model"};
const char *const st_stage_names[ST_STAGES] = {"h2d", "kernel", "d2h"};

const struct st_rung st_rungs[ST_NRUNGS] = {
#define ST_ROW_(e, id, step, kind, label, memory, mode, streams, idea) \
    {id, label, #kind, memory, ST_##mode, streams, idea},
    ST_LADDER(ST_ROW_)
#undef ST_ROW_
};
