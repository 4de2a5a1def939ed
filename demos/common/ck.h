/* ck.h: what every demo shares first: exit codes, the build switch and an
 * error-message buffer.
 *
 * The exit codes are the demos' contract (demos/README.md): every demo
 * exits with one of them, and running out of host memory is CK_ENOMEM in
 * every demo, whatever it was allocating.
 *
 * CK_HAVE_CUDA is 1 when demos.mk found nvcc (GPU variants are compiled) and
 * 0 otherwise; every translation unit gets it from the command line, so C code
 * writes `#if CK_HAVE_CUDA` around calls into .cu entry points.
 *
 * struct ck_err carries one human message out of a failing call (the caller
 * owns it, usually on its stack); functions that can fail take it last. */
#ifndef CK_H
#define CK_H

#ifndef CK_HAVE_CUDA
#define CK_HAVE_CUDA 0
#endif

enum ck_status {
    CK_OK = 0,      /* success, also a CPU fallback */
    CK_EARGS = 2,   /* bad arguments */
    CK_ECHECK = 3,  /* a correctness check failed */
    CK_ECUDA = 4,   /* a CUDA (or cuBLAS/cuDNN/CUB) call or a launch failed */
    CK_ENOMEM = 5,  /* out of host memory */
};

struct ck_err {
    char msg[256];
};

#endif
