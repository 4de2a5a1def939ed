/* threads.h: run a loop over all host cores with pthreads (CPU variants).
 *
 * ck_parallel_for(n, fn, ctx) splits [0, n) into one contiguous chunk per
 * thread and calls fn(ctx, begin, end) on each, in parallel, returning when
 * all are done. fn must only write data that its own range owns. Falls back
 * to one call on the calling thread if threads cannot be started. */
#ifndef CK_THREADS_H
#define CK_THREADS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Online host cores (>= 1), capped at CK_MAX_THREADS. */
#define CK_MAX_THREADS 256
int ck_cpu_threads(void);

typedef void (*ck_range_fn)(void *ctx, long begin, long end);
void ck_parallel_for(long n, ck_range_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
