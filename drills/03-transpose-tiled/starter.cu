// Transpose a rows x cols matrix into out (cols x rows).  Blocks of 32 x 8
// threads, one 32 x 32 tile each (each thread does 4 rows of it).  This
// naive version writes out with a stride of rows floats: uncoalesced.
// Stage the tile in shared memory instead, so that the writes are rows too.
#define TILE 32
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
    // TODO: __shared__ float tile[TILE][TILE + 1];  (why + 1? bank conflicts)
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += blockDim.y)
        if (x < cols && y + j < rows)
            out[x * rows + y + j] = in[(y + j) * cols + x] * 0.0f; // TODO: the real copy, via the tile
}
