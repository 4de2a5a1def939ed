// launch_graph.cu: the launch demo's graph series (see launch_gpu.h): N
// tiny kernels launched one by one into a stream, against the same N
// captured once into a CUDA graph (cudaStreamBeginCapture ..
// cudaStreamEndCapture, cudaGraphInstantiate) and launched as one
// (cudaGraphLaunch). What is timed is the launch path itself, so the runs
// are not queued behind a blocking kernel as ck_time_gpu queues them: a
// pair of events around each run, the host issuing the launches between
// them, two warm-ups, the median of the runs (ck_time_enough's stopping
// rule). Not here: graph update, explicit graph building (the lesson's).
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "launch_gpu.h"
#include "ck_cuda.cuh"

// The series' kernel: as short as a kernel gets, one block of
// LN_GRAPH_BLOCK threads each adding 1 to its own counter, so N launches in
// order leave every counter at N (exact in FP32 while N < 2^24). Its time
// is the launch's own cost, which a graph pays once for all N.
__global__ void ln_tiny_kernel(float *__restrict__ v)
{
    v[threadIdx.x] += 1.0f;
}

struct ln_graph {
    float *v;                  // (LN_GRAPH_BLOCK) the kernels' counters
    cudaStream_t s;            // a non-blocking stream: capture needs one
    cudaEvent_t start, stop;
    cudaGraphExec_t exec;      // the current point's graph, or NULL
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// N launches into the stream, unchecked (a check per launch would be timed
// too); the caller checks cudaGetLastError once after them.
static void issue_plain(struct ln_graph *g, long long n)
{
    for (long long k = 0; k < n; k++)
        ln_tiny_kernel<<<1, LN_GRAPH_BLOCK, 0, g->s>>>(g->v);
}

// Capture n launches into a graph and instantiate it; *ms the host time.
static int build(struct ln_graph *g, long long n, double *ms, struct ck_err *err)
{
    cudaGraph_t graph = NULL;
    double t0 = now_ms();
    CUDA_CHECK(err, cudaStreamBeginCapture(g->s, cudaStreamCaptureModeThreadLocal));
    issue_plain(g, n);
    cudaError_t le = cudaGetLastError();
    cudaError_t ce = cudaStreamEndCapture(g->s, &graph);
    if (le != cudaSuccess)
        CK_LAUNCH_FAILED(err, ln_tiny_kernel, le);
    CUDA_CHECK(err, ce);
    cudaError_t ie = cudaGraphInstantiate(&g->exec, graph, 0);
    cudaGraphDestroy(graph); // the executable graph keeps what it needs
    CUDA_CHECK(err, ie);
    *ms = now_ms() - t0;
    return CK_OK;
}

// One run of the given mode, issued between the two events.
static int run(struct ln_graph *g, bool graph, long long n, double *ms,
               double *host_ms, struct ck_err *err)
{
    CUDA_CHECK(err, cudaEventRecord(g->start, g->s));
    double t0 = now_ms();
    if (graph)
        CUDA_CHECK(err, cudaGraphLaunch(g->exec, g->s));
    else
        issue_plain(g, n);
    *host_ms = now_ms() - t0;
    cudaError_t le = cudaGetLastError();
    if (le != cudaSuccess)
        CK_LAUNCH_FAILED(err, ln_tiny_kernel, le);
    CUDA_CHECK(err, cudaEventRecord(g->stop, g->s));
    CUDA_CHECK(err, cudaEventSynchronize(g->stop));
    float f = 0;
    CUDA_CHECK(err, cudaEventElapsedTime(&f, g->start, g->stop));
    *ms = f;
    return CK_OK;
}

// From zero, one run: every counter must read n.
static int check(struct ln_graph *g, bool graph, long long n,
                 struct ln_gpoint *p, struct ck_err *err)
{
    float h[LN_GRAPH_BLOCK];
    double ms, host;
    CUDA_CHECK(err, cudaMemsetAsync(g->v, 0, sizeof h, g->s));
    int rc = run(g, graph, n, &ms, &host, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaMemcpy(h, g->v, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < LN_GRAPH_BLOCK; i++)
        bad += h[i] != (float)n;
    if (bad) {
        p->ok = false;
        snprintf(p->error, sizeof p->error, "%d of %d counters are not %lld",
                 bad, LN_GRAPH_BLOCK, n);
    }
    return CK_OK;
}

// Two warm-ups, then reps runs or the stopping rule; medians into t, host.
static int measure(struct ln_graph *g, bool graph, long long n, int reps,
                   struct ck_timing *t, double *host_ms, struct ck_err *err)
{
    double *ms = (double *)malloc(2 * CK_TIME_MAX_REPS * sizeof *ms), total = 0;
    if (!ms) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    double *hms = ms + CK_TIME_MAX_REPS, d0, d1;
    int rc = run(g, graph, n, &d0, &d1, err), k = 0;
    if (rc == CK_OK)
        rc = run(g, graph, n, &d0, &d1, err);
    int want = reps > 0 && reps < CK_TIME_MAX_REPS ? reps : CK_TIME_MAX_REPS;
    for (; rc == CK_OK && k < want; k++) {
        rc = run(g, graph, n, &ms[k], &hms[k], err);
        total += ms[k];
        if (rc == CK_OK && reps <= 0 && ck_time_enough(ms, k + 1, total)) {
            k++;
            break;
        }
    }
    if (rc == CK_OK) {
        struct ck_timing h;
        memset(t, 0, sizeof *t);
        ck_timing_stats(ms, k, t);   // cold and queued stay false: see top
        ck_timing_stats(hms, k, &h);
        *host_ms = h.ms;
    }
    free(ms);
    return rc;
}

extern "C" int ln_graph_open(struct ln_graph **out, struct ck_err *err)
{
    struct ln_graph *g = (struct ln_graph *)calloc(1, sizeof *g);
    *out = g;
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ENOMEM;
    }
    CUDA_CHECK(err, cudaMalloc((void **)&g->v, LN_GRAPH_BLOCK * sizeof(float)));
    CUDA_CHECK(err, cudaStreamCreateWithFlags(&g->s, cudaStreamNonBlocking));
    CUDA_CHECK(err, cudaEventCreate(&g->start));
    CUDA_CHECK(err, cudaEventCreate(&g->stop));
    return CK_OK;
}

extern "C" int ln_graph_point(struct ln_graph *g, long long n, int reps,
                              struct ln_gpoint *p, struct ck_err *err)
{
    memset(p, 0, sizeof *p);
    p->kernels = n;
    p->ok = true;
    p->plain.ms = p->graph.ms = p->setup_ms = NAN;
    if (g->exec) {
        cudaGraphExecDestroy(g->exec);
        g->exec = NULL;
    }
    int rc = build(g, n, &p->setup_ms, err);
    if (rc == CK_OK)
        rc = check(g, false, n, p, err);
    if (rc == CK_OK)
        rc = check(g, true, n, p, err);
    if (rc != CK_OK || !p->ok)
        return rc;
    rc = measure(g, false, n, reps, &p->plain, &p->plain_host_ms, err);
    if (rc == CK_OK)
        rc = measure(g, true, n, reps, &p->graph, &p->graph_host_ms, err);
    return rc;
}

extern "C" void ln_graph_close(struct ln_graph *g)
{
    if (!g)
        return;
    if (g->exec)
        cudaGraphExecDestroy(g->exec);
    cudaEventDestroy(g->start);
    cudaEventDestroy(g->stop);
    if (g->s)
        cudaStreamDestroy(g->s);
    cudaFree(g->v);
    free(g);
}
