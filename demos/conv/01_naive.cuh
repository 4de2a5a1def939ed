/* Rung 1, naive direct convolution: one thread per output element, looping
 * over every channel and filter tap straight from global memory. Threads
 * run along q, so neighbouring threads read neighbouring inputs; nothing is
 * reused on chip except by the caches. The yardstick the other rungs beat. */
#ifndef CK_CONV_01_NAIVE_CUH
#define CK_CONV_01_NAIVE_CUH
#include "../common/ck_cuda.cuh"
#include "conv.h"

__global__ void conv_naive_kernel(struct conv_shape sh, const float *x,
                                  const float *w, float *y)
{
    long total = (long)sh.n * sh.k * sh.p * sh.q;
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    int q = (int)(i % sh.q);
    int p = (int)(i / sh.q % sh.p);
    int k = (int)(i / ((long)sh.q * sh.p) % sh.k);
    int n = (int)(i / ((long)sh.q * sh.p * sh.k));
    int h0 = p * sh.stride - sh.pad, w0 = q * sh.stride - sh.pad;
    float acc = 0.0f;
    for (int c = 0; c < sh.c; c++) {
        const float *xc = x + ((long)n * sh.c + c) * sh.h * sh.w;
        const float *wc = w + ((long)k * sh.c + c) * sh.r * sh.s;
        for (int r = 0; r < sh.r; r++) {
            int hh = h0 + r * sh.dil;
            if (hh < 0 || hh >= sh.h)
                continue;
            for (int s = 0; s < sh.s; s++) {
                int ww = w0 + s * sh.dil;
                if (ww >= 0 && ww < sh.w)
                    acc += xc[hh * sh.w + ww] * wc[r * sh.s + s];
            }
        }
    }
    y[i] = acc;
}

static int conv_naive_launch(const struct conv_shape *sh,
                             const struct conv_io *io, struct ck_err *err)
{
    long total = (long)sh->n * sh->k * sh->p * sh->q;
    unsigned blocks = (unsigned)((total + 255) / 256);
    CK_LAUNCH(err, conv_naive_kernel, blocks, 256, 0, (cudaStream_t)io->stream,
              *sh, io->x, io->w, io->y);
    return CK_OK;
}

#endif
