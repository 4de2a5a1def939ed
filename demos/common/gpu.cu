// gpu.cu: device-memory helpers shared by the demos (see gpu.h).
#include "gpu.h"
#include "ck_cuda.cuh"

// Same value distribution as ck_rng_float on the host: +-[0.1, 1).
__global__ void fill_random_kernel(float *p, size_t n, uint64_t seed)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += stride) {
        uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 29;
        x *= 0x94D049BB133111EBull;
        x ^= x >> 32;
        float mag = 0.1f + 0.9f * (float)((x >> 8) & 0xFFFFFF) / 16777216.0f;
        p[i] = (x & 1) ? -mag : mag;
    }
}

extern "C" int ck_gpu_fits(size_t bytes, struct ck_err *err)
{
    size_t free_b = 0, total_b = 0;
    const size_t spare = 64u << 20;
    CUDA_CHECK(err, cudaMemGetInfo(&free_b, &total_b));
    if (bytes + spare <= free_b)
        return 1;
    snprintf(err->msg, sizeof err->msg,
             "needs %zu bytes of device memory (plus %zu spare), only %zu of "
             "%zu free",
             bytes, spare, free_b, total_b);
    return 0;
}

extern "C" int ck_gpu_fill_random(float *p, size_t n, uint64_t seed,
                                  struct ck_err *err)
{
    CK_LAUNCH(err, fill_random_kernel, 1024, 256, 0, 0, p, n, seed);
    return CK_OK;
}

extern "C" int ck_gpu_poison(float *p, size_t n, struct ck_err *err)
{
    CUDA_CHECK(err, cudaMemset(p, 0xFF, n * sizeof(float))); // NaN bits
    return CK_OK;
}

extern "C" int ck_gpu_check_run(ck_run_fn run, void *ctx, float *d_out,
                                float *h_out, size_t n, struct ck_err *err)
{
    int rc = ck_gpu_poison(d_out, n, err);
    if (rc == CK_OK)
        rc = run(ctx, 0);
    if (rc != CK_OK)
        return rc;
    CUDA_CHECK(err, cudaDeviceSynchronize());
    CUDA_CHECK(err, cudaMemcpy(h_out, d_out, n * sizeof(float),
                               cudaMemcpyDeviceToHost));
    return CK_OK;
}
