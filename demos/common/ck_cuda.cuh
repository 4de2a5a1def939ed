/* ck_cuda.cuh: the error convention of every .cu file and rung (GPU side
 * only, never included by C). Every function that uses these returns int
 * (enum ck_status) and takes a struct ck_err *err; on failure the message
 * names the call, what went wrong, and the file and line of the call, which
 * for a rung is its own NN_*.cuh:
 *
 *   CUDA_CHECK(err, expr)     a CUDA runtime call (also a CUB call, which
 *                             returns cudaError_t)
 *   CUDA_LAUNCH_CHECK(err)    cudaGetLastError() after a launch
 *   CK_LAUNCH(err, kernel, grid, block, smem, stream, args...)
 *                             launch and check in one: every rung launches
 *                             through it, so emu/simt.h can run the
 *                             same launcher on the CPU. A template kernel
 *                             goes in through a pointer first
 *                             (`auto *k = &kern<8, 8>;`): the macro would
 *                             split its template arguments.
 *   CUBLAS_CHECK(err, expr)   a cuBLAS call (its status named by
 *                             ck_cublas_status_str, cublas_dl.h)
 *   CUDNN_CHECK(err, lib, expr) a cuDNN call (named by lib->error_string)
 *   CK_DYN_SHARED(type, name) the block's dynamic shared memory as an array
 *                             name[] (the emulation gives it a buffer)
 *   CK_LAUNCH_EARLY(err, early, kernel, grid, block, smem, stream, args...)
 *                             CK_LAUNCH; with `early` true (only on compute
 *                             capability 9.0 and later) the kernel may start
 *                             while the one before it in the stream still
 *                             runs, once each block of that one has called
 *                             ck_grid_release() or ended (programmatic
 *                             dependent launch)
 *   ck_early_ok(kernel)       whether `kernel` may be launched early: its
 *                             code was compiled for 9.0 or later (so it has
 *                             the wait below); false in the emulation
 *   struct ck_workspace, ck_workspace_fit(ws, bytes, zero, err),
 *   ck_workspace_free(ws)     device memory a launcher keeps between calls,
 *                             grown on demand (the first call of a size is
 *                             the untimed check run), freed at the end
 *   ck_grid_wait()            in a kernel launched early: waits until the
 *                             kernel before it has ended and its writes
 *                             are visible; ck_grid_release() in that kernel
 *                             lets the next one start. Both do nothing in an
 *                             ordinary launch, below 9.0 and in the emulation.
 * With CK_SIMT_EMU (emu/simt.h, included first) CUDA's headers are
 * not read and the emulation's CK_LAUNCH and CK_DYN_SHARED are used. */
#ifndef CK_CUDA_CUH
#define CK_CUDA_CUH

#include <stdio.h>
#ifndef CK_SIMT_EMU
#include <cuda_runtime.h>
#endif
#include "ck.h"

/* Any library call whose status is `ok` on success; name(status) says why. */
#define CK_CHECK_STATUS(err, expr, ok, name)                                   \
    do {                                                                       \
        auto ck_st_ = (expr);                                                  \
        if (ck_st_ != (ok)) {                                                  \
            snprintf((err)->msg, sizeof (err)->msg, "%s: %s (%s:%d)", #expr,   \
                     name(ck_st_), __FILE__, __LINE__);                        \
            return CK_ECUDA;                                                   \
        }                                                                      \
    } while (0)

#define CUDA_CHECK(err, expr)                                                  \
    CK_CHECK_STATUS(err, expr, cudaSuccess, cudaGetErrorString)

#define CUDA_LAUNCH_CHECK(err) CUDA_CHECK(err, cudaGetLastError())

#define CUBLAS_CHECK(err, expr)                                                \
    CK_CHECK_STATUS(err, expr, CUBLAS_STATUS_SUCCESS, ck_cublas_status_str)

#define CUDNN_CHECK(err, lib, expr)                                            \
    CK_CHECK_STATUS(err, expr, CUDNN_STATUS_SUCCESS, (lib)->error_string)

/* the message of a launch that failed (the kernel's name, the caller, the
 * error, where), and the return */
#define CK_LAUNCH_FAILED(err, kernel, e)                                       \
    do {                                                                       \
        snprintf((err)->msg, sizeof (err)->msg, "launch %s in %s: %s (%s:%d)", \
                 #kernel, __func__, cudaGetErrorString(e), __FILE__, __LINE__); \
        return CK_ECUDA;                                                       \
    } while (0)

#ifndef CK_LAUNCH
#define CK_LAUNCH(err, kernel, grid, block, smem, stream, ...)                 \
    do {                                                                       \
        kernel<<<(grid), (block), (smem), (stream)>>>(__VA_ARGS__);            \
        cudaError_t ck_le_ = cudaGetLastError();                               \
        if (ck_le_ != cudaSuccess)                                             \
            CK_LAUNCH_FAILED(err, kernel, ck_le_);                             \
    } while (0)
#endif

#ifndef CK_DYN_SHARED
#define CK_DYN_SHARED(type, name) extern __shared__ type name[]
#endif

#ifdef CK_SIMT_EMU /* the emulation runs kernels one after another */
#define CK_LAUNCH_EARLY(err, early, kernel, grid, block, smem, stream, ...)    \
    do {                                                                       \
        (void)(early);                                                         \
        CK_LAUNCH(err, kernel, grid, block, smem, stream, __VA_ARGS__);        \
    } while (0)
#else
#define CK_LAUNCH_EARLY(err, early, kernel, grid, block, smem, strm, ...)      \
    do {                                                                       \
        cudaLaunchAttribute ck_at_[1];                                         \
        ck_at_[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;     \
        ck_at_[0].val.programmaticStreamSerializationAllowed = 1;              \
        cudaLaunchConfig_t ck_lc_ = {};                                        \
        ck_lc_.gridDim = dim3(grid);                                           \
        ck_lc_.blockDim = dim3(block);                                         \
        ck_lc_.dynamicSmemBytes = (smem);                                      \
        ck_lc_.stream = (strm);                                                \
        ck_lc_.attrs = ck_at_;                                                 \
        ck_lc_.numAttrs = (early) ? 1 : 0;                                     \
        cudaError_t ck_le_ = cudaLaunchKernelEx(&ck_lc_, kernel, __VA_ARGS__); \
        if (ck_le_ != cudaSuccess)                                             \
            CK_LAUNCH_FAILED(err, kernel, ck_le_);                             \
    } while (0)
#endif

#ifdef CK_SIMT_EMU
static inline bool ck_early_ok(const void *) { return false; }
#else
static inline bool ck_early_ok(const void *kernel)
{
    static const void *seen[32]; // the answers so far, one per kernel
    static bool ans[32];
    static int n;
    for (int i = 0; i < n; i++)
        if (seen[i] == kernel)
            return ans[i];
    cudaFuncAttributes fa;
    bool ok = cudaFuncGetAttributes(&fa, kernel) == cudaSuccess && fa.ptxVersion >= 90;
    if (n < 32)
        seen[n] = kernel, ans[n++] = ok;
    return ok;
}
#endif

struct ck_workspace {
    void *p;
    size_t bytes;
};

static inline void ck_workspace_free(struct ck_workspace *ws)
{
    cudaFree(ws->p);
    ws->p = NULL, ws->bytes = 0;
}

/* At least `need` bytes at ws->p: the old memory freed and new allocated
 * when it is smaller, and then, with `zero`, set to zeros once. */
static inline int ck_workspace_fit(struct ck_workspace *ws, size_t need, bool zero,
                                   struct ck_err *err)
{
    if (ws->bytes >= need)
        return CK_OK;
    CUDA_CHECK(err, cudaFree(ws->p));
    ws->p = NULL, ws->bytes = 0;
    CUDA_CHECK(err, cudaMalloc(&ws->p, need));
    ws->bytes = need;
    if (zero)
        CUDA_CHECK(err, cudaMemset(ws->p, 0, need));
    return CK_OK;
}

__device__ __forceinline__ void ck_grid_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}
__device__ __forceinline__ void ck_grid_release()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}

#endif
