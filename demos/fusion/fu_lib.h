// fu_lib.h: the fusion demo's library rungs (fu_lib.cu, GPU build only):
// cuDNN for the convolution and cuBLASLt for the GEMM, both opened with
// dlopen at run time (libcudnn.so.9, libcublasLt.so.13 or .12), so a
// machine without them runs every other rung.
//
//   fu_lib_prepare()   loads the library the op needs (once), describes
//                      the problem and picks the algorithm: cuDNN's
//                      fastest under FMA math (pure FP32) by
//                      cudnnFindConvolutionForwardAlgorithmEx, for both
//                      library rungs alike; cuBLASLt's first heuristic
//                      pick under CUBLAS_COMPUTE_32F with, for lib-fused,
//                      CUBLASLT_EPILOGUE_GELU_BIAS; for the conv's fused
//                      rung the graph API's plan where cuDNN has one
//                      (fu_lib_graph.cuh). FU_DECLINED with the
//                      reason in err when the library is missing or has
//                      no algorithm for it.
//   fu_lib_unfused(), fu_lib_fused()   the rungs' launchers (fu_ladder.h)
//   fu_lib_note()      what the rung called: the algorithm, the API
//   fu_lib_free()      everything, accepts NULL
#pragma once
#include "fu_kernels.cuh"

#define FU_DECLINED 100

struct fu_lib *fu_lib_new(void);
int fu_lib_prepare(struct fu_lib *l, const struct fu_args *a, bool fused, struct ck_err *err);
int fu_lib_unfused(const struct fu_args *a, struct ck_err *err);
int fu_lib_fused(const struct fu_args *a, struct ck_err *err);
const char *fu_lib_algo(const struct fu_lib *l, int op);
const char *fu_lib_api(const struct fu_lib *l, int op, bool fused);
void fu_lib_free(struct fu_lib *l);
