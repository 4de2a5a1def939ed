/* banks.cu: the shared-memory kernels of lesson 19 (shared-memory-banks),
 * run once each so that Nsight Compute can count their bank conflicts
 * (demos/scripts/profile.sh runs it under ncu with
 * l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum and _st.sum).
 * Three reduction trees over 4 096 blocks of 256 (the t % (2*s) form, the
 * i = 2*s*t form, sequential addressing) and the tiled transpose of a
 * 2048 x 2048 matrix with a 32 x 32 and a 32 x 33 tile.  Every result is
 * checked on the host (integer-valued floats: the sums are exact), so a
 * count is never reported for a kernel that computed the wrong thing.
 * Exit 0 when every check passes, 1 otherwise.  It is not a timing
 * program: ncu replays each kernel, and the counts are what it is for. */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x)                                                              \
    do {                                                                      \
        cudaError_t e_ = (x);                                                 \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,        \
                    cudaGetErrorString(e_));                                  \
            exit(2);                                                          \
        }                                                                     \
    } while (0)

enum { BLOCKS = 4096, THREADS = 256, N = 2048, TILE = 32 };

// t % (2*s) == 0: the working threads spread out, distinct banks
__global__ void tree_modulo(const float *in, float *part)
{
    __shared__ float s[THREADS];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * THREADS + t];
    __syncthreads();
    for (unsigned step = 1; step < THREADS; step *= 2) {
        if (t % (2 * step) == 0)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0)
        part[blockIdx.x] = s[0];
}

// i = 2*s*t: the working threads 2s words apart, bank conflicts
__global__ void tree_strided(const float *in, float *part)
{
    __shared__ float s[THREADS];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * THREADS + t];
    __syncthreads();
    for (unsigned step = 1; step < THREADS; step *= 2) {
        unsigned i = 2 * step * t;
        if (i < THREADS)
            s[i] += s[i + step];
        __syncthreads();
    }
    if (t == 0)
        part[blockIdx.x] = s[0];
}

// t < s: a warp reads 32 consecutive words
__global__ void tree_sequential(const float *in, float *part)
{
    __shared__ float s[THREADS];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * THREADS + t];
    __syncthreads();
    for (unsigned step = THREADS / 2; step > 0; step /= 2) {
        if (t < step)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0)
        part[blockIdx.x] = s[0];
}

// the lesson's transpose with a PAD-column pad: 0 gives 32-way conflicts
template <int PAD>
__global__ void transpose_tile(const float *in, float *out, int n)
{
    __shared__ float tile[TILE][TILE + PAD];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

static int check_tree(const char *name, void (*k)(const float *, float *),
                      const float *d_in, float *d_part, const std::vector<float> &h_in)
{
    k<<<BLOCKS, THREADS>>>(d_in, d_part);
    CHECK(cudaGetLastError());
    std::vector<float> part(BLOCKS);
    CHECK(cudaMemcpy(part.data(), d_part, BLOCKS * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b = 0; b < BLOCKS; b++) {
        float want = 0.0f;
        for (int t = 0; t < THREADS; t++)
            want += h_in[b * THREADS + t];
        if (part[b] != want) {
            printf("%-24s FAIL: block %d sums to %g, not %g\n", name, b, part[b], want);
            return 1;
        }
    }
    printf("%-24s ok (%d blocks of %d)\n", name, BLOCKS, THREADS);
    return 0;
}

template <int PAD>
static int check_transpose(const char *name, const float *d_in, float *d_out,
                           const std::vector<float> &h_in)
{
    CHECK(cudaMemset(d_out, 0, (size_t)N * N * sizeof(float)));
    transpose_tile<PAD><<<dim3(N / TILE, N / TILE), dim3(TILE, 8)>>>(d_in, d_out, N);
    CHECK(cudaGetLastError());
    std::vector<float> out((size_t)N * N);
    CHECK(cudaMemcpy(out.data(), d_out, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (out[(size_t)c * N + r] != h_in[(size_t)r * N + c]) {
                printf("%-24s FAIL at (%d, %d)\n", name, r, c);
                return 1;
            }
    printf("%-24s ok (%d x %d)\n", name, N, N);
    return 0;
}

int main(void)
{
    std::vector<float> tree_in((size_t)BLOCKS * THREADS), mat((size_t)N * N);
    for (size_t i = 0; i < tree_in.size(); i++)
        tree_in[i] = (float)(i % 7);   // small integers: exact sums
    for (size_t i = 0; i < mat.size(); i++)
        mat[i] = (float)(i % 1021);
    float *d_tree, *d_part, *d_mat, *d_out;
    CHECK(cudaMalloc(&d_tree, tree_in.size() * sizeof(float)));
    CHECK(cudaMalloc(&d_part, BLOCKS * sizeof(float)));
    CHECK(cudaMalloc(&d_mat, mat.size() * sizeof(float)));
    CHECK(cudaMalloc(&d_out, mat.size() * sizeof(float)));
    CHECK(cudaMemcpy(d_tree, tree_in.data(), tree_in.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_mat, mat.data(), mat.size() * sizeof(float), cudaMemcpyHostToDevice));
    int bad = 0;
    bad |= check_tree("tree_modulo", tree_modulo, d_tree, d_part, tree_in);
    bad |= check_tree("tree_strided", tree_strided, d_tree, d_part, tree_in);
    bad |= check_tree("tree_sequential", tree_sequential, d_tree, d_part, tree_in);
    bad |= check_transpose<0>("transpose_tile<0>", d_mat, d_out, mat);
    bad |= check_transpose<1>("transpose_tile<1>", d_mat, d_out, mat);
    CHECK(cudaFree(d_tree));
    CHECK(cudaFree(d_part));
    CHECK(cudaFree(d_mat));
    CHECK(cudaFree(d_out));
    return bad;
}
