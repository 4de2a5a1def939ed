/* test_mg_model.c: the multigpu demo's arithmetic and bootstrap without a
 * GPU (demos/multigpu/mg_model.c, mg_boot.c): nccl-tests' bus factors, the
 * counts of each collective's buffers, the data-parallel split, scaling
 * efficiency, NVLink peaks, the sweep's sizes; the launchers' variables;
 * the unique id through hex and through its file, between two processes,
 * with a stale file from another job refused. Run by `make test-unit`. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mg_boot.h"
#include "mg_model.h"
#include "mg_pattern.h"
#include "tap.h"

static bool near(double a, double b) { return fabs(a - b) < 1e-12; }

static void test_factors(void)
{
    ok(near(mg_bus_factor(MG_ALL_REDUCE, 8), 1.75), "all-reduce over 8: 2*7/8");
    ok(near(mg_bus_factor(MG_ALL_REDUCE, 2), 1.0), "all-reduce over 2: 1");
    ok(mg_bus_factor(MG_ALL_REDUCE, 1) == 0, "all-reduce over 1 rank: nothing crosses a link");
    ok(near(mg_bus_factor(MG_ALL_GATHER, 4), 0.75), "all-gather over 4: 3/4");
    ok(near(mg_bus_factor(MG_REDUCE_SCATTER, 8), 0.875), "reduce-scatter over 8: 7/8");
    ok(mg_bus_factor(MG_BROADCAST, 8) == 1 && mg_bus_factor(MG_BROADCAST, 1) == 1,
       "broadcast: 1 at any n");
    ok(mg_bus_factor(MG_ALL_REDUCE, 0) == 0, "no ranks: 0");
    ok(near(mg_algbw(1e9, 10), 100), "algbw: 1e9 bytes in 10 ms is 100 GB/s");
    ok(isnan(mg_algbw(1e9, 0)) && isnan(mg_algbw(1e9, NAN)), "algbw of no time: NAN");
    ok(near(mg_busbw(MG_ALL_REDUCE, 4, 1e9, 10), 150), "busbw: 100 GB/s * 2*3/4 = 150");
    is_str(mg_coll_id[MG_REDUCE_SCATTER], "reduce-scatter", "the records' op names");
}

static void test_counts(void)
{
    size_t s, r;
    mg_coll_counts(MG_ALL_REDUCE, 4, 4096, 4, &s, &r);
    ok(s == 1024 && r == 1024, "all-reduce: send and receive the whole");
    mg_coll_counts(MG_ALL_GATHER, 4, 4096, 4, &s, &r);
    ok(s == 256 && r == 1024, "all-gather: send a quarter, receive the whole");
    mg_coll_counts(MG_REDUCE_SCATTER, 4, 4096, 4, &s, &r);
    ok(s == 1024 && r == 256, "reduce-scatter: send the whole, receive a quarter");
    mg_coll_counts(MG_ALL_GATHER, 3, 4096, 4, &s, &r);
    ok(r == 1023 && s == 341 && s * 3 == r, "3 ranks: count rounded down to a multiple of 3");
    mg_coll_counts(MG_BROADCAST, 1, 4096, 4, &s, &r);
    ok(s == 1024 && r == 1024, "broadcast on one rank");
}

static void test_split(void)
{
    size_t off, len, next = 0, total = 0;
    bool contiguous = true;
    for (int i = 0; i < 3; i++) {
        mg_split(8192, 3, i, &off, &len);
        contiguous &= off == next;
        next = off + len;
        total += len;
    }
    ok(contiguous && total == 8192, "8192 rows over 3: contiguous slices that cover all");
    mg_split(8192, 3, 0, &off, &len);
    ok(len == 2731, "the first takes the extra row (%zu)", len);
    mg_split(8192, 3, 2, &off, &len);
    ok(off == 5462 && len == 2730, "the last: rows 5462..8191");
    mg_split(10, 1, 0, &off, &len);
    ok(off == 0 && len == 10, "one GPU: everything");
    mg_split(2, 4, 3, &off, &len);
    ok(len == 0 && off == 2, "more GPUs than rows: the last have none");
    mg_split(10, 2, 2, &off, &len);
    ok(len == 0 && off == 0, "a part out of range: nothing");
    ok(near(mg_efficiency(100, 50, 2), 1.0), "half the time on 2: 100%%");
    ok(near(mg_efficiency(100, 62.5, 2), 0.8), "62.5 ms on 2 against 100 on 1: 80%%");
    ok(isnan(mg_efficiency(100, 0, 2)), "no time: NAN");
}

static void test_links_sizes(void)
{
    ok(mg_nvlink_gbs(4) == 25 && mg_nvlink_gbs(5) == 50 && mg_nvlink_gbs(1) == 20,
       "NVLink per link and direction: 4th gen 25, 5th 50, 1st 20 GB/s");
    ok(mg_nvlink_gbs(0) == 0 && mg_nvlink_gbs(6) == 0, "unknown generations: 0");
    ok(18 * mg_nvlink_gbs(4) * 2 == 900, "18 fourth-generation links: 900 GB/s both ways");
    size_t s[MG_MAX_SIZES];
    int n = mg_sizes(MG_MAX_BYTES, s, MG_MAX_SIZES);
    ok(n == 10 && s[0] == 4096 && s[9] == MG_MAX_BYTES, "4 KiB .. 1 GiB by 4: 10 sizes");
    ok(mg_sizes(MG_QUICK_BYTES, s, MG_MAX_SIZES) == 7, "--quick: 4 KiB .. 16 MiB, 7 sizes");
    ok(mg_sizes(1000, s, MG_MAX_SIZES) == 0, "below 4 KiB: none");
    bool same = true;
    long long brute = 0;
    for (size_t i = 0; i <= 1000003; i++) {   /* the reduce's closed form, at every n */
        same &= mg_red_sum(i) == brute;
        brute += mg_red_val(i);
    }
    ok(same, "the split reduce's expected sum: the closed form is the sum at every n to 1000003");
    ok(mg_red_sum(7) == 0 && mg_red_sum(3) == -6, "runs of 7 sum to 0; the first 3 are -3 -2 -1");
}

static void clear_env(void)
{
    const char *v[] = {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                       "OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_PROCID", "SLURM_STEP_NUM_TASKS",
                       "SLURM_LOCALID", "CK_MG_RANK", "CK_MG_NRANKS", "CK_MG_LOCAL_RANK",
                       "SLURM_JOB_ID", "SLURM_STEP_ID", "OMPI_MCA_ess_base_jobid", "CK_MG_JOB"};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++)
        unsetenv(v[i]);
}

static void test_launch(void)
{
    struct mg_launch l;
    char err[256];
    clear_env();
    is_int(mg_launch_env(&l, err, sizeof err), 0, "no launcher: 0");
    setenv("SLURM_PROCID", "0", 1);
    is_int(mg_launch_env(&l, err, sizeof err), 0, "Slurm's batch script (SLURM_PROCID, no step): not a rank");
    setenv("SLURM_PROCID", "3", 1), setenv("SLURM_STEP_NUM_TASKS", "8", 1), setenv("SLURM_LOCALID", "1", 1);
    ok(mg_launch_env(&l, err, sizeof err) == 1 && l.rank == 3 && l.size == 8 &&
       l.local_rank == 1 && !strcmp(l.from, "srun"), "srun: SLURM_PROCID 3 of 8, local 1");
    setenv("OMPI_COMM_WORLD_RANK", "1", 1), setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
    ok(mg_launch_env(&l, err, sizeof err) == 1 && l.rank == 1 && l.size == 2 &&
       l.local_rank == 1 && !strcmp(l.from, "mpirun"),
       "mpirun first; no local rank given: the rank");
    setenv("OMPI_COMM_WORLD_RANK", "2", 1);
    ok(mg_launch_env(&l, err, sizeof err) == -1 && strstr(err, "OMPI_COMM_WORLD_RANK=2"),
       "rank 2 of 2 is refused: %s", err);
    setenv("OMPI_COMM_WORLD_RANK", "x", 1);
    is_int(mg_launch_env(&l, err, sizeof err), -1, "a rank that is not a number is refused");
    unsetenv("OMPI_COMM_WORLD_SIZE");
    ok(mg_launch_env(&l, err, sizeof err) == 1 && !strcmp(l.from, "srun"),
       "a rank without its size is not that launcher's: srun's next");
    clear_env();
    setenv("SLURM_JOB_ID", "77", 1);
    mg_job_key(err, sizeof err);
    ok(!strcmp(err, "slurm-77.0"), "Slurm's job key: %s", err);
    clear_env();
    mg_job_key(err, sizeof err);
    ok(!strcmp(err, "-"), "no job: -");
}

static void test_hex(void)
{
    unsigned char id[128], back[128];
    char hex[257];
    for (int i = 0; i < 128; i++)
        id[i] = (unsigned char)(i * 37 + 11);
    mg_hex_encode(id, 128, hex);
    ok(strlen(hex) == 256 && mg_hex_decode(hex, back, 128) && !memcmp(id, back, 128),
       "128 bytes through hex and back");
    hex[7] = 'g';
    ok(!mg_hex_decode(hex, back, 128), "a non-hex digit is refused");
    ok(!mg_hex_decode("abcd", back, 128) && !mg_hex_decode(NULL, back, 128),
       "a short or missing id is refused");
}

/* rank 0 writes after a delay in a child; this process waits for it */
static void test_file(void)
{
    char dir[] = "/tmp/ck-mg-XXXXXX", path[256], err[512];
    unsigned char id[128], got[128];
    if (!mkdtemp(dir)) {
        ok(0, "mkdtemp");
        return;
    }
    snprintf(path, sizeof path, "%s/nccl.id", dir);
    for (int i = 0; i < 128; i++)
        id[i] = (unsigned char)(255 - i);
    ok(!mg_id_read(path, got, 128, 2, "job-a", 30, err, sizeof err) && strstr(err, "no id file"),
       "no file: times out, saying so (%s)", err);
    ok(mg_id_write(path, (const unsigned char *)"stale-stale-stale", 8, 2, "job-old", err,
                   sizeof err), "a stale file from another job");
    pid_t pid = fork();
    if (pid == 0) {
        struct timespec t = {0, 50 * 1000 * 1000};
        nanosleep(&t, NULL);
        _exit(mg_id_write(path, id, 128, 2, "job-a", err, sizeof err) ? 0 : 1);
    }
    bool read = mg_id_read(path, got, 128, 2, "job-a", 5000, err, sizeof err);
    int st = 0;
    waitpid(pid, &st, 0);
    ok(read && !memcmp(got, id, 128), "the other rank waits past the stale file and reads the id");
    ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the writer's rename succeeded");
    ok(!mg_id_read(path, got, 128, 4, "job-a", 20, err, sizeof err) &&
       strstr(err, "for 2 ranks"), "a file for another number of ranks is refused: %s", err);
    ok(!mg_id_read(path, got, 128, 2, "job-b", 20, err, sizeof err) && strstr(err, "job job-a"),
       "a file of another job is refused");
    FILE *f = fopen(path, "w");
    fputs("hello\n", f);
    fclose(f);
    ok(!mg_id_read(path, got, 128, 2, "job-a", 20, err, sizeof err) &&
       strstr(err, "not a cudakitchen NCCL id file"), "a file of other text is refused");
    char bad[300];
    snprintf(bad, sizeof bad, "%s/no/such/dir/id", dir);
    ok(!mg_id_write(bad, id, 128, 2, "-", err, sizeof err) && strstr(err, "cannot write"),
       "an unwritable path: an error");
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    test_factors();
    test_counts();
    test_split();
    test_links_sizes();
    test_launch();
    test_hex();
    test_file();
    return tap_done();
}
