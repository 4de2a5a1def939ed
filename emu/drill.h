/* drill.h - what every drill's harness uses, on both back ends: the sizes
 * it is given, inputs that catch the usual bugs, device buffers, the
 * comparison that names the first wrong element and a likely cause, the
 * timing on a GPU, and the lines of the protocol the check reads
 * (drills/README.md, "The harness contract"):
 *
 *   ck-drill 1
 *   begin NAME
 *   case NAME pass
 *   case NAME fail index=I expected=E got=G cause=CODE
 *   time NAME MS bytes=B flops=F
 *   end
 *
 * Built by nvcc for a GPU, or by the C++ compiler after simt.h for the
 * emulator (CK_SIMT_EMU). Standard output is flushed after every line, so
 * a run stopped by a sanitizer, a crash or the time limit still shows how
 * far it came. */
#ifndef CK_DRILL_H
#define CK_DRILL_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <vector>

#ifndef CK_SIMT_EMU
#include <cuda_runtime.h>
#ifndef CK_LAUNCH
#define CK_LAUNCH(err, kernel, grid, block, smem, stream, ...)                 \
    do {                                                                       \
        kernel<<<(grid), (block), (smem), (stream)>>>(__VA_ARGS__);            \
        (err) = cudaGetLastError();                                            \
    } while (0)
#endif
#endif

/* a size: N, RxC, RxCxK or NxCxHxW; n is their product */
struct ck_size {
    long n = 1, r = 1, c = 1, k = 1, m = 1;
    int dims = 1;
    char text[48] = "";
};

static inline bool ck_parse_size(const char *s, ck_size *z)
{
    long v[4] = {1, 1, 1, 1};
    int d = 0;
    const char *p = s;
    while (d < 4) {
        char *end;
        v[d] = strtol(p, &end, 10);
        if (end == p || v[d] < 1)
            return false;
        d++;
        if (*end == 'x')
            p = end + 1;
        else if (*end == '\0')
            break;
        else
            return false;
    }
    z->dims = d, z->r = v[0], z->c = v[1], z->k = v[2], z->m = v[3];
    z->n = z->r * z->c * z->k * z->m;
    snprintf(z->text, sizeof z->text, "%s", s);
    return true;
}

/* ±[0.1, 1), never zero, three in four positive (a non-zero mean): zeros
 * hide unwritten outputs, a zero mean hides a sum that lost its terms */
template <class T> static inline void ck_fill(std::vector<T> &v, unsigned seed)
{
    for (auto &x : v) {
        seed = seed * 1664525u + 1013904223u;
        float m = 0.1f + 0.9f * (float)((seed >> 8) & 0xffff) / 65536.0f;
        x = (T)(((seed >> 30) == 3) ? -m : m);
    }
}

/* small integers 0 .. range - 1, for histograms and exact sums */
static inline void ck_fill_ints(std::vector<int> &v, unsigned seed, int range)
{
    for (auto &x : v) {
        seed = seed * 1664525u + 1013904223u;
        x = (int)((seed >> 8) % (unsigned)range);
    }
}

template <class T> static inline T *ck_alloc_poison(long n)
{
    void *p = NULL;
    if (cudaMalloc(&p, (size_t)(n ? n : 1) * sizeof(T)) != cudaSuccess) {
        fprintf(stderr, "drill: cannot allocate %ld elements on the device\n", n);
        exit(3);
    }
    cudaMemset(p, 0xff, (size_t)n * sizeof(T)); /* all ones: NaN as a float */
    return (T *)p;
}

template <class T> static inline T *ck_upload(const std::vector<T> &v)
{
    T *p = ck_alloc_poison<T>((long)v.size());
    cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
    return p;
}

template <class T> static inline void ck_download(std::vector<T> &v, const T *p)
{
    cudaMemcpy(v.data(), p, v.size() * sizeof(T), cudaMemcpyDeviceToHost);
}

#ifndef CK_SIMT_EMU
/* Every SM's shared memory filled with all-ones bits (NaN as a float, the
 * largest unsigned, -1 as an int) before each case, so that a kernel
 * reading shared memory it never wrote reads garbage -- not the zeros a
 * GPU fresh from its last reset often holds there, which would let a
 * missing clear pass. Shared memory is not cleared between kernels. */
static __global__ void ck_dirty_shared(int words)
{
    extern __shared__ unsigned ck_dirt[];
    for (int i = threadIdx.x; i < words; i += blockDim.x)
        ck_dirt[i] = 0xffffffffu;
}

static inline void ck_dirty_shared_all(int sms)
{
    int dev = 0, most = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    if (most <= 0 || sms <= 0)
        return;
    cudaFuncSetAttribute(ck_dirty_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, most);
    ck_dirty_shared<<<2 * sms, 1024, most>>>(most / 4);
    cudaDeviceSynchronize();
    cudaGetLastError(); /* a GPU that refuses it only loses the dirt */
}
#endif

struct ck_drill {
    std::vector<ck_size> sizes;
    bool on_gpu = false, timed = false, failed = false;
    bool dirt = true; /* --no-dirt: the sanitizers' runs (racecheck follows every store) */
    int sm_count = 1;
    const char *cur = "";

    ck_drill(int argc, char **argv)
    {
#ifndef CK_SIMT_EMU
        on_gpu = true;
        int dev = 0;
        cudaGetDevice(&dev);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, dev);
#endif
        for (int i = 1; i < argc; i++) {
            ck_size z;
            if (!strcmp(argv[i], "--time"))
                timed = true;
            else if (!strcmp(argv[i], "--no-dirt"))
                dirt = false;
            else if (ck_parse_size(argv[i], &z))
                sizes.push_back(z);
            else {
                fprintf(stderr, "drill: %s is not a size (N, RxC, RxCxK or NxCxHxW)\n", argv[i]);
                exit(2);
            }
        }
        setvbuf(stdout, NULL, _IOLBF, 0);
        printf("ck-drill 1\n");
    }
    int count() const { return (int)sizes.size(); }
    const ck_size &size(int i) const { return sizes[i]; }
    bool gpu() const { return on_gpu; }
    int sms() const { return sm_count; }
    bool timing() const { return timed && on_gpu; }
    const char *name() const { return cur; }

    bool begin(int i)
    {
#ifndef CK_SIMT_EMU
        if (dirt)
            ck_dirty_shared_all(sm_count);
#endif
        cur = sizes[i].text;
        printf("begin %s\n", cur);
        fflush(stdout);
        return true;
    }

    /* after a launch: on a GPU, the launch's and the kernel's errors */
    bool launched(cudaError_t err)
    {
#ifndef CK_SIMT_EMU
        if (err == cudaSuccess)
            err = cudaDeviceSynchronize();
        if (err != cudaSuccess) {
            printf("case %s fail cause=launch message=%s\n", cur, cudaGetErrorString(err));
            fflush(stdout);
            failed = true;
            exit(1);
        }
#endif
        (void)err;
        return true;
    }

    void fail(const char *name, long i, double want, double got, const char *cause)
    {
        printf("case %s fail index=%ld expected=%.9g got=%.9g cause=%s\n", name, i, want, got,
               cause);
        fflush(stdout);
        failed = true;
    }
    void pass(const char *name)
    {
        printf("case %s pass\n", name);
        fflush(stdout);
    }

    /* the first element off by more than tol (relative, against max(1,
     * |want|)), with the likeliest cause */
    template <class G, class W>
    bool check(const char *name, const G *got, const W *want, long n, double tol)
    {
        for (long i = 0; i < n; i++) {
            double g = (double)got[i], w = (double)want[i];
            if (fabs(g - w) <= tol * std::max(1.0, fabs(w)))
                continue;
            fail(name, i, w, g, cause_of(got, want, n, i, tol));
            return false;
        }
        pass(name);
        return true;
    }
    /* for an output updated in place (y = a x + y): an element still equal
     * to its value before the launch was never written */
    bool check_updated(const char *name, const float *got, const float *want, const float *before,
                       long n, double tol)
    {
        for (long i = 0; i < n; i++) {
            double g = got[i], w = want[i];
            if (fabs(g - w) <= tol * std::max(1.0, fabs(w)))
                continue;
            fail(name, i, w, g, g == before[i] ? "unwritten" : cause_of(got, want, n, i, tol));
            return false;
        }
        pass(name);
        return true;
    }
    bool check_floats(const char *name, const float *got, const float *want, long n, double tol)
    {
        return check(name, got, want, n, tol);
    }
    bool check_ints(const char *name, const int *got, const int *want, long n)
    {
        return check(name, got, want, n, 0.0);
    }

    template <class G, class W>
    static const char *cause_of(const G *got, const W *want, long n, long i, double tol)
    {
        double g = (double)got[i], w = (double)want[i];
        auto near = [&](double a, double b) { return fabs(a - b) <= tol * std::max(1.0, fabs(b)); };
        if (g != g) {
            unsigned bits = 0;
            memcpy(&bits, &got[i], sizeof bits < sizeof got[i] ? sizeof bits : sizeof got[i]);
            return bits == 0xffffffffu ? "unwritten" : "nan";
        }
        /* shifted by one: this element holds a neighbour's answer, or the
         * next one holds this one's (an exclusive scan's first element) */
        if ((i > 0 && near(g, (double)want[i - 1])) || (i + 1 < n && near(g, (double)want[i + 1])) ||
            (i + 1 < n && near((double)got[i + 1], w)))
            return "shifted";
        if (w != 0 && near(g, 2 * w))
            return "twice";
        return "wrong";
    }

    /* one sum (a reduction): too small is a sum missing terms, a whole
     * multiple a sum added more than once */
    bool check_sum(const char *name, double got, double want, double tol)
    {
        if (fabs(got - want) <= tol * std::max(1.0, fabs(want))) {
            pass(name);
            return true;
        }
        double q = want != 0 ? got / want : 0;
        const char *cause = got != got ? "nan"
                            : q > 1.5 && fabs(q - floor(q + 0.5)) < 0.01 ? "repeated"
                            : q > 0 && q < 1 ? "partial"
                                             : "wrong";
        fail(name, 0, want, got, cause);
        return false;
    }

    /* median of several timed runs of f (a GPU only), after a warm-up */
    template <class F> void time(const char *name, double bytes, double flops, F f)
    {
#ifndef CK_SIMT_EMU
        cudaEvent_t a, b;
        cudaEventCreate(&a), cudaEventCreate(&b);
        f();
        cudaDeviceSynchronize();
        std::vector<float> ms;
        for (int r = 0; r < 15; r++) {
            cudaEventRecord(a);
            f();
            cudaEventRecord(b);
            cudaEventSynchronize(b);
            float t = 0;
            cudaEventElapsedTime(&t, a, b);
            ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        printf("time %s %.6g bytes=%.6g flops=%.6g\n", name, ms[ms.size() / 2], bytes, flops);
        fflush(stdout);
        cudaEventDestroy(a), cudaEventDestroy(b);
#else
        (void)name, (void)bytes, (void)flops, (void)f;
#endif
    }

    int finish()
    {
        printf("end\n");
        fflush(stdout);
        return failed ? 1 : 0;
    }
};

#endif
