/* st_rungs.c: the streams table (see st_rungs.h). */
#include "st_rungs.h"

const char *const st_mode_names[4] = {"streams", "streams", "default", "model"};
const char *const st_stage_names[ST_STAGES] = {"h2d", "kernel", "d2h"};

const struct st_rung st_rungs[ST_NRUNGS] = {
    {"pinned-1", "pinned memory, 1 stream", "hand", "pinned", ST_PINNED, 1,
     "chunks dealt round-robin to 1 stream created with cudaStreamCreate; copies from pinned memory are asynchronous, so copy-in, kernel and copy-out of different chunks can overlap"},
    {"pinned-2", "pinned memory, 2 streams", "hand", "pinned", ST_PINNED, 2,
     "chunks dealt round-robin to 2 streams created with cudaStreamCreate; copies from pinned memory are asynchronous, so copy-in, kernel and copy-out of different chunks can overlap"},
    {"pinned-4", "pinned memory, 4 streams", "hand", "pinned", ST_PINNED, 4,
     "chunks dealt round-robin to 4 streams created with cudaStreamCreate; copies from pinned memory are asynchronous, so copy-in, kernel and copy-out of different chunks can overlap"},
    {"pinned-8", "pinned memory, 8 streams", "hand", "pinned", ST_PINNED, 8,
     "chunks dealt round-robin to 8 streams created with cudaStreamCreate; copies from pinned memory are asynchronous, so copy-in, kernel and copy-out of different chunks can overlap"},
    {"pageable-1", "pageable memory, 1 stream", "hand", "pageable", ST_PAGEABLE, 1,
     "the same over 1 stream, but from malloc memory: each copy is staged and blocks the host, so little can overlap"},
    {"pageable-2", "pageable memory, 2 streams", "hand", "pageable", ST_PAGEABLE, 2,
     "the same over 2 streams, but from malloc memory: each copy is staged and blocks the host, so little can overlap"},
    {"pageable-4", "pageable memory, 4 streams", "hand", "pageable", ST_PAGEABLE, 4,
     "the same over 4 streams, but from malloc memory: each copy is staged and blocks the host, so little can overlap"},
    {"pageable-8", "pageable memory, 8 streams", "hand", "pageable", ST_PAGEABLE, 8,
     "the same over 8 streams, but from malloc memory: each copy is staged and blocks the host, so little can overlap"},
    {"default-1", "default stream, 1 stream' worth", "hand", "pinned", ST_DEFAULT, 1,
     "the code for 1 stream, but every call names stream 0 (the legacy default stream): each waits for the one before"},
    {"default-2", "default stream, 2 streams' worth", "hand", "pinned", ST_DEFAULT, 2,
     "the code for 2 streams, but every call names stream 0 (the legacy default stream): each waits for the one before"},
    {"default-4", "default stream, 4 streams' worth", "hand", "pinned", ST_DEFAULT, 4,
     "the code for 4 streams, but every call names stream 0 (the legacy default stream): each waits for the one before"},
    {"default-8", "default stream, 8 streams' worth", "hand", "pinned", ST_DEFAULT, 8,
     "the code for 8 streams, but every call names stream 0 (the legacy default stream): each waits for the one before"},
    {"model-1", "CPU model, 1 stream", "cpu", "host", ST_MODEL, 1,
     "no GPU: the stages timed on the host (memcpy, the kernel's loop), scheduled as 1 stream on a GPU with two copy engines would run them (a model, not a measurement)"},
    {"model-2", "CPU model, 2 streams", "cpu", "host", ST_MODEL, 2,
     "no GPU: the stages timed on the host (memcpy, the kernel's loop), scheduled as 2 streams on a GPU with two copy engines would run them (a model, not a measurement)"},
    {"model-4", "CPU model, 4 streams", "cpu", "host", ST_MODEL, 4,
     "no GPU: the stages timed on the host (memcpy, the kernel's loop), scheduled as 4 streams on a GPU with two copy engines would run them (a model, not a measurement)"},
    {"model-8", "CPU model, 8 streams", "cpu", "host", ST_MODEL, 8,
     "no GPU: the stages timed on the host (memcpy, the kernel's loop), scheduled as 8 streams on a GPU with two copy engines would run them (a model, not a measurement)"},
};
