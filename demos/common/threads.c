/* threads.c: a fork-join loop over all host cores (pthreads). */
#include "threads.h"

#include <pthread.h>
#include <unistd.h>

struct chunk {
    ck_range_fn fn;
    void *ctx;
    long begin, end;
};

int ck_cpu_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return n > CK_MAX_THREADS ? CK_MAX_THREADS : (int)n;
}

static void *run_chunk(void *arg)
{
    struct chunk *c = arg;
    if (c->begin < c->end)
        c->fn(c->ctx, c->begin, c->end);
    return NULL;
}

void ck_parallel_for(long n, ck_range_fn fn, void *ctx)
{
    int nt = ck_cpu_threads();
    if (nt > n)
        nt = (int)(n > 0 ? n : 1);
    struct chunk c[CK_MAX_THREADS];
    pthread_t tid[CK_MAX_THREADS];
    int started[CK_MAX_THREADS] = {0};
    for (int t = 0; t < nt; t++)
        c[t] = (struct chunk){fn, ctx, n * t / nt, n * (t + 1) / nt};
    /* chunk 0 runs on this thread; a chunk whose thread fails to start
     * runs here too */
    for (int t = 1; t < nt; t++)
        started[t] = pthread_create(&tid[t], NULL, run_chunk, &c[t]) == 0;
    run_chunk(&c[0]);
    for (int t = 1; t < nt; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            run_chunk(&c[t]);
    }
}
