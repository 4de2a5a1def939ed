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
                    // by it ('best'); 0: unknown (taken as an H200's,
                    // CK_H200_SMS in common/sm_fill.h)
    int cc;         // its compute capability x 10 (90: Hopper), for launchers
                    // that pick a path by it (tf32-mma); 0: unknown
    const void *hA, *hB; // A and B in 16 bits (FP16 or BF16, as the rung's
                         // precision column says), for the rungs that
                         // multiply in 16 bits; NULL for the others
};

// Tile number pid -> the tile's first row m0 and column n0 (BM x BN tiles
// of M x N), in groups of GROUP tile rows, so that blocks running at the
// same time share rows of A and columns of B in L2 (every tiled rung from
// 'best' on).
__device__ __forceinline__ void mm_tile(int M, int N, int BM, int BN, int GROUP, int pid,
                                        int *m0, int *n0)
{
    int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
    int per_group = GROUP * tiles_n;
    int first_m = pid / per_group * GROUP;
    int gsize = min(tiles_m - first_m, GROUP);
    *m0 = (first_m + (pid % per_group) % gsize) * BM;
    *n0 = (pid % per_group) / gsize * BN;
}

#endif
