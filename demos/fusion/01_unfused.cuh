// Rung 1, unfused by hand: three launches. The hand implicit GEMM
// (fu_kernels.cuh) writes the product to global memory; fu_bias_kernel
// reads every element back, adds its column's bias and writes it; then
// fu_act_kernel reads and writes it once more. The product crosses the
// memory bus five times (fu_traffic.h): four of them are what rung 2 saves.
#pragma once
#include "fu_kernels.cuh"

static int fu_unfused(const struct fu_args *a, struct ck_err *err)
{
    int rc = fu_gemm_launch<false>(a, err);
    return rc != CK_OK ? rc : fu_bias_act(a, err);
}
