/* cpu_mm.c: CPU matmul variants and the FP64 reference (see cpu_mm.h). */
#include "cpu_mm.h"

#include <stdlib.h>
#include <string.h>

#include "threads.h"

#define CPU_KB 256 /* K-tile: a KB x NB tile of B stays in L2 */
#define CPU_NB 512 /* N-tile: one C row piece stays in L1 */

void cpu_mm_naive(int M, int N, int K, const float *A, const float *B, float *C)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float acc = 0.0f;
            for (int k = 0; k < K; k++)
                acc += A[(size_t)i * K + k] * B[(size_t)k * N + j];
            C[(size_t)i * N + j] = acc;
        }
}

struct mm_job {
    int M, N, K;
    const float *A, *B;
    float *C;
    const int *rows;
    double *ref;
};

/* Rows [begin, end) of C; loop order i-k-j so the inner loop runs along
 * rows of B and C (unit stride, vectorised by the compiler). */
static void blocked_rows(void *ctx, long begin, long end)
{
    const struct mm_job *j = ctx;
    int N = j->N, K = j->K;
    for (long i = begin; i < end; i++)
        memset(j->C + i * N, 0, (size_t)N * sizeof(float));
    for (int n0 = 0; n0 < N; n0 += CPU_NB) {
        int n1 = n0 + CPU_NB < N ? n0 + CPU_NB : N;
        for (int k0 = 0; k0 < K; k0 += CPU_KB) {
            int k1 = k0 + CPU_KB < K ? k0 + CPU_KB : K;
            for (long i = begin; i < end; i++) {
                float *restrict c = j->C + i * N;
                for (int k = k0; k < k1; k++) {
                    float a = j->A[i * K + k];
                    const float *restrict b = j->B + (size_t)k * N;
                    for (int n = n0; n < n1; n++)
                        c[n] += a * b[n];
                }
            }
        }
    }
}

void cpu_mm_blocked(int M, int N, int K, const float *A, const float *B, float *C)
{
    struct mm_job job = {M, N, K, A, B, C, NULL, NULL};
    ck_parallel_for(M, blocked_rows, &job);
}

static void ref_rows(void *ctx, long begin, long end)
{
    const struct mm_job *j = ctx;
    int N = j->N, K = j->K;
    for (long r = begin; r < end; r++) {
        long i = j->rows ? j->rows[r] : r;
        double *out = j->ref + r * N;
        for (int n = 0; n < N; n++)
            out[n] = 0.0;
        for (int k = 0; k < K; k++) {
            double a = j->A[i * K + k];
            const float *b = j->B + (size_t)k * N;
            for (int n = 0; n < N; n++)
                out[n] += a * (double)b[n];
        }
    }
}

void cpu_mm_ref_rows(int M, int N, int K, const float *A, const float *B,
                     const int *rows, int nrows, double *ref)
{
    struct mm_job job = {M, N, K, A, B, NULL, rows, ref};
    ck_parallel_for(rows ? nrows : M, ref_rows, &job);
}
