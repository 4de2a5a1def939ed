/* cudnn_dl.c - cuDNN loaded with dlopen (see cudnn_dl.h). Only compiled
 * into the GPU build; the shared loader in ../common/dl.c finds the library
 * on the loader path, in the CUDA toolkit or in Python wheels. */
#include "../common/ck.h"

#if CK_HAVE_CUDA && __has_include(<cudnn.h>)
#include "cudnn_dl.h"

#include <dlfcn.h>
#include <stdlib.h>

#include "../common/dl.h"

/* Looks up name; on a miss sets *missing so the load fails as a whole. */
static void bind(void *lib, void *fnptr, const char *name, int *missing)
{
    void *p = dlsym(lib, name);
    if (!p)
        *missing = 1;
    *(void **)fnptr = p;
}

struct conv_cudnn_lib *conv_cudnn_load(void)
{
    static const char *const names[] = {"libcudnn.so.9", NULL};
    void *lib = ck_dl_open(names);
    if (!lib)
        return NULL;
    struct conv_cudnn_lib *l = calloc(1, sizeof *l);
    if (!l) {
        dlclose(lib);
        return NULL;
    }
    int miss = 0;
    size_t (*get_version)(void) = NULL;
    l->lib = lib;
    bind(lib, &get_version, "cudnnGetVersion", &miss);
    bind(lib, &l->error_string, "cudnnGetErrorString", &miss);
    bind(lib, &l->create, "cudnnCreate", &miss);
    bind(lib, &l->destroy, "cudnnDestroy", &miss);
    bind(lib, &l->create_tensor, "cudnnCreateTensorDescriptor", &miss);
    bind(lib, &l->destroy_tensor, "cudnnDestroyTensorDescriptor", &miss);
    bind(lib, &l->set_tensor4d, "cudnnSetTensor4dDescriptor", &miss);
    bind(lib, &l->create_filter, "cudnnCreateFilterDescriptor", &miss);
    bind(lib, &l->destroy_filter, "cudnnDestroyFilterDescriptor", &miss);
    bind(lib, &l->set_filter4d, "cudnnSetFilter4dDescriptor", &miss);
    bind(lib, &l->create_conv, "cudnnCreateConvolutionDescriptor", &miss);
    bind(lib, &l->destroy_conv, "cudnnDestroyConvolutionDescriptor", &miss);
    bind(lib, &l->set_conv2d, "cudnnSetConvolution2dDescriptor", &miss);
    bind(lib, &l->set_math, "cudnnSetConvolutionMathType", &miss);
    bind(lib, &l->out_dim, "cudnnGetConvolution2dForwardOutputDim", &miss);
    bind(lib, &l->algo_max, "cudnnGetConvolutionForwardAlgorithmMaxCount", &miss);
    bind(lib, &l->workspace, "cudnnGetConvolutionForwardWorkspaceSize", &miss);
    bind(lib, &l->find_ex, "cudnnFindConvolutionForwardAlgorithmEx", &miss);
    bind(lib, &l->forward, "cudnnConvolutionForward", &miss);
    if (miss) {
        conv_cudnn_unload(l);
        return NULL;
    }
    l->version = get_version();
    return l;
}

void conv_cudnn_unload(struct conv_cudnn_lib *l)
{
    if (!l)
        return;
    dlclose(l->lib);
    free(l);
}
#else
typedef int conv_cudnn_dl_unused; /* ISO C: no empty translation unit */
#endif
