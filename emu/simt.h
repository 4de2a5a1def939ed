/* simt.h - just enough of CUDA for the demos' kernels and the drills to
 * run on the CPU, without a GPU: simt_kernel.h (what a kernel sees, and
 * how the emulation works) and the runtime that runs a launch, the fibers
 * of simt_fiber.h. Use: g++ -std=c++17 -DCK_SIMT_EMU -include emu/simt.h
 * for a program of one file; in a program of several, one file includes
 * simt.h and the others simt_kernel.h (the runtime is defined here, once:
 * a drill check builds it alone, once per set of sanitizers). */
#ifndef CK_SIMT_H
#define CK_SIMT_H

#include "simt_kernel.h"
#include "simt_fiber.h"

void simt_run(void (*job)(void *), void *arg, dim3 grid, dim3 block, size_t smem)
{
    gridDim = grid;
    blockDim = block;
    const size_t dyn = (smem + 16) / 16 * 16;
    simt_dyn_smem = (unsigned char *)aligned_alloc(16, dyn);
    memset(simt_dyn_smem, 0xFF, dyn);
    simt_job = job;
    simt_job_arg = arg;
    simt_fibers_begin(block.x * block.y * block.z);
    for (unsigned bz = 0; bz < grid.z; bz++)
        for (unsigned by = 0; by < grid.y; by++)
            for (unsigned bx = 0; bx < grid.x; bx++) {
                blockIdx = uint3{bx, by, bz};
                simt_block_run(block);
            }
    free(simt_dyn_smem);
    simt_dyn_smem = NULL;
}

#endif
