/* st_rungs.h: THE streams table: one row per way of running the chunked
 * copy-in -> kernel -> copy-out pipeline and stream count, used by main,
 * --list and the records. */
#ifndef ST_RUNGS_H
#define ST_RUNGS_H

enum st_mode {
    ST_PINNED,   /* pinned host memory, N created streams */
    ST_PAGEABLE, /* pageable host memory, N created streams */
    ST_DEFAULT,  /* pinned memory, every call on the legacy default stream */
    ST_MODEL,    /* no GPU: host stages timed, the schedule modelled */
};

struct st_rung {
    const char *id, *label, *kind, *memory;
    enum st_mode mode;
    int streams;
    const char *idea;
};

#define ST_NRUNGS 16
#define ST_MAX_STREAMS 8
#define ST_MAX_CHUNKS 32
#define ST_STAGES 3 /* 0 copy in (h2d), 1 kernel, 2 copy out (d2h) */
extern const struct st_rung st_rungs[ST_NRUNGS];
extern const char *const st_mode_names[4];
extern const char *const st_stage_names[ST_STAGES];

#endif
