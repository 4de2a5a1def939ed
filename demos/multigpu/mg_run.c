/* mg_run.c: the multigpu demo's runs on a GPU (mg_run.h).  One process:
 * the topology, the peer copies (every size between GPUs 0 and 1, each
 * pair at the largest), the collectives over every GPU, the split over
 * 1..n.  One rank of several: the collectives only, rank 0 reporting. */
#define _POSIX_C_SOURCE 200809L
#include "mg_run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ck.h"
#include "mg_report.h"
#if CK_HAVE_CUDA
#include "mg_gpu.h"
#endif

#define MG_MAX_PEER 512
#define MG_MAX_COLL (MG_NCOLL * MG_MAX_SIZES)

struct mg_out {
    struct mg_topo topo;
    struct mg_peer_row peer[MG_MAX_PEER];
    struct mg_coll_row coll[MG_MAX_COLL];
    struct mg_split_row split[2 * MG_MAX_GPUS];   /* the matmul's rows, then the reduce's */
    int npeer, ncoll, nsplit, status;
    char needs[4][3][256]; /* variant, why (a code), reason */
    int needs_gpus[4], nneeds;
};

static void need(struct mg_out *x, const char *variant, int gpus, const char *why,
                 const char *reason)
{
    if (x->nneeds >= 4)
        return;
    snprintf(x->needs[x->nneeds][0], 256, "%s", variant);
    snprintf(x->needs[x->nneeds][1], 256, "%s", why);
    snprintf(x->needs[x->nneeds][2], 256, "%s", reason);
    x->needs_gpus[x->nneeds++] = gpus;
}

static void worst(struct mg_out *x, int rc)
{
    if (rc == CK_ECUDA || rc == CK_ENOMEM || (rc != CK_OK && x->status == CK_OK))
        x->status = rc;
}

static void report(const struct mg_opts *o, const struct ck_device *dev, struct mg_out *x,
                   bool topo, int argc, char **argv)
{
    if (ck_args_yaml(&o->args)) {
        ck_rec_device(dev, "multigpu", argc, argv, stdout);
        if (topo)
            mg_rec_topo(&x->topo, stdout);
        for (int i = 0; i < x->npeer; i++)
            mg_rec_peer(&x->peer[i], stdout);
        for (int i = 0; i < x->ncoll; i++)
            mg_rec_coll(&x->coll[i], stdout);
        for (int i = 0; i < x->nsplit; i++)
            mg_rec_split(&x->split[i], stdout);
        for (int i = 0; i < x->nneeds; i++)
            mg_rec_needs(x->needs[i][0], x->needs_gpus[i], x->needs[i][1], x->needs[i][2], stdout);
        return;
    }
    printf("multigpu  many kitchens: links, peer copies, NCCL collectives, a split matmul\n");
    ck_device_table(dev, stdout);
    if (topo)
        mg_table_topo(&x->topo, stdout);
    mg_table_peer(x->peer, x->npeer, stdout);
    mg_table_coll(x->coll, x->ncoll, stdout);
    mg_table_split(x->split, x->nsplit, stdout);
    for (int i = 0; i < x->nneeds; i++)
        printf("\nNot run, %s: %s\n", x->needs[i][0], x->needs[i][2]);
}

#if CK_HAVE_CUDA
static void peer_one(struct mg_out *x, int s, int d, size_t b, bool on, bool both, int reps)
{
    if (x->npeer >= MG_MAX_PEER || x->status == CK_ECUDA)
        return;
    struct mg_peer_row *p = &x->peer[x->npeer++];
    struct mg_copy c;
    struct ck_err err = {{0}};
    int rc = mg_gpu_peer_copy(s, d, b, both, on, reps, &c, &err);
    *p = (struct mg_peer_row){s, d, b, on, both, rc == CK_OK && c.ok, c.ms, x->topo.peak_gbs[s][d], ""};
    snprintf(p->why, sizeof p->why, "%s", rc == CK_ECHECK ? c.why : err.msg);
    worst(x, rc);
}

static void run_peer(const struct mg_opts *o, struct mg_out *x)
{
    size_t sizes[MG_MAX_SIZES];
    int ns = mg_sizes(o->max, sizes, MG_MAX_SIZES), n = x->topo.n;
    int b = n > 1 ? 1 : 0;   /* one GPU: copies inside it, the reference */
    for (int mode = 0; mode < (n > 1 ? 4 : 1); mode++)
        for (int k = 0; k < ns; k++)
            peer_one(x, 0, b, sizes[k], !(mode & 1), mode >= 2, o->args.reps);
    for (int i = 0; i < n && ns > 0; i++)      /* the matrix: every pair at the largest */
        for (int j = 0; j < n; j++)
            if (i != j && !(i == 0 && j == 1))
                peer_one(x, i, j, sizes[ns - 1], true, false, o->args.reps);
    if (n < 2)
        need(x, "peer-copy", 2, "one-gpu-peer", "one GPU here: copies between GPUs need two; shown: copies "
             "inside GPU 0, the reference");
}

static void run_coll(const struct mg_opts *o, struct mg_out *x, const struct mg_comms *c)
{
    size_t sizes[MG_MAX_SIZES];
    int ns = mg_sizes(o->max, sizes, MG_MAX_SIZES);
    for (int op = 0; op < MG_NCOLL; op++) {
        if (!mg_wants(o, mg_coll_id[op]))
            continue;
        for (int k = 0; k < ns && x->status != CK_ECUDA; k++) {
            struct mg_coll_row *r = &x->coll[x->ncoll++];
            struct mg_coll_res res;
            struct ck_err err = {{0}};
            int rc = mg_gpu_coll(c, (enum mg_coll)op, sizes[k], &res, &err);
            *r = (struct mg_coll_row){(enum mg_coll)op, c->nranks, c->nranks / c->ndev,
                                      sizes[k], rc == CK_OK, res.wrong, res.ms, ""};
            if (rc == CK_ECHECK)
                snprintf(r->why, sizeof r->why, "%lld elements wrong over all ranks", res.wrong);
            else
                snprintf(r->why, sizeof r->why, "%s", err.msg);
            worst(x, rc);
        }
    }
    if (c->nranks < 2)
        need(x, "all-reduce", 2, "one-rank", "one rank: the collectives ran (NCCL allows one rank) but "
             "nothing crossed a link; their bus bandwidth needs two GPUs");
}

/* the matmul (reduce false) or the reduce split over 1..n GPUs; each
 * row's efficiency against the first of its kind */
static void split_rows(const struct mg_opts *o, struct mg_out *x, const struct mg_nccl *nc,
                       bool reduce)
{
    const struct mg_split_row *first = NULL;
    long long count = (long long)(o->max / sizeof(int));
    for (int g = 1; g <= x->topo.n && x->status != CK_ECUDA; g++) {
        struct mg_split_row *s = &x->split[x->nsplit++];
        struct mg_split_res r;
        struct ck_err err = {{0}};
        int rc = reduce ? mg_gpu_split_reduce(nc, g, (size_t)count, &r, &err)
                        : mg_gpu_split_mm(nc, g, o->size, o->size, o->size, &r, &err);
        *s = (struct mg_split_row){reduce, count, g, o->size, o->size, o->size,
                                   rc == CK_OK && r.ok, r.ms, r.comm_ms, NAN, NAN, ""};
        snprintf(s->why, sizeof s->why, "%s", rc == CK_ECHECK ? r.why : err.msg);
        first = first ? first : s;
        if (s->ok && first->ok) {
            s->eff = mg_efficiency(first->ms, s->ms, g);
            s->eff_comm = mg_efficiency(first->ms, s->ms + s->comm_ms, g); /* NAN without NCCL */
        }
        worst(x, rc);
    }
}

static void run_split(const struct mg_opts *o, struct mg_out *x, const struct mg_nccl *nc)
{
    if (mg_wants(o, "split-matmul"))
        split_rows(o, x, nc, false);
    if (mg_wants(o, "split-reduce"))
        split_rows(o, x, nc, true);
    if (x->topo.n < 2)
        need(x, "split-matmul", 2, "one-gpu-split", "one GPU: the split ran on 1; scaling needs two or more");
}

int mg_run_all(const struct mg_opts *o, const struct ck_device *dev, int argc, char **argv)
{
    static struct mg_out x;
    struct ck_err err = {{0}};
    char why[256];
    int rc = mg_gpu_topo(&x.topo, &err);
    if (rc != CK_OK) {
        fprintf(stderr, "multigpu: %s\n", err.msg);
        return rc;
    }
    mg_topo_nvml(&x.topo);
    if (mg_wants(o, "peer-copy"))
        run_peer(o, &x);
    struct mg_nccl *nc = mg_nccl_load(why, sizeof why);
    if (!nc)
        need(&x, "all-reduce", 1, "no-nccl", why);
    bool any = false;
    for (int op = 0; op < MG_NCOLL; op++)
        any |= mg_wants(o, mg_coll_id[op]);
    struct mg_comms c = {0};
    if (nc && any && x.status != CK_ECUDA) {
        rc = mg_comms_open(&c, nc, x.topo.n, &err);
        if (rc == CK_OK)
            run_coll(o, &x, &c), mg_comms_close(&c);
        else
            fprintf(stderr, "multigpu: %s\n", err.msg), worst(&x, rc);
    }
    if ((mg_wants(o, "split-matmul") || mg_wants(o, "split-reduce")) && x.status != CK_ECUDA)
        run_split(o, &x, nc);
    report(o, dev, &x, mg_wants(o, "topology"), argc, argv);
    mg_nccl_free(nc);
    return x.status;
}

/* NCCL's unique id: rank 0 makes it and leaves it in the file (or finds
 * it in CK_NCCL_ID), the others read it. */
static int share_id(const struct mg_opts *o, const struct mg_launch *l, const struct mg_nccl *nc,
                    mg_nccl_id *id, char *path, size_t pn)
{
    char key[128], err[600];
    const char *hex = getenv("CK_NCCL_ID"), *env = getenv("CK_NCCL_ID_FILE");
    path[0] = '\0';
    if (hex && *hex) {
        if (mg_hex_decode(hex, (unsigned char *)id, sizeof *id))
            return CK_OK;
        fprintf(stderr, "multigpu: CK_NCCL_ID is not %zu bytes of hex\n", sizeof *id);
        return CK_EARGS;
    }
    mg_job_key(key, sizeof key);
    snprintf(path, pn, "%s", o->id_file ? o->id_file : env && *env ? env : "");
    if (!path[0])
        snprintf(path, pn, "multigpu-nccl-id.%s", key);
    bool ok;
    if (l->rank == 0) {
        int rc = nc->get_unique_id(id);
        if (rc != MG_NCCL_SUCCESS) {
            fprintf(stderr, "multigpu: ncclGetUniqueId: %s\n", nc->error_string(rc));
            return CK_ECUDA;
        }
        ok = mg_id_write(path, (unsigned char *)id, sizeof *id, l->size, key, err, sizeof err);
    } else {
        ok = mg_id_read(path, (unsigned char *)id, sizeof *id, l->size, key, 120000, err, sizeof err);
    }
    if (!ok)
        fprintf(stderr, "multigpu: rank %d: %s\n", l->rank, err);
    return ok ? CK_OK : CK_EARGS;
}

int mg_run_rank(const struct mg_opts *o, const struct mg_launch *l, const struct ck_device *dev,
                int argc, char **argv)
{
    static struct mg_out x;
    char why[256], path[4096];
    struct ck_err err = {{0}};
    struct mg_nccl *nc = mg_nccl_load(why, sizeof why);
    if (!nc) {
        fprintf(stderr, "multigpu: rank %d: %s\n", l->rank, why);
        return CK_ECUDA;
    }
    int ndev = 0, rc = mg_gpu_topo(&x.topo, &err);
    ndev = x.topo.n;
    mg_nccl_id id;
    if (rc == CK_OK && ndev < 1)
        rc = CK_ECUDA, snprintf(err.msg, sizeof err.msg, "no GPU");
    if (rc == CK_OK && l->local_rank >= ndev) {
        /* NCCL: one CUDA device as two ranks of a communicator is not
           supported and may hang */
        fprintf(stderr, "multigpu: rank %d is local rank %d, but this node has %d GPU%s: "
                "one process per GPU, at most %d here\n", l->rank, l->local_rank, ndev,
                ndev == 1 ? "" : "s", ndev);
        mg_nccl_free(nc);
        return CK_EARGS;
    }
    if (rc == CK_OK && (rc = share_id(o, l, nc, &id, path, sizeof path)) == CK_OK) {
        struct mg_comms c;
        rc = mg_comms_open_rank(&c, nc, l->local_rank % ndev, l->rank, l->size, &id, &err);
        if (l->rank == 0 && path[0])
            unlink(path);   /* every rank has joined: the id is spent */
        if (rc == CK_OK) {
            run_coll(o, &x, &c);
            mg_comms_close(&c);
            rc = x.status;
        }
    }
    if (rc == CK_ECUDA && err.msg[0])
        fprintf(stderr, "multigpu: rank %d: %s\n", l->rank, err.msg);
    if (l->rank == 0 && x.ncoll > 0)
        report(o, dev, &x, false, argc, argv);
    mg_nccl_free(nc);
    return rc;
}
#else
int mg_run_all(const struct mg_opts *o, const struct ck_device *dev, int argc, char **argv)
{
    struct mg_out x = {0};
    (void)report, (void)need, (void)worst;
    (void)o, (void)dev, (void)argc, (void)argv, (void)x;
    fprintf(stderr, "multigpu: built without CUDA\n");
    return CK_ECUDA;
}

int mg_run_rank(const struct mg_opts *o, const struct mg_launch *l, const struct ck_device *dev,
                int argc, char **argv)
{
    (void)l;
    return mg_run_all(o, dev, argc, argv);
}
#endif

/* --procs N: N copies of this program, ranks 0..N-1 of one job, sharing
 * the id through a file in a fresh folder; the worst exit status. */
int mg_run_procs(const struct mg_opts *o, int argc, char **argv)
{
    char dir[] = "/tmp/ck-multigpu-XXXXXX", path[64], num[16], job[32];
    if (!mkdtemp(dir)) {
        perror("multigpu: mkdtemp");
        return CK_ECUDA;
    }
    snprintf(path, sizeof path, "%s/nccl.id", dir);
    snprintf(job, sizeof job, "%ld", (long)getpid());
    char **av = calloc((size_t)argc + 3, sizeof *av);
    if (!av)
        return CK_ENOMEM;
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--procs") || !strcmp(argv[i], "--id-file")) {
            i++;
            continue;
        }
        av[n++] = argv[i];
    }
    av[n++] = "--id-file", av[n++] = path, av[n] = NULL;
    int status = CK_OK;
    pid_t pids[MG_MAX_GPUS];
    for (int r = 0; r < o->procs; r++) {
        pids[r] = fork();
        if (pids[r] == 0) {
            snprintf(num, sizeof num, "%d", r);
            setenv("CK_MG_RANK", num, 1), setenv("CK_MG_LOCAL_RANK", num, 1);
            snprintf(num, sizeof num, "%d", o->procs);
            setenv("CK_MG_NRANKS", num, 1), setenv("CK_MG_JOB", job, 1);
            execv("/proc/self/exe", av);
            perror("multigpu: exec");
            _exit(CK_ECUDA);
        }
    }
    for (int r = 0; r < o->procs; r++) {
        int st = 0;
        if (pids[r] > 0 && waitpid(pids[r], &st, 0) > 0) {
            int rc = WIFEXITED(st) ? WEXITSTATUS(st) : CK_ECUDA;
            if (rc != CK_OK && (status == CK_OK || rc == CK_ECUDA))
                status = rc;
        } else {
            status = CK_ECUDA;
        }
    }
    unlink(path);
    rmdir(dir);
    free(av);
    return status;
}
