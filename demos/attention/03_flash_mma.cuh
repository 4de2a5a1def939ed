// Rung 3, fused flash attention on Tensor Cores: one kernel, no S×S
// matrix. A block of 4 warps owns 64 query rows (16 a warp, its Q
// fragments held in registers for the whole run); K and V stream through
// shared memory 64 keys at a time, double-buffered: cp.async copies the
// next tile (16 bytes a copy; rows padded by 16 bytes against bank
// conflicts) while this one is multiplied; V's B fragment is built from two
// 16-bit reads a register, V being row-major. Each warp computes its 16×64
// scores with mma.sync m16n8k16 (FP32 sums), keeps a running max m and sum
// l per row (the online softmax: when a tile raises the max, what is
// already summed is scaled by 2^(m_old − m_new)), turns the scores into
// 16-bit probabilities in registers (the C fragment of Q·Kᵀ is laid out as
// the A fragment of P·V needs) and multiplies them by the V tile on the
// Tensor Cores. The output is divided by l once at the end. Causal: a
// block stops at the tile holding its last row. D = 64 or 128 (compile-time;
// other D: record unsupported); compute capability 8.0 or newer.
#pragma once
#include "at_kernels.cuh"

#define AT_FQ 64 // query rows per block
#define AT_FK 64 // keys per tile

template <int D, bool BF>
__global__ void __launch_bounds__(128)
at_flash_kernel(int s, bool causal, float sl2, const at_u16 *q, const at_u16 *k,
                const at_u16 *v, float *o)
{
    constexpr int KS = D + 8, TILE = AT_FK * KS; // padded rows (halves), 16-byte aligned
    CK_DYN_SHARED(at_u16, smem); // [stage][K, V][AT_FK][KS]: at_flash_smem<D>() bytes
    const int bh = blockIdx.y, q0 = blockIdx.x * AT_FQ, tid = threadIdx.x;
    const int warp = tid / 32, lane = tid % 32, g = lane / 4, t = lane % 4;
    const at_u16 *Q = q + (size_t)bh * s * D, *K = k + (size_t)bh * s * D,
                 *V = v + (size_t)bh * s * D;
    const int r0 = q0 + warp * 16 + g, r1 = r0 + 8;
    unsigned qa[D / 16][4];
    for (int kk = 0; kk < D / 16; kk++)
        for (int e = 0; e < 4; e++) {
            int r = e & 1 ? r1 : r0, c = kk * 16 + 2 * t + (e & 2) * 4;
            qa[kk][e] = r < s ? *(const unsigned *)(Q + (size_t)r * D + c) : 0u;
        }
    float acc[D / 8][4], m[2] = {-INFINITY, -INFINITY}, l[2] = {0, 0};
    for (int n = 0; n < D / 8; n++)
        acc[n][0] = acc[n][1] = acc[n][2] = acc[n][3] = 0;
    const int kend = causal ? min(s, q0 + AT_FQ) : s;
    // K and V tile of keys k0.. into stage st, 16 bytes a copy, zeros past S
    auto load = [&](int st, int k0) {
        at_u16 *kd = smem + st * 2 * TILE, *vd = kd + TILE;
        for (int w = tid; w < AT_FK * D / 8; w += 128) {
            int r = w / (D / 8), c = w % (D / 8) * 8;
            bool in = k0 + r < s;
            size_t off = in ? (size_t)(k0 + r) * D + c : 0;
            at_cp16(kd + r * KS + c, K + off, in);
            at_cp16(vd + r * KS + c, V + off, in);
        }
        at_cp_commit();
    };
    if (kend > 0)
        load(0, 0);
    for (int it = 0, k0 = 0; k0 < kend; it++, k0 += AT_FK) {
        // the next tile streams in while this one is multiplied: its
        // stage was last read two tiles ago, before the barrier below
        if (k0 + AT_FK < kend) {
            load((it + 1) & 1, k0 + AT_FK);
            at_cp_wait<1>(); // this thread's copies of tile `it` have landed
        } else {
            at_cp_wait<0>();
        }
        __syncthreads(); // ... and every thread's
        const at_u16 *ks = smem + (it & 1) * 2 * TILE, *vs = ks + TILE;
        float sc[AT_FK / 8][4];
        for (int j = 0; j < AT_FK / 8; j++) {
            sc[j][0] = sc[j][1] = sc[j][2] = sc[j][3] = 0;
            for (int kk = 0; kk < D / 16; kk++) {
                const at_u16 *kr = ks + (j * 8 + g) * KS + kk * 16 + 2 * t;
                unsigned b[2] = {*(const unsigned *)kr, *(const unsigned *)(kr + 8)};
                at_mma<BF>(sc[j], qa[kk], b);
            }
        }
        float mx[2] = {m[0], m[1]}; // in log2 units: scores · scale · log2(e)
        for (int j = 0; j < AT_FK / 8; j++)
            for (int e = 0; e < 4; e++) {
                int col = k0 + j * 8 + 2 * t + (e & 1), row = e < 2 ? r0 : r1;
                float x = sc[j][e] * sl2;
                if (col >= s || (causal && col > row))
                    x = -INFINITY;
                sc[j][e] = x;
                mx[e / 2] = fmaxf(mx[e / 2], x);
            }
        float alpha[2], ls[2] = {0, 0};
        for (int i = 0; i < 2; i++) { // the 4 lanes of a row hold its 64 keys
            mx[i] = fmaxf(mx[i], __shfl_xor_sync(0xffffffffu, mx[i], 1));
            mx[i] = fmaxf(mx[i], __shfl_xor_sync(0xffffffffu, mx[i], 2));
            alpha[i] = mx[i] == -INFINITY ? 1.0f : exp2f(m[i] - mx[i]);
            m[i] = mx[i];
        }
        for (int j = 0; j < AT_FK / 8; j++)
            for (int e = 0; e < 4; e++) {
                float p = m[e / 2] == -INFINITY ? 0.0f : exp2f(sc[j][e] - m[e / 2]);
                sc[j][e] = p;
                ls[e / 2] += p;
            }
        for (int i = 0; i < 2; i++) {
            ls[i] += __shfl_xor_sync(0xffffffffu, ls[i], 1);
            ls[i] += __shfl_xor_sync(0xffffffffu, ls[i], 2);
            l[i] = l[i] * alpha[i] + ls[i];
        }
        for (int n = 0; n < D / 8; n++) {
            acc[n][0] *= alpha[0], acc[n][1] *= alpha[0];
            acc[n][2] *= alpha[1], acc[n][3] *= alpha[1];
        }
        for (int kk = 0; kk < AT_FK / 16; kk++) {
            unsigned pa[4] = {at_pack<BF>(sc[2 * kk][0], sc[2 * kk][1]),
                              at_pack<BF>(sc[2 * kk][2], sc[2 * kk][3]),
                              at_pack<BF>(sc[2 * kk + 1][0], sc[2 * kk + 1][1]),
                              at_pack<BF>(sc[2 * kk + 1][2], sc[2 * kk + 1][3])};
            for (int n = 0; n < D / 8; n++) {
                // B[k][n] = V[key k][column n]: two rows' elements a register
                const at_u16 *vc = vs + (kk * 16 + 2 * t) * KS + n * 8 + g;
                unsigned b[2] = {vc[0] | (unsigned)vc[KS] << 16,
                                 vc[8 * KS] | (unsigned)vc[9 * KS] << 16};
                at_mma<BF>(acc[n], pa, b);
            }
        }
        __syncthreads(); // every warp is done with this stage before it is refilled
    }
    float *O = o + (size_t)bh * s * D;
    for (int n = 0; n < D / 8; n++)
        for (int e = 0; e < 4; e++) {
            int row = e < 2 ? r0 : r1, col = n * 8 + 2 * t + (e & 1);
            if (row < s)
                O[(size_t)row * D + col] = acc[n][e] / l[e / 2];
        }
}

// shared memory of the kernel for head dimension D: two stages of K and V
template <int D> static constexpr int at_flash_smem()
{
    return 2 * 2 * AT_FK * (D + 8) * (int)sizeof(at_u16);
}

// d must be 64 or 128 (attn_gpu.cu declines the rest before calling)
template <int D> static int at_flash_d(const struct at_args *a, struct ck_err *err)
{
    dim3 grid(at_blocks(a->s, AT_FQ), a->bh);
    const int smem = at_flash_smem<D>(); // 69632 bytes at D = 128: over the 48 KiB default
    float sl2 = a->scale * 1.4426950408889634f;
    void (*kern)(int, bool, float, const at_u16 *, const at_u16 *, const at_u16 *, float *) =
        a->bf16 ? at_flash_kernel<D, true> : at_flash_kernel<D, false>;
    CUDA_CHECK(err, cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    CK_LAUNCH(err, kern, grid, 128, smem, 0, a->s, a->causal, sl2, a->q, a->k, a->v, a->o);
    return CK_OK;
}

static int at_flash(const struct at_args *a, struct ck_err *err)
{
    if (a->d == 64)
        return at_flash_d<64>(a, err);
    if (a->d == 128)
        return at_flash_d<128>(a, err);
    snprintf(err->msg, sizeof err->msg, "flash-mma: head dimension %d is not 64 or 128", a->d);
    return CK_EARGS;
}
