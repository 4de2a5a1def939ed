// st_gpu.cu: the streams demo's GPU side (see st_gpu.h).
#include <stdlib.h>
#include <string.h>
#include "ck_cuda.cuh"
#include "st_gpu.h"
#include "st_kernel.h"

#define ST_THREADS 256

struct st_gpu {
    size_t total, chunk;       // bytes; chunk = total / chunks
    int chunks, iters;
    float *pin_in, *pin_out;   // (total / 4) floats, pinned
    float *page_in, *page_out; // the same, malloc
    float *d_in, *d_out;       // device
    cudaStream_t s[ST_MAX_STREAMS];
    cudaEvent_t start, end, ev[ST_MAX_CHUNKS][ST_STAGES][2];
};

static int make_events(struct st_gpu *g, struct ck_err *err)
{
    CUDA_CHECK(err, cudaEventCreate(&g->start));
    CUDA_CHECK(err, cudaEventCreate(&g->end));
    for (int c = 0; c < g->chunks; c++)
        for (int d = 0; d < ST_STAGES; d++)
            for (int k = 0; k < 2; k++)
                CUDA_CHECK(err, cudaEventCreate(&g->ev[c][d][k]));
    for (int i = 0; i < ST_MAX_STREAMS; i++)
        CUDA_CHECK(err, cudaStreamCreate(&g->s[i]));
    return CK_OK;
}

extern "C" int st_gpu_open(struct st_gpu **out, size_t total, int chunks, int iters,
                           const float *input, struct ck_err *err)
{
    struct st_gpu *g = (struct st_gpu *)calloc(1, sizeof *g);
    *out = g;
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ECUDA;
    }
    g->total = total, g->chunks = chunks, g->chunk = total / chunks, g->iters = iters;
    size_t free_b = 0, total_b = 0, spare = 64u << 20;
    CUDA_CHECK(err, cudaMemGetInfo(&free_b, &total_b));
    if (2 * total + spare > free_b) {
        snprintf(err->msg, sizeof err->msg,
                 "needs 2 x %zu bytes of device memory (plus %zu spare), only "
                 "%zu of %zu free", total, spare, free_b, total_b);
        return CK_EARGS;
    }
    g->page_in = (float *)malloc(total);
    g->page_out = (float *)malloc(total);
    if (!g->page_in || !g->page_out) {
        snprintf(err->msg, sizeof err->msg, "malloc(%zu) failed", total);
        return CK_ECUDA;
    }
    CUDA_CHECK(err, cudaMallocHost(&g->pin_in, total));
    CUDA_CHECK(err, cudaMallocHost(&g->pin_out, total));
    CUDA_CHECK(err, cudaMalloc(&g->d_in, total));
    CUDA_CHECK(err, cudaMalloc(&g->d_out, total));
    memcpy(g->pin_in, input, total);
    memcpy(g->page_in, input, total);
    memset(g->pin_out, 0, total); // touched now, not in a timed copy
    memset(g->page_out, 0, total);
    return make_events(g, err);
}

// Enqueues chunk c's three stages in stream s, each between its events.
static int enqueue_chunk(struct st_gpu *g, int c, cudaStream_t s, const float *in,
                         float *out, struct ck_err *err)
{
    size_t off = (size_t)c * (g->chunk / sizeof(float)), n = g->chunk / sizeof(float);
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][0][0], s));
    CUDA_CHECK(err, cudaMemcpyAsync(g->d_in + off, in + off, g->chunk,
                                    cudaMemcpyHostToDevice, s));
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][0][1], s));
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][1][0], s));
    st_kernel<<<(unsigned)((n + ST_THREADS - 1) / ST_THREADS), ST_THREADS, 0, s>>>(
        g->d_in + off, g->d_out + off, n, g->iters);
    CUDA_LAUNCH_CHECK(err);
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][1][1], s));
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][2][0], s));
    CUDA_CHECK(err, cudaMemcpyAsync(out + off, g->d_out + off, g->chunk,
                                    cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(err, cudaEventRecord(g->ev[c][2][1], s));
    return CK_OK;
}

static int collect(struct st_gpu *g, int streams, struct st_span *spans, double *total_ms,
                   struct ck_err *err)
{
    float f = 0;
    CUDA_CHECK(err, cudaEventSynchronize(g->end));
    CUDA_CHECK(err, cudaEventElapsedTime(&f, g->start, g->end));
    *total_ms = f;
    for (int c = 0; c < g->chunks; c++)
        for (int d = 0; d < ST_STAGES; d++) {
            float a = 0, b = 0;
            CUDA_CHECK(err, cudaEventElapsedTime(&a, g->start, g->ev[c][d][0]));
            CUDA_CHECK(err, cudaEventElapsedTime(&b, g->start, g->ev[c][d][1]));
            spans[c * ST_STAGES + d] = (struct st_span){c, c % streams, d, a, b};
        }
    return CK_OK;
}

extern "C" int st_gpu_run(struct st_gpu *g, enum st_mode mode, int streams, bool poison,
                          struct st_span *spans, double *total_ms, const float **out,
                          struct ck_err *err)
{
    bool pageable = mode == ST_PAGEABLE;
    const float *in = pageable ? g->page_in : g->pin_in;
    float *o = pageable ? g->page_out : g->pin_out;
    if (poison)
        memset(o, 0xFF, g->total); // NaN bits
    CUDA_CHECK(err, cudaDeviceSynchronize());
    // the start event is on the legacy default stream: the created
    // (blocking) streams wait for it, and the end event waits for them
    CUDA_CHECK(err, cudaEventRecord(g->start, 0));
    for (int c = 0; c < g->chunks; c++) {
        cudaStream_t s = mode == ST_DEFAULT ? (cudaStream_t)0 : g->s[c % streams];
        int rc = enqueue_chunk(g, c, s, in, o, err);
        if (rc != CK_OK)
            return rc;
    }
    CUDA_CHECK(err, cudaEventRecord(g->end, 0));
    *out = o;
    return collect(g, streams, spans, total_ms, err);
}

// the median of three floats
static float median3(float a, float b, float c)
{
    return a > b ? (b > c ? b : a > c ? c : a) : (a > c ? a : b > c ? c : b);
}

extern "C" int st_gpu_kernel_alone(struct st_gpu *g, double *ms, struct ck_err *err)
{
    size_t n = g->total / sizeof(float);
    unsigned blocks = (unsigned)((n + ST_THREADS - 1) / ST_THREADS);
    float t[4];
    // the input on the device first: the kernel reads every element
    CUDA_CHECK(err, cudaMemcpy(g->d_in, g->pin_in, g->total, cudaMemcpyHostToDevice));
    for (int r = 0; r < 4; r++) {
        CUDA_CHECK(err, cudaEventRecord(g->start, 0));
        CK_LAUNCH(err, st_kernel, blocks, ST_THREADS, 0, 0, g->d_in, g->d_out, n, g->iters);
        CUDA_CHECK(err, cudaEventRecord(g->end, 0));
        CUDA_CHECK(err, cudaEventSynchronize(g->end));
        CUDA_CHECK(err, cudaEventElapsedTime(&t[r], g->start, g->end));
    }
    // t[0] is the warm-up; the median of the other three
    *ms = median3(t[1], t[2], t[3]);
    return CK_OK;
}

extern "C" int st_gpu_two_way(struct st_gpu *g, double *ms, struct ck_err *err)
{
    float t[4];
    CUDA_CHECK(err, cudaDeviceSynchronize());
    for (int r = 0; r < 4; r++) {
        // the created streams are blocking: both wait for the start event
        // and the end event waits for both
        CUDA_CHECK(err, cudaEventRecord(g->start, 0));
        CUDA_CHECK(err, cudaMemcpyAsync(g->d_in, g->pin_in, g->total, cudaMemcpyHostToDevice,
                                        g->s[0]));
        CUDA_CHECK(err, cudaMemcpyAsync(g->pin_out, g->d_out, g->total, cudaMemcpyDeviceToHost,
                                        g->s[1]));
        CUDA_CHECK(err, cudaEventRecord(g->end, 0));
        CUDA_CHECK(err, cudaEventSynchronize(g->end));
        CUDA_CHECK(err, cudaEventElapsedTime(&t[r], g->start, g->end));
    }
    *ms = median3(t[1], t[2], t[3]); // t[0] is the warm-up
    return CK_OK;
}

extern "C" void st_gpu_close(struct st_gpu *g)
{
    if (!g)
        return;
    cudaFreeHost(g->pin_in);
    cudaFreeHost(g->pin_out);
    free(g->page_in);
    free(g->page_out);
    cudaFree(g->d_in);
    cudaFree(g->d_out);
    for (int i = 0; i < ST_MAX_STREAMS; i++)
        if (g->s[i])
            cudaStreamDestroy(g->s[i]);
    if (g->start)
        cudaEventDestroy(g->start);
    if (g->end)
        cudaEventDestroy(g->end);
    for (int c = 0; c < g->chunks; c++)
        for (int d = 0; d < ST_STAGES; d++)
            for (int k = 0; k < 2; k++)
                if (g->ev[c][d][k])
                    cudaEventDestroy(g->ev[c][d][k]);
    free(g);
}
