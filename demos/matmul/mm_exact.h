/* mm_exact.h: the exact check of a GEMM-shaped result, for any size and
 * every precision the ladder computes in.
 *
 * The inputs are small non-negative integers (0..MM_EXACT_MAX, mean 1.5):
 * exact in FP32, TF32, FP16 and BF16, and every partial sum of a dot
 * product, in any order, is an integer at most K * MM_EXACT_MAX^2, below
 * 2^24 for K < MM_EXACT_K_MAX, so an FP32 accumulator holds it exactly and
 * a right result is bit for bit the exact one. The whole of C is checked
 * at O(MK + KN + MN) cost, with no reference product: every element must
 * be an integer in range, and every row sum and every column sum must
 * equal the exact ones, A (B 1) and (1^T A) B, computed in 64-bit
 * integers. One wrong element moves its row's and its column's sum, so it
 * never passes. */
#ifndef MM_EXACT_H
#define MM_EXACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MM_EXACT_MAX 3
#define MM_EXACT_K_MAX ((1L << 24) / (MM_EXACT_MAX * MM_EXACT_MAX))

struct mm_exact {
    int M, N, K;
    float *A, *B;          /* (M, K), (K, N): integers 0..MM_EXACT_MAX */
    long long *row, *col;  /* exact sums of C's rows (M) and columns (N) */
};

/* false: out of host memory, or K >= MM_EXACT_K_MAX (e left empty). */
bool mm_exact_init(struct mm_exact *e, int M, int N, int K, uint64_t seed);
void mm_exact_free(struct mm_exact *e);
/* Whether C (M, N) is exactly A * B; otherwise why says where it is not. */
bool mm_exact_check(const struct mm_exact *e, const float *C, char *why,
                    size_t n);

#endif
