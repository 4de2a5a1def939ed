/* nccl_dl.c: NCCL by dlopen (see nccl_dl.h). */
#define _GNU_SOURCE
#include "nccl_dl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dl.h"

void mg_nccl_safe_env(void)
{
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    setenv("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1", 1);
    setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
}

void mg_nccl_version_text(int code, char *out, size_t n)
{
    if (code >= 10000)
        snprintf(out, n, "%d.%d.%d", code / 10000, code % 10000 / 100, code % 100);
    else
        snprintf(out, n, "%d.%d.%d", code / 1000, code % 1000 / 100, code % 100);
}

static void *sym(void *lib, const char *name, const char **missing)
{
    void *p = dlsym(lib, name);
    if (!p && !*missing)
        *missing = name;
    return p;
}

static void *open_lib(char *err, size_t n)
{
    const char *path = getenv("CK_NCCL_LIB");
    if (path && *path) {
        void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!h)
            snprintf(err, n, "CK_NCCL_LIB=%s: %s", path, dlerror());
        return h;
    }
    static const char *const names[] = {"libnccl.so.2", NULL};
    void *h = ck_dl_open(names);
    if (!h)
        snprintf(err, n, "NCCL (libnccl.so.2) not found; set CK_NCCL_LIB to its full path "
                 "(pip's nvidia-nccl puts it in site-packages/nvidia/nccl/lib)");
    return h;
}

struct mg_nccl *mg_nccl_load(char *err, size_t n)
{
    mg_nccl_safe_env();
    void *lib = open_lib(err, n);
    if (!lib)
        return NULL;
    struct mg_nccl *nc = calloc(1, sizeof *nc);
    if (!nc) {
        snprintf(err, n, "out of host memory");
        dlclose(lib);
        return NULL;
    }
    const char *missing = NULL;
    int (*get_version)(int *) = NULL;
    nc->lib = lib;
    *(void **)&get_version = sym(lib, "ncclGetVersion", &missing);
    *(void **)&nc->get_unique_id = sym(lib, "ncclGetUniqueId", &missing);
    *(void **)&nc->comm_init_rank = sym(lib, "ncclCommInitRank", &missing);
    *(void **)&nc->comm_init_all = sym(lib, "ncclCommInitAll", &missing);
    *(void **)&nc->comm_destroy = sym(lib, "ncclCommDestroy", &missing);
    *(void **)&nc->error_string = sym(lib, "ncclGetErrorString", &missing);
    *(void **)&nc->group_start = sym(lib, "ncclGroupStart", &missing);
    *(void **)&nc->group_end = sym(lib, "ncclGroupEnd", &missing);
    *(void **)&nc->all_reduce = sym(lib, "ncclAllReduce", &missing);
    *(void **)&nc->all_gather = sym(lib, "ncclAllGather", &missing);
    *(void **)&nc->reduce_scatter = sym(lib, "ncclReduceScatter", &missing);
    *(void **)&nc->broadcast = sym(lib, "ncclBroadcast", &missing);
    int code = 0;
    if (missing || get_version(&code) != MG_NCCL_SUCCESS) {
        snprintf(err, n, "this NCCL lacks %s", missing ? missing : "a working ncclGetVersion");
        mg_nccl_free(nc);
        return NULL;
    }
    mg_nccl_version_text(code, nc->version, sizeof nc->version);
    return nc;
}

void mg_nccl_free(struct mg_nccl *nc)
{
    if (!nc)
        return;
    dlclose(nc->lib);
    free(nc);
}
