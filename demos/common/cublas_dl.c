/* cublas_dl.c: cuBLAS loaded with dlopen (see cublas_dl.h). */
#define _GNU_SOURCE
#include "cublas_dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "dl.h"

static void *sym(void *lib, const char *name, int *missing)
{
    void *p = dlsym(lib, name);
    if (!p)
        *missing = 1;
    return p;
}

struct ck_cublas *ck_cublas_load(void)
{
    static const char *const names[] = {"libcublas.so.13", "libcublas.so.12",
                                        NULL};
    void *lib = ck_dl_open(names);
    if (!lib)
        return NULL;
    struct ck_cublas *cb = calloc(1, sizeof *cb);
    if (!cb) {
        dlclose(lib);
        return NULL;
    }
    int missing = 0;
    cb->lib = lib;
    *(void **)&cb->create = sym(lib, "cublasCreate_v2", &missing);
    *(void **)&cb->destroy = sym(lib, "cublasDestroy_v2", &missing);
    *(void **)&cb->set_math = sym(lib, "cublasSetMathMode", &missing);
    *(void **)&cb->sgemm = sym(lib, "cublasSgemm_v2", &missing);
    *(void **)&cb->gemm_ex = sym(lib, "cublasGemmEx", &missing);
    *(void **)&cb->gemm_strided_ex = sym(lib, "cublasGemmStridedBatchedEx", &missing);
    cublasStatus_t (*prop)(libraryPropertyType, int *) = NULL;
    *(void **)&prop = sym(lib, "cublasGetProperty", &missing);
    int v[3] = {0, 0, 0};
    if (missing || prop(MAJOR_VERSION, &v[0]) || prop(MINOR_VERSION, &v[1]) ||
        prop(PATCH_LEVEL, &v[2])) {
        ck_cublas_free(cb);
        return NULL;
    }
    snprintf(cb->version, sizeof cb->version, "%d.%d.%d", v[0], v[1], v[2]);
    return cb;
}

void ck_cublas_free(struct ck_cublas *cb)
{
    if (!cb)
        return;
    dlclose(cb->lib);
    free(cb);
}

const char *ck_cublas_status_str(int status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    default: return "unknown cuBLAS status";
    }
}
