// Histogram of n values in 0 .. 255 into bins[256] (0 before the launch).
// Counting straight into global memory works but every thread fights over
// the same 256 counters: give each block its own copy in shared memory.

__global__ void histogram(const int *data, int n, unsigned *bins)
{
    __shared__ unsigned local[256];
    // TODO: clear local (256 counters, blockDim.x threads), then a barrier
    // TODO: count into local with atomicAdd (a grid-stride loop), a barrier
    // TODO: add each non-zero local counter to bins with one atomicAdd
    (void)local, (void)data, (void)n, (void)bins;
}
