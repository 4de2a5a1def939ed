/* nccl_dl.h: NCCL loaded with dlopen, as cuBLAS is (demos/common/
 * cublas_dl.h), so the demo builds and runs where NCCL is absent.
 *
 * The prototypes are written from NCCL's documented C API (the NCCL
 * User Guide's "NCCL API" pages); nccl.h is not included.  Enumerations
 * are passed as int, as the C ABI passes an enum; ncclUniqueId is a
 * 128-byte struct passed by value, and so is mg_nccl_id.
 *
 * Where it is looked for: the full path in CK_NCCL_LIB first (NCCL often
 * comes inside PyTorch's pip packages, nvidia/nccl/lib), then
 * "libnccl.so.2" as ck_dl_open looks for a library (dl.h).
 *
 * mg_nccl_safe_env() sets NCCL_NVLS_ENABLE=0 (NVLink SHARP, which uses
 * NVLink multicast, stays off) and the matching PyTorch and NVSHMEM
 * switches; it is called before NCCL is loaded, so every communicator and
 * every child process inherits them.  The demo never creates multicast
 * objects itself. */
#ifndef MG_NCCL_DL_H
#define MG_NCCL_DL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mg_nccl_comm *mg_comm_t;         /* ncclComm_t */
typedef struct { char internal[128]; } mg_nccl_id; /* ncclUniqueId */
enum { MG_NCCL_SUCCESS = 0, MG_NCCL_INT64 = 4, MG_NCCL_UINT64 = 5, MG_NCCL_FLOAT32 = 7, MG_NCCL_FLOAT64 = 8,
       MG_NCCL_SUM = 0 };

struct mg_nccl {
    void *lib;
    char version[32];   /* "2.27.3" */
    int (*get_unique_id)(mg_nccl_id *id);
    int (*comm_init_rank)(mg_comm_t *comm, int nranks, mg_nccl_id id, int rank);
    int (*comm_init_all)(mg_comm_t *comms, int ndev, const int *devlist);
    int (*comm_destroy)(mg_comm_t comm);
    const char *(*error_string)(int result);
    int (*group_start)(void);
    int (*group_end)(void);
    /* stream: a cudaStream_t */
    int (*all_reduce)(const void *send, void *recv, size_t count, int type, int op,
                      mg_comm_t comm, void *stream);
    int (*all_gather)(const void *send, void *recv, size_t sendcount, int type,
                      mg_comm_t comm, void *stream);
    int (*reduce_scatter)(const void *send, void *recv, size_t recvcount, int type, int op,
                          mg_comm_t comm, void *stream);
    int (*broadcast)(const void *send, void *recv, size_t count, int type, int root,
                     mg_comm_t comm, void *stream);
};

void mg_nccl_safe_env(void);
/* NULL, with why in err (n bytes), when NCCL cannot be found or lacks an
 * entry point; the caller frees with mg_nccl_free (NULL accepted). */
struct mg_nccl *mg_nccl_load(char *err, size_t n);
void mg_nccl_free(struct mg_nccl *nc);
/* "2.27.3" from ncclGetVersion's code (major*10000 + minor*100 + patch
 * since 2.9, major*1000 + minor*100 + patch before). */
void mg_nccl_version_text(int code, char *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
