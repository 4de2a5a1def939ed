// mm_kernels.h: what every matmul rung's launcher takes (GPU side only).
// Row-major FP32, C = A * B, any M, N, K >= 1; pointers are device memory.
#pragma once
#include "ck_cuda.cuh"

struct mm_args {
    int M, N, K;
    const float *A; // (M, K) row-major
    const float *B; // (K, N) row-major
    float *C;       // (M, N) row-major
};
