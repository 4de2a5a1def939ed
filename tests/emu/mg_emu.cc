/* mg_emu.cc - the multigpu demo's kernels (demos/multigpu/mg_kernels.cuh)
 * run on the CPU through emu/simt.h: the peer copies' fill and word check
 * (a wrong word counted, its index the first), each collective's exact
 * check on every rank's result as NCCL would leave it (right: none wrong;
 * one element off: one wrong), the matmul's fill with its offset, and the
 * split reduce's fill and sum against the closed form over ranges dealt
 * to 1..3 parts; the collectives' fill. TAP on stdout. */
#include <vector>
#include "mg_kernels.cuh"

/* mg_model.c's few functions this needs, here: the emulation compiles one
 * C++ file, and mg_model.c is C */
static const char *const names[MG_NCOLL] = {"all-reduce", "all-gather", "reduce-scatter",
                                            "broadcast"};

static int tap_n, tap_fail;

static void ok(bool pass, const char *what)
{
    tap_n++;
    if (!pass)
        tap_fail++;
    printf("%s %d - %s\n", pass ? "ok" : "not ok", tap_n, what);
}

static void words(size_t n)
{
    std::vector<uint32_t> p(n);
    CK_LAUNCH(0, mg_fill_words, 3, 64, 0, 0, p.data(), n, 99u);
    unsigned long long wrong = 0, first = ~0ull;
    CK_LAUNCH(0, mg_check_words, 2, 32, 0, 0, (const uint32_t *)p.data(), n, 99u, &wrong, &first);
    char what[160];
    snprintf(what, sizeof what, "peer copy check, %zu words as sent: none wrong", n);
    ok(wrong == 0 && first == ~0ull, what);
    p[n / 3] ^= 4, p[n - 1] ^= 1;
    CK_LAUNCH(0, mg_check_words, 2, 32, 0, 0, (const uint32_t *)p.data(), n, 99u, &wrong, &first);
    snprintf(what, sizeof what, "  two words changed: 2 wrong, the first at %zu", n / 3);
    ok(wrong == 2 && first == n / 3, what);
}

/* what NCCL leaves on `rank` for op over nranks, computed on the host */
static std::vector<float> result(enum mg_coll op, int rank, int nranks, size_t count)
{
    size_t chunk = count / (size_t)nranks;
    size_t n = op == MG_REDUCE_SCATTER ? chunk : count;
    std::vector<float> r(n);
    for (size_t i = 0; i < n; i++) {
        size_t at = op == MG_REDUCE_SCATTER ? (size_t)rank * chunk + i : i;
        float s = 0;
        for (int q = 0; q < nranks; q++)
            s += mg_coll_val(q, at);
        r[i] = op == MG_ALL_GATHER ? mg_coll_val((int)(i / chunk), i % chunk)
             : op == MG_BROADCAST ? mg_coll_val(0, i) : s;
    }
    return r;
}

static void coll(enum mg_coll op, int nranks)
{
    size_t count = 61 * 8 * (size_t)nranks, chunk0 = count / (size_t)nranks;
    size_t send = op == MG_ALL_GATHER ? chunk0 : count, recv = op == MG_REDUCE_SCATTER ? chunk0 : count;
    bool all = true, caught = true;
    for (int rank = 0; rank < nranks; rank++) {
        std::vector<float> r = result(op, rank, nranks, count);
        size_t chunk = op == MG_ALL_GATHER ? send : op == MG_REDUCE_SCATTER ? recv : count / nranks;
        unsigned long long wrong = 0;
        CK_LAUNCH(0, mg_check_coll, 2, 64, 0, 0, (const float *)r.data(), r.size(), (int)op, rank,
                  nranks, chunk, &wrong);
        all = all && wrong == 0 && r.size() == recv;
        r[r.size() / 2] += 1;
        wrong = 0;
        CK_LAUNCH(0, mg_check_coll, 2, 64, 0, 0, (const float *)r.data(), r.size(), (int)op, rank,
                  nranks, chunk, &wrong);
        caught = caught && wrong == 1;
    }
    char what[160];
    snprintf(what, sizeof what, "%s over %d ranks: every rank's result passes its check",
             names[op], nranks);
    ok(all, what);
    snprintf(what, sizeof what, "  one element off on any rank: 1 wrong");
    ok(caught, what);
}

static void fill_coll(void)
{
    std::vector<float> p(300, NAN);
    CK_LAUNCH(0, mg_fill_coll, 2, 32, 0, 0, p.data(), (size_t)299, 5);
    bool same = std::isnan(p[299]);
    for (size_t i = 0; i < 299; i++)
        same = same && p[i] == (float)(i % 61 + 6);
    ok(same, "collective fill: rank 5's element i is i % 61 + 6, nothing past the end");
}

static void fill_mm(void)
{
    std::vector<float> p(100, NAN);
    CK_LAUNCH(0, mg_fill_mm, 2, 32, 0, 0, p.data(), (size_t)90, (size_t)1000, 7u);
    bool same = std::isnan(p[90]);
    for (size_t i = 0; i < 90; i++)
        same = same && p[i] == mg_mm_val(7, 1000 + i) && p[i] >= -2 && p[i] <= 2;
    ok(same, "matmul fill: -2..2 from its row's offset, nothing past the end");
}

static void reduce(size_t n)
{
    for (int parts = 1; parts <= 3; parts++) {
        long long total = 0;
        for (int g = 0; g < parts; g++) {
            size_t base = n / parts, rem = n % parts, k = (size_t)g;
            size_t len = base + (k < rem), off = k * base + (k < rem ? k : rem);
            std::vector<int> v(len + 1, 12345);
            CK_LAUNCH(0, mg_fill_red, 2, 64, 0, 0, v.data(), len, off);
            unsigned long long sum = 0;
            CK_LAUNCH(0, mg_sum_red, 3, 64, 0, 0, (const int *)v.data(), len, &sum);
            total += (long long)sum;
        }
        char what[160];
        snprintf(what, sizeof what, "reduce of %zu integers over %d part%s: %lld, the closed form's",
                 n, parts, parts > 1 ? "s" : "", mg_red_sum(n));
        ok(total == mg_red_sum(n), what);
    }
}

int main()
{
    words(1000);
    words(4097);
    for (int op = 0; op < MG_NCOLL; op++)
        for (int n = 1; n <= 4; n *= 2)
            coll((enum mg_coll)op, n);
    coll(MG_ALL_GATHER, 3);
    fill_coll();
    fill_mm();
    reduce(1000003);
    reduce(5);
    printf("1..%d\n", tap_n);
    return tap_fail ? 1 : 0;
}
