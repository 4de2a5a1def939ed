/* st_ladder.h: THE streams table, the one place a row is added, renamed or
 * reordered: one row per way of running the chunked copy-in -> kernel ->
 * copy-out pipeline and stream count. Plain C with no CUDA, so the demo, the
 * tutorial (src/core/quiz_measure.c) and the tests read it.
 *
 *   X(ENUM, id, step, kind, label, memory, mode, streams, idea)
 *     ENUM     ST_<ENUM> in enum st_row_id (the row's index)
 *     id       the variant id: --variants, --list, the result lines
 *     step     next (demos/common/ladder_row.h): the row numbers come from
 *              the order of the rows, ST_NUMBER_<ENUM>; nothing is
 *              numbered by hand
 *     kind     hand (a GPU run) | cpu (the model)
 *     label    the short name shown in tables
 *     memory   pinned | pageable | host
 *     mode     PINNED | PAGEABLE | DEFAULT | MODEL (enum st_mode)
 *     streams  1, 2, 4 or 8
 *     idea     one line
 * Each use defines X, expands ST_LADDER(X) and undefines X. Keep ENUM, id,
 * step and kind on the X( line: tests/e2e/ladder_lib.bash reads them
 * there. */
#ifndef ST_LADDER_H
#define ST_LADDER_H
#include "../common/ladder_row.h"

enum st_mode {
    ST_PINNED,   /* pinned host memory, N created streams */
    ST_PAGEABLE, /* pageable host memory, N created streams */
    ST_DEFAULT,  /* pinned memory, every call on the legacy default stream */
    ST_MODEL,    /* no GPU: host stages timed, the schedule modelled */
};

#define ST_LADDER(X) \
    X(PINNED_1, "pinned-1", next, hand, "pinned memory, 1 stream", "pinned", PINNED, 1, \
      "chunks dealt round-robin to 1 stream created with " \
      "cudaStreamCreate; copies from pinned memory are asynchronous, so " \
      "copy-in, kernel and copy-out of different chunks can overlap") \
    X(PINNED_2, "pinned-2", next, hand, "pinned memory, 2 streams", "pinned", PINNED, 2, \
      "chunks dealt round-robin to 2 streams created with " \
      "cudaStreamCreate; copies from pinned memory are asynchronous, so " \
      "copy-in, kernel and copy-out of different chunks can overlap") \
    X(PINNED_4, "pinned-4", next, hand, "pinned memory, 4 streams", "pinned", PINNED, 4, \
      "chunks dealt round-robin to 4 streams created with " \
      "cudaStreamCreate; copies from pinned memory are asynchronous, so " \
      "copy-in, kernel and copy-out of different chunks can overlap") \
    X(PINNED_8, "pinned-8", next, hand, "pinned memory, 8 streams", "pinned", PINNED, 8, \
      "chunks dealt round-robin to 8 streams created with " \
      "cudaStreamCreate; copies from pinned memory are asynchronous, so " \
      "copy-in, kernel and copy-out of different chunks can overlap") \
    X(PAGEABLE_1, "pageable-1", next, hand, "pageable memory, 1 stream", "pageable", PAGEABLE, 1, \
      "the same over 1 stream, but from malloc memory: each copy is " \
      "staged and blocks the host, so little can overlap") \
    X(PAGEABLE_2, "pageable-2", next, hand, "pageable memory, 2 streams", "pageable", PAGEABLE, 2, \
      "the same over 2 streams, but from malloc memory: each copy is " \
      "staged and blocks the host, so little can overlap") \
    X(PAGEABLE_4, "pageable-4", next, hand, "pageable memory, 4 streams", "pageable", PAGEABLE, 4, \
      "the same over 4 streams, but from malloc memory: each copy is " \
      "staged and blocks the host, so little can overlap") \
    X(PAGEABLE_8, "pageable-8", next, hand, "pageable memory, 8 streams", "pageable", PAGEABLE, 8, \
      "the same over 8 streams, but from malloc memory: each copy is " \
      "staged and blocks the host, so little can overlap") \
    X(DEFAULT_1, "default-1", next, hand, "default stream, 1 stream's worth", "pinned", DEFAULT, 1, \
      "the code for 1 stream, but every call names stream 0 (the legacy " \
      "default stream): each waits for the one before") \
    X(DEFAULT_2, "default-2", next, hand, "default stream, 2 streams' worth", "pinned", DEFAULT, 2, \
      "the code for 2 streams, but every call names stream 0 (the legacy " \
      "default stream): each waits for the one before") \
    X(DEFAULT_4, "default-4", next, hand, "default stream, 4 streams' worth", "pinned", DEFAULT, 4, \
      "the code for 4 streams, but every call names stream 0 (the legacy " \
      "default stream): each waits for the one before") \
    X(DEFAULT_8, "default-8", next, hand, "default stream, 8 streams' worth", "pinned", DEFAULT, 8, \
      "the code for 8 streams, but every call names stream 0 (the legacy " \
      "default stream): each waits for the one before") \
    X(MODEL_1, "model-1", next, cpu, "CPU model, 1 stream", "host", MODEL, 1, \
      "no GPU: the stages timed on the host (memcpy, the kernel's loop), " \
      "scheduled as 1 stream on a GPU with two copy engines would run " \
      "them (a model, not a measurement)") \
    X(MODEL_2, "model-2", next, cpu, "CPU model, 2 streams", "host", MODEL, 2, \
      "no GPU: the stages timed on the host (memcpy, the kernel's loop), " \
      "scheduled as 2 streams on a GPU with two copy engines would run " \
      "them (a model, not a measurement)") \
    X(MODEL_4, "model-4", next, cpu, "CPU model, 4 streams", "host", MODEL, 4, \
      "no GPU: the stages timed on the host (memcpy, the kernel's loop), " \
      "scheduled as 4 streams on a GPU with two copy engines would run " \
      "them (a model, not a measurement)") \
    X(MODEL_8, "model-8", next, cpu, "CPU model, 8 streams", "host", MODEL, 8, \
      "no GPU: the stages timed on the host (memcpy, the kernel's loop), " \
      "scheduled as 8 streams on a GPU with two copy engines would run " \
      "them (a model, not a measurement)")

/* ST_<ENUM>, the row's index, and ST_NUMBER_<ENUM>, its number from the
 * order of the rows (ladder_row.h). */
#define CK_LADDER_P ST
enum st_row_id { ST_LADDER(CK_LADDER_INDEX) ST_NRUNGS };
enum st_row_number { CK_LADDER_NUMBERS(ST_LADDER) };
#undef CK_LADDER_P

#endif
