/* mg_boot.c: ranks from the launcher, the unique id's file (mg_boot.h). */
#define _POSIX_C_SOURCE 200809L
#include "mg_boot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MG_ID_MAGIC "cudakitchen-nccl-id 1"

static bool env_int(const char *name, int lo, int hi, int *out)
{
    const char *v = getenv(name);
    char *end;
    if (!v || !*v)
        return false;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (errno || *end || x < lo || x > hi)
        return false;
    *out = (int)x;
    return true;
}

int mg_launch_env(struct mg_launch *out, char *err, size_t errn)
{
    static const struct { const char *rank, *size, *local, *from; } l[] = {
        {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK", "mpirun"},
        {"SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_LOCALID", "srun"},
        {"CK_MG_RANK", "CK_MG_NRANKS", "CK_MG_LOCAL_RANK", "procs"},
    };
    for (size_t i = 0; i < sizeof l / sizeof *l; i++) {
        /* both, or this launcher did not start us: Slurm's batch script
           and salloc's shell have SLURM_PROCID or SLURM_NTASKS, but only
           srun's steps SLURM_STEP_NUM_TASKS */
        if (!getenv(l[i].rank) || !getenv(l[i].size))
            continue;
        int size = 0, rank = -1, local = -1;
        if (!env_int(l[i].size, 1, 1 << 20, &size) || !env_int(l[i].rank, 0, size - 1, &rank)) {
            snprintf(err, errn, "%s=%s and %s=%s are not a rank of a size", l[i].rank,
                     getenv(l[i].rank) ? getenv(l[i].rank) : "(unset)", l[i].size,
                     getenv(l[i].size) ? getenv(l[i].size) : "(unset)");
            return -1;
        }
        if (!env_int(l[i].local, 0, size - 1, &local))
            local = rank; /* one node: the rank is the local rank */
        *out = (struct mg_launch){rank, size, local, l[i].from};
        return 1;
    }
    return 0;
}

void mg_hex_encode(const unsigned char *id, size_t n, char *hex)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = d[id[i] >> 4];
        hex[2 * i + 1] = d[id[i] & 15];
    }
    hex[2 * n] = '\0';
}

static int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool mg_hex_decode(const char *hex, unsigned char *id, size_t n)
{
    if (!hex || strlen(hex) != 2 * n)
        return false;
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return false;
        id[i] = (unsigned char)(hi << 4 | lo);
    }
    return true;
}

void mg_job_key(char *out, size_t n)
{
    const char *job = getenv("SLURM_JOB_ID"), *step = getenv("SLURM_STEP_ID");
    const char *ompi = getenv("OMPI_MCA_ess_base_jobid"), *mine = getenv("CK_MG_JOB");
    if (job && *job)
        snprintf(out, n, "slurm-%.40s.%.20s", job, step && *step ? step : "0");
    else if (ompi && *ompi)
        snprintf(out, n, "ompi-%.40s", ompi);
    else if (mine && *mine)
        snprintf(out, n, "procs-%.40s", mine);
    else
        snprintf(out, n, "-");
    for (char *c = out; *c; c++)   /* one word on the file's first line */
        if (*c <= ' ' || *c > '~')
            *c = '_';
}

bool mg_id_write(const char *path, const unsigned char *id, size_t n, int nranks,
                 const char *key, char *err, size_t errn)
{
    char tmp[4200], hex[1024];
    if (2 * n + 1 > sizeof hex || snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path,
                                           (long)getpid()) >= (int)sizeof tmp) {
        snprintf(err, errn, "the id file's path is too long");
        return false;
    }
    mg_hex_encode(id, n, hex);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        snprintf(err, errn, "cannot write %s: %s", tmp, strerror(errno));
        return false;
    }
    int w = fprintf(f, MG_ID_MAGIC " %d %s\n%s\n", nranks, key, hex);
    bool ok = w > 0 && fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}

/* 1 valid, 0 absent (not yet), -1 there but wrong (why in err) */
static int try_read(const char *path, unsigned char *id, size_t n, int nranks,
                    const char *key, char *err, size_t errn)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return errno == ENOENT ? 0 : (snprintf(err, errn, "cannot read %s: %s", path,
                                               strerror(errno)), -1);
    char head[160] = "", hex[1024] = "", fkey[80] = "";
    int got = -1;
    bool line1 = fgets(head, sizeof head, f) != NULL, line2 = fgets(hex, sizeof hex, f) != NULL;
    fclose(f);
    hex[strcspn(hex, "\n")] = '\0';
    if (!line1 || !line2 || sscanf(head, MG_ID_MAGIC " %d %79s", &got, fkey) != 2 ||
        !mg_hex_decode(hex, id, n)) {
        snprintf(err, errn, "%s is not a cudakitchen NCCL id file", path);
        return -1;
    }
    if (got != nranks || strcmp(fkey, key)) {
        snprintf(err, errn, "%s is for %d ranks of job %s, this is %d of job %s "
                 "(a file left by another run?)", path, got, fkey, nranks, key);
        return -1;
    }
    return 1;
}

bool mg_id_read(const char *path, unsigned char *id, size_t n, int nranks, const char *key,
                int timeout_ms, char *err, size_t errn)
{
    struct timespec tick = {0, 10 * 1000 * 1000};
    char why[400] = "";
    for (int waited = 0;; waited += 10) {
        /* a wrong file may be a stale one rank 0 is about to replace:
           keep waiting, and say what it was if nothing better comes */
        if (try_read(path, id, n, nranks, key, why, sizeof why) > 0)
            return true;
        if (waited >= timeout_ms)
            break;
        nanosleep(&tick, NULL);
    }
    if (why[0])
        snprintf(err, errn, "after %d ms: %s", timeout_ms, why);
    else
        snprintf(err, errn, "no id file at %s after %d ms (rank 0 writes it; is the path on a "
                 "filesystem every node sees?)", path, timeout_ms);
    return false;
}
