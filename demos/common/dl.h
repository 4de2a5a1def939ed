/* dl.h: find and load an optional shared library (cuBLAS, cuDNN) at run time,
 * so the demos never have a hard link dependency on them.
 *
 * ck_dl_open(names) tries each soname in order through the normal loader
 * path, then in the CUDA toolkit's lib folders, then in Python wheels'
 * nvidia/<pkg>/lib folders (where PyTorch images keep cuDNN). A colon list in
 * the CK_LIB_PATH environment variable is searched first. Returns the dlopen
 * handle (caller dlcloses) or NULL. */
#ifndef CK_DL_H
#define CK_DL_H

#ifdef __cplusplus
extern "C" {
#endif

void *ck_dl_open(const char *const *names);
/* cuDNN's version as "9.10.2" via cudnnGetVersion, or "not installed". */
void ck_cudnn_version(char *out, unsigned long n);

#ifdef __cplusplus
}
#endif

#endif
