/* simt_fiber.h - the CUDA threads of one block as fibers on one OS thread,
 * for simt.h (which includes it after simt_kernel.h): each thread runs on its
 * own stack until it reaches a meeting (__syncthreads, or its warp's
 * meeting: __syncwarp, a shuffle, an mma.sync or ldmatrix exchange) or
 * returns from the kernel, and only there hands the CPU to the next fiber
 * that can run. A meeting releases when all its participants have arrived
 * (the block's threads, or the warp's lanes: the last warp may be short).
 * When no fiber can run and some have not returned, the block is
 * deadlocked (its threads reach a barrier a different number of times, as
 * would hang on a GPU): the run stops and says who waits where.
 *
 * Why fibers, not OS threads: a barrier of OS threads wakes each of them
 * through the kernel; at hundreds of threads per block that was seven
 * million context switches in demos_emu.sh and 21 of its 47 CPU-seconds
 * in the kernel. Here a switch is a few instructions: on x86-64 a
 * hand-written one (six callee-saved registers and the stack pointer),
 * because glibc's swapcontext also restores the signal mask, a system
 * call per switch, and under ASan clears the shadow of the whole stack it
 * enters (matmul's emulated run: 4.6 s with this switch, 8.0 s with
 * swapcontext); elsewhere, or with -DSIMT_UCONTEXT, swapcontext.
 *
 * What was per OS thread is per fiber: threadIdx, simt_lin and
 * simt_xchg_turn (simt_kernel.h) are globals that each switch saves into the fiber it
 * leaves and loads from the one it enters. Stacks are mmap'd with a
 * guard page below (an overflow faults instead of running into another
 * stack) and kept across launches; AddressSanitizer is told of every
 * switch, so it checks each fiber against its own stack. A kernel that
 * spins on memory another thread writes, with no meeting in the loop,
 * would spin for ever here: the demos' kernels have none. */
#ifndef CK_SIMT_FIBER_H
#define CK_SIMT_FIBER_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define SIMT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIMT_ASAN 1
#endif
#endif
#ifdef SIMT_ASAN
#include <sanitizer/common_interface_defs.h>
/* for the frames a returning fiber never leaves (its last switch is from
 * inside them): with no redzones in them, no stale poison is left on the
 * stack the next block's thread reuses */
#define SIMT_NO_ASAN __attribute__((no_sanitize_address))
#else
#define SIMT_NO_ASAN
#endif
#if defined(__SANITIZE_THREAD__)
#define SIMT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SIMT_TSAN 1
#endif
#endif
#ifdef SIMT_TSAN
/* ThreadSanitizer sees each CUDA thread as a fiber of its own (its fiber
 * API), switched without synchronisation: the only order between two
 * threads of a block is what a meeting gives (release on arrival, acquire
 * on leaving, one sync object per meeting and generation), so two threads
 * touching the same address with no barrier between them are a race it
 * reports with both stacks. The emulation's own bookkeeping is not
 * watched (SIMT_NO_TSAN); blocks are ordered through the launch, as each
 * block has shared memory of its own on a GPU. */
#include <sanitizer/tsan_interface.h>
#define SIMT_NO_TSAN __attribute__((no_sanitize("thread"), noinline))
/* ThreadSanitizer sleeps a second at exit by default (atexit_sleep_ms, to
 * catch races with threads still running then); an emulated grid has
 * ended when main returns, so that second would only be added to every
 * check. TSAN_OPTIONS in the environment still overrides. Weak: every file
 * that includes this header defines it, the link keeps one. */
extern "C" __attribute__((weak, used)) const char *__tsan_default_options(void)
{
    return "atexit_sleep_ms=0";
}
#else
#define SIMT_NO_TSAN
#endif
#if !defined(__x86_64__) && !defined(SIMT_UCONTEXT)
#define SIMT_UCONTEXT 1
#endif
#ifdef SIMT_UCONTEXT
#include <ucontext.h>
#endif

/* 256 KiB of address space per stack, of which only the pages a kernel
 * touches are ever backed: the deepest rungs (Winograd's tiles, tf32's
 * 128 accumulators) use under 8 KiB, even built by clang under ASan at
 * -O0, which gives every local array its redzones. */
enum { SIMT_STACK = 256 << 10 };

struct simt_fiber {
#ifdef SIMT_UCONTEXT
    ucontext_t uc;
#else
    void *sp; /* its saved registers, while it is switched out */
#endif
    const void *lo = NULL; /* its stack: [lo, lo + size) */
    size_t size = 0;
    void *fake = NULL; /* ASan's fake stack, while switched out */
    void *tsan = NULL; /* ThreadSanitizer's fiber, under -fsanitize=thread */
    uint3 tid;         /* threadIdx, simt_lin, simt_xchg_turn, switched out */
    unsigned lin = 0, turn = 0;
    bool done = false;
};

/* a barrier: `need` participants, waiting[0, nwait) those that came before
 * the last (kept as a count and a sized array, not push_back and clear:
 * what the emulation itself writes must not look like the kernel's
 * accesses to ThreadSanitizer, and a vector's own methods would) */
struct simt_meeting {
    unsigned need = 0, gen = 0; /* gen: how many times it has released */
    unsigned nwait = 0;
    std::vector<unsigned> waiting;
};

inline std::vector<simt_fiber> simt_fibers; /* stacks kept across launches */
inline unsigned simt_nt;                    /* the launch's: simt_fibers[0, nt) */
inline simt_fiber simt_host;                /* the launch's own stack */
inline simt_fiber *simt_cur = &simt_host, *simt_prev;
inline std::vector<simt_meeting> simt_meets; /* 0: the block; 1 + w: warp w */
inline std::vector<unsigned> simt_ready;     /* a ring of runnable fibers */
inline unsigned simt_ready_at, simt_ready_n, simt_ndone;
inline void (*simt_job)(void *); /* the launch's kernel, with its arguments */
inline void *simt_job_arg;

#ifndef SIMT_UCONTEXT
/* save the callee-saved registers on this stack, its pointer in *from,
 * then take `to`'s stack and return into where it left off */
__attribute__((naked, noinline)) static void simt_swap(void ** /*from*/, void * /*to*/)
{
    __asm__ volatile("pushq %rbp\n\tpushq %rbx\n\tpushq %r12\n\t"
                     "pushq %r13\n\tpushq %r14\n\tpushq %r15\n\t"
                     "movq %rsp, (%rdi)\n\tmovq %rsi, %rsp\n\t"
                     "popq %r15\n\tpopq %r14\n\tpopq %r13\n\t"
                     "popq %r12\n\tpopq %rbx\n\tpopq %rbp\n\tret\n\t");
}
#endif

/* the switch is over: tell ASan which stack this is again */
SIMT_NO_ASAN static inline void simt_arrived(void)
{
#ifdef SIMT_ASAN
    const void *lo;
    size_t size;
    __sanitizer_finish_switch_fiber(simt_cur->fake, &lo, &size);
    if (simt_prev == &simt_host)
        simt_host.lo = lo, simt_host.size = size;
#endif
}

#ifdef SIMT_TSAN
/* sync objects: [0] the launch, [1] the fibers' ends, then two a meeting */
inline char simt_tsan_sync[2 + 2 * (1 + 32)];
static inline void *simt_tsan_meet(unsigned b, unsigned gen)
{
    return &simt_tsan_sync[2 + 2 * b + gen % 2];
}
#endif

SIMT_NO_TSAN SIMT_NO_ASAN static inline void simt_switch_to(simt_fiber *to)
{
    simt_fiber *from = simt_cur;
    from->tid = threadIdx, from->lin = simt_lin, from->turn = simt_xchg_turn;
    threadIdx = to->tid, simt_lin = to->lin, simt_xchg_turn = to->turn;
    simt_prev = from, simt_cur = to;
#ifdef SIMT_ASAN
    /* a fiber that returned leaves for good: ASan frees its fake stack */
    __sanitizer_start_switch_fiber(from->done ? NULL : &from->fake, to->lo, to->size);
#endif
    /* other threads run before this returns: what the compiler holds in
     * registers of memory (shared arrays most of all) must be read again */
    __asm__ __volatile__("" ::: "memory");
#ifdef SIMT_TSAN
    __tsan_switch_to_fiber(to->tsan, __tsan_switch_to_fiber_no_sync);
#endif
#ifdef SIMT_UCONTEXT
    swapcontext(&from->uc, &to->uc);
#else
    simt_swap(&from->sp, to->sp);
#endif
    __asm__ __volatile__("" ::: "memory");
    simt_arrived();
}

[[noreturn]] static void simt_deadlock(void)
{
    fprintf(stderr, "simt: deadlock in block (%u, %u, %u): no thread can go on\n",
            blockIdx.x, blockIdx.y, blockIdx.z);
    for (size_t b = 0; b < simt_meets.size(); b++) {
        const simt_meeting &m = simt_meets[b];
        if (!m.nwait)
            continue;
        if (b == 0)
            fprintf(stderr, "simt:   %u of %u threads wait at __syncthreads\n",
                    m.nwait, m.need);
        else
            fprintf(stderr, "simt:   warp %zu: %u of %u lanes wait at its meeting "
                    "(__syncwarp, a shuffle, mma or ldmatrix)\n", b - 1, m.nwait, m.need);
    }
    fprintf(stderr, "simt:   %u of %u threads returned from the kernel\n", simt_ndone, simt_nt);
    fprintf(stderr, "simt: a barrier releases only when all its threads reach it\n");
    abort();
}

/* leave the CPU to the next runnable fiber, or to the launch when all
 * have returned */
SIMT_NO_TSAN SIMT_NO_ASAN static inline void simt_yield(void)
{
    if (simt_ready_n) {
        unsigned f = simt_ready[simt_ready_at];
        simt_ready_at = (simt_ready_at + 1) % (unsigned)simt_ready.size(), simt_ready_n--;
        simt_switch_to(&simt_fibers[f]);
    } else if (simt_ndone == simt_nt) {
        simt_switch_to(&simt_host);
    } else {
        simt_deadlock();
    }
}

SIMT_NO_TSAN static inline void simt_make_ready(unsigned f)
{
    simt_ready[(simt_ready_at + simt_ready_n++) % simt_ready.size()] = f;
}

/* arrive at meeting b; return when all its participants have (declared
 * in simt_kernel.h: defined here, in the one file that includes simt.h) */
SIMT_NO_TSAN void simt_meet(unsigned b)
{
    simt_meeting &m = simt_meets[b];
#ifdef SIMT_TSAN
    const unsigned gen = m.gen;
    __tsan_release(simt_tsan_meet(b, gen));
#endif
    if (m.nwait + 1 < m.need) {
        m.waiting.data()[m.nwait++] = simt_lin;
        simt_yield();
    } else {
        const unsigned *w = m.waiting.data();
        for (unsigned i = 0; i < m.nwait; i++)
            simt_make_ready(w[i]);
        m.nwait = 0;
        m.gen++;
    }
#ifdef SIMT_TSAN
    __tsan_acquire(simt_tsan_meet(b, gen));
#endif
}

[[noreturn]] SIMT_NO_TSAN SIMT_NO_ASAN static void simt_fiber_main(void)
{
    simt_arrived();
#ifdef SIMT_TSAN
    __tsan_acquire(&simt_tsan_sync[0]);
#endif
    simt_job(simt_job_arg);
#ifdef SIMT_TSAN
    __tsan_release(&simt_tsan_sync[1]);
#endif
    simt_cur->done = true;
    simt_ndone++;
    simt_yield();
    abort(); /* a returned fiber is never switched back to */
}

#ifdef SIMT_ASAN
/* after a sanitizer's report: which CUDA thread was running */
static void simt_say_who(void)
{
    if (simt_cur != &simt_host)
        fprintf(stderr, "simt: in block (%u, %u, %u) thread (%u, %u, %u)\n", blockIdx.x,
                blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);
}
#endif

/* fibers, stacks and meetings for blocks of nt threads */
static void simt_fibers_begin(unsigned nt)
{
#ifdef SIMT_ASAN
    __sanitizer_set_death_callback(simt_say_who);
#endif
    if (nt == 0 || nt > 1024) {
        fprintf(stderr, "simt: a block of %u threads (CUDA allows 1 to 1024)\n", nt);
        abort();
    }
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    while (simt_fibers.size() < nt) {
        simt_fibers.emplace_back();
        void *m = mmap(NULL, SIMT_STACK + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED || mprotect(m, page, PROT_NONE) != 0) {
            perror("simt: a fiber's stack");
            abort();
        }
        simt_fibers.back().lo = (unsigned char *)m + page;
        simt_fibers.back().size = SIMT_STACK;
    }
    simt_nt = nt;
    const unsigned nw = (nt + 31) / 32;
    simt_meets.assign(1 + nw, simt_meeting());
    simt_meets[0].need = nt;
    for (unsigned w = 0; w < nw; w++)
        simt_meets[1 + w].need = nt - w * 32 < 32 ? nt - w * 32 : 32;
    for (auto &m : simt_meets)
        m.waiting.assign(m.need, 0);
    simt_ready.assign(nt, 0);
}

/* run one block of the fibers simt_fibers_begin made, to its end */
SIMT_NO_TSAN static void simt_block_run(dim3 block)
{
    const unsigned nt = simt_nt;
    simt_ready_at = simt_ready_n = simt_ndone = 0;
#ifdef SIMT_TSAN
    /* each thread of the block a ThreadSanitizer fiber, named as CUDA
     * names it, so a race report says which threads */
    simt_host.tsan = __tsan_get_current_fiber();
    __tsan_release(&simt_tsan_sync[0]);
#endif
    for (unsigned t = 0; t < nt; t++) {
        simt_fiber &f = simt_fibers[t];
        f.tid = uint3{t % block.x, t / block.x % block.y, t / (block.x * block.y)};
#ifdef SIMT_TSAN
        /* one ThreadSanitizer fiber per thread slot, kept across blocks
         * (making one costs a system call or two) and renamed for each:
         * blocks are ordered, so a race it reports is within one block */
        char name[96];
        snprintf(name, sizeof name, "block (%u, %u, %u) thread (%u, %u, %u)", blockIdx.x,
                 blockIdx.y, blockIdx.z, f.tid.x, f.tid.y, f.tid.z);
        if (!f.tsan)
            f.tsan = __tsan_create_fiber(0);
        __tsan_set_fiber_name(f.tsan, name);
#endif
        f.lin = t, f.turn = 0, f.done = false, f.fake = NULL;
#ifdef SIMT_UCONTEXT
        getcontext(&f.uc);
        f.uc.uc_stack.ss_sp = (void *)f.lo;
        f.uc.uc_stack.ss_size = f.size;
        f.uc.uc_link = NULL;
        makecontext(&f.uc, simt_fiber_main, 0);
#else
        /* what simt_swap pops: six registers, then the return into
         * simt_fiber_main, entered as if called (rsp + 8 16-aligned) */
        void **s = (void **)(((uintptr_t)f.lo + f.size) & ~(uintptr_t)15);
        *--s = NULL; /* simt_fiber_main's return address: it never returns */
        *--s = (void *)simt_fiber_main;
        for (int r = 0; r < 6; r++)
            *--s = NULL;
        f.sp = s;
#endif
        simt_make_ready(t);
    }
    simt_yield();
#ifdef SIMT_TSAN
    __tsan_acquire(&simt_tsan_sync[1]);
#endif
}

#endif
