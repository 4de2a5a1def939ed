// mm_kernels.h: what every matmul rung's launcher takes (GPU side only).
// Row-major FP32, C = A * B, any M, N, K >= 1; pointers are device memory.
// Every launcher is `static int mm_<rung>(const struct mm_args *a,
// struct ck_err *err)`, launches through CK_LAUNCH (ck_cuda.cuh) and
// returns enum ck_status; mm_ladder.h names it in its fn column.
#ifndef MM_KERNELS_H
#define MM_KERNELS_H
#include "ck_cuda.cuh"

struct mm_args {
    int M, N, K;
    const float *A; // (M, K) row-major
    const float *B; // (K, N) row-major
    float *C;       // (M, N) row-major
    int sms;        // the device's SMs, for launchers that size their grid
                    // by it ('best'); 0: unknown (taken as 132, an H200)
    int cc;         // its compute capability x 10 (90: Hopper), for launchers
                    // that pick a path by it (tf32-mma); 0: unknown
};

#endif
