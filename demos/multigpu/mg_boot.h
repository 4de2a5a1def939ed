/* mg_boot.h: how the processes of a one-process-per-GPU run find one
 * another (plain C, no NCCL: the id is bytes here).
 *
 * Each process learns its rank and the number of ranks from the launcher
 * (only when both of its variables are set):
 *   mpirun (Open MPI)  OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK
 *   srun (Slurm)       SLURM_PROCID, SLURM_STEP_NUM_TASKS, SLURM_LOCALID
 *   multigpu --procs   CK_MG_RANK, CK_MG_NRANKS, CK_MG_LOCAL_RANK
 * Rank 0 makes NCCL's unique id and hands it to the others either in a
 * file on a filesystem every node sees (mg_id_write: written beside its
 * path and renamed, so a reader never sees half of it; the others poll
 * for it with mg_id_read) or, when a wrapper set it, in the environment
 * as hex (CK_NCCL_ID, mg_hex_decode).  The file's text:
 *   cudakitchen-nccl-id 1 NRANKS JOB\nHEX\n
 * A reader takes it only if NRANKS is its own number of ranks and JOB its
 * own job's key (mg_job_key), so a file a crashed run left is never
 * taken for this run's. */
#ifndef MG_BOOT_H
#define MG_BOOT_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct mg_launch {
    int rank, size, local_rank;
    const char *from; /* "mpirun", "srun", "procs" */
};

/* 1 with *out filled when a launcher's variables are set (Open MPI's
 * first, then Slurm's, then --procs'), 0 when none is, -1 with err when
 * one is set but malformed (a rank outside 0..size-1, not a number). */
int mg_launch_env(struct mg_launch *out, char *err, size_t errn);

/* hex (2 * n lowercase digits and a NUL) of n bytes; and back: false when
 * hex is not exactly 2 * n hex digits. */
void mg_hex_encode(const unsigned char *id, size_t n, char *hex);
bool mg_hex_decode(const char *hex, unsigned char *id, size_t n);

/* The job's key, one word: Slurm's job and step ids, Open MPI's job id,
 * --procs' CK_MG_JOB, else "-". */
void mg_job_key(char *out, size_t n);
/* Writes the id file (see above) at path; false with err on failure. */
bool mg_id_write(const char *path, const unsigned char *id, size_t n, int nranks,
                 const char *key, char *err, size_t errn);
/* Waits up to timeout_ms for a valid id file for nranks and key at path,
 * polling every 10 ms; false with err (the path, what was wrong) when none
 * came. */
bool mg_id_read(const char *path, unsigned char *id, size_t n, int nranks, const char *key,
                int timeout_ms, char *err, size_t errn);

#ifdef __cplusplus
}
#endif

#endif
