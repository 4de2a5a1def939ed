/* sdpa_dl.c: cuDNN's backend API loaded with dlopen (see sdpa_dl.h). Only
 * compiled into the GPU build with cuDNN's headers; the shared loader in
 * ../common/dl.c finds libcudnn.so.9 on the loader path, in the CUDA
 * toolkit or in Python wheels. */
#include "ck.h"

#if CK_HAVE_CUDA && __has_include(<cudnn_graph.h>)
#include "sdpa_dl.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "dl.h"

/* Looks up name; on a miss sets *missing so the load fails as a whole. */
static void bind(void *lib, void *fnptr, const char *name, int *missing)
{
    void *p = dlsym(lib, name);
    if (!p)
        *missing = 1;
    *(void **)fnptr = p;
}

struct sdpa_lib *sdpa_lib_load(void)
{
    static const char *const names[] = {"libcudnn.so.9", NULL};
    void *lib = ck_dl_open(names);
    if (!lib)
        return NULL;
    struct sdpa_lib *l = calloc(1, sizeof *l);
    if (!l) {
        dlclose(lib);
        return NULL;
    }
    int miss = 0, optional = 0;
    size_t (*get_version)(void) = NULL;
    l->lib = lib;
    bind(lib, &get_version, "cudnnGetVersion", &miss);
    bind(lib, &l->error_string, "cudnnGetErrorString", &miss);
    bind(lib, &l->last_error, "cudnnGetLastErrorString", &optional);
    bind(lib, &l->create, "cudnnCreate", &miss);
    bind(lib, &l->destroy, "cudnnDestroy", &miss);
    bind(lib, &l->desc_create, "cudnnBackendCreateDescriptor", &miss);
    bind(lib, &l->desc_destroy, "cudnnBackendDestroyDescriptor", &miss);
    bind(lib, &l->set, "cudnnBackendSetAttribute", &miss);
    bind(lib, &l->get, "cudnnBackendGetAttribute", &miss);
    bind(lib, &l->finalize, "cudnnBackendFinalize", &miss);
    bind(lib, &l->execute, "cudnnBackendExecute", &miss);
    if (miss) {
        sdpa_lib_unload(l);
        return NULL;
    }
    l->version = get_version();
    return l;
}

void sdpa_lib_unload(struct sdpa_lib *l)
{
    if (!l)
        return;
    dlclose(l->lib);
    free(l);
}
#else
typedef int sdpa_dl_unused; /* ISO C: no empty translation unit */
#endif
