// xfer_gpu.cu: the transfer demo's GPU side (see xfer_gpu.h): buffers of
// every kind of host memory, the copy for each row of xfer_rungs.c, the
// checksum check of what arrived, and CUDA-event timing.
//
// Every source buffer (host or device) holds the same pattern xf_word(seed,
// i), so one expected checksum per size serves every row. Destinations are
// poisoned (all bits set) before the checked copy.
#include <stdlib.h>
#include <string.h>
#include "ck_cuda.cuh"
#include "args.h"
#include "xfer_gpu.h"
#include "xfer_kernels.cuh"
#include "xfer_sum.h"

#define XF_TIME_TARGET_MS 50.0
#define XF_MIN_REPS 5
#define XF_MAX_REPS 200
#define XF_THREADS 256

struct xfer_gpu {
    size_t max, man_cap;
    uint64_t seed;
    int sms, managed, concurrent_managed, can_map;
    uint64_t *dA, *dB;           // device: destination, source (pattern)
    unsigned long long *dsum;    // device checksum accumulator
    uint64_t *page_src, *page_dst, *pin_src, *pin_dst, *wc, *map_h, *man;
    uint64_t *map_d;             // device view of map_h
    cudaStream_t s1, s2;         // blocking streams: pinned-both
    cudaEvent_t e0, e1;
};

static unsigned blocks_for(const struct xfer_gpu *g, size_t n)
{
    size_t want = (n + XF_THREADS - 1) / XF_THREADS, most = (size_t)g->sms * 8;
    return (unsigned)(want < most ? (want ? want : 1) : most);
}

static void host_fill(uint64_t *p, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = xf_word(seed, i);
}

static uint64_t host_sum(const uint64_t *p, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += xf_mix(p[i], i);
    return s;
}

static int attr(cudaDeviceAttr a, int *out, struct ck_err *err)
{
    CUDA_CHECK(err, cudaDeviceGetAttribute(out, a, 0));
    return CK_OK;
}

static int open_buffers(struct xfer_gpu *g, struct ck_err *err)
{
    CUDA_CHECK(err, cudaMalloc(&g->dA, g->max));
    CUDA_CHECK(err, cudaMalloc(&g->dB, g->max));
    CUDA_CHECK(err, cudaMalloc(&g->dsum, sizeof *g->dsum));
    CUDA_CHECK(err, cudaStreamCreate(&g->s1));
    CUDA_CHECK(err, cudaStreamCreate(&g->s2));
    CUDA_CHECK(err, cudaEventCreate(&g->e0));
    CUDA_CHECK(err, cudaEventCreate(&g->e1));
    size_t n = g->max / 8;
    xf_fill_kernel<<<blocks_for(g, n), XF_THREADS>>>(g->dB, n, g->seed);
    CUDA_LAUNCH_CHECK(err);
    CUDA_CHECK(err, cudaDeviceSynchronize());
    // managed memory: never more than is free now, less 256 MiB to spare
    size_t free_b = 0, total_b = 0, spare = 256u << 20;
    CUDA_CHECK(err, cudaMemGetInfo(&free_b, &total_b));
    g->man_cap = 0;
    for (size_t b = XF_MIN_BYTES; b <= g->max && b + spare <= free_b; b *= 4)
        g->man_cap = b;
    return CK_OK;
}

extern "C" int xfer_gpu_open(struct xfer_gpu **out, size_t max_bytes, uint64_t seed,
                             struct ck_err *err)
{
    struct xfer_gpu *g = (struct xfer_gpu *)calloc(1, sizeof *g);
    *out = g;
    if (!g) {
        snprintf(err->msg, sizeof err->msg, "out of host memory");
        return CK_ECUDA;
    }
    g->max = max_bytes;
    g->seed = seed;
    int rc;
    if ((rc = attr(cudaDevAttrMultiProcessorCount, &g->sms, err)) ||
        (rc = attr(cudaDevAttrManagedMemory, &g->managed, err)) ||
        (rc = attr(cudaDevAttrConcurrentManagedAccess, &g->concurrent_managed, err)) ||
        (rc = attr(cudaDevAttrCanMapHostMemory, &g->can_map, err)))
        return rc;
    size_t free_b = 0, total_b = 0, spare = 64u << 20;
    CUDA_CHECK(err, cudaMemGetInfo(&free_b, &total_b));
    if (2 * max_bytes + spare > free_b) {
        snprintf(err->msg, sizeof err->msg,
                 "needs 2 x %zu bytes of device memory (plus %zu spare), only "
                 "%zu of %zu free", max_bytes, spare, free_b, total_b);
        return CK_EARGS;
    }
    return open_buffers(g, err);
}

extern "C" size_t xfer_gpu_managed_cap(const struct xfer_gpu *g)
{
    return g ? g->man_cap : 0;
}

extern "C" int xfer_gpu_supported(const struct xfer_gpu *g, enum xfer_how how,
                                  size_t bytes, char *why, size_t n)
{
    bool managed = how == XF_MANAGED_H2D || how == XF_MANAGED_PREFETCH;
    if (managed && !g->managed)
        return snprintf(why, n, "this device has no managed memory"), 0;
    if (how == XF_MANAGED_PREFETCH && !g->concurrent_managed)
        return snprintf(why, n, "no concurrent managed access here: "
                        "cudaMemPrefetchAsync does not apply"), 0;
    if (managed && bytes > g->man_cap)
        return snprintf(why, n, "managed buffer capped at %zu bytes: no more "
                        "is free on the device", g->man_cap), 0;
    if (how == XF_MAPPED_H2D && !g->can_map)
        return snprintf(why, n, "this device cannot map host memory"), 0;
    return 1;
}

// A host buffer of g->max bytes holding the pattern (src) or not (dst).
static int host_buf(struct xfer_gpu *g, uint64_t **p, unsigned flags, bool pageable,
                    bool fill, struct ck_err *err)
{
    if (*p)
        return CK_OK;
    if (pageable) {
        *p = (uint64_t *)malloc(g->max);
        if (!*p) {
            snprintf(err->msg, sizeof err->msg, "malloc(%zu) failed", g->max);
            return CK_ECUDA;
        }
    } else {
        CUDA_CHECK(err, cudaHostAlloc((void **)p, g->max, flags));
    }
    if (fill)
        host_fill(*p, g->max / 8, g->seed);
    else
        memset(*p, 0, g->max); // touched now, not inside a timed copy
    return CK_OK;
}

static int buffers_for(struct xfer_gpu *g, enum xfer_how how, struct ck_err *err)
{
    switch (how) {
    case XF_PAGEABLE_H2D: return host_buf(g, &g->page_src, 0, true, true, err);
    case XF_PAGEABLE_D2H: return host_buf(g, &g->page_dst, 0, true, false, err);
    case XF_PINNED_H2D: return host_buf(g, &g->pin_src, cudaHostAllocDefault, false, true, err);
    case XF_PINNED_D2H: return host_buf(g, &g->pin_dst, cudaHostAllocDefault, false, false, err);
    case XF_PINNED_BOTH: {
        int rc = host_buf(g, &g->pin_src, cudaHostAllocDefault, false, true, err);
        return rc ? rc : host_buf(g, &g->pin_dst, cudaHostAllocDefault, false, false, err);
    }
    case XF_WC_H2D: return host_buf(g, &g->wc, cudaHostAllocWriteCombined, false, true, err);
    case XF_MAPPED_H2D: {
        int rc = host_buf(g, &g->map_h, cudaHostAllocMapped, false, true, err);
        if (rc == CK_OK && !g->map_d)
            CUDA_CHECK(err, cudaHostGetDevicePointer((void **)&g->map_d, g->map_h, 0));
        return rc;
    }
    case XF_MANAGED_H2D: case XF_MANAGED_PREFETCH:
        if (!g->man) {
            CUDA_CHECK(err, cudaMallocManaged(&g->man, g->man_cap));
            host_fill(g->man, g->man_cap / 8, g->seed); // first touch: host
        }
        return CK_OK;
    default: return CK_OK;
    }
}

static int copy_kernel(struct xfer_gpu *g, const void *src, size_t bytes,
                       struct ck_err *err)
{
    size_t n = bytes / 16, grid = (n + XF_THREADS - 1) / XF_THREADS; // a thread a word
    xf_copy_kernel<<<(unsigned)(grid ? grid : 1), XF_THREADS>>>((const uint4 *)src,
                                                                (uint4 *)g->dA, n);
    CUDA_LAUNCH_CHECK(err);
    return CK_OK;
}

// One transfer of `bytes`, enqueued behind the legacy default stream's
// events (s1 and s2 are blocking streams, so they wait for e0 and e1 waits
// for them).
static int run_op(struct xfer_gpu *g, enum xfer_how how, size_t b, struct ck_err *err)
{
    const cudaMemcpyKind H2D = cudaMemcpyHostToDevice, D2H = cudaMemcpyDeviceToHost;
    switch (how) {
    case XF_PAGEABLE_H2D: CUDA_CHECK(err, cudaMemcpyAsync(g->dA, g->page_src, b, H2D, 0)); break;
    case XF_PAGEABLE_D2H: CUDA_CHECK(err, cudaMemcpyAsync(g->page_dst, g->dB, b, D2H, 0)); break;
    case XF_PINNED_H2D: CUDA_CHECK(err, cudaMemcpyAsync(g->dA, g->pin_src, b, H2D, 0)); break;
    case XF_PINNED_D2H: CUDA_CHECK(err, cudaMemcpyAsync(g->pin_dst, g->dB, b, D2H, 0)); break;
    case XF_PINNED_BOTH:
        CUDA_CHECK(err, cudaMemcpyAsync(g->dA, g->pin_src, b, H2D, g->s1));
        CUDA_CHECK(err, cudaMemcpyAsync(g->pin_dst, g->dB, b, D2H, g->s2));
        break;
    case XF_WC_H2D: CUDA_CHECK(err, cudaMemcpyAsync(g->dA, g->wc, b, H2D, 0)); break;
    case XF_MAPPED_H2D: return copy_kernel(g, g->map_d, b, err);
    case XF_MANAGED_H2D: return copy_kernel(g, g->man, b, err);
    case XF_MANAGED_PREFETCH: {
        cudaMemLocation loc = {};
        loc.type = cudaMemLocationTypeDevice;
        loc.id = 0;
        CUDA_CHECK(err, cudaMemPrefetchAsync(g->man, b, loc, 0, 0));
        return copy_kernel(g, g->man, b, err);
    }
    case XF_D2D:
        CUDA_CHECK(err, cudaMemcpyAsync(g->dA, g->dB, b, cudaMemcpyDeviceToDevice, 0));
        break;
    case XF_D2D_KERNEL: return copy_kernel(g, g->dB, b, err);
    default:
        snprintf(err->msg, sizeof err->msg, "row %d has no GPU transfer", (int)how);
        return CK_ECUDA;
    }
    return CK_OK;
}

// Managed rows start every run with the pages on the host again, outside
// the timed events: prefetched back in bulk where the device supports it
// (concurrent managed access), else the host writes one word per 4 KiB page
// (the value it holds), which faults the page back.
static int reset(struct xfer_gpu *g, enum xfer_how how, size_t b, struct ck_err *err)
{
    if (how != XF_MANAGED_H2D && how != XF_MANAGED_PREFETCH)
        return CK_OK;
    if (g->concurrent_managed) {
        cudaMemLocation host = {};
        host.type = cudaMemLocationTypeHost;
        CUDA_CHECK(err, cudaMemPrefetchAsync(g->man, b, host, 0, 0));
        CUDA_CHECK(err, cudaDeviceSynchronize());
        return CK_OK;
    }
    volatile uint64_t *p = g->man;
    for (size_t i = 0; i < b / 8; i += 4096 / 8)
        p[i] = p[i];
    return CK_OK;
}

static int device_sum(struct xfer_gpu *g, const uint64_t *p, size_t n, uint64_t *out,
                      struct ck_err *err)
{
    unsigned long long s = 0;
    CUDA_CHECK(err, cudaMemset(g->dsum, 0, sizeof *g->dsum));
    xf_sum_kernel<<<blocks_for(g, n), XF_THREADS>>>(p, n, g->dsum);
    CUDA_LAUNCH_CHECK(err);
    CUDA_CHECK(err, cudaMemcpy(&s, g->dsum, sizeof s, cudaMemcpyDeviceToHost));
    *out = s;
    return CK_OK;
}

// The checked copy: destinations poisoned, one transfer, then the checksum
// of what arrived (on the device for device destinations, on the host for
// host ones) against the pattern's; under the test hook (CK_DEMO_CORRUPT
// names the row) one byte of what arrived is spoiled first, so it must fail.
static int check_once(struct xfer_gpu *g, enum xfer_how how, size_t b, uint64_t expect,
                      struct ck_err *err)
{
    bool to_host = how == XF_PAGEABLE_D2H || how == XF_PINNED_D2H || how == XF_PINNED_BOTH;
    bool to_dev = how != XF_PAGEABLE_D2H && how != XF_PINNED_D2H;
    uint64_t *hdst = how == XF_PAGEABLE_D2H ? g->page_dst : g->pin_dst;
    CUDA_CHECK(err, cudaMemset(g->dA, 0xFF, b));
    if (to_host)
        memset(hdst, 0xFF, b);
    int rc = reset(g, how, b, err);
    if (rc == CK_OK)
        rc = run_op(g, how, b, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    if (ck_corrupt_wanted(xfer_rungs[how].id)) { // the test hook: one bit of what arrived
        if (to_host)
            hdst[b / 16] ^= 1;
        else
            CUDA_CHECK(err, cudaMemset((char *)g->dA + b / 2, 0x5A, 1));
    }
    uint64_t got_dev = expect, got_host = to_host ? host_sum(hdst, b / 8) : expect;
    if (to_dev && (rc = device_sum(g, g->dA, b / 8, &got_dev, err)) != CK_OK)
        return rc;
    if (got_dev != expect || got_host != expect) {
        snprintf(err->msg, sizeof err->msg,
                 "checksum of the %zu bytes that arrived%s is %016llx, sent %016llx",
                 b, got_dev != expect ? " on the device" : " on the host",
                 (unsigned long long)(got_dev != expect ? got_dev : got_host),
                 (unsigned long long)expect);
        return CK_ECHECK;
    }
    return CK_OK;
}

static int time_once(struct xfer_gpu *g, enum xfer_how how, size_t b, double *ms,
                     struct ck_err *err)
{
    int rc = reset(g, how, b, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaEventRecord(g->e0, 0));
    rc = run_op(g, how, b, err);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaEventRecord(g->e1, 0));
    CUDA_CHECK(err, cudaEventSynchronize(g->e1));
    float f = 0;
    CUDA_CHECK(err, cudaEventElapsedTime(&f, g->e0, g->e1));
    *ms = f;
    return CK_OK;
}

extern "C" int xfer_gpu_measure(struct xfer_gpu *g, enum xfer_how how, size_t b,
                                uint64_t expect, int reps, struct ck_timing *t,
                                struct ck_err *err)
{
    double ms[XF_MAX_REPS], warm[2];
    int rc = buffers_for(g, how, err);
    if (rc == CK_OK)
        rc = check_once(g, how, b, expect, err);
    for (int i = 0; i < 2 && rc == CK_OK; i++)
        rc = time_once(g, how, b, &warm[i], err);
    if (rc != CK_OK)
        return rc;
    if (reps <= 0) {
        double once = warm[0] < warm[1] ? warm[0] : warm[1];
        reps = once > 0 ? (int)(XF_TIME_TARGET_MS / once) : XF_MAX_REPS;
        reps = reps < XF_MIN_REPS ? XF_MIN_REPS : reps;
    }
    if (reps > XF_MAX_REPS)
        reps = XF_MAX_REPS;
    for (int i = 0; i < reps; i++)
        if ((rc = time_once(g, how, b, &ms[i], err)) != CK_OK)
            return rc;
    ck_timing_stats(ms, reps, t);
    return CK_OK;
}

extern "C" void xfer_gpu_close(struct xfer_gpu *g)
{
    if (!g)
        return;
    cudaFree(g->dA);
    cudaFree(g->dB);
    cudaFree(g->dsum);
    cudaFree(g->man);
    free(g->page_src);
    free(g->page_dst);
    cudaFreeHost(g->pin_src);
    cudaFreeHost(g->pin_dst);
    cudaFreeHost(g->wc);
    cudaFreeHost(g->map_h);
    if (g->s1)
        cudaStreamDestroy(g->s1);
    if (g->s2)
        cudaStreamDestroy(g->s2);
    if (g->e0)
        cudaEventDestroy(g->e0);
    if (g->e1)
        cudaEventDestroy(g->e1);
    free(g);
}
