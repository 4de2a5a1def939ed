#!/usr/bin/env bash
# Every hand-written GPU rung of the three ladders (matmul, conv, reduce),
# run on the CPU by tests/emu
# (simt.h: each block's threads as fibers on one OS thread, a block at a
# time) through the rung's own launcher, checked against FP64 at odd sizes,
# with AddressSanitizer and UBSan watching every index. The rungs come from
# the ladders' headers (demos/*/*_ladder.h), so a rung added there is run
# here, and this script checks that every hand rung the header names was.
# Then the indexing of tf32-mma's TMA feed (tests/emu/tf32_tma_emu.cc), the
# transfer and streams kernels (fill, checksum, copy, the
# pipeline's chain; tests/emu/xfer_emu.cc), and the emulation's own
# barriers, warps and deadlock report (tests/emu/simt_emu.cc). Needs a C++
# compiler, no GPU.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
flags=(-std=c++17 -g -Wall -Wextra -Werror -Wno-unknown-pragmas
       -DCK_SIMT_EMU -include tests/emu/simt.h -Itests/emu -Idemos/common)
# The emulated runs spend their time in the kernels' arithmetic (a switch
# between fibers costs next to nothing). -O0 compiles in a third of -O1's
# time, which matmul's and reduce's runs do not win back (matmul at -O1
# compiles four times as long to save 3 s); conv's rungs do enough
# arithmetic that -O1 pays for itself (-O2 no more).  The sanitizers check
# the same at both.
opt() { case $1 in conv) echo -O1 ;; *) echo -O0 ;; esac; }
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
# sanitizers when this compiler has their runtime (the plain build otherwise)
echo 'int main(void){return 0;}' >"$T_TMP/t.cc"
"$CXX" "${san[@]}" "$T_TMP/t.cc" -o "$T_TMP/t" 2>/dev/null && "$T_TMP/t" || san=()


hdr() { case $1 in matmul) echo demos/matmul/mm_ladder.h ;; conv) echo demos/conv/conv_ladder.h ;;
        reduce) echo demos/reduce/reduce_ladder.h ;; esac; }
# All compile and run at once, the longest first (each is a few seconds
# under the sanitizers): $name.cc_rc is the compiler's status, $name.rc
# the emulated run's, $name.tap its TAP lines.
emu_start() { # emu_start NAME SOURCE FLAGS...
    local name=$1 src=$2
    shift 2
    {
        "$CXX" "${flags[@]}" "$@" "${san[@]}" "tests/emu/$src" -o "$T_TMP/$name" >"$T_TMP/$name.log" 2>&1
        echo $? >"$T_TMP/$name.cc_rc"
        [ -x "$T_TMP/$name" ] && "$T_TMP/$name" >"$T_TMP/$name.tap" 2>"$T_TMP/$name.err"
        echo $? >"$T_TMP/$name.rc"
    } &
    eval "pid_$name=$!"
}
# each ladder's hand rows' headers, listed from its rows as the GPU build's
gen() { # gen DEMO: -I of the folder its rung_headers.h is made in
    mkdir -p "$T_TMP/gen/$1" &&
        CPP="$CXX -E" demos/scripts/rung_headers.sh emu "$(hdr "$1")" >"$T_TMP/gen/$1/rung_headers.h" &&
        echo "-I$T_TMP/gen/$1"
}
emu_start conv conv_emu.cc $(opt conv) -Idemos/conv $(gen conv)
emu_start matmul mm_emu.cc $(opt matmul) -Idemos/matmul $(gen matmul)
emu_start reduce reduce_emu.cc $(opt reduce) -Idemos/reduce $(gen reduce)
emu_start simt simt_emu.cc
emu_start xfer xfer_emu.cc -Idemos/transfer -Idemos/streams
emu_start wgmma wgmma_emu.cc -Idemos/matmul
emu_start tf32tma tf32_tma_emu.cc -Idemos/matmul
emu_relay() { # emu_relay NAME: its TAP lines, renumbered into this script's
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        "# "*) echo "$line" ;;
        esac
    done <"$T_TMP/$1.tap"
}
emu_wait() { # emu_wait NAME DESCRIPTION: wait for it, check that it compiled
    eval "wait \$pid_$1"
    ok "$(cat "$T_TMP/$1.cc_rc")" "$2${san:+ (ASan, UBSan)}"
    [ -s "$T_TMP/$1.log" ] && sed 's/^/#   /' "$T_TMP/$1.log" | head -20
    [ -x "$T_TMP/$1" ]
}
emu_ran() { # emu_ran NAME WHAT: its exit status and its stderr
    is "$(cat "$T_TMP/$1.rc")" 0 "$2: the emulated run exits 0"
    [ -s "$T_TMP/$1.err" ] && sed 's/^/#   /' "$T_TMP/$1.err" | head -30
}
for demo in matmul conv reduce; do
    emu_wait $demo "$demo: the hand rungs compile for the CPU emulation" || continue
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
        matmul/wgmma-tma) ;;
        *) unlike "$(cat "$T_TMP/$demo.tap")" "^ok [0-9]+ - $demo $id .*# skip" \
               "$demo: rung $id was not skipped" ;;
        esac
    done
done
# wgmma-tma's first step, the part of that rung a CPU can run (B transposed,
# A copied; tests/emu/wgmma_emu.cc)
if emu_wait wgmma "matmul wgmma-tma: its transpose compiles for the CPU emulation"; then
    emu_relay wgmma
    emu_ran wgmma "matmul wgmma-tma"
    like "$(tail -1 "$T_TMP/wgmma.tap")" '^1\.\.7$' "matmul wgmma-tma: all 7 transpose checks reported"
fi
# the tf32-mma rung's TMA feed: where its lanes read the swizzled stages and
# write C (tests/emu/tf32_tma_emu.cc; 4 checks for each of its 8 warps)
if emu_wait tf32tma "matmul tf32-mma: its TMA feed's indexing compiles for the CPU"; then
    emu_relay tf32tma
    emu_ran tf32tma "matmul tf32-mma TMA feed"
    like "$(tail -1 "$T_TMP/tf32tma.tap")" '^1\.\.32$' "matmul tf32-mma TMA feed: all 32 checks reported"
fi
if emu_wait xfer "transfer, streams: the kernels compile for the CPU emulation"; then
    emu_relay xfer
    emu_ran xfer "transfer, streams"
    like "$(tail -1 "$T_TMP/xfer.tap")" '^1\.\.41$' "transfer, streams: all 41 checks reported"
fi
# the emulation itself: a barrier waits for all, threadIdx per thread, the
# short last warp, atomics, and a deadlock stopped with a message
if emu_wait simt "simt: the emulation's own test kernels compile"; then
    emu_relay simt
    emu_ran simt "simt"
    like "$(tail -1 "$T_TMP/simt.tap")" '^1\.\.7$' "simt: all 7 checks of the emulation reported"
fi
done_testing
