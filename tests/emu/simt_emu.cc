/* simt_emu.cc - the emulation itself (simt.h, simt_fiber.h), on small
 * kernels of its own: a barrier releases only when the whole block has
 * come, each thread keeps its threadIdx across switches, a short last warp
 * meets only its own lanes, exchanges start each launch in step, atomics
 * count exactly, and a block whose threads reach a barrier a different
 * number of times stops with a message instead of hanging. */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emu.h"

/* out[t] = what thread t + 1 wrote before the barrier; ids[t] = its own
 * threadIdx after a barrier and a warp meeting, linearised */
__global__ void barrier_kernel(int *out, int *ids)
{
    __shared__ int s[1024];
    const int n = blockDim.x * blockDim.y * blockDim.z;
    const int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    s[t] = t + 1 + 1000 * blockIdx.x;
    __syncthreads();
    out[blockIdx.x * n + t] = s[(t + 1) % n];
    __syncwarp();
    ids[blockIdx.x * n + t] =
        threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* out[t] = the sum of lanes t .. t + 7 of its warp by a shuffle tree,
 * each lane's value its lane number + 1 */
__global__ void shuffle_kernel(int *out)
{
    int v = threadIdx.x % 32 + 1;
    for (int d = 4; d > 0; d /= 2)
        v += __shfl_down_sync(0xffffffffu, v, d);
    out[threadIdx.x] = v;
}

/* out[t] = the value its warp's lane (t + 1) % 32 published, in each of
 * `rounds` exchanges */
__global__ void exchange_kernel(int rounds, unsigned *out)
{
    const unsigned lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const unsigned warp_n = blockDim.x - w * 32 < 32 ? blockDim.x - w * 32 : 32;
    unsigned got = 0;
    for (int r = 0; r < rounds; r++) {
        const unsigned long long mine[1] = {threadIdx.x * 100u + (unsigned)r};
        unsigned long long(*all)[10] = simt_exchange(mine, 1);
        got = (unsigned)all[(lane + 1) % warp_n][0];
        __syncwarp(); /* all have read before the next round's writes */
    }
    out[threadIdx.x] = got;
}

__global__ void atomic_kernel(unsigned *n, unsigned long long *big, float *f)
{
    atomicAdd(n, 1u);
    atomicAdd(big, 1ull << 33);
    atomicAdd(f, 1.0f);
}

/* thread 0 meets twice, the rest once: never all at the second */
/* one warp: D = A B by mma m16n8k16 (A 16x16 row-major, B 16x8 as
 * B[k][n]) from 16-bit element bits, and a butterfly sum by __shfl_xor_sync */
__global__ void mma16_kernel(const unsigned short *A, const unsigned short *B, bool bf16,
                             float *D, int *xsum)
{
    int l = threadIdx.x, g = l / 4, t = l % 4;
    auto pk = [](unsigned short lo, unsigned short hi) { return lo | (unsigned)hi << 16; };
    unsigned a[4] = {pk(A[g * 16 + 2 * t], A[g * 16 + 2 * t + 1]),
                     pk(A[(g + 8) * 16 + 2 * t], A[(g + 8) * 16 + 2 * t + 1]),
                     pk(A[g * 16 + 2 * t + 8], A[g * 16 + 2 * t + 9]),
                     pk(A[(g + 8) * 16 + 2 * t + 8], A[(g + 8) * 16 + 2 * t + 9])};
    unsigned b[2] = {pk(B[(2 * t) * 8 + g], B[(2 * t + 1) * 8 + g]),
                     pk(B[(2 * t + 8) * 8 + g], B[(2 * t + 9) * 8 + g])};
    float d[4] = {1, 1, 1, 1};
    simt_mma_m16n8k16(d, a, b, bf16);
    for (int e = 0; e < 4; e++)
        D[(g + 8 * (e / 2)) * 8 + 2 * t + e % 2] = d[e];
    int v = l;
    for (int m = 16; m; m >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, m);
    xsum[l] = v;
}

/* bits of k/4 (|k| < 64) as binary16 or bfloat16 */
static unsigned short bits16(int k, bool bf16)
{
    if (!k)
        return 0;
    int e;
    double m = frexp(fabs(k / 4.0), &e); /* [0.5, 1) * 2^e */
    unsigned sign = k < 0 ? 0x8000u : 0;
    if (bf16)
        return (unsigned short)(sign | (unsigned)(e - 1 + 127) << 7 |
                                (unsigned)((m * 2 - 1) * 128));
    return (unsigned short)(sign | (unsigned)(e - 1 + 15) << 10 | (unsigned)((m * 2 - 1) * 1024));
}

static bool mma16_right(bool bf16)
{
    int err = 0;
    std::vector<unsigned short> A(256), B(128);
    std::vector<int> ka(256), kb(128), xs(32);
    std::vector<float> D(128);
    for (int i = 0; i < 256; i++)
        ka[i] = (i * 7) % 23 - 11, A[i] = bits16(ka[i], bf16);
    for (int i = 0; i < 128; i++)
        kb[i] = (i * 5) % 17 - 8, B[i] = bits16(kb[i], bf16);
    CK_LAUNCH(err, mma16_kernel, 1, 32, 0, 0, A.data(), B.data(), bf16, D.data(), xs.data());
    bool right = true;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 8; c++) {
            double s = 1;
            for (int k = 0; k < 16; k++)
                s += ka[r * 16 + k] / 4.0 * (kb[k * 8 + c] / 4.0);
            right = right && D[r * 8 + c] == (float)s;
        }
    for (int l = 0; l < 32; l++)
        right = right && xs[l] == 496;
    return right;
}

__global__ void deadlock_block_kernel(int)
{
    __syncthreads();
    if (threadIdx.x == 0)
        __syncthreads();
}

/* warp 1's lane 3 meets its warp alone */
__global__ void deadlock_warp_kernel(int)
{
    if (threadIdx.x == 35)
        __syncwarp();
}

/* run launch() in a child; true when it died of abort() saying `says` */
static bool dies_saying(void (*launch)(void), const char *says)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        alarm(10); /* a hang fails the check instead of the whole run */
        launch();
        _exit(0);
    }
    close(fd[1]);
    char err[4096];
    size_t len = 0;
    ssize_t r;
    while ((r = read(fd[0], err + len, sizeof err - 1 - len)) > 0)
        len += (size_t)r;
    err[len] = 0;
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    const bool said = strstr(err, says) != NULL;
    for (char *l = strtok(err, "\n"); l; l = strtok(NULL, "\n"))
        printf("# %s\n", l);
    return WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT && said;
}

static void launch_block_deadlock(void)
{
    int err = 0;
    CK_LAUNCH(err, deadlock_block_kernel, 2, 70, 0, 0, 0);
}
static void launch_warp_deadlock(void)
{
    int err = 0;
    CK_LAUNCH(err, deadlock_warp_kernel, 1, 40, 0, 0, 0);
}

int main(void)
{
    int err = 0;
    /* 5 x 4 x 3 = 60 threads: warp 1 has 28 lanes */
    const dim3 b3(5, 4, 3);
    std::vector<int> out(3 * 60), ids(3 * 60);
    CK_LAUNCH(err, barrier_kernel, 3, b3, 0, 0, out.data(), ids.data());
    bool met = true, own = true;
    for (int i = 0; i < 3 * 60; i++) {
        met = met && out[i] == (i % 60 + 1) % 60 + 1 + 1000 * (i / 60);
        own = own && ids[i] == i % 60;
    }
    ok(met, "simt: __syncthreads releases only when every thread of the block has come");
    ok(own, "simt: each thread keeps its threadIdx across barriers and warp meetings");

    std::vector<int> sum(40);
    CK_LAUNCH(err, shuffle_kernel, 1, 40, 0, 0, sum.data());
    /* lanes 0 .. 7 of either warp sum to 36; lanes 24 .. 31 of the first to 228 */
    ok(sum[0] == 36 && sum[24] == 228 && sum[32] == 36,
       "simt: shuffles meet within the warp, the last one short");

    /* 48 threads, one exchange (warp 1: 16 lanes), then 64 threads, three */
    std::vector<unsigned> got(64);
    CK_LAUNCH(err, exchange_kernel, 1, 48, 0, 0, 1, got.data());
    CK_LAUNCH(err, exchange_kernel, 1, 64, 0, 0, 3, got.data());
    bool step = true;
    for (unsigned t = 0; t < 64; t++)
        step = step && got[t] == (t / 32 * 32 + (t + 1) % 32) * 100 + 2;
    ok(step, "simt: every lane of a launch exchanges in step, whatever the launch before");

    unsigned n = 0;
    unsigned long long big = 0;
    float f = 0;
    CK_LAUNCH(err, atomic_kernel, 4, 256, 0, 0, &n, &big, &f);
    ok(n == 1024 && big == 1024ull << 33 && f == 1024.0f, "simt: atomicAdd counts every thread");

    ok(mma16_right(false), "simt: mma.sync m16n8k16 FP16 and __shfl_xor_sync give A B + C and the warp's sum");
    ok(mma16_right(true), "simt: mma.sync m16n8k16 BF16 gives A B + C");
    ok(dies_saying(launch_block_deadlock, "1 of 70 threads wait at __syncthreads"),
       "simt: a barrier only some threads reach stops the run, saying so");
    ok(dies_saying(launch_warp_deadlock, "warp 1: 1 of 8 lanes wait"),
       "simt: a warp meeting only some lanes reach stops the run, saying so");
    printf("1..%d\n", tap_n);
    return tap_fail != 0;
}
