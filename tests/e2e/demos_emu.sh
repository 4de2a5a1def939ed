#!/usr/bin/env bash
# Every hand-written GPU rung of the three ladders (matmul, conv, reduce),
# run on the CPU by tests/emu
# (simt.h: one thread per CUDA thread, a block at a time) through the rung's
# own launcher, checked against FP64 at odd sizes, with AddressSanitizer
# and UBSan watching every index. The rungs come from the ladders' headers
# (demos/*/*_ladder.h), so a rung added there is run here, and this script
# checks that every hand rung the header names was. Then the transfer and
# streams kernels (fill, checksum, copy, the pipeline's chain;
# tests/emu/xfer_emu.cc). Needs a C++ compiler, no GPU.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
flags=(-std=c++17 -g -pthread -Wall -Wextra -Werror -Wno-unknown-pragmas
       -DCK_SIMT_EMU -include tests/emu/simt.h -Itests/emu -Idemos/common)
# -O0 compiles in a third of -O1's time and the emulated runs spend theirs
# in the threads' barriers, not in the code; conv's rungs do enough
# arithmetic that -O1 pays for itself.  The sanitizers check the same at both.
opt() { case $1 in conv) echo -O1 ;; *) echo -O0 ;; esac; }
# Each emulated run stays on one CPU (taskset), the runs taking the CPUs
# in turn: a run's threads meet at every barrier, and woken across CPUs
# each meeting costs the kernel far more (half the run's time under load).
cpus=()
for r in $(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status 2>/dev/null | tr ',' ' '); do
    case $r in *-*) for ((c = ${r%-*}; c <= ${r#*-}; c++)); do cpus+=("$c"); done ;; *) cpus+=("$r") ;; esac
done
pin() { # pin K: the command words that keep run K on one CPU (none without taskset)
    command -v taskset >/dev/null && [ ${#cpus[@]} -gt 0 ] && echo taskset -c "${cpus[$(($1 % ${#cpus[@]}))]}"
}
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
# sanitizers when this compiler has their runtime (the plain build otherwise)
echo 'int main(void){return 0;}' >"$T_TMP/t.cc"
"$CXX" "${san[@]}" "$T_TMP/t.cc" -o "$T_TMP/t" 2>/dev/null && "$T_TMP/t" || san=()


src() { case $1 in matmul) echo mm_emu.cc ;; conv) echo conv_emu.cc ;; reduce) echo reduce_emu.cc ;; esac; }
hdr() { case $1 in matmul) echo demos/matmul/mm_ladder.h ;; conv) echo demos/conv/conv_ladder.h ;;
        reduce) echo demos/reduce/reduce_ladder.h ;; esac; }
# all compile and run at once (each is a few seconds under the sanitizers):
# $demo.cc_rc is the compiler's status, $demo.rc the emulated run's
k=0
for demo in matmul conv reduce; do
    run=($(pin $k)); k=$((k + 1))
    {
        "$CXX" "${flags[@]}" $(opt $demo) "${san[@]}" -Idemos/$demo "tests/emu/$(src $demo)" \
            -o "$T_TMP/$demo" >"$T_TMP/$demo.log" 2>&1
        echo $? >"$T_TMP/$demo.cc_rc"
        [ -x "$T_TMP/$demo" ] && "${run[@]}" "$T_TMP/$demo" >"$T_TMP/$demo.tap" 2>"$T_TMP/$demo.err"
        echo $? >"$T_TMP/$demo.rc"
    } &
    eval "pid_$demo=$!"
done
for demo in matmul conv reduce; do
    eval "wait \$pid_$demo"
    ok "$(cat "$T_TMP/$demo.cc_rc")" "$demo: the hand rungs compile for the CPU emulation${san:+ (ASan, UBSan)}"
    [ -s "$T_TMP/$demo.log" ] && sed 's/^/#   /' "$T_TMP/$demo.log" | head -20
    [ -x "$T_TMP/$demo" ] || continue
    # its own TAP lines, renumbered into this script's
    rc=$(cat "$T_TMP/$demo.rc")
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        "# "*) echo "$line" ;;
        esac
    done <"$T_TMP/$demo.tap"
    is "$rc" 0 "$demo: the emulated run exits 0"
    [ -s "$T_TMP/$demo.err" ] && sed 's/^/#   /' "$T_TMP/$demo.err" | head -30
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
"$CXX" "${flags[@]}" -Idemos/matmul "${san[@]}" tests/emu/wgmma_emu.cc -o "$T_TMP/wgmma_emu" \
    >"$T_TMP/wgmma.log" 2>&1
ok $? "matmul wgmma-tma: its transpose compiles for the CPU emulation"
[ -s "$T_TMP/wgmma.log" ] && sed 's/^/#   /' "$T_TMP/wgmma.log" | head -20
if [ -x "$T_TMP/wgmma_emu" ]; then
    "$T_TMP/wgmma_emu" >"$T_TMP/wgmma.tap" 2>"$T_TMP/wgmma.err"
    rc=$?
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        esac
    done <"$T_TMP/wgmma.tap"
    is "$rc" 0 "matmul wgmma-tma: the emulated transpose exits 0"
    [ -s "$T_TMP/wgmma.err" ] && sed 's/^/#   /' "$T_TMP/wgmma.err" | head -30
    like "$(tail -1 "$T_TMP/wgmma.tap")" '^1\.\.7$' "matmul wgmma-tma: all 7 transpose checks reported"
fi
"$CXX" "${flags[@]}" -Idemos/transfer -Idemos/streams "${san[@]}" tests/emu/xfer_emu.cc \
    -o "$T_TMP/xfer_emu" >"$T_TMP/xfer.log" 2>&1
ok $? "transfer, streams: the kernels compile for the CPU emulation"
[ -s "$T_TMP/xfer.log" ] && sed 's/^/#   /' "$T_TMP/xfer.log" | head -20
if [ -x "$T_TMP/xfer_emu" ]; then
    "$T_TMP/xfer_emu" >"$T_TMP/xfer.tap" 2>"$T_TMP/xfer.err"
    rc=$?
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        esac
    done <"$T_TMP/xfer.tap"
    is "$rc" 0 "transfer, streams: the emulated run exits 0"
    [ -s "$T_TMP/xfer.err" ] && sed 's/^/#   /' "$T_TMP/xfer.err" | head -30
    like "$(tail -1 "$T_TMP/xfer.tap")" '^1\.\.41$' "transfer, streams: all 41 checks reported"
fi
done_testing
