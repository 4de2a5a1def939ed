/* sdpa_dl.h: the cuDNN calls the attention demo's cudnn-sdpa rung makes,
 * loaded at run time with dlopen (libcudnn.so.9, found by ../common/dl.c)
 * into a table of function pointers, so cuDNN is never a link-time
 * dependency: without it the rung declines and every other one runs.
 * These are cuDNN 9's backend (graph) API of cudnn_graph.h: descriptors
 * created, given attributes, finalized, executed. Only built with CUDA and
 * cuDNN's headers (the types come from cudnn_graph.h; nothing is linked).
 *
 *   struct sdpa_lib *l = sdpa_lib_load();  // NULL: not installed
 *   l->create(&h); ...
 *   sdpa_lib_unload(l);                    // accepts NULL */
#ifndef AT_SDPA_DL_H
#define AT_SDPA_DL_H

#include <stddef.h>
#include <cudnn_graph.h>

#ifdef __cplusplus
extern "C" {
#endif

struct sdpa_lib {
    void *lib;
    size_t version; /* cudnnGetVersion(): major*10000 + minor*100 + patch */
    const char *(*error_string)(cudnnStatus_t s);
    /* cuDNN's own words on the last failure (9.0 and newer; may be NULL) */
    void (*last_error)(char *message, size_t max_size);
    cudnnStatus_t (*create)(cudnnHandle_t *h);
    cudnnStatus_t (*destroy)(cudnnHandle_t h);
    cudnnStatus_t (*desc_create)(cudnnBackendDescriptorType_t t, cudnnBackendDescriptor_t *d);
    cudnnStatus_t (*desc_destroy)(cudnnBackendDescriptor_t d);
    cudnnStatus_t (*set)(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                         cudnnBackendAttributeType_t type, int64_t count, const void *values);
    cudnnStatus_t (*get)(cudnnBackendDescriptor_t const d, cudnnBackendAttributeName_t name,
                         cudnnBackendAttributeType_t type, int64_t requested, int64_t *count,
                         void *values);
    cudnnStatus_t (*finalize)(cudnnBackendDescriptor_t d);
    cudnnStatus_t (*execute)(cudnnHandle_t h, cudnnBackendDescriptor_t plan,
                             cudnnBackendDescriptor_t pack);
};

struct sdpa_lib *sdpa_lib_load(void);
void sdpa_lib_unload(struct sdpa_lib *l);

#ifdef __cplusplus
}
#endif

#endif
