/* cpu_mm.h: the matmul demo's CPU variants and its FP64 reference (plain C).
 * Row-major, C (M,N) = A (M,K) * B (K,N).
 *
 *   cpu_mm_naive     the textbook triple loop, one thread, FP32 sums
 *   cpu_mm_blocked   cache-blocked (tiles of K and N that stay in L1/L2),
 *                    rows split over all host cores, FP32 sums
 *   cpu_mm_ref_rows  FP64 sums for the listed rows only: ref[r*N + j] is
 *                    row rows[r]; rows == NULL means every row */
#ifndef CPU_MM_H
#define CPU_MM_H

void cpu_mm_naive(int M, int N, int K, const float *A, const float *B, float *C);
void cpu_mm_blocked(int M, int N, int K, const float *A, const float *B, float *C);
void cpu_mm_ref_rows(int M, int N, int K, const float *A, const float *B,
                     const int *rows, int nrows, double *ref);

#endif
