#!/usr/bin/env bash
# The GPU kernels that tests/emu can run on the CPU (tests/emu/simt.h: one
# thread per CUDA thread, a block at a time) are checked there against FP64,
# with AddressSanitizer and UBSan watching every index: the Winograd rung's
# four kernels (demos/conv/05_winograd.cuh), and the transfer and streams
# kernels (fill, checksum, copy, the pipeline's chain; tests/emu/xfer_emu.cc).
# Needs a C++ compiler, no GPU.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
flags=(-std=c++17 -O1 -g -pthread -Wall -Wextra -Werror -Wno-unknown-pragmas
       -DCK_SIMT_EMU -include tests/emu/simt.h -Idemos/conv -Idemos/common)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all)
# sanitizers when this compiler has their runtime (the plain build otherwise)
echo 'int main(void){return 0;}' >"$T_TMP/t.cc"
"$CXX" "${san[@]}" "$T_TMP/t.cc" -o "$T_TMP/t" 2>/dev/null && "$T_TMP/t" || san=()
"$CXX" "${flags[@]}" "${san[@]}" tests/emu/conv_wg_emu.cc -o "$T_TMP/conv_wg_emu" \
    >"$T_TMP/cxx.log" 2>&1
ok $? "the Winograd kernels compile for the CPU emulation${san:+ (ASan, UBSan)}"
[ -s "$T_TMP/cxx.log" ] && sed 's/^/#   /' "$T_TMP/cxx.log" | head -20
if [ -x "$T_TMP/conv_wg_emu" ]; then
    # its own TAP lines, renumbered into this script's
    "$T_TMP/conv_wg_emu" >"$T_TMP/emu.tap" 2>"$T_TMP/emu.err"
    rc=$?
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        esac
    done <"$T_TMP/emu.tap"
    is "$rc" 0 "the emulated run exits 0"
    [ -s "$T_TMP/emu.err" ] && sed 's/^/#   /' "$T_TMP/emu.err" | head -30
    like "$(cat "$T_TMP/emu.tap")" '^1\.\.8$' "the emulated run reports all of its 8 checks"
fi
"$CXX" "${flags[@]}" -Idemos/transfer -Idemos/streams "${san[@]}" tests/emu/xfer_emu.cc \
    -o "$T_TMP/xfer_emu" >"$T_TMP/cxx2.log" 2>&1
ok $? "the transfer and streams kernels compile for the CPU emulation"
[ -s "$T_TMP/cxx2.log" ] && sed 's/^/#   /' "$T_TMP/cxx2.log" | head -20
if [ -x "$T_TMP/xfer_emu" ]; then
    "$T_TMP/xfer_emu" >"$T_TMP/xemu.tap" 2>"$T_TMP/xemu.err"
    rc=$?
    while IFS= read -r line; do
        case $line in
        "ok "*) ok 0 "emu: ${line#ok * - }" ;;
        "not ok "*) ok 1 "emu: ${line#not ok * - }" ;;
        esac
    done <"$T_TMP/xemu.tap"
    is "$rc" 0 "the emulated transfer and streams run exits 0"
    [ -s "$T_TMP/xemu.err" ] && sed 's/^/#   /' "$T_TMP/xemu.err" | head -30
    like "$(cat "$T_TMP/xemu.tap")" '^1\.\.41$' "it reports all of its 41 checks"
fi
done_testing
