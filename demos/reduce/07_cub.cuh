// Rung 7, the library: cub::DeviceReduce::Sum, header-only in the CUDA
// Toolkit. Like every CUB device-wide algorithm it is called twice: first
// with a NULL temporary-storage pointer, which only writes how many bytes
// it needs (reduce_gpu.cu does that once, allocates them, and the record's
// `workspace` shows the size); then with the storage, which does the work.
#pragma once
#include <cub/cub.cuh>
#include "rd_kernels.cuh"

static int rd_cub_bytes(long long n, size_t *bytes, struct ck_err *err)
{
    CUDA_CHECK(err, cub::DeviceReduce::Sum(nullptr, *bytes, (const float *)nullptr,
                                           (float *)nullptr, n));
    return CK_OK;
}

static int rd_cub(const struct rd_args *a, struct ck_err *err)
{
    size_t bytes = a->cub_bytes;
    CUDA_CHECK(err, cub::DeviceReduce::Sum(a->cub_tmp, bytes, a->x, a->out, a->n));
    CUDA_LAUNCH_CHECK(err);
    return CK_OK;
}
