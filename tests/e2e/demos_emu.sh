#!/usr/bin/env bash
# Every hand-written GPU rung of the five ladders (matmul, conv, reduce,
# attention, fusion),
# run on the CPU by tests/emu
# (simt.h: each block's threads as fibers on one OS thread, a block at a
# time) through the rung's own launcher, checked against FP64 at odd sizes,
# with AddressSanitizer and UBSan watching every index. The rungs come from
# the ladders' headers (demos/*/*_ladder.h), so a rung added there is run
# here, and this script checks that every hand rung the header names was.
# Then the indexing of tf32-mma's TMA feed (tests/emu/tf32_tma_emu.cc), the
# transfer and streams kernels (fill, checksum, copy, the
# pipeline's chain; tests/emu/xfer_emu.cc), the multigpu kernels (fills,
# exact checks, the split reduce's sum; tests/emu/mg_emu.cc), and the emulation's own
# barriers, warps and deadlock report (tests/emu/simt_emu.cc).
# tests/tests.mk builds each tests/emu/NAME_emu.cc into $CK_BUILD/tests/emu/
# (`make test-long`), under ASan and UBSan when the compiler has them; a
# compile error is make's failure, not this script's.  No GPU.
# ck-test: long
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
EMU="$CK_BUILD/tests/emu"
[ -d "$EMU" ] || skip_all "no $EMU (make test-long builds it)"
san=$(cat "$EMU/emu-san.flags" 2>/dev/null)

hdr() { case $1 in matmul) echo demos/matmul/mm_ladder.h ;; conv) echo demos/conv/conv_ladder.h ;;
        reduce) echo demos/reduce/reduce_ladder.h ;;
        attention) echo demos/attention/attn_ladder.h ;;
        fusion) echo demos/fusion/fu_ladder.h ;; esac; }
# All run at once, the longest first (each is a few seconds under the
# sanitizers): $name.rc is the emulated run's status, $name.tap its TAP
# lines.
emu_start() { # emu_start NAME PROGRAM
    local name=$1 prog=$EMU/$2
    {
        [ -x "$prog" ] && "$prog" >"$T_TMP/$name.tap" 2>"$T_TMP/$name.err"
        echo $? >"$T_TMP/$name.rc"
    } &
    eval "pid_$name=$!"
    eval "prog_$name=\$prog"
}
emu_start conv conv_emu
emu_start matmul mm_emu
emu_start reduce reduce_emu
emu_start attention attn_emu
emu_start fusion fusion_emu
emu_start simt simt_emu
emu_start xfer xfer_emu
emu_start multigpu mg_emu
emu_start wgmma wgmma_emu
emu_start tf32tma tf32_tma_emu
emu_relay() { # emu_relay NAME: its TAP lines, renumbered into this script's
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        "# "*) echo "$line" ;;
        esac
    done <"$T_TMP/$1.tap"
}
emu_wait() { # emu_wait NAME DESCRIPTION: wait for it, check that make built it
    local prog
    eval "wait \$pid_$1; prog=\$prog_$1"
    [ -x "$prog" ]
    ok $? "$2${san:+ (ASan, UBSan)}" || echo "#   no $prog: make test-long builds it"
    [ -x "$prog" ]
}
emu_ran() { # emu_ran NAME WHAT: its exit status and its stderr
    is "$(cat "$T_TMP/$1.rc")" 0 "$2: the emulated run exits 0"
    [ -s "$T_TMP/$1.err" ] && sed 's/^/#   /' "$T_TMP/$1.err" | head -30
}
for demo in matmul conv reduce attention fusion; do
    emu_wait $demo "$demo: the hand rungs are built for the CPU emulation" || continue
    emu_relay $demo
    emu_ran $demo "$demo"
    like "$(tail -1 "$T_TMP/$demo.tap")" '^1\.\.[0-9]+$' "$demo: the emulated run reports its plan"
    ids=$(ladder_ids "$(hdr $demo)" hand)
    like "$ids" . "$demo: the ladder header names hand rungs"
    # Every hand rung must have run (tf32-mma too: simt.h emulates mma.sync,
    # ldmatrix and cp.async), except wgmma-tma, whose wgmma, TMA and
    # mbarriers the emulation cannot execute and reports as skipped;
    # gpu_test.sh checks it on a GPU. Any other rung that skips fails here.
    for id in $ids; do
        like "$(cat "$T_TMP/$demo.tap")" "^ok [0-9]+ - $demo $id " "$demo: rung $id ran in the emulation"
        case $demo/$id in
        matmul/wgmma-tma | matmul/wgmma-fp16 | matmul/wgmma-bf16) ;;
        *) unlike "$(cat "$T_TMP/$demo.tap")" "^ok [0-9]+ - $demo $id .*# skip" \
               "$demo: rung $id was not skipped" ;;
        esac
    done
done
# wgmma-tma's first step, the part of that rung a CPU can run (B transposed,
# A copied; tests/emu/wgmma_emu.cc)
if emu_wait wgmma "matmul wgmma-tma: its transpose is built for the CPU emulation"; then
    emu_relay wgmma
    emu_ran wgmma "matmul wgmma-tma"
    like "$(tail -1 "$T_TMP/wgmma.tap")" '^1\.\.7$' "matmul wgmma-tma: all 7 transpose checks reported"
fi
# the tf32-mma rung's TMA feed: where its lanes read the swizzled stages and
# write C (tests/emu/tf32_tma_emu.cc; 4 checks for each of its 8 warps)
if emu_wait tf32tma "matmul tf32-mma: its TMA feed's indexing is built for the CPU"; then
    emu_relay tf32tma
    emu_ran tf32tma "matmul tf32-mma TMA feed"
    like "$(tail -1 "$T_TMP/tf32tma.tap")" '^1\.\.32$' "matmul tf32-mma TMA feed: all 32 checks reported"
fi
if emu_wait xfer "transfer, streams: the kernels are built for the CPU emulation"; then
    emu_relay xfer
    emu_ran xfer "transfer, streams"
    like "$(tail -1 "$T_TMP/xfer.tap")" '^1\.\.51$' "transfer, streams: all 51 checks reported"
fi
if emu_wait multigpu "multigpu: the kernels are built for the CPU emulation"; then
    emu_relay multigpu
    emu_ran multigpu "multigpu"
    like "$(tail -1 "$T_TMP/multigpu.tap")" '^1\.\.38$' "multigpu: all 38 checks reported"
fi
# the emulation itself: a barrier waits for all, threadIdx per thread, the
# short last warp, atomics, and a deadlock stopped with a message
if emu_wait simt "simt: the emulation's own test kernels are built"; then
    emu_relay simt
    emu_ran simt "simt"
    like "$(tail -1 "$T_TMP/simt.tap")" '^1\.\.9$' "simt: all 9 checks of the emulation reported"
fi
done_testing
