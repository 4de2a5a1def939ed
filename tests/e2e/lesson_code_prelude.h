/* lesson_code_prelude.h: what every lesson code block is compiled after
 * (tests/e2e/lesson_code.sh).  The headers a block may use, and the names
 * the course's fragments share without declaring them: a fragment such as
 * "cudaMemcpy(dA, hA, bytes, cudaMemcpyHostToDevice);" compiles as written.
 * A block that declares one of these names shadows it.  Names only: nothing
 * here is run. */
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cudnn.h>

[[noreturn]] static inline void die(const char *msg)
{
	fprintf(stderr, "%s\n", msg);
	exit(1);
}
#define CUDA_CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) die(cudaGetErrorString(e_)); } while (0)
#define CUBLAS_CHECK(call) do { if ((call) != CUBLAS_STATUS_SUCCESS) die(#call); } while (0)
#define CUDNN_CHECK(call) do { cudnnStatus_t s_ = (call); if (s_ != CUDNN_STATUS_SUCCESS) die(cudnnGetErrorString(s_)); } while (0)

/* matrices: C (M, N) = A (M, K) * B (K, N); h* on the host, d* on the device */
static int M = 256, N = 256, K = 256;
static float *hA, *hB, *hC, *dA, *dB, *dC;
static size_t bytesA, bytesB, bytesC;
static float alpha = 1.0f, beta = 0.0f;
static cublasHandle_t handle;
static cudaStream_t stream;
static dim3 grid, block;
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K);
/* a register-blocked kernel's tiles (lesson 8) */
constexpr int TM = 8, TN = 8, BK = 8;
static float As[BK][128], Bs[BK][128];
static int tx, ty;
/* convolution: x (n, c, h_in, w_in) * w (k, c, r, s) -> y */
static int n, c, h_in, w_in, k, r, s;
static int pad_h, pad_w, stride_h = 1, stride_w = 1, dil_h = 1, dil_w = 1;
static float *x, *w, *y;
/* the kitchen habits of lesson 12 */
static int device, steps;
static size_t bytes, count;
static void *dst0, *src1;
__global__ void work(float *buf, int n);
