#!/usr/bin/env bash
# The GPU kernels that tests/emu can run on the CPU (tests/emu/simt.h: one
# thread per CUDA thread, a block at a time) are checked there against FP64,
# with AddressSanitizer and UBSan watching every index: the Winograd rung's
# four kernels (demos/conv/05_winograd.cuh) and the reduce ladder's rungs 1-6
# (demos/reduce/, warp shuffles and atomics included). Needs a C++ compiler,
# no GPU.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
flags=(-std=c++17 -O1 -g -pthread -Wall -Wextra -Werror -Wno-unknown-pragmas
       -DCK_SIMT_EMU -include tests/emu/simt.h -Idemos/common)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
# sanitizers when this compiler has their runtime (the plain build otherwise)
echo 'int main(void){return 0;}' >"$T_TMP/t.cc"
"$CXX" "${san[@]}" "$T_TMP/t.cc" -o "$T_TMP/t" 2>/dev/null && "$T_TMP/t" || san=()
# emu NAME SRC INCLUDE CHECKS: compile SRC, run it, renumber its TAP lines
emu() {
    local name=$1 src=$2 inc=$3 checks=$4
    "$CXX" "${flags[@]}" -I"$inc" "${san[@]}" "$src" -o "$T_TMP/$name" \
        >"$T_TMP/$name.log" 2>&1
    ok $? "$name compiles for the CPU emulation${san:+ (ASan, UBSan)}"
    [ -s "$T_TMP/$name.log" ] && sed 's/^/#   /' "$T_TMP/$name.log" | head -20
    [ -x "$T_TMP/$name" ] || return
    "$T_TMP/$name" >"$T_TMP/$name.tap" 2>"$T_TMP/$name.err"
    local rc=$?
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "$name: ${line#ok * - }" ;;
        "not ok "*) ok 1 "$name: ${line#not ok * - }" ;;
        esac
    done <"$T_TMP/$name.tap"
    is "$rc" 0 "the emulated $name run exits 0"
    [ -s "$T_TMP/$name.err" ] && sed 's/^/#   /' "$T_TMP/$name.err" | head -30
    like "$(cat "$T_TMP/$name.tap")" "^1\\.\\.$checks\$" "the emulated $name run reports all of its $checks checks"
}
emu conv_wg_emu tests/emu/conv_wg_emu.cc demos/conv 8
emu reduce_emu tests/emu/reduce_emu.cc demos/reduce 12
done_testing
